"""'He must play a unit card': the search for a play that would be accepted, so a yield is
legal only when there is none (RULES.md, "you must play a unit when you can").

With no take-back left, a step that would leave a play unable to reach is refused while some
other play would reach (``strands``): otherwise a player could start a unit that cannot reach
and yield, keeping his hand for one wound though he could equal or beat.
"""

from __future__ import annotations

from collections import deque

from tabletop_games.wms.fight import finishes, opening
from tabletop_games.wms.legal import additions
from tabletop_games.wms.playing import return_cards
from tabletop_games.wms.state import CANCELS_PER_TURN, FIGHT, WmsState, play_key
from tabletop_games.wms.values import play_stats


class MustPlay:
    """The acceptable-play search for one game, with its tables: the play found per position,
    and whether a unit alone is accepted against a given top card."""

    __slots__ = ("game", "values", "cards", "_effects", "_found", "_alone")

    def __init__(self, game):
        self.game = game
        self.values = game.values
        self.cards = game.cards
        self._effects = {verb: rule.effect for verb, rule in game.rules.items()}
        self._found: dict[tuple, tuple | None] = {}   # _search_key -> acceptable play or None
        # (opposing top play, style, mods, seat) -> {card: whether a play of it alone is accepted};
        # plays on a battlefield stack never change, so the play itself (by identity) is the key
        self._alone: dict[tuple, dict[str, bool]] = {}

    def may_yield(self, state, seat):
        """Whether ``seat`` may yield now: ``acceptable_play`` is None, found without the search
        when a unit accepted on its own (or, with no take-back left, the pending play as it is)
        settles it: such a play is one the search would reach."""
        if state.phase != FIGHT or seat != state.turn:
            return True
        pending = state.pending
        if pending is not None and state.cancels >= CANCELS_PER_TURN:
            mods = self.values.mods(state, seat, pending)
            kw = play_stats(pending, self.cards)[4] | mods[seat].grants
            if finishes(self.game, state, seat, pending, mods, kw):
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
        mods = self.values.mods(state)
        key = (theirs[-1] if theirs else None, state.style, mods, seat)
        tables = self._alone
        table = tables.get(key)
        if table is None:
            if len(tables) > 1024:
                tables.clear()
            table = tables[key] = {}
        for cards_ in candidates:
            for card in cards_:
                accepted = table.get(card)
                if accepted is None:
                    accepted = table[card] = self._alone_accepted(state, seat, card, mods)
                if accepted:
                    return True
        return False

    def _alone_accepted(self, state, seat, card, mods):
        """Whether a play of ``card`` alone (a unit) would be accepted now."""
        game = self.game
        if game.cards[card].type != "unit":
            return False
        play = game.values.new_play(card, "hand")
        kw = play.stats[4] | mods[seat].grants
        return bool(finishes(game, state, seat, play, mods, kw))

    def strands(self, state, seat, action):
        """With no take-back left, the acceptable play ``action`` would cut ``seat`` off from,
        or None. ``action`` starts a play or adds to it (a sacrifice too: it may give away the
        card that would reach); it strands when the play it leaves has no continuation that
        equals or beats while a play from the whole position (this one taken back) does."""
        if state.phase != FIGHT or seat != state.turn or state.cancels < CANCELS_PER_TURN or opening(state):
            return None
        trial = _trial(state)
        self._step(trial, seat, action)
        if self._continuation(trial, seat) is not None:
            return None
        return self.acceptable_play(state, seat, whole=True)

    def _continuation(self, trial, seat):
        """A way to finish the pending play of ``trial`` so it is accepted, or None (cached)."""
        trial.hand[seat].sort()
        trial.reserves[seat].sort()
        key = (True, *_search_key(trial, seat))
        found = self._found
        if key not in found:
            if len(found) > 256:
                found.clear()
            found[key] = self._breadth_first(deque([(trial, [])]), seat)
        return found[key]

    def acceptable_play(self, state, seat, *, whole=False):
        """The actions of one play ``seat`` could make now that would be accepted, or None.

        "He must play a unit card" and "must try to equal or beat": a seat may yield only when
        this is None. Every unit in hand or reserves is tried with everything that may go with
        it (a sacrifice changes no value, so it is left out). While a play is being composed
        and no take-back is left, only that play's continuations count (``strands`` keeps such
        a play able to reach whenever any play can), unless ``whole``.
        """
        if state.phase != FIGHT or seat != state.turn:
            return None
        base = _trial(state)
        committed = base.pending is not None and state.cancels >= CANCELS_PER_TURN and not whole
        if base.pending is not None and not committed:
            return_cards(self.game, base, seat)
        base.hand[seat].sort()      # the order cards are held in changes nothing: one search per hand
        base.reserves[seat].sort()
        key = _search_key(base, seat)
        found = self._found
        if key not in found:
            if len(found) > 256:
                found.clear()
            found[key] = self._find(base, seat, committed)
        play = found[key]
        return None if play is None else list(play)

    def _find(self, base, seat, committed):
        if committed:
            queue = deque([(base, [])])
        else:
            cards = self.cards
            starts = [f"play {c}" for c in dict.fromkeys(base.hand[seat]) if cards[c].type == "unit"]
            starts += [f"arrive {c}" for c in dict.fromkeys(base.reserves[seat])]
            if opening(base):
                return [starts[0], "style cc"] if starts else None
            queue = deque()
            for start in starts:
                trial = _trial(base)
                self._step(trial, seat, start)
                queue.append((trial, [start]))
        return self._breadth_first(queue, seat)

    def _step(self, trial, seat, action):
        """Take ``action`` on a trial state with the game's own rule for it."""
        verb, _, arg = action.partition(" ")
        effect = self._effects[verb]
        if arg:
            effect(self.game, trial, seat, arg)
        else:
            effect(self.game, trial, seat)

    def _breadth_first(self, queue, seat):
        """Breadth first, so the play found is one of the fewest additions."""
        game = self.game
        seen = set()
        while queue:
            state, path = queue.popleft()
            play = state.pending
            key = play_key(play)
            if key in seen:
                continue
            seen.add(key)
            mods = game.values.mods(state, seat, play)
            kw = play_stats(play, game.cards)[4] | mods[seat].grants
            done = finishes(game, state, seat, play, mods, kw)
            if done:
                return path + done[:1]
            for action in additions(game, state, seat, play, mods, kw, sacrifice=False):
                trial = _trial(state)
                self._step(trial, seat, action)
                queue.append((trial, path + [action]))
        return None


