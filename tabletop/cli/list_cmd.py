"""``tabletop list``: the installed games, their options and bots, and broken plugins."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from tabletop.core.options import Option
from tabletop.screen.text import players_range
from tabletop.terminal.safe_text import fmt, plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


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
            **({"recommended_max_players": game.recommended_max_players}
               if game.recommended_max_players is not None else {}),
            "version": game.version,
            "options": [
                {"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help}
                for o in game.options
            ],
            "bots": registry.bot_names(name),
        })
    entries.extend(
        {"name": f.plugin, "error": f.reason, **({"conflict": True} if f.conflict else {})} for f in registry.failures
    )
    return entries


def option_text(option: Option) -> str:
    """``name=default`` and, on a line of its own, ``(allowed | values)``: a narrow column breaks
    between values, never inside one; a yes/no option as ``on``/``off``, never a type name."""
    def shown(value: Any) -> str:
        return ("on" if value else "off") if isinstance(value, bool) else str(value)

    allowed = " | ".join(shown(c) for c in option.choices) if option.choices else (
        "on | off" if isinstance(option.default, bool) else "whole number" if isinstance(option.default, int) else "text"
    )
    return f"{option.name}={shown(option.default)}\n({allowed})"


def bots_text(rt: Runtime, game: str) -> str:
    """The bots that play ``game``, its own first and marked: the one to seat for a good game."""
    own = [b.name for b in rt.registry.bots if b.game == game]
    names = rt.registry.bot_names(game)
    return "\n".join([f"{n} (own)" for n in own if n in names] + [n for n in names if n not in own]) or "-"


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
        # The version under the title, values under options, a bot a line: 80 columns hold it all.
        table.add_column("Title", max_width=11)
        table.add_column("Players", max_width=10)
        table.add_column("Options", min_width=13)
        table.add_column("Bots", min_width=15)
        for entry in entries:
            if "error" in entry:
                continue
            game = rt.registry.games[entry["name"]]
            options = "\n".join(option_text(o) for o in game.options) or "-"
            cells = (entry["name"], f"{entry['title']}\nv{entry['version']}", players_range(game), options,
                     bots_text(rt, game.name))
            table.add_row(*(plain(c, lines=True) for c in cells))
        rt.output.print(table)
        if rt.registry.games:
            rt.output.print("A seat is taken by a person (human) or by one of the game's bots; (own): the bot "
                            "written for that game.", style="dim")
        for entry in entries:
            if "conflict" in entry:
                rt.output.print(fmt("[warning]Plugin '{}':[/] {}.", entry["name"], entry["error"]))
            elif "error" in entry:
                rt.output.print(fmt("[error]Plugin '{}' failed to load:[/] {}", entry["name"], entry["error"]))
        if not rt.registry.games:
            rt.output.print("[warning]No games are installed.[/]")
