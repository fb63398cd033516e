"""Class 21: a plain ``kill`` (SIGTERM) stops a long command as Ctrl-C does: what finished is kept,
the run or study is marked stopped (never left "running"), no worker prints a traceback, and the
exit status is 143. Before, the parent died at once and its workers printed tracebacks."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

GOOF = ("--plugin", "tests.goofspiel.plugin")


def _started(tmp_path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "TABLETOP_DB": str(tmp_path / "lab.sqlite3"), "COLUMNS": "100"}
    # Ctrl-C's and SIGTERM's default actions in the child, as from a terminal (a background job
    # of a non-interactive shell inherits SIGINT ignored)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen([sys.executable, "-m", "tabletop", *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, start_new_session=True, text=True)
    finally:
        signal.signal(signal.SIGINT, previous)


def _rows(tmp_path, sql: str) -> list[tuple]:
    path = tmp_path / "lab.sqlite3"
    if not path.exists():
        return []
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            return conn.execute(sql).fetchall()
    except sqlite3.OperationalError:  # the tables are not made yet
        return []


def _wait_for(proc: subprocess.Popen, condition) -> bool:
    deadline = time.monotonic() + 300  # a guard against a hang only: the loop waits on the condition
    while proc.poll() is None and time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


@pytest.mark.parametrize("whom", ["process", "group"])
def test_sigterm_stops_simulate_keeps_the_finished_games_and_marks_the_run_interrupted(tmp_path, whom):
    proc = _started(tmp_path, *GOOF, "simulate", "goofspiel", "-n", "10000000", "--workers", "2")
    try:
        playing = _wait_for(proc, lambda: _rows(tmp_path, "SELECT count(*) FROM games WHERE run_id = 1")[0][0] > 0
                            if _rows(tmp_path, "SELECT count(*) FROM runs") else False)
    finally:
        if proc.poll() is None:
            (os.killpg if whom == "group" else os.kill)(proc.pid, signal.SIGTERM)
    out, err = proc.communicate(timeout=300)
    assert playing, (proc.returncode, out, err)
    assert proc.returncode == 143, (out, err)
    assert "Traceback" not in err + out and "Interrupted" in err
    ((status, played),) = _rows(tmp_path, "SELECT status, (SELECT count(*) FROM games) FROM runs")
    assert status == "interrupted" and played > 0
    assert f"goofspiel: {played} games" in out


def test_sigterm_stops_balance_and_marks_the_study_stopped(tmp_path):
    proc = _started(tmp_path, "balance", "windupwar", "--budget", "1000", "-n", "20", "--players", "2")
    try:
        started = _wait_for(proc, lambda: bool(_rows(tmp_path, "SELECT id FROM runs")))
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    out, err = proc.communicate(timeout=300)
    assert started, (proc.returncode, out, err)
    assert proc.returncode == 143, (out, err)
    assert "Traceback" not in err + out
    assert _rows(tmp_path, "SELECT status FROM studies") == [("stopped",)]
    assert "running" not in {status for (status,) in _rows(tmp_path, "SELECT status FROM runs")}
