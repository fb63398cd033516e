"""Setup, the round and turn structure, building, hard restarts and notation errors."""

import dataclasses

import pytest

from tabletop.core import IllegalAction, InvalidAction
from tabletop_games.windup_machines.game import WindupMachines
from tabletop_games.windup_machines.production import energy_now
from tabletop_games.windup_machines.winding import begin_winding
from tests.windup_machines.helpers import (
    CARDS,
    GAME,
    gear_faces,
    new_game,
    play,
    set_part,
    show_worker,
    side,
    start_all,
    started,
)

QUIET = ("8", "7", "8", "7")


def _legal(state, seat=0):
    return GAME.legal_actions(state, seat)


# ---- setup ----------------------------------------------------------------------------

def test_setup_gives_each_player_three_gold_two_iron_and_one_worker():
    state = GAME.new_state(4, seed=3)
    assert state.gold == [3] * 4 and state.iron == [2] * 4
    assert all(len(w) == 1 for w in state.workers)
    assert len(state.face_up) == 3 and len(state.worker_deck) == 17 - 4 - 3
    assert state.winders[-1] == "winder-1"      # the "1 time" winder on top


def test_stacks_run_lowest_gear_first_and_fewer_players_remove_marked_cards():
    for seats, total in ((2, 51 - 14), (3, 51 - 7), (4, 51)):   # 7 cards marked "3", 7 marked "4"
        state = start_all(GAME.new_state(seats, seed=1))
        in_play = sum(len(s) for s in state.stacks.values()) + 2 * seats
        assert in_play == total
        for stack in state.stacks.values():
            sizes = [CARDS.parts[p].size for p in reversed(stack)]
            assert sizes == sorted(sizes)
        assert CARDS.parts[state.stacks["generator"][-1]].size == 4
        assert CARDS.parts[state.stacks["crafter"][-1]].size == 3


def test_start_places_two_touching_parts():
    state = GAME.new_state(2, seed=0)
    legal = _legal(state)
    assert len(legal) == 24 and "start r1c1 r1c2" in legal
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "start r1c1 r2c2")      # diagonal parts do not touch
    play(state, 0, "start r1c1 r2c1")
    kinds = [CARDS.parts[p].kind if p else None for p in state.parts[0]]
    assert kinds[0] == "generator" and kinds[3] == "smelter"
    assert all(CARDS.parts[p].size == 3 for p in state.parts[0] if p)


# ---- rounds and gear cards -------------------------------------------------------------

def test_first_player_card_moves_clockwise():
    state = started(3, workers={})
    assert state.first == 0 and GAME.to_act(state) == [0]
    a, b = gear_faces(state.drawn)
    play(state, 0, f"assign {a} p2", f"assign {b} p3", "done")
    play(state, 1, "done")
    play(state, 2, "done")
    assert state.round == 2 and state.first == 1 and state.phase == "assign"
    assert GAME.to_act(state) == [1]


def test_gear_cards_go_to_two_different_players():
    state = started(3, workers={}, gears=("8", "7"))
    play(state, 0, "assign 8 p2")
    assert all(not a.endswith("p2") for a in _legal(state))


def test_a_gear_card_assigned_to_yourself_resolves_at_once():
    state = started(3, workers={}, gears=("3", "8"))
    play(state, 0, "assign 3 p1")
    assert gear_faces(state.gear_discard) == ["3"] and side(state, 0, "r2c2") == 1 and side(state, 1, "r2c2") == 1
    assert state.phase == "assign"


def test_an_assigned_card_resolves_at_the_start_of_that_players_turn():
    state = started(3, workers={}, gears=("8", "3"))
    play(state, 0, "assign 8 p2", "assign 3 p3", "done")
    assert side(state, 0, "r2c2") == 0
    play(state, 1, "done")
    assert gear_faces(state.gear_discard) == ["8", "3"] and side(state, 0, "r2c2") == 1


def test_two_player_each_draws_one_gear_card_at_turn_start():
    state = started(2, workers={}, gears=("3", "8"))
    assert gear_faces(state.gear_discard) == ["3"]
    play(state, 0, "done")
    assert gear_faces(state.gear_discard) == ["3", "8"] and state.active == 1


def test_producing_ends_winding():
    state = started(2, workers={}, gears=QUIET)
    state.sides[0][5] = 1
    begin_winding(GAME, state)
    assert "wind r2c3" in _legal(state)
    play(state, 0, "produce r2c3")
    assert state.stage == 1 and state.energy == 4 - 3
    assert not any(a.startswith("wind") for a in _legal(state))


def test_production_uses_the_up_facing_sides_and_stops_at_the_maximum():
    state = started(2, workers={}, gears=QUIET)
    play(state, 0, "produce r2c3", "produce r2c3")      # green: 2 energy -> 1 iron (max 2)
    assert state.iron[0] == 4 and state.energy == 0
    assert "produce r2c3" not in _legal(state)


