"""A line's last Units are placed without asking only when everyone can tell how they lie
(RULES.md, "Battle Phase: orders"): "Your arrangement should not be revealed to other players
until the Battle Phase." Version 0.6.1 finished a line once its Units left were of one kind,
which showed the table the seat's leftmost Units; its records still replay under its rules."""

from tabletop.engine.check import check_game
from tabletop_games.castlewars.game import CastleWars061
from tests.castlewars.helpers import GAME, play, staged

OLD = CastleWars061(GAME.cards)


def test_a_line_whose_rest_is_of_one_kind_is_still_asked_for():
    state = staged([["K", "K", "A"], ["M", "A"]])
    events = play(state, 0, "place A")
    assert 0 in GAME.to_act(state)  # asked for position 2 though only Knights are left
    assert [e.kind for e in events if e.visible(1)] == []


def test_the_last_unit_goes_in_unasked_and_the_log_says_so_to_its_seat():
    state = staged([["K", "K", "A"], ["M", "A"]])
    events = play(state, 0, "place A", "place K")
    last = [e for e in events if e.data.get("placed_by") == "game"]
    assert [e.text for e in last] == ["{p0}'s last Unit, a Knight, goes in position 3."]
    assert last[0].visible_to == frozenset({0})
    assert [e.kind for e in events if e.visible(1)] == ["ready"]
    assert state.lines.values[0] == ("A", "K", "K")


def test_a_hand_all_of_one_kind_is_placed_at_once():
    state = staged([["K", "K"], ["M", "A"]])
    assert state.lines.values[0] == ("K", "K") and 0 not in GAME.to_act(state)


def test_version_0_6_1_finished_the_line_and_so_told_its_leftmost_unit():
    state = staged([["K", "K", "A"], ["M", "A"]])
    OLD.apply(state, 0, "place A")
    assert state.lines.values[0] == ("A", "K", "K") and 0 not in OLD.to_act(state)


def test_the_check_fails_version_0_6_1_for_it_and_passes_the_fix():
    old = check_game(OLD, games=4, seats=[2], max_problems=4)
    assert any("what_follows_is_public" in p for p in old.problems), old.problems
    new = check_game(GAME, games=4, seats=[2])
    assert new.ok, new.problems
