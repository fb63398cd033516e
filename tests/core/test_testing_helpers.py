import random

import pytest

from tabletop.testing import assert_replays, play_randomly, random_match
from tests.goofspiel.game import Goofspiel


def test_random_play_reaches_the_end_and_counts_actions(goofspiel):
    state = goofspiel.new_state(2, seed=3)
    seen = []
    assert play_randomly(goofspiel, state, random.Random(0), seats=2, each_step=lambda s: seen.append(1)) == 26
    assert goofspiel.outcome(state) is not None and len(seen) == 26


def test_random_play_fails_a_game_that_runs_past_its_limit():
    class Endless(Goofspiel):
        def step_limit(self, seats):
            return 5

    game = Endless()
    with pytest.raises(AssertionError, match="did not end within its step limit of 5"):
        play_randomly(game, game.new_state(2, seed=1), random.Random(0), seats=2)


def test_a_record_that_replays_elsewhere_is_caught(goofspiel):
    result = random_match(goofspiel, 2, seed=4)
    assert goofspiel.outcome(assert_replays(goofspiel, result)) == result.outcome
    result.state.table.pop()
    with pytest.raises(AssertionError, match="different position"):
        assert_replays(goofspiel, result)


def test_assert_conforms_fails_with_the_check_s_problems():
    from tabletop.testing import assert_conforms
    from tests.core.test_planted_leaks import PublicDrawEvent

    with pytest.raises(AssertionError, match="event 'draw' is shown to the spectator"):
        assert_conforms(PublicDrawEvent(), games=2)
