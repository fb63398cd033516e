"""Rich rendering of one Wind Up view: every machine's 3x3 grid, resources, workers and the market."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

SIDE_STYLE = {"green": "bold green", "yellow": "bold yellow", "orange": "bold dark_orange", "red": "bold red"}
KIND_SHORT = {"generator": "GEN", "smelter": "IRON", "processor": "GOLD", "crafter": "PRISM", "decoration": "DECO"}


def _name(seat: int | None, names: Sequence[str]) -> str:
    if seat is None:
        return "-"
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _cell(cell: Mapping[str, Any] | None) -> Text:
    if cell is None:
        return Text("  .  ", style="dim")
    values = cell["values"]
    if cell["side"] == "red":
        what = "stopped"
    elif cell["kind"] == "generator":
        what = f"{values[0]} energy"
    elif cell["kind"] == "decoration":
        what = f"{values[0]} pts"
    else:
        what = f"{values[0]}->{values[1]} ({values[2]})"
    text = Text(f"{KIND_SHORT[cell['kind']]} {cell['size']}\n", style=SIDE_STYLE[cell["side"]])
    text.append(f"{cell['side']} {what}", style=SIDE_STYLE[cell["side"]])
    return text


def _machine(player: Mapping[str, Any], title: str) -> Table:
    grid = Table(title=title, show_header=True, show_lines=True, expand=False)
    grid.add_column("")
    for c in (1, 2, 3):
        grid.add_column(f"c{c}", justify="center")
    cells = player["grid"]
    for r in range(3):
        grid.add_row(f"r{r + 1}", *(_cell(cells[r * 3 + c]) for c in range(3)))
    return grid


def render_view(view: Mapping[str, Any], *, names: Sequence[str]) -> Group:
    """One seat's view (or a spectator's) as Rich renderables."""
    me = view.get("seat")
    parts: list[Any] = _heading(view, names, me)
    for player in view["players"]:
        parts += _player(player, names, me)
    parts += _market(view)
    if view.get("outcome"):
        outcome = view["outcome"]
        winners = " and ".join(_name(w, names) for w in outcome["winners"]) or "nobody"
        verb = "wins" if len(outcome["winners"]) == 1 else "share the win"
        parts.append(Text(f"Game over: {winners} {verb} ({outcome['reason']}).", style="bold"))
    return Group(*parts)


def _heading(view: Mapping[str, Any], names: Sequence[str], me: int | None) -> list[Any]:
    heading = (f"Wind Up - round {view['round']} of 12 - gear cards left {view['gear_cards_left']} - "
               f"first player {_name(view['first'], names)} - {_name(view['active'], names)} "
               f"({view['phase']}, {view['stage']})")
    parts: list[Any] = [Text(heading, style="bold")]
    if view["phase"] == "turn":
        parts.append(Text(f"Energy {view['energy']}, free winds {view['free_winds']}, "
                          f"overwound {view['overwound'] or '-'}"))
    if view.get("gear_in_play"):
        parts.append(Text(f"Gear card about to turn: {view['gear_in_play']}", style="bold"))
    if view["drawn_gears"]:
        parts.append(Text(f"Gear cards to assign: {', '.join(view['drawn_gears'])}"))
    if me is not None and view.get("tuning"):
        parts.append(Text(f"Tuner: you see {', '.join(view['tuning'])}", style="italic"))
    if me is not None and view.get("gear_known"):
        known = ", ".join(f"{k['card']} ({k['from_top']} from top)" for k in view["gear_known"])
        parts.append(Text(f"Gear cards you know in the deck: {known}", style="italic"))
    return parts


def _player(player: Mapping[str, Any], names: Sequence[str], me: int | None) -> list[Any]:
    seat = player["seat"]
    score = player["score"]
    title = (f"{_name(seat, names)}{' (you)' if seat == me else ''}: iron {player['iron']}, "
             f"gold {player['gold']}, prisms {player['prisms']}"
             f"{', hard restart pending' if player['restart'] else ''}"
             f"{', gear card ' + player['assigned_gear'] if player['assigned_gear'] else ''}")
    workers = ", ".join(w["name"] + (" (new)" if w["new"] else "") for w in player["workers"]) or "none"
    return [_machine(player, title), Text(f"  Workers: {workers}"),
            Text(f"  Score now: {score['total']} (gears {score['gears']}, sets {score['sets']}, "
                 f"decorations {score['decorations']}, prisms {score['prisms']}+{score['prism_bonus']}, "
                 f"gold {score['gold']})", style="cyan")]


def _market(view: Mapping[str, Any]) -> list[Any]:
    market = Table(title="Market", expand=False)
    market.add_column("stack")
    market.add_column("top")
    market.add_column("cost")
    market.add_column("left")
    for kind, stack in view["stacks"].items():
        top = f"size {stack['top_size']}" if stack["top"] else "empty"
        market.add_row(kind, top, str(stack["top_cost"] or "-"), str(len(stack["sizes"])))
    winder = view["winders"][0] if view["winders"] else None
    top = "none"
    if winder:
        top = f"{winder['id']} ({winder['winds']} wind{'s' if winder['winds'] > 1 else ''}, {winder['cost']}g)"
    workers = ", ".join(f"{w['name']} ({w['cost']}g)" for w in view["face_up_workers"]) or "none"
    return [market, Text(f"Winder on top: {top}; face-up workers: {workers}; worker deck {view['worker_deck']}; "
                         f"hard restart cards {view['restart_cards']}")]
