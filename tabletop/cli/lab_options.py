"""What the lab's commands share: the results database, workers and backends, progress.

Not a command: ``simulate``, ``sweep``, ``runs`` and ``report`` import it, never each other.
"""


from __future__ import annotations

import contextlib
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tabletop.lab.backends import BACKENDS, Job
from tabletop.lab.runner import RunResult, run_simulation

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime
    from tabletop.lab.db import ResultsDB

INTERRUPTED = 130

DbOption = Annotated[
    Path | None,
    typer.Option("--db", help="Results database (default: $TABLETOP_DB, else lab.sqlite3 in your data folder)."),
]
NoDbOption = Annotated[bool, typer.Option("--no-db", help="Keep no results: print the summary only.")]
WorkersOption = Annotated[
    int, typer.Option("--workers", "-w", min=1, help="Processes to play in (results do not depend on it).")
]
BackendOption = Annotated[
    str, typer.Option("--backend", help=f"Where games are played: {' or '.join(BACKENDS)} (Ray: pip install 'tabletop\\[ray]').")
]
CardsOption = Annotated[
    Path | None,
    typer.Option("--cards", help="Play with these card values (a TOML of tunable values; see `tabletop balance`)."),
]
AddressOption = Annotated[
    str | None, typer.Option("--address", help="Ray cluster address (default: start Ray on this machine).")
]


def finite(data: Any) -> Any:
    """``data`` with every NaN or infinite number as null: JSON has no such numbers, and a
    script reading ``--json`` must get JSON whatever a plugin or an old database held."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [finite(v) for v in data]
    return data


def print_json(rt: Runtime, data: Any) -> None:
    """A lab command's ``--json`` output: only JSON, on standard output."""
    rt.output.json(finite(data))


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def read_cards(path: Path | None, game: Any) -> dict[str, Any]:
    """The checked values of a ``--cards`` file (only those that differ from the printed data)."""
    if path is None:
        return {}
    from tabletop.core.tunables import read_variant

    return read_variant(path, game)


class LockNotice:
    """Told while a write waits for a lock another program holds: says so once, naming the file,
    then every :data:`NOTICE_SECONDS` how long it has waited."""

    NOTICE_SECONDS = 10.0

    def __init__(self, rt: Runtime, path: Path):
        self.rt, self.path = rt, path
        self.said_at: float | None = None

    def __call__(self, seconds: float) -> None:
        if self.said_at is None:
            self.rt.output.warn(
                f"The results database {self.path} is locked by another program; waiting for it "
                "(the games go on; Ctrl-C stops and prints the summary)."
            )
            self.said_at = seconds
        elif seconds - self.said_at >= self.NOTICE_SECONDS:
            self.rt.output.warn(f"Still waiting for {self.path} ({seconds:.0f} s).")
            self.said_at = seconds


def open_db(path: Path | None, rt: Runtime | None = None) -> ResultsDB:
    """The results database (imported here: a run with --no-db needs no SQLite); with ``rt``, a
    write that waits for another program's lock says so."""
    from tabletop.lab.db import ResultsDB
    from tabletop.lab.db_file import default_path

    where = path or default_path()
    return ResultsDB(where, on_wait=None if rt is None else LockNotice(rt, where))


def play_with_progress(
    rt: Runtime, job: Job, *, label: str, backend: str, workers: int, address: str | None,
    db: ResultsDB | None, quiet: bool, sweep: str | None = None, variant: str | None = None,
) -> RunResult:
    """Run ``job`` with a progress bar (games/s, time left) on standard error unless ``quiet``
    or standard error is no terminal (nobody would see it)."""
    workers = min(workers, os.cpu_count() or 1) if backend == "local" else workers
    kwargs: dict[str, Any] = dict(backend=backend, workers=workers, address=address, db=db, sweep=sweep,
                                  variant=variant, on_wait=None if db is None else db.on_wait)
    if quiet:  # --json: whatever a plugin prints while games are played goes to standard error
        with contextlib.redirect_stdout(sys.stderr):
            return run_simulation(job, **kwargs)
    if not rt.output.errors.is_terminal:
        return run_simulation(job, **kwargs)
    from tabletop.cli.progress import progress_bar

    with progress_bar(rt.output.errors, label, total=job.games - job.first) as advance:
        return run_simulation(job, on_result=advance, **kwargs)


def run_notes(rt: Runtime, run: RunResult, games: int) -> None:
    """Why a run ended early, what of it was not stored, whose statistics were left out: one
    sentence each, on standard error."""
    if run.tally.stats_errors:
        rt.output.warn(
            f"Statistics were left out of {run.tally.stats_errors} games (the games count): "
            f"{run.tally.first_stats_error}."
        )
    if run.problem:
        rt.output.warn(f"{run.problem} The {games} games that finished are counted below.")
    if run.unsaved:
        rt.output.warn(
            f"{run.unsaved} of the games counted below could not be stored in the results database "
            "(it stayed locked or failed); run them again to keep them."
        )