def test_stopped_parts_do_not_produce():
    state = started(2, workers={}, gears=QUIET)
    state.sides[0][5] = 3
    begin_winding(GAME, state)
    assert not any(a.startswith("produce") for a in _legal(state))
    state.sides[0][4] = 3
    assert energy_now(GAME, state, 0) == 0


# ---- building ---------------------------------------------------------------------------

def test_installation_cells():
    state = started(2, workers={}, gears=QUIET)
    play(state, 0, "buy smelter")
    cells = sorted(a.split()[1] for a in _legal(state))
    # empty spots touching a part (r2c4 lies beyond the frame's edge), or a part to replace;
    # never a diagonal-only cell
    assert cells == ["r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r2c4", "r3c2", "r3c3"]


def test_the_machine_may_grow_in_any_direction_from_a_corner():
    # Started in the frame's top-left corner: the machine still grows up and to the left.
    state = start_all(new_game(2, workers={}, gears=QUIET), gen="r1c1", smelter="r1c2")
    generator, smelter = state.parts[0][0], state.parts[0][1]
    play(state, 0, "buy smelter")
    assert {"install r0c1", "install r0c2", "install r1c0", "install r1c3"} <= set(_legal(state))
    events = play(state, 0, "install r0c1")
    # The machine moved down one row to stay in its 3x3 frame; the new part is above the generator.
    assert state.parts[0][3:5] == [generator, smelter]
    assert CARDS.parts[state.parts[0][0]].size == 4 and state.parts[0][1] is None
    assert events[-1].data["cell"] == "r1c1" and events[-1].data["shift"] == [1, 0]
    assert "the machine moves" in events[-1].text


def test_newly_installed_parts_cannot_be_placed_in_a_way_that_would_break_the_3x3_grid():
    state = started(2, workers={}, gears=QUIET)     # generator r2c2, smelter r2c3
    set_part(state, 0, "r2c1", "decoration", 3)     # a full middle row: no room left or right
    state.iron[0] = 9
    play(state, 0, "buy smelter")
    spots = {a.split()[1] for a in _legal(state)}
    assert not spots & {"r2c0", "r2c4"}
    assert {"r1c1", "r1c2", "r1c3", "r3c1", "r3c2", "r3c3"} <= spots
    with pytest.raises(IllegalAction, match="still fits a 3x3 box"):
        GAME.apply(state, 0, "install r2c4")
    play(state, 0, "install r1c2")
    # With rows 1 and 2 in use, the machine may still move up (r0c2 is offered), not beyond 3 rows.
    state2 = started(2, workers={}, gears=QUIET)
    set_part(state2, 0, "r1c2", "decoration", 3)
    set_part(state2, 0, "r3c2", "processor", 3)
    play(state2, 0, "buy smelter")
    spots = {a.split()[1] for a in _legal(state2)}
    assert "r0c2" not in spots and "r4c2" not in spots and "r2c4" in spots


def test_a_moved_machine_keeps_its_overwind_and_production_on_the_same_parts():
    state = start_all(new_game(2, workers={0: ["winder-1"]}, gears=QUIET), gen="r1c1", smelter="r1c2")
    play(state, 0, "overwind r1c1", "produce r1c2")
    play(state, 0, "buy smelter")
    play(state, 0, "install r0c2")                  # the machine moves down one row
    assert state.overwound == 3 and state.produced == {4: 1}
    play(state, 0, "done")
    assert side(state, 0, "r2c1") == 1             # the overwound generator unwinds where it now is


def test_buying_pays_iron_first_then_gold():
    state = started(2, workers={}, gears=QUIET)
    play(state, 0, "buy processor")              # size 3, cost 3: 2 iron + 1 gold
    assert state.iron[0] == 0 and state.gold[0] == 2


def test_replacing_removes_the_old_part_from_the_game():
    state = started(2, workers={}, gears=QUIET)
    old = state.parts[0][5]
    play(state, 0, "buy smelter", "install r2c3")
    assert state.removed == [old] and CARDS.parts[state.parts[0][5]].size == 4
    assert side(state, 0, "r2c3") == 0


def test_replacing_keeps_the_machine_connected():
    state = started(2, workers={}, gears=QUIET)
    set_part(state, 0, "r2c1", "decoration", 3)
    state.iron[0] = 9
    play(state, 0, "buy smelter", "install r2c2")   # the middle part replaced
    assert [p is not None for p in state.parts[0][3:6]] == [True, True, True]


def test_third_generator_must_replace_one():
    state = started(2, workers={}, gears=QUIET)
    set_part(state, 0, "r1c2", "generator", 4)
    state.iron[0] = 9
    play(state, 0, "buy generator")
    assert sorted(_legal(state)) == ["install r1c2", "install r2c2"]
    play(state, 0, "install r2c2")
    kinds = [CARDS.parts[p].kind for p in state.parts[0] if p]
    assert kinds.count("generator") == 2


