"""Windup War on the full screen: one line per army, the last card step, the hand with legality.

Reads only a seat's view, like ``render.py``; laid out to fit an 80x24 terminal with 8 seats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.plugin_api import Board, HandCard
from tabletop_games.windupwar.cards import BLACK, COLOUR_LETTER
from tabletop_games.windupwar.render import HEART, LOST, STYLE

#: The 2016 rulebook's wording where its card differs from the 2017 card (option edition=2016).
EDITION_2016 = {
    "AS": "Deal 1 damage to all players (including your active unit!).",
    "DB": "If the Set Bomb card is in your discard pile when Detonate Bomb is played, deal 2 damage "
          "to all players (not including you).",
    "RL": "At the end of the round, return all the cards in your Discard pile and Windup order to "
          "the left of your Reload card back to your hand. Your Reload card also comes back to your hand.",
}

#: Broken cards a seat may hold and stay in the war: the next one forfeits at the round's end.
FORFEIT_AT = 3


def short_names(names: Sequence[str], width: int) -> list[str]:
    """Each name in at most ``width`` characters, still told apart: "tactician 2" becomes
    "tacti\u2026 2", never the same "tacticia" twice."""
    out = []
    for name in names:
        head, _, tail = name.rpartition(" ")
        if len(name) <= width:
            out.append(name)
        elif head and tail.isdigit() and len(tail) + 3 <= width:
            out.append(f"{head[:width - len(tail) - 2]}\u2026 {tail}")
        else:
            out.append(name[:width - 1] + "\u2026")
    if len(set(out)) < len(out):  # still alike: the seat number tells them apart
        out = [f"{o[:width - 3]}#{i + 1}" if out.count(o) > 1 else o for i, o in enumerate(out)]
    return out


def colours(ribbons: Sequence[str]) -> Text:
    """A unit's ribbons as the colour letters cards are typed with (``p`` pink...), each in its
    colour: readable in plain text and by a screen reader, not only as coloured squares."""
    return Text("/").join(Text(COLOUR_LETTER[r], style=STYLE[r]) for r in ribbons)


HINTS = {
    "faction": "Pick a faction: 'faction <id>'.",
    "army": "Pick your next unit ('unit <id>'); the first one you pick fights first.",
    "windup": "Program a slot: code + colour (k black, p purple, i pink, o orange, g green, b blue). "
              "No \u2713: your unit cannot take it, so it breaks; 3 broken cards forfeit.",
    "charge": "Your Charge! succeeded: pick a card from your discard pile to score.",
}


class WindupWarBoard(Board):
    def summary(self) -> str:
        return ("Cataclysmic toy combat for 2 or more. Each round every army winds up a row of five "
                "action cards in secret, then they are revealed one by one: attacks to the left and "
                "right, blocks, charges. Lose your units and you are out; be the last army in play "
                "or score 3 points at once.")

    def status(self, view: Mapping[str, Any]) -> str:
        return f"round {view['round']} · {view['phase']} · {view['points_to_win']} points win"

    def render(self, view: Mapping[str, Any], *, names: Sequence[str], width: int) -> RenderableType:
        table = Table.grid(padding=(0, 1))
        for _ in range(6):
            table.add_column()
        me = view.get("seat")
        shown = short_names(names, 12)
        warn = []
        for entry in view["seats"]:
            s = entry["seat"]
            name = Text(shown[s], style="bold reverse" if s == me else "bold")
            if entry["status"] != "in play":
                table.add_row(name, Text(entry["status"], style="red"), "", "", "", "")
                continue
            army = entry["army"]
            active = next((u for u in army if u["state"] == "active"), None)
            if active is None:
                unit = Text(f"picking {entry['units_picked']}/3", style="grey50")
            else:
                unit = Text(active["name"] + " ") + Text(HEART * active["hearts"], style="red") + Text(
                    LOST * (active["max_hearts"] - active["hearts"]), style="grey37")
                unit += Text(" ") + colours(active["ribbons"])
            waiting = sum(1 for u in army if u["state"] == "waiting")
            row = Text(" ").join(
                Text("?", style="grey50") if c == "?" else Text("_", style="grey37") if c == ""
                else Text(c, style=STYLE[self.game.data.by_notation[c].colour]) for c in entry["row"])
            broken = len(entry["broken"])
            if broken >= FORFEIT_AT - 1:
                warn.append(shown[s])
            table.add_row(name, unit, Text(f"+{waiting}", style="dim"),
                          Text(f"{entry['points']}pt {entry['hand_size']}c", style="cyan"),
                          Text(f"{broken}\u2717", style="bold red" if broken >= FORFEIT_AT - 1 else "grey50"), row)
        parts: list[Any] = [table]
        if warn:
            parts.append(Text(f"{', '.join(warn)}: {FORFEIT_AT - 1} broken cards (\u2717); one more breaking "
                              "this round forfeits at its end.", style="bold red"))
        if me is not None and view["seats"][me]["status"] == "in play":
            mine = view["seats"][me]
            line = Text("Your broken: ", style="bold") + self._list(mine["broken"])
            line += Text("  discard: ", style="bold") + self._list(mine["discard"])
            parts.append(line)
        reveal = view.get("last_reveal")
        if reveal and reveal["rows"]:
            parts.append(self._reveal_line(reveal, shown, width))
        if view.get("charger") is not None:
            parts.append(Text(f"{names[view['charger']]}'s Charge! succeeds.", style="bold yellow"))
        return Group(*parts)

    def _reveal_line(self, reveal: Mapping[str, Any], shown: Sequence[str], width: int) -> Text:
        """"Card 5: P1 A2R.g 1/1 · tac2 ...": each seat's card with the names the table shows,
        a line broken only between seats (so at 80 columns no name or card is cut)."""
        head = f"Card {reveal['step']}: "
        line = Text(head, style="bold")
        used = len(head)
        for i, r in enumerate(reveal["rows"]):
            entry = Text(f"{shown[r['seat']]} ")
            if r["card"] is None:
                entry.append("-", style="grey50")
            else:
                entry.append(r["card"], style=STYLE[self.game.data.by_notation[r["card"]].colour])
            entry.append(f" {r['dealt']}/{r['taken']}")
            if i and used + 3 + len(entry) > width:
                line.append("\n" + " " * len(head))
                used = len(head)
            elif i:
                line.append(" \u00b7 ")
                used += 3
            line.append_text(entry)
            used += len(entry)
        return line

    def _list(self, cards: Sequence[str]) -> Text:
        if not cards:
            return Text("none", style="grey50")
        return Text(" ").join(Text(c, style=STYLE[self.game.data.by_notation[c].colour]) for c in cards)

    def hand(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[HandCard]:
        """The hand, each card marked by what matters now: while programming, any card may go in
        a slot, so no card is "not playable": a card the active unit can take is ticked, one it
        cannot take is not, and its text says it breaks; while scoring a Charge!, the hand is not
        what is chosen from."""
        hand, seat = view.get("hand"), view.get("seat")
        if seat is None or not hand:
            return []
        me = view["seats"][seat]
        active = next((u for u in me["army"] if u["state"] == "active"), None)
        allowed = set(active["ribbons"]) | {BLACK} if active else None
        programming = view["phase"] == "windup" and bool(legal)
        out = []
        for notation in sorted(hand, key=lambda c: (self.game.data.by_notation[c].colour, c)):
            card = self.game.data.by_notation[notation]
            text = self._text(card)
            label = f"{notation} {card.name}"
            takes = allowed is None or card.colour in allowed
            if not takes:
                label += " (breaks)"
                text += (f" Your {active['name']} cannot take {card.colour} cards: programmed, this card "
                         "breaks unless you are attacked that step (then it counts as a Block).")
            out.append(HandCard(label, text, True if programming and takes else None, short=notation,
                                style=STYLE[card.colour]))
        return out

    def cards(self) -> dict[str, str]:
        found: dict[str, str] = {}
        for card in self.game.data.actions:
            found.setdefault(card.name.casefold(), self._text(card))
            found.setdefault(card.code.casefold(), self._text(card))
            found[card.notation.casefold()] = self._text(card)  # as the windup prompt lists it
        for unit in self.game.data.units:
            ribbons = ", ".join(unit.ribbons)
            found.setdefault(unit.name.casefold(),
                             f"{unit.name} (unit): {unit.hearts} hearts; plays {ribbons} and black cards.")
        return found

    def hint(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return HINTS.get(view["phase"], "")

    def order(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[str]:
        """While programming, the cards the active unit can take come first (each group in the
        game's order): a card it cannot take breaks, so it should not be choice 1."""
        seat = view.get("seat")
        if view["phase"] != "windup" or seat is None:
            return list(legal)
        active = next((u for u in view["seats"][seat]["army"] if u["state"] == "active"), None)
        if active is None:
            return list(legal)
        allowed = set(active["ribbons"]) | {BLACK}
        by_notation = self.game.data.by_notation
        takes = [a for a in legal if a in by_notation and by_notation[a].colour in allowed]
        return takes + [a for a in legal if a not in takes]

    @staticmethod
    def _text(card: Any) -> str:
        text = f"{card.name} ({card.code}, {card.colour}): {card.text}"
        older = EDITION_2016.get(card.code)
        return f"{text} 2016 edition: {older}" if older else text

