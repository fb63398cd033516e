"""Elimination, the next round's first seat, and how the game ends."""

import pytest

from tabletop_games.castlewars import state as game_module
from tabletop_games.castlewars.state import DRAFT, OVER
from tests.castlewars.helpers import GAME, orders, play, staged


def test_a_seat_eliminated_while_its_own_attack_resolves_still_deals_its_damage():
    # FAQ: "once your Attacking Units complete their Battle Phase interactions, you will be
    # eliminated and any remaining Units you owned would be discarded."
    state = staged([["K", "K"], ["M"], ["A", "A", "T", "T"]], hp=[2, 15, 15])
    before = GAME.census(state)
    play(state, 0, "attack 2")      # seat 2 attacks seat 3, so seat 1 meets only its Towers (none)
    play(state, 1, "attack 3")
    events = play(state, 2, "attack 1")
    assert list(state.hp) == [-2, 9, 15]  # seat 1 fell to the Archers, but its Knights struck seat 2
    assert state.units[0] == [] and len(state.towers[0]) == 0
    assert state.discard.count("K") == 2
    assert [e.data["seat"] for e in events if e.kind == "out"] == [0]
    assert list(state.in_play) == [1, 2]
    # Next round: two players left, three cards face up, one Tower each at most:
    # seat 3 discards its second Tower; seat 2 (fewest hit points) drafts first.
    assert state.phase == DRAFT and state.round == 2
    assert len(state.row) == 3
    assert len(state.towers[2]) == 1
    assert list(GAME.to_act(state)) == [1]
    assert GAME.census(state) == before


def test_the_last_seat_with_hit_points_wins():
    # Both lines hold one kind of Unit, so nothing is asked: the battle resolves at once.
    state = staged([["K", "K"], ["M"]], hp=[15, 6])
    # Mage beats Knight, beats Knight: seat 1's Units are gone; the Mage hits for 1.
    assert list(state.hp) == [14, 6] and state.phase == DRAFT and GAME.outcome(state) is None
    state = staged([["K", "K"], ["A"]], hp=[15, 6])
    assert state.phase == OVER
    assert GAME.outcome(state).winners == (0,)
    assert list(state.hp) == [15, 0]
    assert GAME.outcome(state).reason == "last castle standing"
    assert list(GAME.to_act(state)) == [] and GAME.legal_actions(state, 0) == []


def test_simultaneous_elimination_the_highest_remaining_hit_points_win():
    # "In the event all players simultaneously have their Hit Points depleted, the player who
    # would have the highest negative Hit Points would be declared the winner."
    state = staged([["K"], ["A"], ["M", "M", "M"]], hp=[2, 3, 1])
    play(state, 0, "attack 2")
    play(state, 1, "attack 3")
    play(state, 2, "attack 1")
    assert list(state.hp) == [-1, 0, -1]
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,)
    assert outcome.scores == (-1.0, 0.0, -1.0)


def test_simultaneous_elimination_with_equal_hit_points_is_a_shared_win():
    state = staged([["K", "M"], ["A"], ["M", "M", "M"]], hp=[2, 3, 1])
    orders(state, 0, "attack 2", ["K", "M"])
    play(state, 1, "attack 3")
    play(state, 2, "attack 1")
    assert list(state.hp) == [-1, -1, -1]
    assert GAME.outcome(state).winners == (0, 1, 2)
    assert GAME.outcome(state).share(1) == pytest.approx(1 / 3)


def test_later_rounds_start_with_the_fewest_hit_points_ties_to_the_youngest():
    state = staged([["K"], ["K"], ["K"]], hp=[10, 8, 8])
    for seat in range(3):
        play(state, seat, "defend")
    assert list(state.turn_order) == [1, 2, 0]
    assert list(GAME.to_act(state)) == [1]


def test_round_limit_ends_the_game_on_hit_points():
    # House rule: the game must end; after the last allowed round the highest hit points win.
    state = staged([["K"], ["M"], ["A"]], hp=[9, 12, 12], round_number=game_module.ROUND_LIMIT)
    for seat in range(3):
        play(state, seat, "defend")
    outcome = GAME.outcome(state)
    assert outcome.winners == (1, 2)
    assert "round limit" in outcome.reason


def test_step_limit_covers_the_longest_possible_game():
    rounds = game_module.ROUND_LIMIT
    for seats in (2, 3, 4):
        per_round = 5 * seats + seats * 6   # five picks, then an order and five placements each
        assert GAME.step_limit(seats) >= rounds * per_round


def test_an_eliminated_players_towers_go_to_the_discard_pile_with_its_units():
    # FAQ: "you will be eliminated and any remaining Units you owned would be discarded";
    # RULES.md: its Towers go too (they could no longer protect anything).
    state = staged([["A", "T", "T"], ["K", "K", "K"], ["M"]], hp=[1, 15, 15])
    before = GAME.census(state)
    discarded = state.discard.count("T")
    play(state, 0, "attack 3")        # its Archer is away at seat 3 ...
    play(state, 1, "attack 1")        # ... so seat 2's 9 attack power meets the two Towers only
    play(state, 2, "defend")
    assert state.hp[0] == 0 and 0 not in state.in_play
    assert state.units[0] == [] and state.towers[0] == []
    # Two Towers fell to 8 of the 9; nothing was left standing to keep.
    assert state.discard.count("T") == discarded + 2
    assert GAME.census(state) == before


def test_all_depleted_at_once_the_highest_negative_hit_points_win():
    # "the player who would have the highest negative Hit Points would be declared the winner":
    # highest is the greatest number, -1 above -2 and -3.
    state = staged([["K"], ["A"], ["M", "M", "M", "M"]], hp=[1, 1, 1])
    play(state, 0, "attack 2")
    play(state, 1, "attack 3")
    play(state, 2, "attack 1")
    assert list(state.hp) == [-3, -2, -1]
    assert GAME.outcome(state).winners == (2,)


def test_when_everyone_ends_the_round_on_equal_hit_points_the_youngest_still_goes_first():
    # "If players end the round with the same amount of Hit Points the youngest will still go first."
    state = staged([["K"], ["A"], ["M"]], hp=[12, 12, 12], first=2)
    for seat in (2, 0, 1):
        play(state, seat, "defend")
    assert list(state.turn_order) == [0, 1, 2]
    assert list(GAME.to_act(state)) == [0]
