"""Rich rendering of one Castle Wars view: the face-up row, the seats, your hand, the last battle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tabletop_games.castlewars.cards import CardRules

STYLE = {"K": "bold red", "A": "bold green", "M": "bold magenta", "T": "bold blue"}


def _cards(letters: Sequence[str], cards: CardRules) -> Text:
    text = Text()
    for i, letter in enumerate(letters):
        if i:
            text.append(" ")
        text.append(cards.names[letter], style=STYLE.get(letter, ""))
    return text if letters else Text("none", style="dim")


def _seat(seat: int | None, names: Sequence[str]) -> str:
    if seat is None:
        return "-"
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _battle(battle: Mapping[str, Any], names: Sequence[str], cards: CardRules) -> Panel:
    lines: list[Text] = []
    for order in battle["orders"]:
        target = order["target"]
        what = "defends" if target is None else f"attacks {_seat(target, names)}"
        lines.append(Text(f"{_seat(order['seat'], names)} {what}."))
    for number, clash in enumerate(battle["clashes"], start=1):
        (a, b), (ua, ub), lost = clash["seats"], clash["units"], clash["lost"]
        line = Text(f"{number:>2}. {_seat(a, names)}'s ")
        line.append(cards.names[ua], style=STYLE[ua])
        line.append(f" meets {_seat(b, names)}'s ")
        line.append(cards.names[ub], style=STYLE[ub])
        if len(lost) == 2:
            line.append(": both discarded")
        else:
            line.append(f": {_seat(lost[0], names)}'s discarded")
        lines.append(line)
    for hit in battle["strikes"]:
        line = Text(f"{_seat(hit['seat'], names)}: ")
        line.append_text(_cards(hit["units"], cards))
        line.append(f" reach {_seat(hit['target'], names)} with {hit['power']} attack power")
        lines.append(line)
    for result in battle["results"]:
        if result["power"]:
            fallen = result["towers_broken"]
            towers = f"{fallen} Tower{'s' if fallen != 1 else ''} fall{'s' if fallen == 1 else ''}, " if fallen else ""
            lines.append(Text(
                f"{_seat(result['seat'], names)}: {towers}"
                f"{result['damage']} damage, {result['hit_points']} hit points left"
            ))
    for seat in battle["out"]:
        lines.append(Text(f"{_seat(seat, names)} is out.", style="bold"))
    return Panel(Group(*lines), title=f"Battle of round {battle['round']}", expand=False)


def render_view(view: Mapping[str, Any], *, names: Sequence[str], cards: CardRules) -> Group:
    """One seat's view (or a spectator's) as Rich renderables."""
    parts: list[Any] = [Text(_heading(view), style="bold")]
    if view.get("last_battle"):
        parts.append(_battle(view["last_battle"], names, cards))
    row = Text("Face up: ")
    row.append_text(_cards(view["face_up"], cards))
    discard = ", ".join(f"{n} {cards.names[c]}" for c, n in view["discard"].items() if n)
    row.append(f"   (deck {view['deck']}, discard: {discard or 'empty'})", style="dim")
    parts += [row, _castles(view, names, cards)]
    if view.get("seat") is not None:
        parts += _yours(view, cards)
    if view.get("outcome"):
        outcome = view["outcome"]
        winners = " and ".join(_seat(w, names) for w in outcome["winners"]) or "nobody"
        parts.append(Text(f"Game over: {winners} ({outcome['reason']}).", style="bold"))
    return Group(*parts)


def _heading(view: Mapping[str, Any]) -> str:
    heading = f"Castle Wars - round {view['round']} of at most {view['round_limit']}"
    if view["phase"] == "draft":
        heading += f" - draft turn {view['draft_turn']}/{view['draft_turns']}"
    elif view["phase"] == "orders":
        heading += " - battle orders"
    return heading


def _castles(view: Mapping[str, Any], names: Sequence[str], cards: CardRules) -> Table:
    """One row per castle: hit points, Towers, hand size, Units by kind, and whether it must act."""
    me = view.get("seat")
    table = Table(title=None, expand=False)
    for column in ("Seat", "Hit points", "Towers", "Hand", "Knights/Archers/Mages", ""):
        table.add_column(column)
    to_act = set(view["to_act"])
    for p in view["players"]:
        seat = p["seat"]
        status = "out" if not p["in_play"] else "to act" if seat in to_act else "ready" if p["ready"] else ""
        units = p["units"]
        table.add_row(
            _seat(seat, names) + (" (you)" if seat == me else ""),
            str(p["hit_points"]),
            str(p["towers"]),
            str(p["hand_size"]),
            "/".join(str(units.get(u, 0)) for u in cards.units),
            status,
            style="dim" if not p["in_play"] else None,
        )
    return table


def _yours(view: Mapping[str, Any], cards: CardRules) -> list[Text]:
    """The seat's own hand, the Units it may exchange, and its order and line so far."""
    hand = Text("Your hand (left fights first): ")
    hand.append_text(_cards(view["hand"], cards))
    parts = [hand]
    kept = view["players"][view["seat"]]["kept"]
    if view["phase"] == "draft" and any(kept.values()):
        parts.append(Text("Kept from the last round, may be exchanged: "
                          + ", ".join(f"{n} {cards.names[u]}" for u, n in kept.items() if n)))
    if view.get("order"):
        parts.append(Text(f"Your order: {view['order']}; placed so far: "
                          + (" ".join(view["placed"]) or "nothing")))
    return parts
