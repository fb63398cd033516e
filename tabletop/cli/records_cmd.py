"""``tabletop records``: the saved games, newest first, finished or not (resume the others)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from tabletop.cli.params import JsonOption
from tabletop.cli.saving import records_folder, saved_records, served_folder
from tabletop.core.errors import RecordError
from tabletop.core.program import command
from tabletop.core.record import GameRecord
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import fmt, plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def load_saved(path: Path) -> GameRecord:
    """A record file, or a served game as its server keeps it (its journal while it is played)."""
    if served_folder(path) is None:
        return GameRecord.load(path)
    from tabletop.net.server_journal import Journal

    return Journal(path.parent).load(path.parent.name)


def describe(path: Path) -> dict[str, Any]:
    """One saved game in a few fields; an unreadable file says why instead."""
    try:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:  # a dangling link, or gone since the folder was read
        when = "?"
    try:
        record = load_saved(path)
    except RecordError as error:
        return {"file": str(path), "date": when, "error": str(error)}
    return {
        "file": str(path),
        "game": record.game,
        "date": when,
        "seats": [{"name": s["name"], "agent": s.get("agent", "")} for s in record.seats],
        "actions": len(record.actions),
        "finished": record.outcome is not None,
        **({"served": str(served)} if (served := served_folder(path)) is not None else {}),
    }


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("records")
    @friendly(lambda: rt.output)
    def records(
        folder: Annotated[Path | None, typer.Option("--folder", help="Where to look (default: where play saves).")] = None,
        json_out: JsonOption = False,
    ) -> None:
        """List saved games, numbered: game, date, seats, finished or not.

        Continue an unfinished one with `tabletop play --resume N` (its number here, its name, or its file).
        """
        where = folder or records_folder()
        found = [describe(p) for p in saved_records(where)]
        if json_out:
            rt.output.json(found)
            return
        if not found:
            rt.output.print(fmt("No saved games in {}.", where), highlight=False)
            return
        table = Table(title=plain(f"Saved games in {where}"))
        for column in ("#", "File", "Game", "Date", "Seats", "State"):
            table.add_column(column, overflow="fold")
        for number, item in enumerate(found, 1):
            name = Path(item["file"]).name if "served" not in item else str(Path(item["file"]).parent.relative_to(where))
            if "error" in item:
                table.add_row(str(number), plain(name), "?", item["date"], "", plain(item["error"]))
                continue
            seats = ", ".join(f"{s['name']} ({s['agent']})" if s["agent"] else s["name"] for s in item["seats"])
            state = "finished" if item["finished"] else f"unfinished, {item['actions']} actions: --resume {number}"
            if "served" in item and not item["finished"]:
                state = f"unfinished, {item['actions']} actions: {command('serve', '--resume', str(item['served']))}"
            table.add_row(str(number), *(plain(cell) for cell in (name, item["game"], item["date"], seats, state)))
        rt.output.print(table)
