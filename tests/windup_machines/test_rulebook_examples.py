"""Every example the rulebook prints, as a test named after it."""

import dataclasses

from tabletop_games.windup_machines.machine import CELL_NAMES, gear_turns, machine_score, machine_sets, prism_bonus
from tabletop_games.windup_machines.production import energy_now
from tabletop_games.windup_machines.winding import begin_winding
from tests.windup_machines.helpers import (
    CARDS,
    GAME,
    clear_machine,
    gear_faces,
    machine,
    play,
    set_part,
    side,
    started,
)


def _turned(rows, sizes):
    parts, sides = machine(rows)
    return [CELL_NAMES[c] for c in sorted(gear_turns(parts, sides, sizes, CARDS))]


# ---- Setup: "all stacks except for the generators and iron smelters will have their a size 3
# part on the top; the generators and iron smelters will have a size 4 part on the top" ----------

def test_all_stacks_but_generators_and_smelters_have_a_size_3_on_top_those_two_a_size_4():
    for seats in (2, 3, 4):
        state = GAME.new_state(seats, seed=seats)
        for seat in range(seats):
            play(state, seat, "start r2c2 r2c3")
        tops = {kind: CARDS.parts[stack[-1]].size for kind, stack in state.stacks.items()}
        assert tops == {"generator": 4, "smelter": 4, "processor": 3, "crafter": 3, "decoration": 3}, seats


# ---- Resolving gear cards -----------------------------------------------------------------

def test_a_6_turns_a_5_then_the_5_turns_a_4():
    assert _turned([[6, 5, 4], [None] * 3, [None] * 3], (6,)) == ["r1c1", "r1c2", "r1c3"]


def test_a_4_will_turn_a_3():
    assert _turned([[4, 3, None], [None] * 3, [None] * 3], (4,)) == ["r1c1", "r1c2"]


def test_a_6_will_turn_a_4():
    assert _turned([[6, 4, None], [None] * 3, [None] * 3], (6,)) == ["r1c1", "r1c2"]


def test_a_3_will_not_turn_a_5():
    assert _turned([[3, 5, None], [None] * 3, [None] * 3], (3,)) == ["r1c1"]


def test_a_4_will_not_turn_another_4():
    # The 5 turns the first 4; that 4 does not pass the turn on to the 4 beside it.
    assert _turned([[5, 4, 4], [None] * 3, [None] * 3], (5,)) == ["r1c1", "r1c2"]


def test_each_part_turns_at_most_once_per_gear_card():
    # The 3 touches two 5s that both turn: it still turns once.
    parts, sides = machine([[5, 3, None], [None, 5, None], [None] * 3])
    turned = gear_turns(parts, sides, (5,), CARDS)
    assert sorted(turned) == [0, 1, 4]
    assert len(turned) == len(set(turned))


def test_diagonal_parts_do_not_touch():
    assert _turned([[6, None, None], [None, 5, None], [None] * 3], (6,)) == ["r1c1"]


def test_a_stopped_part_does_not_unwind_further_and_does_not_trigger_chain_reactions():
    assert _turned([[(6, 3), 5, None], [None] * 3, [None] * 3], (6,)) == []
    assert _turned([[6, (5, 3), 4], [None] * 3, [None] * 3], (6,)) == ["r1c1"]


def test_a_part_stopped_by_this_card_still_passes_the_turn_on():
    assert _turned([[(6, 2), 5, None], [None] * 3, [None] * 3], (6,)) == ["r1c1", "r1c2"]


def test_a_card_with_two_sizes_turns_both():
    assert _turned([[3, None, 7], [None] * 3, [None] * 3], (3, 7)) == ["r1c1", "r1c3"]


def test_resolving_a_gear_card_turns_every_players_machine():
    state = started(3, workers={}, gears=("6", "3"))
    # p1 is the first player: it drew 6 and 3; give 3 to p2 and 6 to p3.
    assert gear_faces(state.drawn) == ["6", "3"]
    for seat, kind in enumerate(("generator", "smelter", "processor")):
        set_part(state, seat, "r1c2", kind, 6)
    play(state, 0, "assign 3 p2", "assign 6 p3", "done")
    # p2's turn start resolved the 3: every machine's size-3 parts turned.
    for seat in (0, 1, 2):
        assert side(state, seat, "r2c2") == 1 and side(state, seat, "r2c3") == 1
        assert side(state, seat, "r1c2") == 0
    play(state, 1, "done")
    # The 6 turns every size-6 part and, by chain, the 3 below it.
    for seat in (0, 1, 2):
        assert side(state, seat, "r1c2") == 1 and side(state, seat, "r2c2") == 2


# ---- Winding: "if a player spends three iron, the player may turn one card three times, three
# cards one time, or two cards - one of them once, the other twice" ------------------------

def _three_iron_position():
    state = started(2, workers={}, gears=("8",))
    clear_machine(state, 0)
    for cell, size in (("r2c1", 8), ("r2c2", 7), ("r2c3", 6)):
        set_part(state, 0, cell, "decoration", size, side=3)
    state.iron[0], state.gold[0] = 3, 0
    return state


def test_three_iron_turns_one_card_three_times():
    state = _three_iron_position()
    play(state, 0, "wind r2c1", "wind r2c1", "wind r2c1")
    assert side(state, 0, "r2c1") == 0 and state.iron[0] == 0
    assert not any(a.startswith("wind") for a in GAME.legal_actions(state, 0))


