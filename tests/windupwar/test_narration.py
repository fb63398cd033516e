"""What Windup War's events say, word for word: the frequent ones are made from their data
only when read (LazyEvent), and read exactly as people (and old records) have them."""

from tabletop.core.events import LazyEvent
from tests.windupwar.helpers import position, program

TANK = ["tank", "helicopter", "infantry"]
INFANTRY = ["infantry", "tank", "helicopter"]


def test_a_step_is_narrated_seat_by_seat_with_damage_dealt_and_taken_and_who_hit_whom(game):
    state = position(game, [INFANTRY, TANK], hands={0: ["A1L.g"], 1: ["RL.k"]})
    events = program(game, state, {0: ["A1L.g"], 1: ["RL.k"]})
    told = {e.kind: e for e in events}
    programmed = [(e.text, e.visible_to) for e in events if e.kind == "program"]
    assert programmed == [("{p0} programs A1L.g as card 1.", {0}), ("{p1} programs RL.k as card 1.", {1})]
    assert told["war"].text == "Round 1: Ready... Aim... Card 1!"
    name = game.data.by_notation["A1L.g"].name
    reload = game.data.by_notation["RL.k"].name
    assert told["reveal"].text == (f"Card 1: {{p0}} {name}, deals 1; {{p1}} {reload}, takes 1; "
                                   f"{{p1}}'s Tank takes 1 from {{p0}}'s {name}.")
    assert all(isinstance(e, LazyEvent) for e in events if e.kind in ("program", "war", "reveal"))
    # The reveal's data (made when read, too) say what the text does.
    assert told["reveal"].data == {"round": 1, "step": 1, "hits": ((0, 1, 1),), "rows": [
        {"seat": 0, "card": "A1L.g", "unit": "infantry", "outcome": "played", "dealt": 1, "taken": 0, "hearts": 4},
        {"seat": 1, "card": "RL.k", "unit": "tank", "outcome": "played", "dealt": 0, "taken": 1, "hearts": 3},
    ]}


def test_picks_and_armies_are_narrated_with_unit_names(game):
    state = game.new_state(2, seed=4)
    picked = game.apply(state, 0, "unit tank")
    assert picked[0].text == "{p0} puts the Tank at position 1 of the combat order."
    assert picked[0].visible_to == {0}
    for action in ("unit helicopter", "unit infantry"):
        game.apply(state, 0, action)
    for action in ("unit infantry", "unit tank"):
        game.apply(state, 1, action)
    events = game.apply(state, 1, "unit helicopter")
    assert events[-1].text == "Armies revealed: {p0}: Tank, Helicopter, Infantry; {p1}: Infantry, Tank, Helicopter."
