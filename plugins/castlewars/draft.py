"""The Build Phase: five draft turns from a face-up row, with exchanges of kept Units.

A mixin of :class:`~.game.CastleWars` (it reads ``self.cards``): checks first, then moves.
"""

from __future__ import annotations

from tabletop.plugin_api import Event, IllegalAction, LazyEvent, Table
from tabletop_games.castlewars.cards import TOWER
from tabletop_games.castlewars.narration import article
from tabletop_games.castlewars.state import DRAFT, CastleState

__all__ = ["Draft", "article"]


class Draft:
    """Build Phase rules: who drafts, what may be taken or exchanged, turning up rows."""

    def draft_options(self, state: CastleState, seat: int) -> list[str]:
        """Takes, then exchanges of kept Units, then ``pass`` when no take is possible.

        A seat with nothing at all to do gets no options (it passes automatically).
        """
        towers = len(state.towers[seat])
        key = (frozenset(state.row), frozenset(state.kept[seat]),
               len(state.units[seat]) + towers < self.cards.hand_limit, towers < state.tower_limit)
        found = self._draft_cache.get(key)
        if found is None:
            found = self._draft_cache[key] = self._write_draft_options(*key)
        return found[:]

    def _write_draft_options(self, row, kept, can_take, tower_ok):
        """The options of a seat, from the kinds face up and kept, whether its hand has room
        and whether it may take a Tower: made once per such case (few), then copied."""
        take_text, swap_text, units = self._take_text, self._swap_text, self.cards.units
        takes = [take_text[card] for card in self._letters
                 if can_take and card in row and (tower_ok or card != TOWER)]
        swaps = [swap_text[give, get] for give in units if give in kept
                 for get in units if get != give and get in row]
        if takes:
            return takes + swaps
        return swaps + ["pass"] if swaps else []

    def _can_draft(self, state, seat):
        """Whether :meth:`draft_options` would offer anything, without writing the options."""
        row = state.row
        if not row:
            return False
        towers = len(state.towers[seat])
        if len(state.units[seat]) + towers < self.cards.hand_limit:
            if towers < state.tower_limit or any(card != TOWER for card in row):
                return True
        kept = state.kept[seat]
        return bool(kept) and any(get != TOWER and any(give != get for give in kept) for get in row)

    def _takes(self, state, seat):
        towers = len(state.towers[seat])
        if len(state.units[seat]) + towers >= self.cards.hand_limit:
            return []
        row, text = state.row, self._take_text
        tower_ok = towers < state.tower_limit
        return [text[card] for card in self._letters if card in row and (tower_ok or card != TOWER)]

    def check_draft(self, state, seat, verb, args, action):
        c = self.cards
        names = c.names
        if verb == "take":
            card = args[0]
            if card not in state.row:
                raise IllegalAction(f"There is no face-up {names[card]} to take.", seat=seat, action=action)
            if len(state.units[seat]) + len(state.towers[seat]) >= c.hand_limit:
                raise IllegalAction(
                    f"Your hand is full ({c.hand_limit} cards): swap a kept Unit or pass instead.",
                    seat=seat, action=action,
                )
            if card == TOWER and len(state.towers[seat]) >= state.tower_limit:
                raise IllegalAction(
                    f"You may hold at most {state.tower_limit} Tower(s) this round.", seat=seat, action=action
                )
            return
        if verb == "pass":
            if self._takes(state, seat):
                raise IllegalAction(
                    "You may pass only with a full hand or when nothing face up may be taken: take a card.",
                    seat=seat, action=action,
                )
            return
        give, get = args
        if give == TOWER:
            raise IllegalAction("Towers may not be exchanged once acquired.", seat=seat, action=action)
        if get == TOWER:
            raise IllegalAction("Towers may only be taken, not exchanged for.", seat=seat, action=action)
        if give == get:
            raise IllegalAction("Swapping a Unit for one of the same kind changes nothing.", seat=seat, action=action)
        if give not in state.units[seat]:
            raise IllegalAction(f"You hold no {names[give]} to give up.", seat=seat, action=action)
        if give not in state.kept[seat]:
            raise IllegalAction(
                f"Only Units kept from an earlier round may be exchanged, and you kept no {names[give]}"
                " not yet exchanged this round.", seat=seat, action=action,
            )
        if get not in state.row:
            raise IllegalAction(f"There is no face-up {names[get]} to swap for.", seat=seat, action=action)

    # ---- the round and its draft turns ------------------------------------------------

    def start_round(self, state, events):
        c = self.cards
        state.round += 1
        in_play = state.in_play
        if state.round == 1:
            first = 0  # "The youngest player will begin the first round"
        else:
            hp = state.hp
            first = min(in_play, key=lambda s: (hp[s], s))
        key = (state.seats, in_play, first)
        order = self._turn_orders.get(key)
        if order is None:
            order = self._turn_orders[key] = tuple(Table(state.seats, in_play).clockwise_from(first))
        state.turn_order = order
        state.tower_limit = c.tower_limit[len(in_play)]
        events.append(LazyEvent("round", self.narration.round, {"round": state.round, "first": first}))
        for s in state.in_play:
            towers = state.towers[s]
            extra = len(towers) - state.tower_limit
            if extra > 0:
                del towers[-extra:]
                state.discard.extend([TOWER] * extra)
                events.append(Event("tower_limit", f"{{p{s}}} discards {extra} Tower(s) over the limit.",
                                    {"seat": s, "towers": extra}))
        for s in range(state.seats):
            state.kept[s] = tuple(state.units[s])
        state.phase = DRAFT
        state.draft_turn = 0
        self.next_draft_turn(state, events)
        return events

    def _turn_up(self, state, count, events):
        """The next ``count`` cards from the top of the deck (fewer if deck and discard pile
        run out), in any order: the row is laid out by kind."""
        deck = state.deck
        cards = deck[-count:]
        del deck[-count:]
        while len(cards) < count and state.discard:
            deck += state.discard
            state.discard.clear()
            state.shuffle(deck)  # "If the deck is depleted, shuffle the discard pile and replace it."
            events.append(Event("reshuffle", f"The discard pile is shuffled into a new deck of "
                                f"{len(deck)} cards.", {"cards": len(deck)}))
            more = count - len(cards)
            cards += deck[-more:]
            del deck[-more:]
        return cards

    def next_draft_turn(self, state, events):
        """Discard the leftovers, turn up the next row, or move on to the Battle Phase."""
        c = self.cards
        while True:
            if state.row:
                state.discard.extend(state.row)
                state.row.clear()
            if state.draft_turn == c.draft_turns:
                self.start_orders(state, events)
                return
            state.draft_turn += 1
            row = state.row
            # Laid out by kind: the order cards are turned up in is no rule, and a row kept in deck
            # order would tell, after the leftovers are discarded, how the hidden deck lay.
            drawn = self._turn_up(state, c.face_up[len(state.in_play)], events)
            drawn.sort(key=self._rank)
            row += drawn
            events.append(LazyEvent("face_up", self.narration.face_up, {"turn": state.draft_turn, "row": row[:]}))
            state.drafter = 0
            if self._skip_stuck(state, events):
                return

    def _skip_stuck(self, state, events):
        """Pass over seats that can neither take nor swap; False once the turn is used up."""
        order = state.turn_order
        while state.drafter < len(order):
            seat = order[state.drafter]
            if self._can_draft(state, seat):
                return True
            events.append(self.narration.stuck_event[seat])
            state.drafter += 1
        return False

    def draft(self, state, seat, verb, args):
        narration = self.narration
        if verb == "take":
            card = args[0]
            state.row.remove(card)
            (state.towers if card == TOWER else state.units)[seat].append(card)
            events = [narration.take_event[seat][card]]
        elif verb == "pass":
            events = [narration.pass_event[seat]]
        else:
            give, get = args
            units = state.units[seat]
            units[units.index(give)] = get
            kept = state.kept[seat]
            i = kept.index(give)
            state.kept[seat] = kept[:i] + kept[i + 1:]
            state.row[state.row.index(get)] = give
            events = [narration.swap_event[seat][give, get]]
        state.drafter += 1
        if not self._skip_stuck(state, events):
            self.next_draft_turn(state, events)
        return events
