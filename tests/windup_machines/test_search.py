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
