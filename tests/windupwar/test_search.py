"""ISMCTS at Windup War takes a lethal attack when nothing threatens it."""

import random

from tabletop.agents.base import Decision
from tabletop.core.plugins import build_registry
from tabletop_games.windupwar.scenario import position, program


def test_search_programs_the_attack_that_destroys_the_last_enemy_unit(game):
    # The enemy's last unit has one heart left and holds only its Reload: a Left Attack ends the war.
    hand = ["A1L.g", "BL.g", "BL.p", "RL.k", "CH.p", "DAR.i", "FL.o"]
    state = position(game, [["infantry", "tank", "helicopter"], ["tank", "sapper", "scout"]],
                      hands={0: hand}, active={1: 2}, hearts={1: 1})
    search = build_registry().bot("windupwar", "ismcts:iterations=200").factory(game, 0, random.Random(3))
    row, reused = [], []
    while 0 in state.pending:
        action = search.choose(Decision(game, state, 0, game.legal_actions(state, 0)))
        row.append(action)
        reused.append(search.last_reused)
        game.apply(state, 0, action)
    program(game, state, {})
    assert "A1L.g" in row
    assert game.outcome(state).winners == (0,)
    # Programming the next slot learns nothing new: the search goes on in the tree it has.
    assert reused == [False, True, True, True, True]
