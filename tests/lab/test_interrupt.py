"""Long runs are bounded: a Ctrl-C keeps finished games, stops every worker, and memory does not grow with -n."""

import importlib.util
import multiprocessing
import os
import signal
import subprocess
import sys
import time
import tracemalloc

import pytest

from tabletop.lab.backends import make_job
from tabletop.lab.db import ResultsDB
from tabletop.lab.runner import run_simulation


def _job(registry, games):
    found = registry.game("goofspiel")
    bots = [registry.bot("goofspiel", "random")] * 2
    return make_job(registry, found, bots, options={}, seed=0, games=games)


class Stop:
    """Presses Ctrl-C (raises KeyboardInterrupt, as the signal does) after ``after`` games."""

    def __init__(self, after):
        self.after, self.seen = after, 0

    def __call__(self, index, result):
        self.seen += 1
        if self.seen == self.after:
            raise KeyboardInterrupt


def test_an_interrupted_run_keeps_its_finished_games(registry, tmp_path):
    with ResultsDB(tmp_path / "lab.sqlite3") as db:
        run = run_simulation(_job(registry, 500), db=db, on_result=Stop(37))
        assert run.interrupted and run.tally.games == 37
        (kept,) = db.runs()
        assert (kept.played, kept.planned, kept.status) == (37, 500, "interrupted")


def test_an_interrupted_pool_stops_its_workers_and_keeps_what_finished(registry, tmp_path):
    with ResultsDB(tmp_path / "lab.sqlite3") as db:
        run = run_simulation(_job(registry, 100_000), db=db, workers=2, on_result=Stop(300))
        assert run.interrupted and run.tally.games == 300
        assert db.runs()[0].played == 300
    assert multiprocessing.active_children() == []


def test_a_ctrl_c_the_run_was_started_to_ignore_stays_ignored_while_games_are_written(registry, tmp_path):
    seen = []
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a background job starts
    try:
        with ResultsDB(tmp_path / "lab.sqlite3") as db:
            write = db.add_games

            def add_games(*args, **kwargs):
                seen.append(signal.getsignal(signal.SIGINT))
                return write(*args, **kwargs)

            db.add_games = add_games
            run = run_simulation(_job(registry, 1200), db=db)
        assert run.tally.games == 1200 and len(seen) >= 2  # written while playing, and at the end
        assert set(seen) == {signal.SIG_IGN} and signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_memory_does_not_grow_with_the_number_of_games(registry):
    def peak(games):
        tracemalloc.start()
        run_simulation(_job(registry, games))
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(1500), peak(6000)  # both fill the write buffer (500 games) several times
    assert large < small + 100_000, (small, large)  # a list of 6,000 results alone would be ~1 MB


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["local", "ray"])
def test_ctrl_c_stops_simulate_and_every_worker_prints_the_finished_games_and_exits_130(tmp_path, backend):
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install 'tabletop[ray]')")
    env = {**os.environ, "TABLETOP_DB": str(tmp_path / "lab.sqlite3"), "COLUMNS": "100"}
    # Started as from a terminal, with Ctrl-C's default action: a process inherits SIGINT ignored
    # from a background job of a non-interactive shell (a CI run started with '&' does that), and
    # would play its million games through the Ctrl-C. A handler here is reset to the default in
    # the child; an ignored signal stays ignored.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tabletop", "simulate", "windupwar", "-n", "1000000", "--workers", "2",
             "--backend", backend],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True, text=True,
        )
    finally:
        signal.signal(signal.SIGINT, previous)
    deadline = time.monotonic() + 300  # a guard against a hang only: the loop waits on the condition
    kept = False
    while not kept and proc.poll() is None and time.monotonic() < deadline:  # until games are kept
        time.sleep(0.5)
        path = tmp_path / "lab.sqlite3"
        if path.exists():
            with ResultsDB(path) as db:
                runs = db.runs()
            kept = bool(runs) and runs[0].played > 0
    ended = proc.poll()  # simulate must still be running: it was asked for a million games
    if ended is None:
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal does: every process of the group gets it
    # It must stop by itself after the one Ctrl-C; the bound only keeps a hang from blocking the
    # suite (a busy machine makes the workers' exit slow, not wrong: no clock is asserted).
    out, err = proc.communicate(timeout=300)
    assert ended is None and kept, f"before the Ctrl-C: exit status {ended}, games kept {kept}; {out=} {err=}"
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err and "Traceback" not in out
    assert "Interrupted" in err and "games finished" in err
    assert "windupwar:" in out and "By bot" in out
    with ResultsDB(tmp_path / "lab.sqlite3") as db:
        (run,) = db.runs()
    assert run.status == "interrupted" and 0 < run.played < 1_000_000
    assert f"windupwar: {run.played} games" in out
