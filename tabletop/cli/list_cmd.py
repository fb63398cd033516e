"""``tabletop list``: the installed games, their options and bots, and broken plugins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from tabletop.cli.safe_text import fmt, plain

if TYPE_CHECKING:
    from tabletop.cli.app import Runtime


def game_entries(rt: Runtime) -> list[dict[str, Any]]:
    registry = rt.registry
    entries: list[dict[str, Any]] = []
    for name in sorted(registry.games):
        game = registry.games[name]
        entries.append({
            "name": game.name,
            "title": game.title,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "version": game.version,
            "options": [
                {"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help}
                for o in game.options
            ],
            "bots": ["human", *registry.bot_names(name)],
        })
    entries.extend(
        {"name": f.plugin, "error": f.reason, **({"conflict": True} if f.conflict else {})} for f in registry.failures
    )
    return entries


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("list")
    def list_games(
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
    ) -> None:
        """List the installed games with players, version, options and bots."""
        entries = game_entries(rt)
        if as_json:
            rt.output.json(entries)
            return
        table = Table(title="Installed games", title_style="title")
        table.add_column("Game", no_wrap=True, style="bold")  # the name people type: never cut
        for column in ("Title", "Players", "Version"):
            table.add_column(column)
        table.add_column("Options", overflow="fold")
        table.add_column("Bots")
        for entry in entries:
            if "error" in entry:
                continue
            players = f"{entry['min_players']}-{entry['max_players']}"
            options = "\n".join(
                f"{o['name']}={o['default']}" + (f" ({'|'.join(map(str, o['choices']))})" if o["choices"] else "")
                for o in entry["options"]
            ) or "-"
            cells = (entry["name"], entry["title"], players, entry["version"], options, ", ".join(entry["bots"]))
            table.add_row(*(plain(c, lines=True) for c in cells))
        rt.output.print(table)
        for entry in entries:
            if "conflict" in entry:
                rt.output.print(fmt("[warning]Plugin '{}':[/] {}.", entry["name"], entry["error"]))
            elif "error" in entry:
                rt.output.print(fmt("[error]Plugin '{}' failed to load:[/] {}", entry["name"], entry["error"]))
        if not rt.registry.games:
            rt.output.print("[warning]No games are installed.[/]")
