"""Every worker's ability as the rulebook describes it."""

import pytest

from tabletop.core import IllegalAction
from tabletop_games.windup_machines.production import energy_now
from tabletop_games.windup_machines.winding import begin_winding
from tests.windup_machines.helpers import (
    GAME,
    gear_faces,
    gear_name,
    new_game,
    play,
    set_part,
    show_worker,
    side,
    start_all,
    started,
)

QUIET = ("8", "7", "8", "7")   # gear cards that turn nothing in the starting machines


def _legal(state, seat=0):
    return GAME.legal_actions(state, seat)


def test_winder_winds_for_free_before_iron_is_paid():
    state = started(2, workers={0: ["winder-3"]}, gears=QUIET)   # winder-3: 2 winds
    state.sides[0][4] = 2
    begin_winding(GAME, state)          # winding begins again with the part unwound
    play(state, 0, "wind r2c2", "wind r2c2")
    assert side(state, 0, "r2c2") == 0 and state.iron[0] == 2


def test_overwind_needs_a_fully_wound_machine_and_a_winder():
    state = started(2, workers={0: ["winder-1"]}, gears=QUIET)
    assert "overwind r2c2" in _legal(state)
    state.sides[0][5] = 1
    begin_winding(GAME, state)
    assert not any(a.startswith("overwind") for a in _legal(state))
    plain = started(2, workers={}, gears=QUIET)
    assert not any(a.startswith("overwind") for a in _legal(plain))


def test_overwind_generator_gives_one_more_energy_then_unwinds_at_turn_end():
    state = started(2, workers={0: ["winder-1"]}, gears=QUIET)
    energy = energy_now(GAME, state, 0)
    play(state, 0, "overwind r2c2")
    assert energy_now(GAME, state, 0) == energy + 1
    assert side(state, 0, "r2c2") == 0
    play(state, 0, "done")
    assert side(state, 0, "r2c2") == 1     # "At the end of the player's turn, that card unwinds one time"


def test_overwound_smelter_produces_one_more():
    state = started(2, workers={0: ["winder-1"]}, gears=QUIET)
    set_part(state, 0, "r2c2", "generator", 6)    # 7 energy on green
    set_part(state, 0, "r1c3", "smelter", 5)      # green: 3 energy -> 2 iron (max 4)
    set_part(state, 0, "r1c2", "generator", 4)    # 5 energy: 12 in all
    begin_winding(GAME, state)
    play(state, 0, "overwind r1c3")
    iron = state.iron[0]
    play(state, 0, "produce r1c3", "produce r1c3", "produce r1c3")
    assert state.iron[0] == iron + 5              # 2 + 2 + 1: the maximum is 4 + 1
    assert "produce r1c3" not in _legal(state)


def test_saboteur_unwinds_an_opponents_part_once_a_turn():
    state = started(2, workers={0: ["saboteur-1"]}, gears=QUIET)
    gold = state.gold[0]
    play(state, 0, "use saboteur-1 p2 r2c3")
    assert side(state, 1, "r2c3") == 1 and state.gold[0] == gold - 1
    assert not any(a.startswith("use saboteur") for a in _legal(state))


def test_saboteur_three_unwinds_hit_different_parts():
    state = started(2, workers={0: ["saboteur-3"]}, gears=QUIET)
    set_part(state, 1, "r1c2", "smelter", 4)
    play(state, 0, "use saboteur-3 p2 r2c2")
    assert state.phase == "sabotage"
    assert "unwind p2 r2c2" not in _legal(state)
    play(state, 0, "unwind p2 r2c3", "unwind p2 r1c2")
    assert [side(state, 1, c) for c in ("r2c2", "r2c3", "r1c2")] == [1, 1, 1]
    assert state.phase == "turn" and state.gold[0] == 1


def test_saboteur_three_unwinds_stop_when_no_different_part_is_left():
    state = started(2, workers={0: ["saboteur-3"]}, gears=QUIET)
    play(state, 0, "use saboteur-3 p2 r2c2", "unwind p2 r2c3")
    assert state.phase == "turn"


def test_thief_steals_gold_only_from_a_richer_player():
    state = started(2, workers={0: ["thief-gold"]}, gears=QUIET)
    assert not any(a.startswith("use thief") for a in _legal(state))
    state.gold[1] = 5
    play(state, 0, "use thief-gold p2")
    assert state.gold == [4, 4]


