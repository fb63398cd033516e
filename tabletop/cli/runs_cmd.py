"""``tabletop runs``: the simulation runs kept in the results database."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer
from rich.table import Table

from tabletop.cli.lab_options import DbOption, open_db, print_json
from tabletop.cli.params import JsonOption
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
            rt.output.print(plain(f"No runs yet in {path}; `tabletop simulate GAME` makes one."))
            return
        table = Table(title=plain(f"Runs in {path}"), title_style="title")
        for column in ("Id", "Created", "Game", "Games", "Options", "Seats", "Status", "Sweep"):
            table.add_column(column, justify="right" if column in ("Id", "Games") else "left")
        for r in found:
            options = ", ".join(f"{k}={v}" for k, v in r.options.items())
            games = f"{r.played}" if r.played == r.planned else f"{r.played}/{r.planned}"
            created = r.created[:16].replace("T", " ")
            table.add_row(*(plain(str(x)) for x in (r.id, created, r.game, games, options, ",".join(r.seats),
                                                   r.status, r.sweep or "")))
        rt.output.print(table)
