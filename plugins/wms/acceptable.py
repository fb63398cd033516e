"""'He must play a unit card': the search for a play that would be accepted, so a yield is legal only when there is none."""

from __future__ import annotations

from collections import deque

from tabletop_games.wms.combat import play_stats
from tabletop_games.wms.state import CANCELS_PER_TURN, FIGHT, WmsState, play_key


class AcceptablePlay:
    """The acceptable-play search (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

    def may_yield(self, state, seat):
        """Whether ``seat`` may yield now: ``acceptable_play`` is None, found without the search
        when a unit accepted on its own (or, with no take-back left, the pending play as it is)
        settles it: such a play is one the search would reach."""
        if state.phase != FIGHT or seat != state.turn:
            return True
        pending = state.pending
        if pending is not None and state.cancels >= CANCELS_PER_TURN:
            mods = self._mods(state, seat, pending)
            keywords = play_stats(pending, self.cards)[4] | mods[seat].grants
            if self._finishes(state, seat, pending, mods, keywords):
                return False
        elif self._accepted_alone(state, seat):
            return False
        return self.acceptable_play(state, seat) is None

    def _accepted_alone(self, state, seat):
        """True if a unit ``seat`` could start a play with (taking back the pending one) is
        accepted with nothing added. False may be wrong (a card of the Reserves that is not a
        unit is not tried): the search settles those."""
        battle = state.battle
        pending = state.pending
        candidates = (state.hand[seat], state.reserves[seat], () if pending is None else pending.units)
        if not battle[0] and not battle[1]:   # the opening card: any unit is accepted
            cards = self.cards
            return any(cards[c].type == "unit" for cards_ in candidates for c in cards_)
        theirs = battle[1 - seat]
        mods = self._mods(state)
        key = (theirs[-1] if theirs else None, state.style, mods, seat)
        tables = self._alone_cache
        table = tables.get(key)
        if table is None:
            if len(tables) > 1024:
                tables.clear()
            table = tables[key] = {}
        for cards_ in candidates:
            for card in cards_:
                accepted = table.get(card)
                if accepted is None:
                    accepted = table[card] = self._alone(state, seat, card, mods)
                if accepted:
                    return True
        return False

    def _alone(self, state, seat, card, mods):
        """Whether a play of ``card`` alone (a unit) would be accepted now."""
        if self.cards[card].type != "unit":
            return False
        play = self._new_play(card, "hand")
        keywords = play.stats[4] | mods[seat].grants
        return bool(self._finishes(state, seat, play, mods, keywords))

    def acceptable_play(self, state, seat):
        """The actions of one play ``seat`` could make now that would be accepted, or None.

        "He must play a unit card" and "must try to equal or beat": a seat may yield only when
        this is None. Every unit in hand or reserves is tried with everything that may go with
        it (a sacrifice changes no value, so it is left out). While a play is being composed
        and no take-back is left, only that play's continuations count.
        """
        if state.phase != FIGHT or seat != state.turn:
            return None
        base = self._trial(state)
        committed = base.pending is not None and state.cancels >= CANCELS_PER_TURN
        if base.pending is not None and not committed:
            self._cancel(base, seat, base.pending)
        base.hand[seat].sort()      # the order cards are held in changes nothing: one search per hand
        base.reserves[seat].sort()
        key = self._search_key(base, seat)
        cache = self._accept_cache
        if key not in cache:
            if len(cache) > 256:
                cache.clear()
            cache[key] = self._find_play(base, seat, committed)
        found = cache[key]
        return None if found is None else list(found)

    def _search_key(self, state, seat):
        """Everything the search for an acceptable play depends on (a cache key)."""
        tops = tuple(play_key(stack[-1]) if stack else None for stack in state.battle)
        pending = None if state.pending is None else play_key(state.pending)
        return (seat, state.style, tops, pending, tuple(state.hand[seat]), tuple(state.reserves[seat]),
                state.tokens[seat], state.wounds[seat], state.decks[seat], tuple(state.commander),
                tuple(state.command[0]), tuple(state.command[1]))

    def _find_play(self, base, seat, committed):
        if committed:
            queue = deque([(base, [])])
        else:
            cards = self.cards
            starts = [f"play {c}" for c in dict.fromkeys(base.hand[seat]) if cards[c].type == "unit"]
            starts += [f"arrive {c}" for c in dict.fromkeys(base.reserves[seat])]
            if self._opening(base):
                return [starts[0], "style cc"] if starts else None
            queue = deque()
            for start in starts:
                trial = self._trial(base)
                verb, arg = start.split()
                self._fight_step(trial, seat, verb, arg)
                queue.append((trial, [start]))
        return self._search_play(queue, seat)

    def _trial(self, state):
        """A partial copy to try plays on: what composing a play changes (hand, reserves, tokens,
        the pending play) is copied, what judging it reads is shared, nothing else is set."""
        new = WmsState.__new__(WmsState)
        new.known = state.known
        new.decks = state.decks
        new.commander = state.commander
        new.wounds = state.wounds
        new.hand = [state.hand[0][:], state.hand[1][:]]
        new.reserves = [state.reserves[0][:], state.reserves[1][:]]
        new.tokens = state.tokens[:]
        new.field = [state.field[0][:], state.field[1][:]]
        new.command = state.command
        new.battle = state.battle
        new.style = state.style
        new.pending = state.pending   # a step on it works on a clone
        return new

    def _search_play(self, queue, seat):
        """Breadth first, so the play found is one of the fewest additions."""
        seen = set()
        while queue:
            state, path = queue.popleft()
            play = state.pending
            key = play_key(play)
            if key in seen:
                continue
            seen.add(key)
            mods = self._mods(state, seat, play)
            keywords = play_stats(play, self.cards)[4] | mods[seat].grants
            finishes = self._finishes(state, seat, play, mods, keywords)
            if finishes:
                return path + finishes[:1]
            for action in self._additions(state, seat, play, mods, keywords, sacrifice=False):
                verb, _, arg = action.partition(" ")
                trial = self._trial(state)
                self._pending_step(trial, seat, verb, arg or None)
                queue.append((trial, path + [action]))
        return None