def test_thief_pays_three_gold_to_steal_a_prism():
    state = started(2, workers={0: ["thief-prism"]}, gears=QUIET)
    state.prisms[1] = 2
    play(state, 0, "use thief-prism p2")
    assert state.prisms == [1, 1] and state.gold[0] == 0


def test_merchant_exchanges_up_to_two_times_a_turn():
    state = started(2, workers={0: ["merchant-iron"]}, gears=QUIET)
    play(state, 0, "use merchant-iron", "use merchant-iron")
    assert state.gold[0] == 1 and state.iron[0] == 6
    assert "use merchant-iron" not in _legal(state)


def test_recycler_turns_a_prism_into_gold_and_iron_once_a_turn():
    state = started(2, workers={0: ["recycler-1"]}, gears=QUIET)
    state.prisms[0] = 2
    play(state, 0, "use recycler-1")
    assert (state.prisms[0], state.gold[0], state.iron[0]) == (1, 4, 3)
    assert "use recycler-1" not in _legal(state)


def test_power_salesman_adds_energy_and_starts_production():
    state = started(2, workers={0: ["salesman-gold"]}, gears=QUIET)
    play(state, 0, "use salesman-gold")
    assert state.stage == 1 and state.energy == 4 + 3 and state.gold[0] == 2
    assert not any(a.startswith("wind") for a in _legal(state))


def test_alchemist_makes_a_prism_from_four_iron_gold_paying_as_iron():
    state = started(2, workers={0: ["alchemist-iron"]}, gears=QUIET)
    play(state, 0, "use alchemist-iron")
    assert (state.prisms[0], state.iron[0], state.gold[0]) == (1, 0, 1)


def test_vandal_destroys_a_prism_of_a_player_with_more():
    state = started(2, workers={0: ["vandal"]}, gears=QUIET)
    assert "use vandal p2" not in _legal(state)
    state.prisms[1] = 1
    play(state, 0, "use vandal p2")
    assert state.prisms[1] == 0 and state.gold[0] == 1


def test_jammer_redraw_forces_the_opponent_to_draw_a_new_gear_card():
    state = new_game(2, workers={1: ["jammer-redraw"]}, gears=("3", "8", "7"))
    start_all(state)
    assert state.phase == "respond" and GAME.to_act(state) == [1]
    assert GAME.legal_actions(state, 1) == ["use jammer-redraw", "pass"]
    play(state, 1, "use jammer-redraw")
    assert gear_name(state.gear_deck[0]) == "3" and gear_faces(state.gear_discard) == ["8"]
    assert side(state, 0, "r2c2") == 0 and state.gold[1] == 2
    assert GAME.to_act(state) == [0]


def test_jammer_redraw_is_never_offered_on_your_own_gear_card():
    state = new_game(2, workers={0: ["jammer-redraw"]}, gears=("3", "8"))
    start_all(state)
    assert state.phase == "turn" and gear_faces(state.gear_discard) == ["3"]


def test_jammer_stop_protects_your_parts_this_turn_and_is_discarded():
    state = new_game(2, workers={0: ["jammer-stop"]}, gears=("3", "8"))
    start_all(state)
    assert GAME.legal_actions(state, 0) == ["use jammer-stop", "pass"]
    play(state, 0, "use jammer-stop")
    assert side(state, 0, "r2c2") == 0 and side(state, 1, "r2c2") == 1
    assert state.workers[0] == [] and state.worker_discard == ["jammer-stop"]


def test_a_newly_hired_worker_is_not_usable_until_the_next_turn():
    state = started(2, workers={}, gears=QUIET)
    show_worker(state, "merchant-iron")
    play(state, 0, "hire merchant-iron")
    assert "use merchant-iron" not in _legal(state)
    play(state, 0, "done")
    play(state, 1, "done")
    assert "use merchant-iron" in _legal(state)


def test_a_jammer_hired_this_turn_cannot_answer_before_its_owners_next_turn():
    state = new_game(2, workers={}, gears=("8", "3", "7"))
    start_all(state)
    state.gold[0] = 5
    show_worker(state, "jammer-stop")
    play(state, 0, "hire jammer-stop", "done")
    assert state.phase == "turn" and GAME.to_act(state) == [1]   # no window for p1's new Jammer


def test_workers_cannot_be_used_outside_their_owners_turn():
    state = started(2, workers={1: ["merchant-iron"]}, gears=QUIET)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, "use merchant-iron")
