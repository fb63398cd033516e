"""Every bundled game offers ISMCTS an evaluation and a rollout policy, and ISMCTS plays it legally."""

import random

import pytest

from tabletop.engine.match import run_match
from tabletop.engine.registry import build_registry

BUNDLED = ("windupwar", "castlewars", "wms", "windup_machines")


@pytest.fixture(scope="module")
def registry():
    return build_registry()


@pytest.mark.parametrize("name", BUNDLED)
def test_the_game_offers_an_evaluation_and_a_rollout_policy(registry, name):
    game = registry.game(name)
    evaluation = registry.pm.hook.tabletop_make_evaluation(game=game)
    policy = registry.pm.hook.tabletop_make_rollout_policy(game=game)
    assert evaluation is not None and policy is not None
    rng = random.Random(0)
    state = game.new_state(2, seed=3)
    for _ in range(40):
        if game.outcome(state) is not None:
            break
        shares = evaluation(game.determinize(state, 0, rng), 0)
        assert len(shares) == 2 and all(0.0 <= v <= 1.0 for v in shares) and sum(shares) <= 1.0 + 1e-9
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = policy(state, seat, legal, rng)
        assert action in legal
        game.apply(state, seat, action)


@pytest.mark.parametrize("name", BUNDLED)
def test_search_plays_a_whole_game_legally_against_the_rule_based_bot(registry, name):
    # apply raises on an illegal action, so a finished game is a legal one.
    game = registry.game(name)
    own = [b for b in registry.bots if b.game == name][0]
    search = registry.bot(name, "ismcts:iterations=6,depth=4")
    agents = [search.factory(game, 0, random.Random(1)), own.factory(game, 1, random.Random(2))]
    assert run_match(game, agents, seed=4).outcome is not None


@pytest.mark.parametrize("name", ("windupwar", "windup_machines"))
def test_the_guide_is_the_rule_based_bots_own_move(registry, name):
    """Where search is unsure it plays the guide's move: that must be the game's bot's choice,
    made from the seat's own decision, at every step of a game."""
    from tabletop.core.decision import Decision
    from tabletop.engine.facet_hooks import search_kit

    game = registry.game(name)
    guide = search_kit(registry.pm.hook, game).guide  # the game's own kit, or one a plugin's hooks carry
    own = [b for b in registry.bots if b.game == name][0]
    state = game.new_state(3, seed=5)
    steps = 0
    while game.outcome(state) is None and steps < 150:
        seat = game.to_act(state)[0]
        decision = Decision.seen(game, state, seat, game.legal_actions(state, seat))
        suggested = guide(decision)
        assert suggested == own.factory(game, seat, random.Random(0)).choose(decision)
        game.apply(state, seat, own.factory(game, seat, random.Random(steps)).choose(decision))
        steps += 1
    assert steps > 20
