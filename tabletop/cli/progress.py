"""A run's progress bar on standard error: games done, games per second, time left."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from tabletop.terminal.safe_text import clean

#: The bar moves at most this often: a run reports each of thousands of games a second.
STEP_SECONDS = 0.05


class SpeedColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.0f} games/s" if speed else "- games/s", style="dim")


@contextlib.contextmanager
def progress_bar(console: Console, label: str, *, total: int) -> Iterator[Callable[[int, Any], None]]:
    """Yield ``advance(index, result)``, to call once per finished game."""
    columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), SpeedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(clean(label), total=total)
        pending = 0
        due = time.perf_counter() + STEP_SECONDS

        def advance(index: int, result: Any) -> None:
            nonlocal pending, due
            pending += 1
            if pending >= 1000 or time.perf_counter() >= due:
                progress.advance(task, pending)
                pending = 0
                due = time.perf_counter() + STEP_SECONDS

        try:
            yield advance
        finally:
            if pending:
                progress.advance(task, pending)
