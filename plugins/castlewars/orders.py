"""Attack/Defend and the arrangement of the line: each seat's secret battle orders.

After the draft every seat in play secretly chooses a seat to attack or to defend (with two
players left they must attack each other), then places its Units one by one, leftmost
(first to fight) first. Both are :class:`~tabletop.core.zones.Secret` choices whose options
are everything the seat could have chosen, so a search resamples them among those. A mixin
of :class:`~.game.CastleWars`: checks first, then moves.
"""

from __future__ import annotations

from itertools import permutations

from tabletop.plugin_api import Event, IllegalAction, Secret
from tabletop_games.castlewars.battle import DEFEND
from tabletop_games.castlewars.state import ORDERS, CastleState


class Orders:
    """Battle orders: the secret target or defence, then the secret line."""

    def order_options(self, state: CastleState, seat: int) -> list[str]:
        if state.orders.options[seat] is None:  # not chosen yet
            return self._choices(state, seat)[0][:]
        units, line = state.units[seat], state.lines.values[seat] or ()
        return [self._place_text[u] for u in self.cards.units if line.count(u) < units.count(u)]

    def _choices(self, state, seat):
        """(the choice texts, the values they stand for) of a seat: made once per table."""
        key = (seat, state.in_play)
        found = self._choice_cache.get(key)
        if found is None:
            others = tuple(t for t in state.in_play if t != seat)
            found = (["defend"] + [f"attack {t + 1}" for t in others], (DEFEND, *others))
            self._choice_cache[key] = found
        return found

    def _line_options(self, units, placed):
        """Every line of ``placed`` Units the seat could have now, judged from its public
        Units: any arrangement of them all, or a start that leaves Units of two kinds or more
        to place (one kind left would have been placed at once). Made once per hand (as a
        multiset: the order the Units were taken in changes nothing)."""
        key = (tuple(sorted(units)), placed)
        found = self._line_cache.get(key)
        if found is None:
            lines = set()
            for line in set(permutations(key[0], placed)):
                rest = list(units)
                for unit in line:
                    rest.remove(unit)
                if not rest or rest.count(rest[0]) != len(rest):
                    lines.add(line)
            found = self._line_cache[key] = tuple(sorted(lines))
        return found

    def check_order(self, state, seat, verb, args, action):
        if verb != "place" and len(state.in_play) == 2:
            raise IllegalAction("With two players both must attack each other: place your Units.",
                                seat=seat, action=action)
        if not state.orders.chosen(seat):
            if verb == "place":
                raise IllegalAction("First choose: 'attack <seat>' or 'defend'.", seat=seat, action=action)
            if verb == "attack":
                target = args[0]
                if target == seat:
                    raise IllegalAction("You cannot attack yourself.", seat=seat, action=action)
                if target not in state.in_play:
                    raise IllegalAction(f"Seat {target + 1} is not in play.", seat=seat, action=action)
            return
        if verb != "place":
            raise IllegalAction("Your order is given; now place your Units with 'place <unit>'.",
                                seat=seat, action=action)
        unit = args[0]
        if state.line(seat).count(unit) >= state.units[seat].count(unit):
            raise IllegalAction(f"You have no {self.cards.names[args[0]]} left to place.", seat=seat, action=action)

    def start_orders(self, state, events):
        state.phase = ORDERS
        orders = state.orders = Secret(state.seats)
        state.lines = Secret(state.seats)
        if len(state.in_play) == 2:
            a, b = state.in_play
            orders.choose(a, b, options=(b,))
            orders.choose(b, a, options=(a,))
            orders.reveal()
            events.append(Event("must_attack", f"With two players left, {{p{a}}} and {{p{b}}} must attack each other.",
                                {"seats": [a, b]}))
        for s in state.in_play:
            self._place(state, s, ())
        state.waiting = tuple(s for s in state.turn_order if not self._ready(state, s))
        if not state.waiting:
            self.battle(state, events)

    def _place(self, state, seat, line):
        """Make ``line`` the seat's line; Units left all of one kind can only go in one
        order: place them without asking. Worked out once per hand and line."""
        key = (tuple(state.units[seat]), line)
        found = self._place_cache.get(key)
        if found is None:
            units = key[0]
            if len(line) < len(units):
                rest = list(units)
                for unit in line:
                    rest.remove(unit)
                if rest.count(rest[0]) == len(rest):
                    line = (*line, *rest)
            found = (line, self._line_options(units, len(line)) if line or not units else None)
            self._place_cache[key] = found
        line, options = found
        if options is not None:
            state.lines.choose(seat, line, options=options)

    @staticmethod
    def _ready(state, seat):
        return (state.orders.options[seat] is not None
                and len(state.lines.values[seat] or ()) == len(state.units[seat]))

    def order(self, state, seat, verb, args):
        narration = self.narration
        if verb == "place":
            unit = args[0]
            line = (*(state.lines.values[seat] or ()), unit)
            events = [narration.place_event[seat][unit, len(line)]]
            self._place(state, seat, line)
        elif verb == "defend":
            state.orders.choose(seat, DEFEND, options=self._choices(state, seat)[1])
            events = [narration.order_event[seat][DEFEND]]
        else:
            target = args[0]
            state.orders.choose(seat, target, options=self._choices(state, seat)[1])
            events = [narration.order_event[seat][target]]
        if self._ready(state, seat):
            waiting = state.waiting
            i = waiting.index(seat)
            state.waiting = waiting[:i] + waiting[i + 1:]
            events.append(narration.ready_event[seat])
            if not state.waiting:
                self.battle(state, events)
        return events
