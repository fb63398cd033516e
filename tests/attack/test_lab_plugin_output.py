"""Class 11: what plugins hand the lab. A statistic that is NaN, infinite, huge or of no seat is
refused where it enters, naming the plugin; a database already holding one (from an older
tabletop) still reports in every form; JSON output is always JSON; a game in which nobody is to
act is a sentence, not IndexError."""

from __future__ import annotations

import json

import pytest

from tabletop.lab.db import ResultsDB
from tests.attack.helpers import says
from tests.lab.fixtures import fixture_run

GOOF = ("--plugin", "tests.goofspiel.plugin")


def strict_json(text: str):
    """JSON as the standard has it: NaN and Infinity are not JSON."""
    def refuse(name):
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("value, why", [
    ("float('nan')", "'bad' is nan, not a finite number"),
    ("float('inf')", "'bad' is inf, not a finite number"),
    ("'x' * 5000", "'bad' is text of 5000 characters (at most 200)"),
    ("[1, 2]", "'bad' is a list, not a number, bool or text"),
])
def test_a_statistic_no_report_could_show_is_refused_naming_the_plugin(run_main, plugin_file, tmp_path, value, why):
    plugin = plugin_file(f"""
        from tabletop.core import hookimpl
        from tabletop.core.stats import Stat

        @hookimpl
        def tabletop_collect_stats(game, outcome):
            return [Stat("good", 1), Stat("bad", {value})]
    """, name="bad_stats")
    db = ("--db", str(tmp_path / "lab.sqlite3"))
    result = run_main(*GOOF, "--plugin", str(plugin), "simulate", "goofspiel", "-n", "6", *db, "--json")
    assert result.code == 0, result.err
    assert strict_json(result.out)["games"] == 6
    assert says(result.err, f"Statistics were left out of 6 games (the games count): plugin '{plugin}' gave a "
                            f"statistic the lab cannot keep: statistic {why}.")
    strict_json(run_main(*GOOF, "report", "last", *db, "--json").out)
    if "nan" in value:  # the report in every form (the charts cost a second: once is enough)
        for form in ((), ("--html", str(tmp_path / "r.html"))):
            assert run_main(*GOOF, "report", "last", *db, *form).code == 0


def test_a_statistic_of_a_seat_the_game_does_not_have_is_refused(run_main, plugin_file, tmp_path):
    plugin = plugin_file("""
        from tabletop.core import hookimpl
        from tabletop.core.stats import Stat

        @hookimpl
        def tabletop_collect_stats(game, outcome):
            return [Stat("points", 3, seat=9)]
    """, name="seat_nine")
    result = run_main(*GOOF, "--plugin", str(plugin), "simulate", "goofspiel", "-n", "3", "--no-db")
    assert says(result.err, "names seat 9, which this game does not have")


def test_a_database_holding_nan_and_infinity_from_an_older_tabletop_reports_in_every_form(run_main, tmp_path):
    path = tmp_path / "lab.sqlite3"
    with ResultsDB(path) as db:
        run = fixture_run(db, seat0_wins=60, games=60)
        for low, bad in enumerate(("NaN", "Infinity", "-Infinity")):
            db.conn.execute(f"UPDATE games SET stats = '[[0, \"charges\", {bad}], [null, \"ending\", \"points\"]]'"
                            " WHERE run_id = ? AND idx % 3 = ?", (run, low))
        other = fixture_run(db, seat0_wins=40, games=60)
    for args in (("report", str(run)), ("compare", str(run), str(other))):
        assert run_main(*args, "--db", str(path)).code == 0
        strict_json(run_main(*args, "--db", str(path), "--json").out)
    assert run_main("report", str(run), "--db", str(path), "--html", str(tmp_path / "r.html")).code == 0


def test_json_output_stays_json_when_a_plugin_prints_at_import(run_main, plugin_file, tmp_path):
    plugin = plugin_file("""
        import sys
        print("hello from a chatty plugin")
        sys.stdout.write("\\x1b[31mred\\n")
    """, name="chatty")
    db = ("--db", str(tmp_path / "lab.sqlite3"))
    result = run_main(*GOOF, "--plugin", str(plugin), "simulate", "goofspiel", "-n", "3", *db, "--json")
    assert strict_json(result.out)["games"] == 3
    for args in (("runs", "--json", *db), ("report", "last", "--json", *db), ("list", "--json")):
        result = run_main(*GOOF, "--plugin", str(plugin), *args)
        assert result.code == 0 and "chatty" in result.err
        strict_json(result.out)


def test_json_output_stays_json_when_a_plugin_prints_while_games_are_played(run_main, plugin_file, tmp_path):
    plugin = plugin_file("""
        from tabletop.core import hookimpl

        @hookimpl
        def tabletop_collect_stats(game, outcome):
            print("a game ended")

        @hookimpl
        def tabletop_observe_game_end(game, record):
            print("{not json")
    """, name="noisy")
    for workers in ("1", "2"):
        result = run_main(*GOOF, "--plugin", str(plugin), "simulate", "goofspiel", "-n", "40", "--workers", workers,
                          "--no-db", "--json")
        assert strict_json(result.out)["games"] == 40


def test_a_game_in_which_nobody_is_to_act_is_a_sentence_not_index_error(run_main, plugin_file):
    plugin = plugin_file("""
        from tabletop.plugin_api import hookimpl
        from tests.goofspiel.game import Goofspiel

        class Stuck(Goofspiel):
            name = "stuckspiel"

            def to_act(self, state):
                return () if len(state.hands[0]) < 11 else state.waiting

        @hookimpl
        def tabletop_register_games():
            return [Stuck()]
    """, name="stuck")
    result = run_main("--plugin", str(plugin), "simulate", "stuckspiel", "-n", "2", "--no-db")
    assert result.code == 1
    assert "IndexError" not in result.text
    assert says(result.text, "the game is not over, yet nobody is to act (its to_act names no seat)")
