"""The verb table: the fast legal list is the rules' own, refusals are the rules' sentences, and
the plugin registers only the game and its bot (board, search and figures ride on the game)."""

import ast
import random
from pathlib import Path

import pytest

from tabletop.core.errors import IllegalAction
from tabletop.engine.registry import build_registry
from tabletop_games.windupwar import plugin
from tests.windupwar.helpers import position


@pytest.mark.parametrize("seats", [2, 3, 5])
@pytest.mark.parametrize("options", [{}, {"edition": "2016", "factions": "pick"}])
def test_the_fast_legal_actions_are_exactly_what_the_rules_allow(game, seats, options):
    # Every seat (asked or not) at every step of many random games, both editions, picked factions.
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_state(seats, options=options, seed=seed)
        while game.outcome(state) is None:
            for seat in range(seats):
                assert game.legal_actions(state, seat) == game.allowed(state, seat)
                checked += 1
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert all(game.legal_actions(state, s) == [] == game.allowed(state, s) for s in range(seats))
    assert checked > 500


def test_a_refused_action_gives_the_rules_sentence_and_the_list_agrees(game):
    state = position(game, [["infantry", "tank", "helicopter"]] * 2, hands={0: ["BL.k"], 1: ["BL.k"]})
    assert game.refusal(state, 0, "A1L.g") == "A1L.g is not in your hand."
    assert game.refusal(state, 0, "unit tank") == "Now is the Windup: program one card from your hand, e.g. A1L.g."
    assert game.refusal(state, 0, "score BL.k") == "Now is the Windup: program one card from your hand, e.g. A1L.g."
    assert game.refusal(state, 0, "BL.k") is None and game.legal_actions(state, 0) == ["BL.k"]
    game.apply(state, 0, "BL.k")
    with pytest.raises(IllegalAction, match=r"^Seat 1 has nothing to decide now\.$"):
        game.apply(state, 0, "BL.k")


def test_the_plugin_registers_only_the_game_and_its_bots():
    tree = ast.parse(Path(plugin.__file__).read_text())
    hooks = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert hooks == ["tabletop_register_games", "tabletop_register_bots"]
    # The engine answers the board, search and figures hooks from the game itself.
    registry = build_registry()
    game = registry.game("windupwar")
    hook = registry.pm.hook
    assert hook.tabletop_make_evaluation(game=game) is game.search.evaluation
    assert hook.tabletop_make_rollout_policy(game=game) is game.search.rollout
    assert type(hook.tabletop_make_board(game=game)) is game.board
    assert game.search.iterations and game.search.redraw and game.search.guide and game.search.at_round_start
