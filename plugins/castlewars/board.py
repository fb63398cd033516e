"""Castle Wars on the full screen: the face-up row, one line per castle, the hand as cards.

Reads only a seat's view; fits an 80x24 terminal with 4 seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.plugin_api import Board, HandCard
from tabletop_games.castlewars.narration import article
from tabletop_games.castlewars.render import STYLE, _cards


class CastleWarsBoard(Board):
    """The game's board for the screens (``CastleWars.board``): made with the game, reads views."""

    def summary(self) -> str:
        return ("Knights, Archers and Mages for 2-4 castles. Draft Units and Towers from a face-up "
                "row, then secretly order your line and attack a castle or defend: each Unit beats "
                "one kind and loses to another. Towers soak up damage. Be the last castle with hit points.")

    def status(self, view: Mapping[str, Any]) -> str:
        text = f"round {view['round']}/{view['round_limit']} · {view['phase']}"
        if view["phase"] == "draft":
            text += f" turn {view['draft_turn']}/{view['draft_turns']}"
        return text

    def render(self, view: Mapping[str, Any], *, names: Sequence[str], width: int) -> RenderableType:
        cards = self.game.cards
        me = view.get("seat")
        row = Text("Face up: ", style="bold") + _cards(view["face_up"], cards)
        row.append(f"  deck {view['deck']}", style="dim")
        table = Table.grid(padding=(0, 2))
        for _ in range(5):
            table.add_column()
        to_act = set(view["to_act"])
        letters = "/".join(cards.units)
        table.add_row(Text("castle", style="dim"), Text("hp", style="dim"), Text("towers", style="dim"),
                      Text(f"hand {letters}", style="dim"), "")
        for p in view["players"]:
            seat = p["seat"]
            status = "out" if not p["in_play"] else "to act" if seat in to_act else "ready" if p["ready"] else ""
            units = "/".join(str(p["units"].get(u, 0)) for u in cards.units)
            table.add_row(Text(names[seat][:14], style="bold reverse" if seat == me else "bold"),
                          Text(str(p["hit_points"]), style="red" if p["hit_points"] <= 5 else ""),
                          str(p["towers"]), f"{p['hand_size']}  {units}", Text(status, style="yellow"))
        parts: list[Any] = [row, table]
        if me is not None and view.get("order"):
            parts.append(Text(f"Your order: {view['order']}; placed: " + (" ".join(view["placed"]) or "nothing")))
        return Group(*parts)

    def hand(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[HandCard]:
        if view.get("seat") is None:
            return []
        cards = self.game.cards
        placeable = {a.split()[1] for a in legal if a.startswith("place ")}
        held = list(view["hand"])
        for letter in view.get("placed") or ():  # placed in the order: no longer in the hand to choose from
            if letter in held:
                held.remove(letter)
        out = []
        for letter in held:
            ok = (letter in placeable) if view["phase"] == "orders" and view.get("order") else None
            out.append(HandCard(cards.names[letter], self._text(letter), ok, style=STYLE.get(letter, "")))
        return out

    def cards(self) -> dict[str, str]:
        return {self.game.cards.names[letter].casefold(): self._text(letter) for letter in self.game.cards.names}

    def hint(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        if view["phase"] == "draft":
            verbs = {action.split()[0] for action in legal}
            if "take" not in verbs and "swap" in verbs:
                return ("Your hand is full: swap a Unit kept from an earlier round for a face-up one "
                        "('swap K A')" + (", or 'pass'." if "pass" in verbs else "."))
            if "swap" in verbs:
                return ("Take a face-up card, or swap a Unit kept from an earlier round for one "
                        "('take K', 'swap K A').")
            return "Take a face-up card ('take K')."
        if view.get("order"):
            return "Place your Units left to right: the leftmost fights first ('place K')."
        return "Attack a castle ('attack 2') or hold your Units back to defend ('defend')."

    def _text(self, letter: str) -> str:
        c = self.game.cards
        name = c.names[letter]
        if letter not in c.units:
            return (f"{name} ({letter}): stops {c.absorbs} attack power aimed at your castle in a battle, "
                    f"then is discarded; against less it stays. Never exchanged.")
        prey = c.beats[letter]
        hunter = next(u for u, p in c.beats.items() if p == letter)
        return (f"{name} ({letter}): attack power {c.power[letter]}; discards the {c.names[prey]}s it meets, "
                f"is discarded by {article(c.names[hunter])} (its weakness); two {name}s discard each other.")

