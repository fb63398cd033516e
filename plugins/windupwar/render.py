"""Rich rendering of one Windup War view: the armies, the last card step, the hand.

It reads only the view (what the seat may know), so it can never show a secret.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from tabletop_games.windupwar.cards import BLACK, COLOURS

STYLE = {
    "black": "bold grey70", "purple": "bold magenta", "pink": "bold hot_pink", "orange": "bold dark_orange",
    "green": "bold green", "blue": "bold dodger_blue1",
}
HEART, LOST = "\u2665", "\u2661"


def _hearts(hearts: int, maximum: int) -> Text:
    return Text(HEART * hearts, style="red") + Text(LOST * (maximum - hearts), style="grey37")


def _card(game: Any, notation: str) -> Text:
    card = game.data.by_notation.get(notation)
    if card is None:
        return Text(notation or "-", style="grey50")
    return Text(notation, style=STYLE[card.colour])


def _cards(game: Any, cards: Sequence[str]) -> Text:
    if not cards:
        return Text("-", style="grey50")
    return Text(" ").join(_card(game, c) for c in cards)


def _unit(unit: Mapping[str, Any]) -> Text:
    text = Text(f"{unit['name']} ") + _hearts(unit["hearts"], unit["max_hearts"]) + Text(" ")
    return text + Text(" ").join(Text(f"\u25a0{r}", style=STYLE[r]) for r in unit["ribbons"])


def _seats_table(game: Any, view: Mapping[str, Any], names: Sequence[str]) -> Table:
    table = Table(title=f"Round {view['round']} - {view['phase']} - {view['points_to_win']} points win",
                  show_lines=False)
    for column in ("Seat", "Active unit", "Waiting", "Points", "Broken", "Discard", "Hand", "Windup row"):
        table.add_column(column)
    for entry in view["seats"]:
        s = entry["seat"]
        name = Text(names[s], style="bold" if s == view.get("seat") else "")
        if entry["status"] != "in play":
            name += Text(f" ({entry['status']})", style="red")
        army = entry["army"]
        active = next((u for u in army if u["state"] == "active"), None)
        if view["phase"] in ("faction", "army"):
            active_text = Text(f"picking ({entry['units_picked']}/3)", style="grey50")
        elif active is None:
            active_text = Text("-", style="grey50")
        else:
            active_text = _unit(active)
        waiting = Text(", ").join(Text(u["name"]) for u in army if u["state"] == "waiting") or Text("-")
        if view["phase"] in ("faction", "army") and army:
            waiting = Text("picked: ") + waiting
        row = Text(" ").join(
            Text("?", style="grey50") if c == "?" else Text("_", style="grey37") if c == "" else _card(game, c)
            for c in entry["row"]) or Text("-", style="grey50")
        table.add_row(name, active_text, waiting, str(entry["points"]), _cards(game, entry["broken"]),
                      _cards(game, entry["discard"]), str(entry["hand_size"]), row)
    return table


def _reveal_table(game: Any, view: Mapping[str, Any], names: Sequence[str]) -> Table | None:
    reveal = view.get("last_reveal")
    if not reveal or not reveal["rows"]:
        return None
    rows = reveal["rows"]
    table = Table(title=f"Last card step: round {reveal['round']}, card {reveal['step']}")
    for column in ("Seat", "Unit", "Card", "Result", "Dealt", "Taken", "Hearts left"):
        table.add_column(column)
    units = game.data.unit_by_id
    for r in rows:
        if r["card"] is None:
            card_text = Text("-", style="grey50")
        else:
            card_text = _card(game, r["card"]) + Text(f" {game.data.by_notation[r['card']].name}")
        table.add_row(names[r["seat"]], units[r["unit"]].name, card_text,
                      r["outcome"], str(r["dealt"]), str(r["taken"]), str(r["hearts"]))
    return table


def _round_table(game: Any, view: Mapping[str, Any], names: Sequence[str]) -> Table | None:
    """The latest War at a glance: one row per seat, one column per revealed card step."""
    reveals = view.get("reveals") or []
    if len(reveals) < 2:
        return None
    table = Table(title=f"Round {reveals[0]['round']}: every card step (dealt/taken)")
    table.add_column("Seat")
    for reveal in reveals:
        table.add_column(f"Card {reveal['step']}")
    seats = sorted({r["seat"] for reveal in reveals for r in reveal["rows"]})
    for seat in seats:
        cells = []
        for reveal in reveals:
            row = next((r for r in reveal["rows"] if r["seat"] == seat), None)
            if row is None:
                cells.append(Text("out", style="grey50"))
            elif row["card"] is None:
                cells.append(Text("-", style="grey50") + Text(f" {row['dealt']}/{row['taken']}"))
            else:
                mark = "" if row["outcome"] == "played" else "!"
                cells.append(_card(game, row["card"]) + Text(f"{mark} {row['dealt']}/{row['taken']}"))
        table.add_row(names[seat], *cells)
    return table


def _hand(game: Any, view: Mapping[str, Any]) -> Text | None:
    hand = view.get("hand")
    seat = view.get("seat")
    if seat is None or hand is None:
        return None
    me = view["seats"][seat]
    active = next((u for u in me["army"] if u["state"] == "active"), None)
    allowed = set(active["ribbons"]) | {BLACK} if active else None
    text = Text("Your hand", style="bold")
    if active:
        text += Text(f" (legal for your {active['name']}: \u2713)")
    for colour in COLOURS:
        cards = [c for c in hand if game.data.by_notation[c].colour == colour]
        if not cards:
            continue
        text += Text(f"\n  {colour:<7}", style=STYLE[colour])
        for c in cards:
            mark = "" if allowed is None else (" \u2713" if colour in allowed else " \u2717")
            text += Text(" ") + _card(game, c) + Text(f" {game.data.by_notation[c].name}{mark};")
    return text


def render_view(game: Any, view: Mapping[str, Any], *, names: Sequence[str]) -> Group:
    parts: list[Any] = [_seats_table(game, view, names)]
    for extra in (_round_table(game, view, names), _reveal_table(game, view, names)):
        if extra is not None:
            parts.append(extra)
    if view.get("charger") is not None:
        parts.append(Text(f"{names[view['charger']]}'s Charge! succeeds: choose a discard card to score.",
                          style="bold yellow"))
    hand = _hand(game, view)
    if hand is not None:
        parts.append(hand)
    return Group(*parts)
