"""PettingZoo's and Gymnasium's own conformance tests on every bundled game and on the game
`tabletop new` writes: api_test, seed_test and parallel_api_test; check_env on one seat."""

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

import tabletop.rl as rl
from tests.rl.conftest import BUNDLED


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


def test_the_scaffolded_game_passes_them_with_a_derived_vocabulary(scaffolded_game):
    assert scaffolded_game.learning is None  # nothing written for learning: the vocabulary is derived
    conforms(scaffolded_game, 3)