def test_three_iron_turns_three_cards_once():
    state = _three_iron_position()
    play(state, 0, "wind r2c1", "wind r2c2", "wind r2c3")
    assert [side(state, 0, c) for c in ("r2c1", "r2c2", "r2c3")] == [2, 2, 2]
    assert state.iron[0] == 0


def test_three_iron_turns_two_cards_one_once_the_other_twice():
    state = _three_iron_position()
    play(state, 0, "wind r2c1", "wind r2c2", "wind r2c2")
    assert [side(state, 0, c) for c in ("r2c1", "r2c2", "r2c3")] == [2, 1, 3]
    assert state.iron[0] == 0


def test_gold_may_be_used_as_iron_when_iron_runs_out():
    state = _three_iron_position()
    state.gold[0] = 1
    play(state, 0, "wind r2c1", "wind r2c1", "wind r2c1", "wind r2c2")
    assert state.iron[0] == 0 and state.gold[0] == 0
    assert side(state, 0, "r2c2") == 2


# ---- Part sets --------------------------------------------------------------------------

def _line_score(sizes):
    parts, _ = machine([sizes, [None] * 3, [None] * 3])
    return [(kind, points) for _, kind, points in machine_sets(parts, CARDS)]


def test_a_run_of_three_4_5_6_scores_5():
    assert _line_score([4, 5, 6]) == [("ordered run", 5)]


def test_a_run_of_three_7_6_5_scores_5():
    assert _line_score([7, 6, 5]) == [("ordered run", 5)]


def test_an_unordered_run_5_6_4_scores_3():
    assert _line_score([5, 6, 4]) == [("unordered run", 3)]


def test_a_three_of_a_kind_5_5_5_scores_2():
    assert _line_score([5, 5, 5]) == [("three of a kind", 2)]


def test_no_set_for_a_broken_or_incomplete_line():
    assert _line_score([4, 5, 7]) == []
    assert _line_score([4, 5, None]) == []


def test_a_stopped_part_will_still_contribute_to_a_set():
    parts, sides = machine([[4, (5, 3), 6], [None] * 3, [None] * 3])
    score = machine_score(parts, sides, CARDS)
    assert score["sets"] == 5
    assert score["gears"] == 4 + 6      # "A stopped part is worth ZERO points"


def test_sets_are_read_in_rows_and_columns():
    parts, sides = machine([[3, 4, 5], [4, None, None], [5, None, None]])
    assert machine_score(parts, sides, CARDS)["sets"] == 10


def test_sets_cap_at_thirty():
    # "up to a maximum of 30 points": six ordered runs make exactly 30 ...
    parts, sides = machine([[3, 4, 5], [4, 5, 6], [5, 6, 7]])
    assert machine_score(parts, sides, CARDS)["sets"] == 30
    # ... and with richer runs (a designer's change) the cap holds the total at 30.
    rich = dataclasses.replace(CARDS, rules={**CARDS.rules, "ordered_run": 8})
    assert machine_score(parts, sides, rich)["sets"] == 30


# ---- Prisms: "6 points each for a two-player tie, 4 points each for a three-player tie,
# and 3-points each for a four-player tie" ---------------------------------------------------

def test_prism_bonus_12_for_the_most():
    assert prism_bonus([4, 2, 0], 12) == [12, 0, 0]


def test_prism_tie_splits_6_4_3():
    assert prism_bonus([3, 3, 1, 0], 12) == [6, 6, 0, 0]
    assert prism_bonus([2, 2, 2, 0], 12) == [4, 4, 4, 0]
    assert prism_bonus([5, 5, 5, 5], 12) == [3, 3, 3, 3]


def test_no_prism_bonus_when_nobody_has_prisms():
    assert prism_bonus([0, 0], 12) == [0, 0]


def test_decorations_score_their_up_side_and_nothing_when_stopped():
    parts, sides = machine([[8, (8, 1), (8, 3)], [None] * 3, [None] * 3], kind="decoration")
    score = machine_score(parts, sides, CARDS)
    deco = CARDS.parts[parts[0]].sides
    assert score["decorations"] == deco[0] + deco[1]
    assert score["gears"] == 16


# ---- Winders: overwinding ----------------------------------------------------------------

def test_overwind_a_generator_that_would_produce_four_energy_produces_five():
    state = started(2, workers={0: ["winder-1"]}, gears=("8", "7", "8", "7"))
    assert CARDS.parts[state.parts[0][4]].sides[0] == 4      # the size-3 generator, green
    play(state, 0, "overwind r2c2")
    assert energy_now(GAME, state, 0) == 5


def test_overwind_an_iron_smelter_that_can_normally_max_out_at_two_iron_could_produce_three():
    state = started(2, workers={0: ["winder-1"]}, gears=("8", "7", "8", "7"))
    set_part(state, 0, "r1c2", "generator", 6)               # enough energy for three activations
    cost, made, most = CARDS.parts[state.parts[0][5]].sides[0]
    assert (made, most) == (1, 2)                            # the size-3 smelter, green: max 2 iron
    begin_winding(GAME, state)
    play(state, 0, "overwind r2c3")
    iron = state.iron[0]
    play(state, 0, "produce r2c3", "produce r2c3", "produce r2c3")
    assert state.iron[0] == iron + 3
    assert "produce r2c3" not in GAME.legal_actions(state, 0)
    play(state, 0, "done")
    assert side(state, 0, "r2c3") == 1                       # "that card unwinds one time"
