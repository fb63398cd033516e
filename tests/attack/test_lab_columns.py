"""Class 16 (#24 point 13): the lab's output at 80 columns. Tables fit (never cut at the screen's
edge), headers and values are whole words, each game's own bot is marked, and `report --html FILE`
writes the file without also printing the text report."""

from __future__ import annotations

import pytest

BORDERS = ("┏┃┡│└", "┓┃┩│┘")


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")


def fits(text: str) -> bool:
    """Every line within 80 columns and every table row closed by its right border."""
    lines = text.splitlines()
    rows = [line for line in lines if line and line[0] in BORDERS[0]]
    return all(len(line) <= 80 for line in lines) and all(line[-1] in BORDERS[1] for line in rows)


def test_list_fits_keeps_option_values_whole_and_marks_each_games_own_bot(run_main):
    result = run_main("list")
    assert result.code == 0 and fits(result.out) and "…" not in result.out
    for own in ("captain (own)", "engineer (own)", "tactician (own)", "veteran (own)"):
        assert own in result.out
    assert "edition=2017" in result.out and "(2017 | 2016)" in result.out


def test_runs_shows_whole_dates_and_seats(run_main, tmp_path):
    db = ("--db", str(tmp_path / "lab.sqlite3"))
    assert run_main("simulate", "windupwar", "-n", "4", "--seats", "tactician,random,random,random", *db).code == 0
    result = run_main("runs", *db)
    assert fits(result.out) and "…" not in result.out
    assert "tactician, random," in result.out and result.out.count("random") == 3
    assert any(line.count("-") == 2 and "20" in line for line in result.out.splitlines())  # 2026-11-24 whole


def test_sweep_and_compare_headers_name_each_variant_whole(run_main, tmp_path):
    db = ("--db", str(tmp_path / "lab.sqlite3"))
    result = run_main("sweep", "windupwar", "-o", "edition=2016,2017", "-n", "6", "--seats",
                      "tactician,tactician,random,random", *db)
    assert result.code == 0, result.err
    assert fits(result.out) and "…" not in result.out
    header = [line for line in result.out.splitlines() if "edition=2016" in line and "edition=2017" in line]
    assert header  # both variants whole on one header line
    four = run_main("sweep", "windupwar", "-o", "edition=2016,2017", "-o", "factions=deal,pick", "-n", "4", *db)
    assert four.code == 0 and fits(four.out)


def test_report_html_writes_the_file_without_the_text_report(run_main, tmp_path):
    db = ("--db", str(tmp_path / "lab.sqlite3"))
    assert run_main("simulate", "windupwar", "-n", "6", *db).code == 0
    page = tmp_path / "r.html"
    result = run_main("report", "last", *db, "--html", str(page))
    assert result.code == 0 and page.exists()
    assert "Win rate by seat" not in result.out and len(result.out.splitlines()) <= 6
    assert "Report written to" in result.out
