"""One simulation run: stream games from a backend into a tally and the results database.

Results are written in batches (one transaction every half second or so), not one per
game, which keeps the database's cost to a few percent of a run. A Ctrl-C stops the
backend, keeps every game that finished, and marks the run ``interrupted``. While another
program holds the database's write lock, games go on being played and are kept in memory;
at the end the run waits for the lock (``on_wait`` says so; a Ctrl-C gives up, and the
summary still counts every game played). A worker that dies, or a database that fails,
ends the run with one sentence (:attr:`RunResult.problem`) and the summary of what finished.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.engine.simulate import GameResult
from tabletop.lab.backends import Job, check_backend, resolve, stream
from tabletop.lab.figures import Tally

if TYPE_CHECKING:
    from tabletop.lab.db import ResultsDB

FLUSH_SECONDS = 0.5
FLUSH_GAMES = 500


@dataclass
class RunResult:
    run_id: int | None
    tally: Tally
    interrupted: bool
    seconds: float
    #: Games played and counted in ``tally`` but not stored (the database stayed locked, or failed).
    unsaved: int = 0
    #: Why the run ended early, in one sentence (a worker died, the database failed).
    problem: str | None = None


def card_hash(game: Game, cards: str = "") -> str:
    """A short hash of the card data (the TOML files) beside the game's module, and of the card
    values a run changed (``Job.cards``): two runs with one hash played the same cards."""
    import hashlib
    import inspect

    digest = hashlib.sha256()
    try:
        folder = Path(inspect.getfile(type(game))).parent
        for path in sorted(folder.glob("*.toml")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    except (TypeError, OSError):
        return ""
    if cards:
        digest.update(b"\0values\0" + cards.encode())
    return digest.hexdigest()[:16]


#: The signals that stop a run (SIGTERM and SIGHUP as Ctrl-C does: tabletop.terminal.interrupts).
_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


@contextlib.contextmanager
def _deferred_interrupts() -> Iterator[None]:
    """A Ctrl-C (or SIGTERM, SIGHUP) during a write takes effect right after it, through the
    handler it had, so a batch is stored and counted whole. A signal the process was started to
    ignore (a background job's Ctrl-C) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    signals = [getattr(signal, n) for n in _SIGNALS if hasattr(signal, n)]
    previous = {sig: signal.signal(sig, lambda signum, frame: pressed.append(signum))
                for sig in signals if signal.getsignal(sig) is not signal.SIG_IGN}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if pressed:
        handler = previous[pressed[0]]
        if callable(handler):
            handler(pressed[0], None)  # Ctrl-C's raises KeyboardInterrupt, and so do SIGTERM's and SIGHUP's
        raise KeyboardInterrupt


@contextlib.contextmanager
def _no_interrupts() -> Iterator[None]:
    """Hold a second Ctrl-C (or SIGTERM, SIGHUP: they stop a command as Ctrl-C does) off while the
    last results are saved."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    names = [n for n in _SIGNALS if hasattr(signal, n)]
    previous = {n: signal.signal(getattr(signal, n), signal.SIG_IGN) for n in names}
    try:
        yield
    finally:
        for name, handler in previous.items():
            signal.signal(getattr(signal, name), handler)


def run_simulation(
    job: Job,
    *,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    db: ResultsDB | None = None,
    sweep: str | None = None,
    variant: str | None = None,
    on_result: Callable[[int, GameResult], None] | None = None,
    on_wait: Callable[[float], None] | None = None,
) -> RunResult:
    """Play ``job``; ``on_result(index, result)`` sees each game as it finishes, ``on_wait(seconds)``
    is told while the database is locked by another program (it may raise KeyboardInterrupt)."""
    from tabletop.lab.db_schema import DatabaseError, DatabaseLocked

    check_backend(backend)
    game, bots, _ = resolve(job)
    tally = Tally(len(bots))
    run_id = None
    buffer: list[tuple[int, GameResult]] = []
    unstored: list[tuple[int, GameResult]] = []  # counted, not yet written
    last_flush = started = time.perf_counter()
    locked_since: float | None = None

    def flush(*, patient: bool = False) -> None:
        """Count the buffered games and store every game not stored yet; a lock held elsewhere
        leaves them for the next flush (``patient``: wait for it)."""
        nonlocal last_flush, locked_since
        for _, result in buffer:
            tally.add(result)
        if run_id is not None:  # a run in the database: what is not written yet is unsaved
            unstored.extend(buffer)
        buffer.clear()
        last_flush = time.perf_counter()
        if db is None or run_id is None or not unstored:
            return
        try:
            db.add_games(run_id, unstored, patient=patient)
        except DatabaseLocked:
            if patient:
                raise
            locked_since = locked_since or time.perf_counter()
            if on_wait is not None:
                on_wait(time.perf_counter() - locked_since)
            return
        unstored.clear()
        locked_since = None

    status = "failed"
    problem: str | None = None
    games = None
    try:  # from the run's row on: a Ctrl-C or SIGTERM anywhere after it marks the run, never leaves it "running"
        if db is not None:
            run_id = db.new_run(
                game=game.name, version=game.version, options=dict(job.options), seats=list(job.bots),
                seed=job.seed, games=job.games, card_hash=card_hash(game, job.cards), backend=backend,
                workers=workers, sweep=sweep, variant=variant, rotate=job.rotate,
            )
        games = stream(job, backend=backend, workers=workers, address=address)
        for index, result in games:
            buffer.append((index, result))  # one step: a Ctrl-C lands before it or after it
            if on_result is not None:
                on_result(index, result)
            if len(buffer) >= FLUSH_GAMES or time.perf_counter() - last_flush > FLUSH_SECONDS:
                with _deferred_interrupts():
                    flush()
        status = "finished"
    except KeyboardInterrupt:
        status = "interrupted"
    except DatabaseError as error:  # the database failed: count what was played, store no more
        if run_id is None and db is not None:
            raise  # the run's row could not be made: the command's own error, nothing played
        problem = str(error)
        db = None
    except TabletopError as error:  # a worker died: the games so far count
        problem = str(error)
    finally:
        with _no_interrupts():
            with contextlib.suppress(Exception):
                games.close()  # type: ignore[attr-defined]
        try:
            with _no_interrupts():
                flush()
            if unstored and db is not None:
                flush(patient=True)  # the lock is still held elsewhere: wait here (Ctrl-C gives up)
            if db is not None and run_id is not None:
                db.finish_run(run_id, status)
        except KeyboardInterrupt:
            status = "interrupted"
        except DatabaseError as error:
            problem = problem or str(error)
    return RunResult(run_id, tally, status == "interrupted", time.perf_counter() - started,
                     unsaved=len(unstored), problem=problem)
