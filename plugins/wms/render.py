"""Rich rendering of one WMS view: commanders and wounds, command stacks, battlefield, hand."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from tabletop_games.wms.cards import MAX_WOUNDS, Card

TYPE_STYLE = {"unit": "bold", "equipment": "cyan", "power": "magenta", "command": "yellow", "token": "dim"}


def _seat(seat: int | None, names: Sequence[str]) -> str:
    if seat is None:
        return "-"
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _name(card_id: str | None, cards: Mapping[str, Card]) -> Text:
    if card_id is None:
        return Text("none", style="dim")
    card = cards[card_id]
    return Text(card.name, style=TYPE_STYLE.get(card.type, ""))


def _counted(ids: Sequence[str], cards: Mapping[str, Card]) -> Text:
    text = Text()
    for i, (card_id, n) in enumerate(sorted(Counter(ids).items())):
        if i:
            text.append(", ")
        text.append_text(_name(card_id, cards))
        if n > 1:
            text.append(f" x{n}")
    return text if ids else Text("none", style="dim")


def _play(play: Mapping[str, Any], cards: Mapping[str, Card], style: str | None) -> Text:
    text = Text()
    for i, unit in enumerate(play["units"]):
        if i:
            text.append(" + ")
        text.append_text(_name(unit, cards))
        gear = play["equipment"][i] if i < len(play["equipment"]) else []
        for item in gear:
            text.append(" [")
            text.append_text(_name(item, cards))
            text.append("]")
    for power in play["powers"]:
        text.append(" {")
        text.append_text(_name(power, cards))
        text.append("}")
    cc, rc = play["cc"], play["rc"]
    text.append(f"  {cc} CC / {rc} RC", style="bold green" if style else "")
    if style:
        text.append(f" (fighting in {style.upper()})", style="dim")
    if play["removed"]:
        text.append(f"  lost: {', '.join(play['removed'])}", style="red")
    return text


def render_view(view: Mapping[str, Any], *, names: Sequence[str], cards: Mapping[str, Card]) -> Group:
    """One seat's view (or a spectator's) as Rich renderables."""
    parts: list[Any] = [_heading(view, names)]
    current = view.get("current")
    if current:
        parts.append(Text(f"Current combat value: {current['value']} {current['style'].upper()} "
                          f"(set by {_seat(current['seat'], names)})", style="bold yellow"))
    parts.extend(_player(p, view.get("seat"), names, cards) for p in view["players"])
    for p in view["players"]:
        lines = _battlefield(view, p, cards)
        if lines:
            parts.append(Panel(Group(*lines), title=f"{_seat(p['seat'], names)}'s battlefield stack",
                               expand=False))
    parts.extend(_footer(view, names, cards))
    return Group(*parts)


def _heading(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    heading = f"WMS - fight {view['fight']}" if view["fight"] else "WMS - setup"
    if view["fight"]:
        heading += f", {_seat(view['active'], names)} is the active player"
    return Text(heading, style="bold")


def _player(p: Mapping[str, Any], me: int | None, names: Sequence[str], cards: Mapping[str, Card]) -> Text:
    """A player's commander, wounds, command stack and counts."""
    wounds = p["wounds"]
    stack = p["command_stack"]
    line = Text(_seat(p["seat"], names) + (" (you)" if p["seat"] == me else ""), style="bold")
    line.append(f" - {p['deck']} - ")
    line.append_text(_name(p["commander"], cards))
    line.append(" " + "●" * wounds + "○" * (MAX_WOUNDS - wounds), style="red")
    line.append(" - command stack: ")
    line.append_text(_name(stack[-1], cards) if stack else Text("none", style="dim"))
    if len(stack) > 1:
        line.append(f" (+{len(stack) - 1} below)", style="dim")
    line.append(f"\n   hand {p['hand']}, deck {p['deck_count']}, graveyard {len(p['graveyard'])}")
    if p["tokens"]:
        line.append(f", tokens {p['tokens']}")
    line.append(", reserves: ")
    line.append_text(_counted(p["reserves"], cards))
    return line


def _battlefield(view: Mapping[str, Any], p: Mapping[str, Any], cards: Mapping[str, Card]) -> list[Text]:
    """A player's battlefield stack, top last, and the play he is making."""
    lines: list[Text] = []
    stack = p["battlefield"]
    for i, play in enumerate(stack):
        top = i == len(stack) - 1
        line = Text("top:     " if top else "support: ", style="bold" if top else "dim")
        line.append_text(_play(play, cards, view["style"] if top else None))
        lines.append(line)
    pending = view.get("pending")
    if pending and pending["seat"] == p["seat"]:
        line = Text("playing: ", style="bold magenta")
        line.append_text(_play(pending, cards, None))
        if pending.get("sacrifice"):
            line.append(f"  sacrificing {cards[pending['sacrifice']].name}", style="dim")
        lines.append(line)
    return lines


def _footer(view: Mapping[str, Any], names: Sequence[str], cards: Mapping[str, Card]) -> list[Text]:
    """The seat's own hand, a recycling in progress, the result."""
    parts = []
    if view.get("seat") is not None and "hand" in view:
        hand = Text("Your hand: ")
        hand.append_text(_counted(view["hand"], cards))
        parts.append(hand)
    if view.get("recycle"):
        parts.append(Text(f"{_seat(view['recycle']['seat'], names)} may recycle "
                          f"{view['recycle']['left']} Vehicle card(s)."))
    if view.get("outcome"):
        outcome = view["outcome"]
        winners = " and ".join(_seat(w, names) for w in outcome["winners"]) or "nobody"
        parts.append(Text(f"Game over: {winners} wins ({outcome['reason']}).", style="bold"))
    return parts