def _search_key(state, seat):
    """Everything the search for an acceptable play depends on (a cache key)."""
    tops = tuple(play_key(stack[-1]) if stack else None for stack in state.battle)
    pending = None if state.pending is None else play_key(state.pending)
    return (seat, state.style, tops, pending, tuple(state.hand[seat]), tuple(state.reserves[seat]),
            state.tokens[seat], state.wounds[seat], state.decks[seat], tuple(state.commander),
            tuple(state.command[0]), tuple(state.command[1]))


def _trial(state):
    """A partial copy to try plays on: what composing a play changes (hand, reserves, tokens,
    the pending play) is copied, what judging it reads is shared, nothing else is set."""
    new = WmsState.__new__(WmsState)
    new.known = state.known
    new.constraints = state.constraints
    new.revealed_cards = state.revealed_cards
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


#: The verbs that start a play or add to it: with no take-back left, each must leave a play
#: that can still equal or beat whenever some play can (``MustPlay.strands``).
STEP_VERBS = frozenset(("play", "arrive", "equip", "psych", "power", "squad", "swarm", "disrupt", "top",
                        "sacrifice"))


def keep_reach(verb, refusal):
    """``refusal`` for ``verb``, then, with no take-back left, the refusal of a step that would
    leave a play unable to equal or beat while another play could (RULES.md, "you must play a
    unit when you can")."""

    def refuse(game, state, seat, *args):
        why = refusal(game, state, seat, *args)
        if why is not None or state.cancels < CANCELS_PER_TURN:
            return why
        action = " ".join((verb, *args))
        found = game.must_play.strands(state, seat, action)
        if found is None:
            return None
        return (f"With no take-back left, '{action}' would leave a play that cannot equal or beat, and you "
                f"can ({', then '.join(found)}): make a play that does, or a tactical retreat with 'retreat'.")

    refuse.__doc__ = refusal.__doc__
    return refuse
