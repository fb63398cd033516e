"""Attack/Defend (rulebook: "Attack/Defend") and the arrangement of the line: secret orders.

After the draft every seat in play secretly chooses a seat to attack or to defend ("In a game
of 2 players, players must Attack each other"), then places its Units one by one, leftmost
(first to fight) first. Both are :class:`~tabletop.core.zones.Secret` choices whose options
are everything the seat could have chosen, so a search resamples them among those. Each verb
is a refusal and an effect; :class:`Lines` keeps the tables the effects and the fast list of
orders read, worked out once per game.
"""

from __future__ import annotations

from itertools import permutations

from tabletop.plugin_api import Event, Secret
from tabletop_games.castlewars.battle import DEFEND
from tabletop_games.castlewars.cards import CardRules
from tabletop_games.castlewars.draft import BUILD_PHASE
from tabletop_games.castlewars.state import ORDERS, CastleState

VERBS = frozenset(("attack", "defend", "place"))


# ---- the rules of the orders ----------------------------------------------------------------

def refuse_defend(game, state: CastleState, seat: int) -> str | None:
    """One order a round, and none to give with two players left: they attack each other."""
    if state.phase != ORDERS:
        return BUILD_PHASE
    if len(state.in_play) == 2:
        return "With two players both must attack each other: place your Units."
    if state.orders.chosen(seat):
        return "Your order is given; now place your Units with 'place <unit>'."
    return None


def refuse_attack(game, state: CastleState, seat: int, target: int) -> str | None:
    """As :func:`refuse_defend`, and the target is another seat still in play."""
    why = refuse_defend(game, state, seat)
    if why is not None:
        return why
    if target == seat:
        return "You cannot attack yourself."
    if target not in state.in_play:
        return f"Seat {target + 1} is not in play."
    return None


def refuse_place(game, state: CastleState, seat: int, unit: str) -> str | None:
    """The line is placed after the order, one held Unit per position."""
    if state.phase != ORDERS:
        return BUILD_PHASE
    if not state.orders.chosen(seat):
        return "First choose: 'attack <seat>' or 'defend'."
    if (state.lines.values[seat] or ()).count(unit) >= state.units[seat].count(unit):
        return f"You have no {game.cards.names[unit]} left to place."
    return None


def defend(game, state: CastleState, seat: int) -> list[Event]:
    state.orders.choose(seat, DEFEND, options=game.lines.choices(state, seat)[1])
    events = [game.narration.order_event[seat][DEFEND]]
    if ready(state, seat):  # its line was placed at once (one kind of Unit, or none)
        _ready(game, state, seat, events)
    return events


def attack(game, state: CastleState, seat: int, target: int) -> list[Event]:
    state.orders.choose(seat, target, options=game.lines.choices(state, seat)[1])
    events = [game.narration.order_event[seat][target]]
    if ready(state, seat):
        _ready(game, state, seat, events)
    return events


def place(game, state: CastleState, seat: int, unit: str) -> list[Event]:
    line = (*(state.lines.values[seat] or ()), unit)
    events = [game.narration.place_event[seat][unit, len(line)]]
    game.lines.place(state, seat, line)
    placed = state.lines.values[seat]
    if len(placed) > len(line) and not game.lines.fill_one_kind:  # the last Unit: it has one place left
        last = game.cards.names[placed[-1]]
        events.append(Event("place", f"{{p{seat}}}'s last Unit, a {last}, goes in position {len(placed)}.",
                            {"seat": seat, "unit": placed[-1], "placed_by": "game"}, frozenset((seat,))))
    if len(placed) == len(state.units[seat]):  # the order came first: ready
        _ready(game, state, seat, events)
    return events


def ready(state: CastleState, seat: int) -> bool:
    """Its order given and every Unit placed."""
    return (state.orders.options[seat] is not None
            and len(state.lines.values[seat] or ()) == len(state.units[seat]))


