"""ISMCTS at Wind Up spends its last iron where it scores the most."""

import random

from tabletop.core.decision import Decision
from tabletop.engine.registry import build_registry
from tabletop_games.windup_machines.cards import STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX
from tabletop_games.windup_machines.winding import begin_winding
from tests.windup_machines.helpers import GAME, set_part, started


def test_search_winds_the_stopped_decoration_on_the_last_turn():
    # Round 12, p2's turn, the last of the game. Each machine is its size-3 generator and a
    # stopped decoration; p1's generator runs (3 gear points ahead), p2's is stopped too.
    # p2 holds one iron and no gold: winding its generator only draws level (3 gear
    # points, and the tie-breaks tie too), winding its size-4 decoration wins (4 gear
    # points and 1 decoration point); ending the turn loses.
    state = started(2, workers={0: [], 1: []})
    for seat in (0, 1):
        state.sides[seat][CELL_INDEX["r2c2"]] = 0 if seat == 0 else STOPPED  # the starting generator
        set_part(state, seat, "r2c3", "decoration", 3 + seat, side=STOPPED)  # replaces the smelter
        state.gold[seat] = state.iron[seat] = 0
    state.iron[1] = 1
    state.gear_deck[:] = []
    state.round = 12
    state.active = 1
    begin_winding(GAME, state)
    scores = [m["total"] for m in GAME.scores(state)]
    assert scores[0] == scores[1] + 3
    legal = GAME.legal_actions(state, 1)
    assert {"wind r2c2", "wind r2c3", "done"} <= set(legal)
    search = build_registry().bot("windup_machines", "ismcts:iterations=150").factory(GAME, 1, random.Random(0))
    assert search.choose(Decision(GAME, state, 1, legal)) == "wind r2c3"


# ---- the projected final score (search.py) ------------------------------------------------

from tabletop_games.windup_machines.search import evaluation, income, projected, turns_left  # noqa: E402


def _even_start():
    """Both machines the starting generator and smelter, green; same iron and gold; p1 to wind."""
    state = started(2, workers={0: [], 1: []})
    state.active = 0
    begin_winding(GAME, state)
    return state


def test_every_seat_has_twelve_turns_at_the_start_and_none_after_the_last_card():
    state = _even_start()
    # p1 has drawn its first card: 23 cards left, p1 is in its first turn, p2's first is to come.
    assert len(state.gear_deck) == 23
    assert turns_left(state) == [11, 12]
    state.gear_deck[:] = []
    state.round = 12
    state.active = 1
    assert turns_left(state) == [0, 0]


def test_a_wound_machine_projects_more_than_the_same_machine_unwound():
    # The same parts score the same gear points now (yellow and orange are not stopped), but a
    # wound generator and smelter will make more iron in the turns to come.
    state = _even_start()
    for cell in ("r2c2", "r2c3"):
        state.sides[1][CELL_INDEX[cell]] = 2
    assert GAME.scores(state)[0]["total"] == GAME.scores(state)[1]["total"]
    worth = projected(GAME, state)
    assert worth[0] > worth[1]
    assert evaluation(GAME)(state, 0)[0] > 0.5


def test_a_prism_crafter_wins_the_projected_prism_bonus():
    # Neither seat holds a prism yet, but only p2's machine can make them.
    state = _even_start()
    set_part(state, 1, "r1c2", "crafter", 3)
    set_part(state, 0, "r1c2", "processor", 3)
    parts, sides = state.parts[1], state.sides[1]
    _, prisms = income(GAME, parts, sides)
    assert prisms == 1
    worth = projected(GAME, state)
    assert worth[1] > worth[0] + 3      # more than its first prisms: the bonus leans its way


def test_production_never_spends_more_energy_than_the_generators_give():
    # The size-3 generator gives 4 energy: two smelter runs (2 each) and nothing left for the
    # crafter (4 a run); with the generator stopped, nothing at all.
    state = _even_start()
    set_part(state, 0, "r1c2", "crafter", 3)
    parts, sides = state.parts[0], state.sides[0]
    points, prisms = income(GAME, parts, sides)
    assert prisms == 1 and points == 2.0     # the crafter's prism (2 points) beats two iron (1.6)
    sides[CELL_INDEX["r2c2"]] = STOPPED
    assert income(GAME, parts, sides) == (0.0, 0.0)


def test_the_last_projection_is_the_score_as_it_stands():
    # No turn left: nothing more is produced, so the projection is the score (and unspent iron).
    state = _even_start()
    state.gear_deck[:] = []
    state.round = 12
    state.active = 1
    state.iron[:] = [0, 0]
    totals = [m["total"] for m in GAME.scores(state)]
    worth = projected(GAME, state)
    for seat in (0, 1):
        assert abs(worth[seat] - totals[seat] - 0.15 * state.gold[seat]) < 1e-9


# ---- the playout policy (search.py) ---------------------------------------------------------

def test_playouts_produce_before_winding_buying_or_ending_the_turn():
    # p1's first turn: the generator's energy is waiting; a playout mostly spends it first.
    from tabletop_games.windup_machines.search import rollout_policy

    state = _even_start()
    legal = GAME.legal_actions(state, 0)
    assert "produce r2c3" in legal and "done" in legal
    policy = rollout_policy(GAME)
    rng = random.Random(3)
    drawn = [policy(state, 0, legal, rng) for _ in range(400)]
    assert set(drawn) <= set(legal)
    assert drawn.count("produce r2c3") > 0.8 * len(drawn)


def test_playouts_play_whole_games_by_the_rules():
    from tabletop_games.windup_machines.search import rollout_policy

    policy = rollout_policy(GAME)
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_state(2, seed=seed)
        steps = 0
        while GAME.outcome(state) is None:
            mover = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, mover)
            action = policy(state, mover, legal, rng)
            assert action in legal
            GAME.apply(state, mover, action)   # the rules refuse anything illegal
            steps += 1
        assert GAME.outcome(state) is not None and steps < GAME.step_limit(2)
