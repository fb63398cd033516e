"""A seat's view and the events it sees never depend on what it cannot see."""

import json
import random

import pytest

from tabletop.core.errors import IllegalAction
from tests.windupwar.helpers import position, program

INFANTRY = ["infantry", "tank", "helicopter"]


def same_view(game, state, seat, tries=20):
    """The seat's view is unchanged under resampling; returns the resampled states."""
    base = json.dumps(game.view(state, seat), sort_keys=True)
    samples = []
    for i in range(tries):
        sample = game.determinize(state, seat, random.Random(i))
        assert json.dumps(game.view(sample, seat), sort_keys=True) == base
        samples.append(sample)
    return samples


def test_unit_picks_are_secret_until_all_have_picked(game):
    state = game.new_state(3, seed=5)
    events = game.apply(state, 0, "unit mech") + game.apply(state, 0, "unit scout")
    assert all(e.visible_to == frozenset({0}) for e in events)
    view = game.view(state, 1)
    assert view["seats"][0]["army"] == [] and view["seats"][0]["units_picked"] == 2
    assert "mech" not in json.dumps(view) and "mech" not in json.dumps(game.view(state, None))
    samples = same_view(game, state, 1)
    assert any(s.picks.values[0] != ("mech", "scout") for s in samples)  # the picks really were resampled


def test_armies_revealed_when_every_seat_has_picked(game):
    state = game.new_state(2, seed=5)
    for seat in (0, 1):
        for unit in INFANTRY:
            events = game.apply(state, seat, f"unit {unit}")
    assert events[-1].kind == "armies" and events[-1].visible_to is None
    assert game.view(state, 1)["seats"][0]["army"][0]["unit"] == "infantry"


def test_faction_picks_are_secret_until_all_have_picked(game):
    state = game.new_state(2, options={"factions": "pick"}, seed=5)
    events = game.apply(state, 0, "faction gladi-8rs")
    assert events[0].visible_to == frozenset({0})
    assert game.view(state, 1)["seats"][0]["faction"] is None
    samples = same_view(game, state, 1)
    assert any(s.factions.values[0] != "gladi-8rs" for s in samples)
    events = game.apply(state, 1, "faction gladi-8rs")
    assert game.view(state, 1)["seats"][0]["faction"] == "gladi-8rs"


def test_programmed_cards_are_secret(game):
    state = position(game, [INFANTRY] * 3, hands={0: ["A1L.g", "BL.k", "CH.k", "RT.p"]})
    events = []
    for card in ("A1L.g", "BL.k", "CH.k"):
        events += game.apply(state, 0, card)
    assert all(e.visible_to == frozenset({0}) for e in events)
    view = game.view(state, 1)
    assert view["seats"][0]["row"] == ["?", "?", "?"] and view["seats"][0]["hand_size"] == 1
    assert "hand" not in game.view(state, None)
    assert game.view(state, 0)["seats"][0]["row"] == ["A1L.g", "BL.k", "CH.k"]
    samples = same_view(game, state, 1)
    assert any(s.program[0] != ["A1L.g", "BL.k", "CH.k"] for s in samples)
    for sample in samples:
        assert sorted(sample.program[0] + sample.hands[0]) == sorted(["A1L.g", "BL.k", "CH.k", "RT.p"])


def test_events_seen_by_a_seat_do_not_depend_on_hidden_cards(game):
    """Seat 0 programming any card of its hidden pool shows seat 1 the same (nothing)."""
    state = position(game, [INFANTRY] * 3, hands={0: ["A1L.g", "BL.k", "CH.k"]})
    game.apply(state, 0, "A1L.g")
    seen = [e.to_dict() for e in game.apply(game.copy(state), 0, "BL.k") if e.visible(1)]
    for i in range(10):
        sample = game.determinize(state, 1, random.Random(i))
        card = sample.hands[0][0]
        assert [e.to_dict() for e in game.apply(sample, 0, card) if e.visible(1)] == seen


def test_unrevealed_cards_stay_secret_while_a_charge_waits(game):
    hands = {0: ["CH.k", "A1L.g", "BL.g"], 1: ["BL.k", "A2R.g", "RT.p"]}
    state = position(game, [INFANTRY] * 3, hands=hands)
    for seat in (0, 1):
        for card in hands[seat]:
            game.apply(state, seat, card)
    game.apply(state, 2, "RL.k")
    assert state.phase == "charge"
    view = game.view(state, 1)
    assert view["seats"][0]["row"] == ["CH.k", "?", "?"]
    assert view["charger"] == 0
    same_view(game, state, 1)
    same_view(game, state, 0)


def test_an_error_names_only_the_seats_own_cards(game):
    state = position(game, [INFANTRY] * 2, hands={0: ["A1L.g"], 1: ["BL.k"]})
    game.apply(state, 0, "A1L.g")
    with pytest.raises(IllegalAction) as error:
        game.apply(state, 1, "A1L.g")
    assert str(error.value) == "A1L.g is not in your hand."


def test_an_eliminated_seats_remaining_cards_are_never_turned_up(game):
    hands = {0: ["CH.k", "A1L.k"], 1: ["A2L.g", "BL.k", "RT.p"], 2: ["A1R.g", "BL.g"]}
    state = position(game, [INFANTRY] * 4, hands=hands, discard={0: ["FL.o"]},
                     active={1: 2}, hearts={1: 1})
    program(game, state, {1: ["A2L.g", "BL.k", "RT.p"], 2: ["A1R.g", "BL.g"], 0: ["A1L.k", "CH.k"]})
    # Card 1: seat 0 destroys seat 1's last unit; card 2: seat 0's charge waits for its choice.
    assert state.status[1] == "eliminated" and state.phase == "charge"
    view = game.view(state, 3)
    assert view["seats"][1]["row"] == ["A2L.g", "?", "?"]
    same_view(game, state, 3)
