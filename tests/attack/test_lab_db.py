"""Class 9: the results database. A file that is not tabletop's is looked at read-only and never
changed; every database fault is one sentence naming the file; a lock held by another program is
waited for, and the games played meanwhile are kept."""

from __future__ import annotations

import os
import sqlite3

import pytest

from tabletop.engine.registry import build_registry
from tabletop.lab.backends import make_job
from tabletop.lab.db import ResultsDB
from tabletop.lab.db_schema import APPLICATION_ID
from tabletop.lab.runner import run_simulation
from tests.attack.helpers import says
from tests.goofspiel import plugin as goofspiel_plugin

GOOF = ("--plugin", "tests.goofspiel.plugin")
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _foreign(path, script: str) -> bytes:
    with sqlite3.connect(path) as conn:
        conn.executescript(script)
    conn.close()
    return path.read_bytes()


@pytest.mark.parametrize("script", [
    "CREATE TABLE runs (id INTEGER PRIMARY KEY, who TEXT); PRAGMA user_version = 2;",
    "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');",
    "CREATE TABLE runs (x); PRAGMA application_id = 1234; PRAGMA user_version = 3;",
], ids=["runs-table-version-2", "other-tables", "other-application-id"])
@pytest.mark.parametrize("command", ["simulate", "runs", "report"])
def test_another_programs_database_is_refused_and_left_byte_for_byte(run_main, tmp_path, script, command):
    path = tmp_path / "theirs.sqlite3"
    before = _foreign(path, script)
    args = {"simulate": ("simulate", "goofspiel", "-n", "3"), "runs": ("runs",), "report": ("report", "last")}
    result = run_main(*GOOF, *args[command], "--db", str(path))
    assert result.code == 2
    assert says(result.text, f"{path} is another program's SQLite database, not tabletop's; it was left unchanged")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["theirs.sqlite3"]  # no -wal, no -shm


def test_a_database_damaged_past_its_header_names_the_file(run_main, tmp_path):
    path = tmp_path / "lab.sqlite3"
    assert run_main(*GOOF, "simulate", "goofspiel", "-n", "20", "--db", str(path)).code == 0
    data = bytearray(path.read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)
    path.write_bytes(bytes(data))
    for name in ("lab.sqlite3-wal", "lab.sqlite3-shm"):
        (tmp_path / name).unlink(missing_ok=True)
    for args in (("runs",), ("report", "last"), ("simulate", "goofspiel", "-n", "2")):
        result = run_main(*GOOF, *args, "--db", str(path))
        assert result.code == 2, result.text
        assert says(result.text, str(path)) and "unexpected error" not in result.text
        assert "use another --db" in result.text


def test_a_new_database_is_marked_as_tabletops(tmp_path):
    with ResultsDB(tmp_path / "lab.sqlite3") as db:
        assert db.conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_folder_that_cannot_be_made_is_one_sentence_naming_the_file(run_main, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    path = blocker / "sub" / "lab.sqlite3"
    result = run_main(*GOOF, "simulate", "goofspiel", "-n", "2", "--db", str(path))
    assert result.code == 2
    assert says(result.text, f"Cannot open the results database {path}") and "unexpected" not in result.text


def test_a_read_only_file_is_one_sentence_naming_the_file(run_main, tmp_path, monkeypatch):
    """As root nothing is read-only, so SQLite's own refusal is played by a stand-in connection."""
    path = tmp_path / "lab.sqlite3"
    ResultsDB(path).close()
    real = sqlite3.connect

    class ReadOnly(sqlite3.Connection):
        def execute(self, sql, *args):
            if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "BEGIN IMMEDIATE")):
                raise sqlite3.OperationalError("attempt to write a readonly database")
            return super().execute(sql, *args)

    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: real(*a, **k, factory=ReadOnly))
    result = run_main(*GOOF, "simulate", "goofspiel", "-n", "2", "--db", str(path))
    assert result.code == 2
    assert says(result.text, f"Cannot write the results database {path}: the file or its folder is read-only")


@pytest.mark.skipif(IS_ROOT, reason="root can write a read-only file")
def test_a_read_only_folder_is_one_sentence_naming_the_file(run_main, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        result = run_main(*GOOF, "simulate", "goofspiel", "-n", "2", "--db", str(folder / "lab.sqlite3"))
    finally:
        folder.chmod(0o755)
    assert result.code == 2 and says(result.text, str(folder / "lab.sqlite3")) and "unexpected" not in result.text


def _job(games: int):
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin])
    game = registry.game("goofspiel")
    bots = [registry.bot("goofspiel", "random")] * 2
    return make_job(registry, game, bots, options=game.resolve_options({}), seed=0, games=games)


def test_a_lock_held_elsewhere_is_waited_for_and_no_game_is_lost(tmp_path, monkeypatch):
    """Another program takes the write lock after the first game and lets go only once the run has
    said it waits: every game is stored, none abandoned."""
    monkeypatch.setattr("tabletop.lab.runner.FLUSH_GAMES", 5)
    monkeypatch.setattr("tabletop.lab.db.LOCK_STEP_SECONDS", 0.01)  # each try at the lock waits this long
    path = tmp_path / "lab.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)
    waits: list[float] = []

    def lock_after_first(index, result):
        if index == 0:
            other.execute("BEGIN IMMEDIATE")

    def waiting(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 3:
            other.execute("COMMIT")

    with ResultsDB(path, on_wait=waiting) as db:
        run = run_simulation(_job(60), db=db, on_result=lock_after_first, on_wait=waiting)
        assert run.unsaved == 0 and not run.interrupted
        assert [g.idx for g in db.games(run.run_id)] == list(range(60))
        assert db.run(run.run_id).status == "finished"
    assert len(waits) >= 3
    other.close()


def test_giving_up_on_a_lock_keeps_the_summary_of_every_game_played(tmp_path, monkeypatch):
    monkeypatch.setattr("tabletop.lab.runner.FLUSH_GAMES", 5)
    monkeypatch.setattr("tabletop.lab.db.LOCK_STEP_SECONDS", 0.01)  # each try at the lock waits this long
    path = tmp_path / "lab.sqlite3"
    other = sqlite3.connect(path, isolation_level=None)

    played = []

    def lock_after_first(index, result):
        played.append(index)
        if len(played) == 1:
            other.execute("BEGIN IMMEDIATE")

    def give_up(seconds: float) -> None:
        if len(played) == 40:  # the run has played every game and now waits for the lock
            raise KeyboardInterrupt  # the person presses Ctrl-C

    with ResultsDB(path, on_wait=give_up) as db:
        run = run_simulation(_job(40), db=db, on_result=lock_after_first, on_wait=give_up)
    other.close()
    assert run.interrupted
    assert run.tally.games == 40 and run.unsaved == 40  # the first game came before the lock, but not its write


def test_simulate_says_it_waits_for_a_lock_and_keeps_every_game(run_main, tmp_path, monkeypatch):
    """End to end: the command prints one sentence naming the file while it waits."""
    path = tmp_path / "lab.sqlite3"
    ResultsDB(path).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    from tabletop.terminal.output import Output

    real_warn = Output.warn

    def warn(self, message):
        real_warn(self, message)
        if "is locked by another program" in message and other.in_transaction:
            other.execute("COMMIT")

    monkeypatch.setattr(Output, "warn", warn)
    result = run_main(*GOOF, "simulate", "goofspiel", "-n", "30", "--db", str(path))
    other.close()
    assert result.code == 0, result.text
    assert says(result.err, f"The results database {path} is locked by another program; waiting")
    with ResultsDB(path) as db:
        assert db.runs()[-1].played == 30
