"""Report and compare on fixture runs give the numbers a reader would work out by hand."""

import json
import math

import pytest

from tabletop.core.stats import wilson
from tabletop.lab.analysis import analyse
from tabletop.lab.compare import compare
from tabletop.lab.db import ResultsDB
from tests.lab.fixtures import fixture_run


@pytest.fixture
def db(lab_db):
    with ResultsDB(lab_db) as opened:
        yield opened


def test_report_figures_of_a_fixture_run(db):
    a = analyse(db, db.run(fixture_run(db, seat0_wins=60)))
    seat1, seat2 = a["by_seat"]
    assert (seat1["wins"], seat1["n"], seat1["rate"]) == (60, 100, 0.6)
    assert seat1["ci95"] == pytest.approx(list(wilson(60, 100)))
    assert seat1["ci95"] == pytest.approx([0.5020, 0.6906], abs=1e-4)
    assert seat2["rate"] == 0.4
    assert a["length"]["mean"] == 14 and a["length"]["median"] == 10 and a["length"]["counts"] == [(10, 60), (20, 40)]
    unit = {s["name"]: s for s in a["seat_stats"]}["first unit"]
    rows = {r["value"]: r for r in unit["rows"]}
    # seat 1 won games 0-59: with tank (games 0-49) 50 of 50; seat 2 always had infantry and won 40 of 100
    assert (rows["tank"]["n"], rows["tank"]["wins"]) == (50, 50)
    assert (rows["infantry"]["n"], rows["infantry"]["wins"]) == (150, 50)
    charges = {s["name"]: s for s in a["seat_stats"]}["charges"]
    assert charges["mean"] == pytest.approx(sum(i % 3 for i in range(100)) / 100)
    ending = {s["name"]: s for s in a["game_stats"]}["ending"]
    assert ending["rows"][0] == {"value": "points", "n": 60, "share": 0.6}
    fair = {t["seat"]: t for t in a["fair_share"]}
    # equal share 50%: 60 of 100 gives z = 2, p = 0.0455, Holm over 2 seats -> 0.091: not significant
    assert fair[1]["p"] == pytest.approx(math.erfc(2 / math.sqrt(2)))
    assert fair[1]["p_adjusted"] == pytest.approx(2 * fair[1]["p"]) and not fair[1]["significant"]


def test_the_report_counts_the_games_that_ended_by_a_limit(db):
    """The reason each game's end gave is counted per run, so a game's round limit shows."""
    from tabletop.engine.simulate import GameResult
    from tabletop.lab.analysis import ENDING
    from tabletop.lab.report import run_sections

    run = db.new_run(game="castlewars", version="0.6.1", options={}, seats=["captain"] * 4, seed=0, games=10)
    limit = "round limit (40); the highest hit points win"
    db.add_games(run, [(i, GameResult((i % 4,), 100, seed=i, reason=limit if i < 3 else "last castle standing"))
                       for i in range(10)])
    db.finish_run(run, "finished")
    a = analyse(db, db.run(run))
    ending = {s["name"]: s for s in a["game_stats"]}[ENDING]
    assert {r["value"]: r["n"] for r in ending["rows"]} == {"last castle standing": 7, limit: 3}
    section = next(s for s in run_sections(a) if s.title == ENDING)
    assert [limit, "3", "30.0%"] in section.rows


def test_compare_two_fixture_runs(db):
    a = analyse(db, db.run(fixture_run(db, seat0_wins=50, variant="A")))
    b = analyse(db, db.run(fixture_run(db, seat0_wins=70, variant="B")))
    result = compare([a, b])
    tests = {t["name"]: t for t in result["tests"]}
    seat1 = tests["seat 1 win rate"]
    assert (seat1["a"], seat1["b"], seat1["diff"]) == pytest.approx((0.5, 0.7, 0.2))
    pooled = 0.6
    z = 0.2 / math.sqrt(pooled * (1 - pooled) * 2 / 100)
    assert seat1["p"] == pytest.approx(math.erfc(z / math.sqrt(2)))  # 0.0039
    assert seat1["test"] == "two-proportion z-test" and result["correction"] == "Holm"
    m = result["count"]
    order = sorted(t["p"] for t in result["tests"])
    assert seat1["p_adjusted"] == pytest.approx(min(1, max((m - k) * p for k, p in enumerate(order[:2]))))
    assert seat1["significant"]
    length = tests["game length"]
    assert (length["a"], length["b"], length["test"]) == (15, 13, "Welch's t-test")
    assert "win rate with first unit = tank" not in tests  # won every time in both runs: nothing to test
    assert tests["win rate with first unit = infantry"]["a"] == pytest.approx(50 / 150)
    assert result["baseline"] == "A" and {t["variant"] for t in result["tests"]} == {"B"}


def test_report_and_compare_commands(cli, db, tmp_path):
    first = fixture_run(db, seat0_wins=50, variant="A")
    second = fixture_run(db, seat0_wins=70, variant="B")
    report = cli("report", str(first))
    assert report.exit_code == 0, report.err
    text = " ".join(report.out.split())
    assert "50.0%" in text and "Win rate by first unit" in text and "Games last 15.0 actions" in text
    compared = cli("compare", str(first), str(second))
    assert compared.exit_code == 0, compared.err
    text = " ".join(compared.out.split())
    assert "two-proportion z-test" in text and "Holm" in text and "+20.0 pts" in text
    page = tmp_path / "compare.html"
    compared = cli("compare", str(first), str(second), "--html", str(page), "--png-dir", str(tmp_path / "png"))
    assert compared.exit_code == 0, compared.err
    text = " ".join(compared.out.split())
    assert f"Report written to {page}" in text and "Holm" not in text  # the file, not also the text
    html = page.read_text()
    assert html.count('<img class="chart"') >= 3 and "http" not in html.split("</head>")[1]
    assert (tmp_path / "png" / "seats.png").read_bytes()[:4] == b"\x89PNG"
    data = json.loads(cli("compare", str(first), str(second), "--json").out)
    assert data["tests"][0]["name"] == "seat 1 win rate"


def test_report_of_a_run_that_is_not_there(cli, db):
    result = cli("report", "42")
    assert result.exit_code == 2 and "No run 42" in result.err
    assert cli("report", "abc").exit_code == 2
    assert cli("compare", "1").exit_code == 2


def test_a_number_with_many_values_is_shown_in_ranges_of_similar_size(db):
    from tabletop.core.stats import Stat
    from tabletop.engine.simulate import GameResult

    run = db.new_run(game="goofspiel", version="1.0", options={}, seats=["random", "random"], seed=0, games=100)
    db.add_games(run, [(i, GameResult((0,) if i >= 50 else (1,), 5, stats=(Stat("gold", i, seat=0),)))
                       for i in range(100)])
    gold = {s["name"]: s for s in analyse(db, db.run(run))["seat_stats"]}["gold"]
    assert gold["kind"] == "binned"
    assert [(r["value"], r["n"], r["wins"]) for r in gold["rows"]] == [
        ("0-19", 20, 0), ("20-39", 20, 0), ("40-59", 20, 10), ("60-79", 20, 20), ("80-99", 20, 20)]
