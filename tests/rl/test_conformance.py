"""PettingZoo's and Gymnasium's own conformance tests on every bundled game and on the game
`tabletop new` writes: api_test, seed_test and parallel_api_test; check_env on one seat."""

import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

import tabletop.rl as rl  # noqa: E402
from tests.rl.conftest import BUNDLED  # noqa: E402


def conforms(game, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice (infinite Box bounds, a dict observation), not failures
        api_test(rl.env(game, players=players), num_cycles=300)
        seed_test(lambda: rl.env(game, players=players), num_cycles=300)
        parallel_api_test(rl.parallel_env(game, players=players), num_cycles=300)
        check_env(rl.gym_env(game, seat=players - 1, opponents=["random"] * (players - 1)), skip_render_check=False)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_game_passes_pettingzoo_and_gymnasium_checks(name, installed):
    game = installed.game(name)
    conforms(game, game.min_players)


@pytest.mark.parametrize("name", ["castlewars", "windupwar"])
def test_more_seats_pass_too(name, installed):
    conforms(installed.game(name), 3)


@pytest.mark.parametrize(("name", "players"), [("sealed-draw", 2), ("sealed-draw", 3), ("goofspiel", 2)])
def test_simultaneous_test_games_pass_them_sealed_or_not(name, players, test_games):
    conforms(test_games.game(name), players)


def test_the_scaffolded_game_passes_them_with_a_derived_vocabulary(scaffolded_game):
    assert scaffolded_game.learning is None  # nothing written for learning: the vocabulary is derived
    conforms(scaffolded_game, 3)


def test_a_round_of_secret_bids_is_one_parallel_step_and_aec_asks_them_in_turn(scaffolded_game):
    par = rl.parallel_env(scaffolded_game, players=3)
    observations, infos = par.reset(seed=2)
    assert all(observations[a]["action_mask"].any() for a in par.agents)  # every seat bids now
    first = {a: int(observations[a]["action_mask"].argmax()) for a in par.agents}
    observations, rewards, terminations, truncations, infos = par.step(first)
    assert par.table.session.public_view()["round"] == 2 and len(par.table.session.record.actions) == 3
    aec = rl.env(scaffolded_game, players=3)
    aec.reset(seed=2)
    asked = []
    for _ in range(3):
        agent = aec.agent_selection
        others = [a for a in aec.agents if a != agent]
        assert all(not aec.observe(a)["action_mask"].any() for a in others)  # one seat at a time
        asked.append(agent)
        aec.step(int(aec.observe(agent)["action_mask"].argmax()))
    assert asked == ["seat_0", "seat_1", "seat_2"] and aec.table.session.public_view()["round"] == 2
