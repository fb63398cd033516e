"""``tabletop runs``: the simulation runs kept in the results database."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.table import Table

from tabletop.cli.lab_options import DbOption, open_db, print_json
from tabletop.cli.params import JsonOption
from tabletop.core.program import command
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("runs")
    @friendly(lambda: rt.output)
    def runs(db: DbOption = None, as_json: JsonOption = False) -> None:
        """List the runs kept by `simulate` and `sweep`: id, game, games, options, seats.

        Example: tabletop runs --json
        """
        with open_db(db) as store:
            found = store.runs()
            path = store.path
        if as_json:
            print_json(rt, [r.to_dict() for r in found])
            return
        if not found:
            rt.output.print(plain(f"No runs yet in {path}; `{command('simulate')} GAME` makes one."))
            return
        # Five columns, each run's details on lines of their own, so 80 columns cut nothing.
        table = Table(title=plain(f"Runs in {path}"), title_style="title")
        table.add_column("Id", justify="right", no_wrap=True)
        table.add_column("Created (UTC)", no_wrap=True)
        table.add_column("Game, options", overflow="fold", min_width=15)
        table.add_column("Seats", overflow="fold", ratio=1)
        table.add_column("Games, status", overflow="fold", min_width=14)
        for r in found:
            game = "\n".join([r.game, *(f"{k}={v}" for k, v in r.options.items())])
            games = f"{r.played} games" if r.played == r.planned else f"{r.played} of {r.planned} games"
            status = "\n".join([games, r.status, *([f"sweep {r.sweep}"] if r.sweep else [])])
            created = r.created[:19].replace("T", "\n")
            table.add_row(*(plain(x, lines=True) for x in (r.id, created, game, ", ".join(r.seats), status)))
        rt.output.print(table)
