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
    from tests.engine.test_planted_leaks import PublicDrawEvent

    with pytest.raises(AssertionError, match="event 'draw' is shown to the spectator"):
        assert_conforms(PublicDrawEvent(), games=2)


def test_scenario_stacks_by_swaps_conserving_every_card_and_zone_size(goofspiel):
    from tabletop.testing import Scenario

    plain = goofspiel.new_state(2, seed=4)
    scenario = Scenario(goofspiel, seed=4).top("table", [13]).top("prizes", [1, 2])
    state = scenario.state
    assert state.table == [13] and state.prizes[-2:] == [2, 1]
    assert goofspiel.census(state) == goofspiel.census(plain)
    assert [len(state.prizes), len(state.table)] == [len(plain.prizes), len(plain.table)]
    with pytest.raises(ValueError, match="no card 13 is left to put in prizes"):
        scenario.top("prizes", [13])  # already placed on the table: it stays there


def test_scenario_names_a_zone_that_does_not_exist(goofspiel):
    from tabletop.testing import Scenario

    with pytest.raises(ValueError, match="no zone 'deck'; the zones are: prizes, hands, bids, table"):
        Scenario(goofspiel).top("deck", [1])


def test_the_pytest_plugin_fixture_gives_installed_games_and_fails_unknown_ones(tabletop_game, tabletop_registry):
    assert tabletop_game("castlewars") is tabletop_registry.games["castlewars"]
    with pytest.raises(pytest.fail.Exception, match="No game named 'nosuchgame'"):
        tabletop_game("nosuchgame")


def test_a_saved_record_replays_and_a_tampered_one_fails(goofspiel, tmp_path):
    from tabletop.core.errors import RecordError
    from tabletop.testing import assert_record_replays

    result = random_match(goofspiel, 2, seed=5)
    path = result.record.save(tmp_path / "game.json")
    assert goofspiel.outcome(assert_record_replays(goofspiel, path)) == result.outcome
    result.record.outcome = {**result.record.outcome, "winners": [1 - w for w in result.outcome.winners] or [0]}
    with pytest.raises(RecordError, match="altered or is from another version"):
        assert_record_replays(goofspiel, result.record)
