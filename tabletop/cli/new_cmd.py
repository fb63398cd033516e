"""``tabletop new NAME``: write a complete, installable game plugin to start from."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tabletop.core.program import command, pip, python
from tabletop.scaffold import write
from tabletop.terminal.output import friendly

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("new")
    @friendly(lambda: rt.output)
    def new(
        name: Annotated[str, typer.Argument(help="The game's name, as people will type it (e.g. mygame).")],
        folder: Annotated[
            Path | None, typer.Option("--dir", help="Where to write the package (default: ./NAME).")
        ] = None,
    ) -> None:
        """Write a new game plugin package in the layout of the bundled games: rules, cards, bot, board, search kit, statistics and tests, ready to install."""
        target = folder if folder is not None else Path(name)
        written = write(name, target, installed=rt.registry.games)
        rt.output.print(f"[ok]Wrote {len(written)} files to {target}.[/] Next:", highlight=False)
        for step in (f"{pip()} install -e {shlex.quote(str(target))}", command("list"), command("play", name),
                     command("check", name), f"{python()} -m pytest {shlex.quote(str(target))}"):
            rt.output.print(f"  {step}", highlight=False)
