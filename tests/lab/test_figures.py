"""``tabletop simulate`` and ``tabletop report`` print one set of figures for one run."""

import json
import statistics

import pytest

from tabletop.lab.figures import length_figures, median

RUNS = [
    ("castlewars", ["-n", "30", "--seats", "captain,random", "--seed", "1"]),
    ("goofspiel", ["-n", "60", "--seats", "random,random", "--seed", "3", "--rotate"]),
]


@pytest.mark.parametrize(("game", "args"), RUNS, ids=[game for game, _ in RUNS])
def test_simulate_and_report_give_the_same_figures_key_by_key(cli, game, args):
    simulated = cli("simulate", game, *args, "--json")
    assert simulated.exit_code == 0, simulated.err
    summary = json.loads(simulated.out)
    report = json.loads(cli("report", "last", "--json").out)
    for key in ("games", "errors", "no_winner", "by_seat", "length"):
        assert summary[key] == report[key], key
    assert summary["by_bot"] == {
        row["bot"]: {"seats": row["seats"], "wins": row["wins"], "games": row["n"], "rate": row["rate"],
                     "ci95": row["ci95"]} for row in report["by_bot"]
    }
    length = report["length"]
    assert (summary["mean_length"], summary["sd_length"]) == (round(length["mean"], 2), round(length["sd"], 2))
    assert (summary["min_length"], summary["max_length"]) == (length["min"], length["max"])


def test_both_commands_print_the_same_length_sentence(cli):
    simulated = cli("simulate", "castlewars", "-n", "20", "--seats", "captain,random", "--seed", "1").out
    sentence = next(line for line in simulated.splitlines() if line.startswith("Games last"))
    reported = " ".join(cli("report", "last").out.split())
    assert sentence in reported


def test_game_length_is_the_sample_sd_and_the_usual_median():
    lengths = [10, 10, 12, 30, 31, 60]
    counts = {10: 2, 12: 1, 30: 1, 31: 1, 60: 1}
    figures = length_figures(counts)
    assert figures["sd"] == pytest.approx(statistics.stdev(lengths))
    assert figures["mean"] == pytest.approx(statistics.mean(lengths))
    assert figures["median"] == statistics.median(lengths) == 21
    assert median({10: 2, 12: 1}) == 10 and median({7: 1}) == 7 and median({}) == 0
    assert (figures["min"], figures["max"], figures["counts"]) == (10, 60, sorted(counts.items()))
