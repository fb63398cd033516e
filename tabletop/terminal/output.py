"""The one place that owns the Rich consoles and the styles every command uses."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.theme import Theme

from tabletop.core.errors import TabletopError
from tabletop.terminal.interrupts import EXIT_STATUS, stops_like_ctrl_c
from tabletop.terminal.safe_text import fmt

THEME = Theme({
    "error": "bold red",
    "warning": "yellow",
    "ok": "bold green",
    "title": "bold cyan",
    "seat": "bold magenta",
    "action": "bold",
    "dim": "dim",
})

F = TypeVar("F", bound=Callable[..., Any])


class Output:
    """Standard output and standard error as Rich consoles with the project's styles."""

    def __init__(self, console: Console | None = None, errors: Console | None = None):
        self.console = console or Console(theme=THEME)
        self.errors = errors or Console(theme=THEME, stderr=True)

    def print(self, *things: Any, **kwargs: Any) -> None:
        self.console.print(*things, **kwargs)

    def json(self, data: Any) -> None:
        """Plain JSON on standard output, nothing else, for scripts."""
        self.console.file.write(json.dumps(data, indent=2, sort_keys=False) + "\n")

    @contextmanager
    def progress(self, title: str) -> Iterator[Callable[[str], None]]:
        """A spinner line on standard error while a long command works (gone when it ends);
        call what it yields with a few words on how far it has got."""
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn())
        with Progress(*columns, console=self.errors, transient=True) as bar:
            task = bar.add_task(title)
            yield lambda text: bar.update(task, description=f"{title}: {text}")

    def warn(self, message: str) -> None:
        """One warning sentence; ``message`` may echo outside text, so it is printed as plain text."""
        self.errors.print(fmt("[warning]Warning:[/] {}", message))

    def fail(self, message: str, *, code: int = 2) -> typer.Exit:
        """Print one error sentence (as plain text); the caller raises what this returns."""
        self.errors.print(fmt("[error]Error:[/] {}", message))
        return typer.Exit(code)


def friendly(output: Callable[[], Output]) -> Callable[[F], F]:
    """Turn any :class:`TabletopError` a command raises into one printed sentence; SIGTERM and
    SIGHUP stop the command as Ctrl-C does, with their own exit status (143, 129)."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with stops_like_ctrl_c() as received:
                try:
                    return command(*args, **kwargs)
                except TabletopError as error:
                    raise output().fail(str(error)) from None
                except KeyboardInterrupt:
                    if not received:
                        raise
                    raise output().fail(f"Stopped ({received[0]}).", code=EXIT_STATUS[received[0]]) from None
                except typer.Exit as stop:  # a command that stopped itself after a Ctrl-C
                    if received and stop.exit_code == EXIT_STATUS["SIGINT"]:
                        raise typer.Exit(EXIT_STATUS[received[0]]) from None
                    raise

        return wrapper  # type: ignore[return-value]

    return decorate
