"""Lopsided: each seat fields one of two dealt units; power plus a die roll wins.

A test game for ``tabletop balance``: its card data (cards.toml, read through the core's
loader like any plugin's) plants one unit far stronger than the others, and declares every
unit's power tunable, so a search has an obvious fix to find.
"""

from __future__ import annotations

import random
from pathlib import Path

from tabletop.plugin_api import (
    NOBODY,
    OWNER,
    CardState,
    Event,
    Field,
    Game,
    InvalidAction,
    Outcome,
    Rule,
    hookimpl,
    load_toml,
    rulebook,
    validate_table,
    zone,
)
from tabletop.plugin_api import Stat as _Stat

CARDS_FILE = Path(__file__).with_name("cards.toml")
UNIT = {"id": Field(str), "power": Field(int, minimum=1, maximum=9)}


class LopState(CardState):
    ZONES = {"hands": zone(OWNER, pool="seat {seat}"), "fielded": zone(OWNER, pool="seat {seat}"),
             "dice": zone(NOBODY, pool="dice")}
    __slots__ = (*ZONES, "waiting", "result")

    def __init__(self, seats: int, hands: list[list[str]], dice: list[int], seed: int):
        super().__init__(seats, salt=seed)
        self.hands = hands
        self.fielded: list[list[str]] = [[] for _ in range(seats)]
        self.dice = dice
        self.waiting = tuple(range(seats))
        self.result: Outcome | None = None


def refuse_field(game, state, seat, unit):
    return None if unit in state.hands[seat] else f"You were not dealt the {unit}."


def field(game, state, seat, unit):
    state.hands[seat].remove(unit)
    state.fielded[seat].append(unit)
    state.waiting = tuple(s for s in state.waiting if s != seat)
    events = [Event("field", f"{{p{seat}}} fields the {unit}.", {"seat": seat, "unit": unit},
                    visible_to=frozenset((seat,)))]
    if not state.waiting:
        strength = [game.power[state.fielded[s][0]] + state.dice[s] for s in range(len(state.dice))]
        best = max(strength)
        top = tuple(s for s, v in enumerate(strength) if v == best)
        state.result = Outcome(top if len(top) == 1 else (), "strongest" if len(top) == 1 else "tie",
                               scores=tuple(strength))
        units = [f[0] for f in state.fielded]
        events.append(Event("battle", "Fielded: " + ", ".join(units) + ".", {"units": units, "strength": strength}))
    return events


class Lopsided(Game):
    state_class = LopState
    name = "lopsided"
    title = "Lopsided"
    version = "1.0"
    min_players = 2
    max_players = 3
    notation_help = "Type field and a unit dealt to you, e.g. field giant."
    rules_file = Path(__file__).with_name("RULES.md")
    rules = rulebook(Rule("field", refuse_field, field))

    def __init__(self):
        units = validate_table(load_toml(CARDS_FILE), "unit", UNIT, file=CARDS_FILE.name)
        self.power = {u["id"]: u["power"] for u in units}
        self.units = tuple(self.power)

    def parse(self, action):
        word, _, unit = str(action).partition(" ")
        if word != "field" or unit not in self.power:
            raise InvalidAction(f"'{action}' is not an action: type field and a unit, e.g. field giant.")
        return "field", (unit,)

    def not_asked(self, state, seat, verb):
        return f"Seat {seat + 1} has already fielded a unit."

    def setup(self, seats, options, seed):
        rng = random.Random(seed)
        hands = [sorted(rng.sample(self.units, 2)) for _ in range(seats)]
        return LopState(seats, hands, [rng.randint(1, 6) for _ in range(seats)], seed)

    def to_act(self, state):
        return state.waiting

    def candidates(self, state, seat):
        return tuple(f"field {u}" for u in self.units)

    def legal_actions(self, state, seat):
        return [f"field {u}" for u in state.hands[seat]] if seat in state.waiting else []

    def outcome(self, state):
        return state.result

    def step_limit(self, seats):
        return seats

    def describe_action(self, state, seat, action):
        return action


@hookimpl
def tabletop_collect_stats(game, seats, events, outcome, final_view):
    if game.name != "lopsided":
        return None
    battle = next(e for e in events if e.kind == "battle")
    return [_Stat("unit", unit, seat=s) for s, unit in enumerate(battle.data["units"])]
