"""Comparisons a reader can trust: shared bins across runs, p-values that never read "0", and
per-seat means compared with games as the unit."""

from tabletop.lab.figures import StatGroups, share_bins
from tabletop.lab.statistics import p_text, proportions


def test_a_p_value_that_underflows_is_shown_as_a_bound():
    test = proportions("seat 1 win rate", 10, 10_000, 9_990, 10_000)
    assert test.p == 0.0  # double precision cannot hold it
    assert p_text(test.p) == "< 1e-300" and p_text(0.0321) == "0.032"


def _analysis(values):
    stats = StatGroups()
    for game, value in enumerate(values):
        stats.add((0,), 0, "gold", float(value), game=game)
        stats.add((0,), 1, "gold", float(value) + 1, game=game)
    return {"seat_stats": stats.seat_stats()}


def test_two_runs_share_one_set_of_bins():
    low, high = _analysis(range(0, 40)), _analysis(range(30, 90))
    assert low["seat_stats"][0]["kind"] == high["seat_stats"][0]["kind"] == "binned"
    before = [r["value"] for r in low["seat_stats"][0]["rows"]], [r["value"] for r in high["seat_stats"][0]["rows"]]
    assert before[0] != before[1]  # each run's own bins: one axis would mix them
    share_bins([low, high])
    rows = [r["value"] for r in low["seat_stats"][0]["rows"]], [r["value"] for r in high["seat_stats"][0]["rows"]]
    assert rows[0] == rows[1]
    assert sum(r["n"] for r in low["seat_stats"][0]["rows"]) == 80  # every seat-game still counted once
    assert sum(r["n"] for r in high["seat_stats"][0]["rows"]) == 120


def test_a_per_seat_mean_is_compared_game_by_game():
    stat = _analysis(range(20))["seat_stats"][0]
    games = dict(stat["game_counts"])
    assert sum(games.values()) == 20  # twenty games, not forty seat-games
    assert games[0.5] == 1  # game 0: seats 0 and 1 averaged
