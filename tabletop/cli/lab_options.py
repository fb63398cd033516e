"""What the lab's commands share: the results database, workers and backends, progress.

Not a command: ``simulate``, ``sweep``, ``runs`` and ``report`` import it, never each other.
"""


from __future__ import annotations

import os
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


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def read_cards(path: Path | None, game: Any) -> dict[str, Any]:
    """The checked values of a ``--cards`` file (only those that differ from the printed data)."""
    if path is None:
        return {}
    from tabletop.core.tunables import read_variant

    return read_variant(path, game)


def open_db(path: Path | None) -> ResultsDB:
    """The results database (imported here: a run with --no-db needs no SQLite)."""
    from tabletop.lab.db import ResultsDB, default_path

    return ResultsDB(path or default_path())


def play_with_progress(
    rt: Runtime, job: Job, *, label: str, backend: str, workers: int, address: str | None,
    db: ResultsDB | None, quiet: bool, sweep: str | None = None, variant: str | None = None,
) -> RunResult:
    """Run ``job`` with a progress bar (games/s, time left) on standard error unless ``quiet``
    or standard error is no terminal (nobody would see it)."""
    workers = min(workers, os.cpu_count() or 1) if backend == "local" else workers
    kwargs: dict[str, Any] = dict(backend=backend, workers=workers, address=address, db=db, sweep=sweep,
                                  variant=variant)
    if quiet or not rt.output.errors.is_terminal:
        return run_simulation(job, **kwargs)
    from tabletop.cli.progress import progress_bar

    with progress_bar(rt.output.errors, label, total=job.games - job.first) as advance:
        return run_simulation(job, on_result=advance, **kwargs)