def test_one_part_and_one_worker_a_turn():
    state = started(2, workers={}, gears=QUIET)
    state.iron[0], state.gold[0] = 20, 20
    play(state, 0, "buy smelter", "install r1c2", "hire winder-1")
    legal = _legal(state)
    assert not any(a.startswith(("buy", "hire")) for a in legal) and "restart" not in legal
    assert "winder-1" in state.workers[0]


def test_hiring_a_face_up_worker_refills_it_but_a_winder_does_not():
    state = started(2, workers={}, gears=QUIET)
    show_worker(state, "tuner")
    deck = len(state.worker_deck)
    play(state, 0, "hire tuner")
    assert len(state.face_up) == 3 and len(state.worker_deck) == deck - 1
    play(state, 0, "done")
    play(state, 1, "hire winder-1")
    assert len(state.worker_deck) == deck - 1 and state.winders[-1] == "winder-2"


def test_hard_restart():
    state = started(2, workers={}, gears=("8", "7", "3", "4"))
    set_part(state, 0, "r1c2", "decoration", 4, side=1)
    state.sides[0][4] = 2
    state.sides[0][5] = 3
    play(state, 0, "restart")
    assert state.active == 1 and state.restarts[0] is not None and len(state.restart_pile) == 3
    play(state, 1, "done")
    # p1's next turn: the restart resolved before the gear card (a 3: every size-3 part turns once)
    assert side(state, 0, "r1c2") == 3                   # decorations to stopped
    assert side(state, 0, "r2c2") == 1 and side(state, 0, "r2c3") == 1   # start position, then the 3
    assert state.restarts[0] is None and len(state.restart_pile) == 4


def test_no_hard_restart_after_buying_or_when_none_is_left():
    state = started(2, workers={}, gears=QUIET)
    play(state, 0, "buy smelter", "install r1c2")
    assert "restart" not in _legal(state)
    # A box with two hard restart cards, both held by the other players.
    game = WindupMachines(dataclasses.replace(CARDS, rules={**CARDS.rules, "restart_cards": 2}))
    other = game.new_state(3, seed=0)
    for seat in range(3):
        game.apply(other, seat, "start r2c2 r2c3")
    a, b = gear_faces(other.drawn)
    game.apply(other, 0, f"assign {a} p2")
    game.apply(other, 0, f"assign {b} p3")
    assert "restart" in game.legal_actions(other, 0)
    other.restarts[1], other.restarts[2] = other.restart_pile.pop(), other.restart_pile.pop()
    assert "restart" not in game.legal_actions(other, 0)


# ---- notation and errors ------------------------------------------------------------------

def test_illegal_actions_leave_the_state_unchanged():
    state = started(2, workers={}, gears=QUIET)
    state.iron[0], state.gold[0] = 0, 1
    before = GAME.view(state, None)
    for action in ("wind r2c2", "produce r2c2", "install r1c1", "hire vandal", "buy crafter", "unwind p2 r2c2"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, action)
        assert GAME.view(state, None) == before
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, "done")


def test_text_that_is_not_notation_is_invalid():
    state = started(2, workers={}, gears=QUIET)
    for action in ("", "dance", "wind r1c1 r1c2 r1c3 r2c2", 7):
        with pytest.raises(InvalidAction):
            GAME.apply(state, 0, action)


def test_describe_action_names_the_part():
    state = started(2, workers={}, gears=QUIET)
    assert GAME.describe_action(state, 0, "buy generator") == "size-4 generator for 4 iron"
    assert "smelter" in GAME.describe_action(state, 0, "produce r2c3")
    assert GAME.describe_action(state, 0, "nonsense") == ""


def test_each_start_choice_says_where_the_generator_and_the_smelter_go():
    state = new_game(2, seed=5)
    seat = GAME.to_act(state)[0]
    starts = GAME.legal_actions(state, seat)
    assert starts and all(a.startswith("start ") for a in starts)
    assert GAME.describe_action(state, seat, "start r1c1 r2c1") == "generator at r1c1, smelter below it at r2c1"
    assert GAME.describe_action(state, seat, "start r2c2 r2c1") == "generator at r2c2, smelter left of it at r2c1"
    for action in starts:
        _, gen_at, smelter_at = action.split()
        assert GAME.describe_action(state, seat, action).startswith(f"generator at {gen_at}, smelter ")


def test_legal_action_lists_are_small_and_deduplicated():
    state = new_game(2, seed=5)
    start_all(state)
    legal = _legal(state, GAME.to_act(state)[0])
    assert len(legal) == len(set(legal)) and len(legal) < 40


def test_the_view_shows_the_energy_left_after_production_begins():
    state = started(2, workers={}, gears=QUIET)
    assert GAME.view(state, 1)["energy"] == 4
    play(state, 0, "produce r2c3", "buy smelter")
    assert GAME.view(state, 1)["energy"] == 2
