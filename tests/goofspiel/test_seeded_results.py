"""Seeded Goofspiel games pinned: the figures below were computed before the simulate path was
made faster (main at aa07362), so a speed-up that changed a single game would fail here."""

import hashlib
import json

from tabletop.core.random_agent import RANDOM, RandomAgent
from tabletop.engine.match import run_match
from tabletop.engine.simulate import Simulator, run_games
from tabletop.engine.table import bot_rng
from tabletop.lab.figures import summarise

#: seed: (winners, scores) of one random-v-random game.
PINNED = {
    0: ((0,), (52, 39)),
    1: ((1,), (37, 51)),
    2: ((0,), (48, 43)),
    1000: ((0,), (47, 44)),
    123456: ((1,), (40, 41)),
}
SEED_1_ACTIONS = [
    (0, "13"), (1, "5"), (0, "3"), (1, "9"), (0, "7"), (1, "4"), (0, "2"), (1, "12"), (0, "4"), (1, "2"),
    (0, "10"), (1, "8"), (0, "6"), (1, "10"), (0, "9"), (1, "13"), (0, "5"), (1, "6"), (0, "8"), (1, "3"),
    (0, "12"), (1, "11"), (0, "11"), (1, "7"), (0, "1"), (1, "1"),
]


def random_match(game, seed, **kwargs):
    return run_match(game, [RandomAgent(bot_rng(seed, seat)) for seat in range(2)], seed=seed, **kwargs)


def test_seeded_games_have_the_winners_and_scores_they_always_had(goofspiel, registry):
    simulator = Simulator(goofspiel, [RANDOM, RANDOM], {}, registry.pm)
    for seed, (winners, scores) in PINNED.items():
        result = simulator.play(seed)
        assert (result.winners, result.scores, result.length) == (winners, scores, 26)


def test_seed_1_is_the_same_game_bid_for_bid_and_its_record_replays(goofspiel):
    events = []
    result = random_match(goofspiel, 1, on_event=events.append)
    assert result.record.actions == SEED_1_ACTIONS
    assert goofspiel.outcome(result.record.verify(goofspiel)) == result.outcome
    assert events[0].render(["Ann", "Bo"]) == "Ann bids 13, Bo bids 5: Ann takes the 9."
    assert events[-1].render(["Ann", "Bo"]) == "Ann bids 1, Bo bids 1: nobody takes the 3."
    assert (events[0].kind, events[0].data, events[0].visible_to) == ("bid", {"bids": ["13", "5"], "prize": 9}, None)


def test_500_seeded_games_play_the_same_bids_and_count_the_same_wins(goofspiel, registry):
    digest = hashlib.sha256()
    for seed in range(1, 501):
        digest.update(json.dumps(random_match(goofspiel, seed).record.actions).encode())
    assert digest.hexdigest()[:16] == "fe1dee1c2a4fc649"
    results = run_games(goofspiel, [RANDOM, RANDOM], games=500, seed=1, pm=registry.pm)
    summary = summarise(goofspiel, [RANDOM, RANDOM], results, seed=1, options={})
    assert [row["wins"] for row in summary["by_seat"]] == [248, 244]


def test_simulate_from_the_command_line_counts_the_same_wins(cli):
    result = cli("simulate", "goofspiel", "-n", "500", "--seats", "random,random", "--seed", "1", "--json")
    assert result.exit_code == 0, result.err
    summary = json.loads(result.out)
    assert [row["wins"] for row in summary["by_seat"]] == [248, 244]
    assert summary["no_winner"] == 500 - 248 - 244
    report = json.loads(cli("report", "last", "--json").out)
    assert [row["wins"] for row in report["by_seat"]] == [248, 244]
