"""Class 13: what lab commands print. Option values, plugin statistics and a shared database's
rows reach the terminal escaped, never as escape sequences or markup, in runs, report and
compare."""

from __future__ import annotations

from tabletop.core.stats import Stat
from tabletop.engine.simulate import GameResult
from tabletop.lab.db import ResultsDB

ESC = "\x1b]0;owned\x07\x1b[2J\x1b[31m"
HOSTILE = f"{ESC}[bold]x[/]\u202e"


def _hostile_run(db: ResultsDB) -> int:
    run = db.new_run(game=f"goofspiel{ESC}", version=f"1{ESC}", options={f"k{ESC}": HOSTILE},
                     seats=[f"random{ESC}", "random"], seed=0, games=40, sweep=f"s{ESC}", variant=HOSTILE,
                     card_hash=f"h{ESC}")
    db.add_games(run, [
        (i, GameResult((i % 2,), 10 + i % 3, seed=i, reason=HOSTILE,
                       stats=(Stat(f"first{ESC}", HOSTILE if i % 2 else "plain", seat=0), Stat(HOSTILE, i % 4))))
        for i in range(40)
    ])
    db.finish_run(run, "finished")
    return run


def test_a_shared_databases_rows_never_reach_the_terminal_as_escape_sequences(run_main, tmp_path):
    path = tmp_path / "lab.sqlite3"
    with ResultsDB(path) as db:
        first, second = _hostile_run(db), _hostile_run(db)
    html = tmp_path / "r.html"
    for args in (("runs",), ("report", str(first)), ("compare", str(first), str(second)),
                 ("report", str(first), "--html", str(html))):
        result = run_main(*args, "--db", str(path))
        assert result.code == 0, result.err
        for stream in (result.out, result.err):
            assert "\x1b" not in stream and "\x07" not in stream and "\u202e" not in stream, args
        assert "\\x1b" in result.out  # shown escaped, not dropped
        assert "[bold]x[/]" in result.out or args[0] == "runs"  # shown as written, not as markup



def test_chart_text_is_never_parsed_as_math(run_main, tmp_path):
    """Option values and statistics such as ``$a_b_c$`` (a double subscript to matplotlib's math)
    are labels, and the HTML report is written."""
    path = tmp_path / "lab.sqlite3"
    math = "$a_b_c$"
    with ResultsDB(path) as db:
        runs = []
        for variant in (math, r"$\frac{$"):
            run = db.new_run(game="goofspiel", version="1", options={"o": variant}, seats=[math, "random"],
                             seed=0, games=40, variant=variant)
            db.add_games(run, [(i, GameResult((i % 2,), 10 + i % 5, seed=i, reason="r",
                                              stats=(Stat(math, math if i % 2 else "$x^$", seat=0),)))
                               for i in range(40)])
            runs.append(str(run))
    for args in (("report", runs[0]), ("compare", *runs)):
        html = tmp_path / f"{args[0]}.html"
        result = run_main(*args, "--db", str(path), "--html", str(html))
        assert result.code == 0, result.err
        assert html.stat().st_size > 1000 and "$a_b_c$" in html.read_text()