def _ready(game, state: CastleState, seat: int, events: list) -> None:
    """The seat has given battle orders; once every seat has, the battle is fought
    (:func:`.rounds.move_on`)."""
    waiting = state.waiting
    i = waiting.index(seat)
    state.waiting = waiting[:i] + waiting[i + 1:]
    events.append(game.narration.ready_event[seat])
    if not state.waiting:
        game.move_on(state, events)


def start_orders(game, state: CastleState, events: list) -> None:
    """After the draft: two seats left must attack each other; a line with one way to lie is placed."""
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
        game.lines.place(state, s, ())
    state.waiting = tuple(s for s in state.turn_order if not ready(state, s))


# ---- what a seat may choose, worked out once ------------------------------------------------

class Lines:
    """The order choices of a seat at a table, and every line a hand allows, made once each."""

    def __init__(self, cards: CardRules, *, fill_one_kind: bool = False):
        self.units = cards.units
        #: Version 0.6.1 placed the rest of a line once it was all of one kind, which told the
        #: table the seat's leftmost Units; now only what public information decides is placed.
        self.fill_one_kind = fill_one_kind
        self.place_text = {unit: f"place {unit}" for unit in cards.units}
        self.choice_cache: dict = {}
        self.line_cache: dict = {}
        self.place_cache: dict = {}
        self.unplaced_cache: dict = {}

    def options(self, state: CastleState, seat: int) -> list[str]:
        """The fast list of the seat's orders, as the refusals above allow them."""
        if state.orders.options[seat] is None:  # not chosen yet
            return self.choices(state, seat)[0][:]
        key = (tuple(state.units[seat]), state.lines.values[seat] or ())
        found = self.unplaced_cache.get(key)
        if found is None:
            units, line = key
            found = [self.place_text[u] for u in self.units if line.count(u) < units.count(u)]
            self.unplaced_cache[key] = found
        return found[:]

    def choices(self, state: CastleState, seat: int) -> tuple[list[str], tuple[int, ...]]:
        """(the choice texts, the values they stand for) of a seat among the seats in play."""
        key = (seat, state.in_play)
        found = self.choice_cache.get(key)
        if found is None:
            others = tuple(t for t in state.in_play if t != seat)
            found = (["defend"] + [f"attack {t + 1}" for t in others], (DEFEND, *others))
            self.choice_cache[key] = found
        return found

    def place(self, state: CastleState, seat: int, line: tuple[str, ...]) -> None:
        """Make ``line`` the seat's line, placing without asking only what everyone can tell
        has one way to lie: a hand all of one kind (Units are public) before any is placed,
        and the last Unit (whatever it is). Worked out once per hand and line."""
        key = (tuple(state.units[seat]), line)
        found = self.place_cache.get(key)
        if found is None:
            units = key[0]
            if len(line) < len(units):
                rest = list(units)
                for unit in line:
                    rest.remove(unit)
                decided = self.fill_one_kind or not line or len(rest) == 1
                if decided and rest.count(rest[0]) == len(rest):
                    line = (*line, *rest)
            found = (line, self.line_options(units, len(line)) if line or not units else None)
            self.place_cache[key] = found
        line, options = found
        if options is not None:
            state.lines.choose(seat, line, options=options)

    def line_options(self, units, placed: int) -> tuple[tuple[str, ...], ...]:
        """Every line of ``placed`` Units the seat could have now, judged from its public
        Units: any arrangement of them all, or any start (in 0.6.1, only a start that leaves
        Units of two kinds or more to place). Made once per hand (as a multiset: the order
        the Units were taken in changes nothing)."""
        key = (tuple(sorted(units)), placed)
        found = self.line_cache.get(key)
        if found is None:
            lines = set()
            for line in set(permutations(key[0], placed)):
                rest = list(units)
                for unit in line:
                    rest.remove(unit)
                if not rest or not self.fill_one_kind or rest.count(rest[0]) != len(rest):
                    lines.add(line)
            found = self.line_cache[key] = tuple(sorted(lines))
        return found
