"""Notation, decisions, bad input and seat counts."""

import json

import pytest

from tabletop.core.errors import IllegalAction, InvalidAction, SeatCountError
from tabletop.core.rules import bad_arguments
from tabletop_games.windupwar.cards import load_cards
from tests.windupwar.helpers import position

INFANTRY = ["infantry", "tank", "helicopter"]


def snapshot(game, state):
    return json.dumps([game.view(state, s) for s in [None, *range(state.n)]], sort_keys=True), \
        game.census(state), list(game.to_act(state))


def test_every_decision_lists_each_action_once(game):
    state = game.new_state(2, options={"factions": "pick"}, seed=0)
    assert game.legal_actions(state, 0) == [f"faction {f.id}" for f in game.data.factions]
    game.apply(state, 0, "faction tin-fantry")
    game.apply(state, 1, "faction tin-fantry")  # factions are cosmetic: names may repeat
    assert game.legal_actions(state, 0) == [f"unit {u.id}" for u in game.data.units]
    game.apply(state, 0, "unit tank")
    assert "unit tank" not in game.legal_actions(state, 0) and len(game.legal_actions(state, 0)) == 5
    for seat in (0, 1):
        for unit in ("infantry", "helicopter", "tank")[: 2 if seat == 0 else 3]:
            game.apply(state, seat, f"unit {unit}")
    hand = game.legal_actions(state, 0)
    assert len(hand) == 22 == len(set(hand))
    # The three Attack 1 Left cards differ by colour, so each appears once with its colour.
    assert [a for a in hand if a.startswith("A1L.")] == ["A1L.g", "A1L.i", "A1L.k"]
    assert {a for a in hand if a.startswith("BL.")} == {"BL.k", "BL.p", "BL.g"}


def test_nonsense_is_invalid_and_changes_nothing(game):
    state = position(game, [INFANTRY] * 2)
    before = snapshot(game, state)
    for text in ("", "A1L", "a1l.g", "unit", "unit zeppelin", "score", "ZZZ.q", "faction  x"):
        with pytest.raises(InvalidAction):
            game.apply(state, 0, text)
    assert snapshot(game, state) == before


def test_wrong_phase_or_turn_is_illegal_and_changes_nothing(game):
    state = position(game, [INFANTRY] * 2, hands={0: ["BL.k"], 1: ["BL.k"]})
    before = snapshot(game, state)
    for seat, text in ((0, "unit tank"), (0, "score BL.k"), (0, "faction tin-fantry"), (0, "A1L.g")):
        with pytest.raises(IllegalAction):
            game.apply(state, seat, text)
    game.apply(state, 0, "BL.k")
    before = snapshot(game, state)
    with pytest.raises(IllegalAction, match="nothing to decide"):
        game.apply(state, 0, "BL.k")
    assert snapshot(game, state) == before


def test_picking_a_unit_twice_is_illegal(game):
    state = game.new_state(2, seed=0)
    game.apply(state, 0, "unit tank")
    with pytest.raises(IllegalAction, match="already picked"):
        game.apply(state, 0, "unit tank")


def test_scoring_a_card_not_in_the_discard_is_illegal(game):
    state = position(game, [INFANTRY] * 3, hands={0: ["CH.k"]}, discard={0: ["BL.g"]})
    game.apply(state, 0, "CH.k")
    game.apply(state, 1, "RL.k")
    game.apply(state, 2, "RL.k")
    with pytest.raises(IllegalAction, match="not in your discard pile"):
        game.apply(state, 0, "score CH.k")
    game.apply(state, 0, "score BL.g")
    assert state.centre[0] == ["BL.g"]


def test_nothing_is_legal_after_the_end(game):
    state = position(game, [INFANTRY] * 2, hands={0: ["FL.o", "FR.o", "DB.b"]})
    for card in ("FL.o", "FR.o", "DB.b"):
        game.apply(state, 0, card)
    game.apply(state, 1, "RL.k")
    assert game.outcome(state).winners == (1,)
    assert not game.to_act(state) and game.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction):
        game.apply(state, 1, "RL.k")


def test_seat_counts(game):
    assert game.min_players == 2 and game.max_players == 16 and game.recommended_max_players == 8
    assert game.seat_warning(8) is None and game.seat_warning(9) is not None
    state = game.new_state(16, seed=3)
    assert len(set(state.factions)) == 6  # six faction names, repeated beyond six seats
    with pytest.raises(SeatCountError):
        game.new_state(1)
    with pytest.raises(SeatCountError):
        game.new_state(17)


def test_edition_option(game):
    assert game.new_state(2, seed=0).edition == "2017"
    assert game.new_state(2, options={"edition": "2016"}, seed=0).edition == "2016"
    with pytest.raises(ValueError):
        game.new_state(2, options={"edition": "2015"}, seed=0)


def test_describe_action(game):
    state = position(game, [INFANTRY] * 2, hands={0: ["BL.k", "FL.o"]})
    assert game.describe_action(state, 0, "BL.k") == "Block All Attacks (black)"
    assert "illegal for your Infantry" in game.describe_action(state, 0, "FL.o")
    assert "4 hearts" in game.describe_action(state, 0, "unit tank")
    assert game.describe_action(state, 0, "nonsense") == ""


def test_same_seed_same_setup(game):
    a, b = game.new_state(5, seed=11), game.new_state(5, seed=11)
    assert a.factions == b.factions


def test_notation_help_names_every_code(game):
    codes = {c.code for c in load_cards().actions}
    assert all(code in game.notation_help for code in codes)
    rules = game.rules_text()
    assert all(f"`{c.notation}`" in rules or c.code in rules for c in load_cards().actions)


BAD = [(None, "A1L.g"), ("0", "A1L.g"), (True, "A1L.g"), (-1, "A1L.g"), (0, None), (0, ["A1L.g"]), (0, "x" * 501)]


@pytest.mark.parametrize("seat, action", BAD, ids=repr)
def test_bad_arguments_are_refused_with_the_engines_words(game, seat, action):
    """apply checks its arguments itself (no wrapper): the messages are the engine's."""
    state = game.new_state(2, seed=3)
    with pytest.raises(InvalidAction) as caught:
        game.apply(state, seat, action)
    assert str(caught.value) == str(bad_arguments(seat, action))


def test_a_long_spelling_is_quoted_short(game):
    state = game.new_state(2, seed=3)
    with pytest.raises(InvalidAction) as caught:
        game.apply(state, 0, "unit " + "z" * 60)
    assert "z" * 41 not in str(caught.value) and caught.value.action.endswith("...")
