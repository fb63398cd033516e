"""WMS on the full screen: commanders and wounds, the top of each battlefield, the hand with card
texts and what each keyword does. Reads only a seat's view; fits an 80x24 terminal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from tabletop.plugin_api import Board, HandCard
from tabletop_games.wms.cards import MAX_WOUNDS, Card
from tabletop_games.wms.render import TYPE_STYLE, _name, _play

#: What each keyword does, in this project's words (RULES.md, "Keywords", has the full rulings).
KEYWORD_MEANING = {
    "aa": "ignores the opponent's Fly", "fly": "cards against it get -1 CC and -1 RC",
    "fear": "-1 CC and -1 RC to cards against it", "fearless": "ignores Fear", "enfeeble": "-1 CC",
    "stealth": "-1 RC", "sniper": "+1 RC against a Character",
    "blast": "tokens against it do not count", "fury": "+1 CC as it is played",
    "disrupt": "the card it meets loses a keyword you name", "change": "reorder your command stack",
    "guard": "in support: your commander keeps its wound if you lose",
    "repair": "in support: recycle a Vehicle after the fight", "monster": "carries 2 equipment cards",
    "unique": "never recycled", "common": "any number in a deck", "commander": "may be your commander",
    "reserves": "may wait in the Reserves zone", "swarm": "may add Swarm tokens, one per wound left",
    "tide": "when played, you may turn the tide",
}


#: The verbs that play a card from the hand.
PLAYED_FROM_HAND = frozenset(("play", "command", "equip", "power", "squad"))


class WmsBoard(Board):
    """The screens' board: the game's ``board`` facet."""

    def summary(self) -> str:
        return ("A two-player card battle of miniature armies. Choose a commander and reserves, then "
                "fight: the active player plays a unit, and each side in turn must equal or beat the "
                "combat value with units, equipment, powers and commands, or yield. The loser's "
                "commander takes a wound; the last commander standing wins.")

    def status(self, view: Mapping[str, Any]) -> str:
        return f"fight {view['fight']}" if view["fight"] else "setup"

    def render(self, view: Mapping[str, Any], *, names: Sequence[str], width: int) -> RenderableType:
        cards: Mapping[str, Card] = self.game.cards
        me = view.get("seat")
        parts: list[Any] = []
        for p in view["players"]:
            seat = p["seat"]
            line = Text()
            line.append(names[seat][:14], style="bold reverse" if seat == me else "bold")
            line.append(" ")
            line.append_text(_name(p["commander"], cards))
            wounds = p["wounds"]
            line.append(" " + "\u25cf" * wounds + "\u25cb" * (MAX_WOUNDS - wounds), style="red")
            line.append(f"  hand {p['hand']} deck {p['deck_count']} grave {len(p['graveyard'])}", style="cyan")
            stack = p["command_stack"]
            if stack:
                line.append("  cmd ")
                line.append_text(_name(stack[-1], cards))
            if p["reserves"]:
                line.append("  res ")
                line.append(", ".join(cards[r].name for r in p["reserves"]), style="dim")
            parts.append(line)
            battle = p["battlefield"]
            if battle:
                top = Text(f"  {len(battle)} on field, top: ", style="dim")
                top.append_text(_play(battle[-1], cards, view["style"]))
                parts.append(top)
            pending = view.get("pending")
            if pending and pending["seat"] == seat:
                parts.append(Text("  playing: ", style="bold magenta") + _play(pending, cards, None))
        current = view.get("current")
        if current:
            parts.append(Text(f"To equal or beat: {current['value']} {current['style'].upper()} "
                              f"(set by {names[current['seat']]})", style="bold yellow"))
        return Group(*parts)

    def hand(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[HandCard]:
        if view.get("seat") is None or "hand" not in view:
            return []
        cards: Mapping[str, Card] = self.game.cards
        # A tick: the card can be played now (a unit, a command, equipment or a power card for
        # the unit being played, a squad member); a sacrifice, open to every card, is no use.
        usable = {a.split()[1] for a in legal if a.split()[0] in PLAYED_FROM_HAND}
        out = []
        for card_id, n in sorted(Counter(view["hand"]).items(), key=lambda kv: cards[kv[0]].name):
            label = cards[card_id].name + (f" x{n}" if n > 1 else "")
            out.append(HandCard(label, self._text(cards[card_id]), card_id in usable,
                                style=TYPE_STYLE.get(cards[card_id].type, "")))
        return out

    def cards(self) -> dict[str, str]:
        found = {card.name.casefold(): self._text(card) for card in self.game.cards.values()}
        for card in self.game.cards.values():
            found.setdefault(card.id, self._text(card))
        return found

    def hint(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        """What to do now, naming only the verbs that are legal (yield is not always)."""
        if not view["fight"]:
            return "Set up: choose your commander, then up to 3 reserves, then 'done'."
        if view.get("recycle"):
            return "Repair: 'recycle' a Vehicle unit from your battlefield stack into your hand, or 'done'."
        if view.get("pending"):
            if not view.get("current"):
                return "Add to your play (equip, psych, power, squad), then announce 'style cc' or 'style rc'."
            return ("Add to your play (equip, psych, power, squad), then 'done' once it equals or beats "
                    "(or 'tide' where it may turn the tide).")
        if view.get("current"):
            if "yield" in legal:
                return "No play of yours can equal or beat the combat value: yield the fight, or retreat."
            return "Equal or beat the combat value with a play (or retreat)."
        return "Open the fight: play a unit from your hand or reserves (a command first, if you like)."

    @staticmethod
    def _text(card: Card) -> str:
        values = f" {card.cc} CC / {card.rc} RC" if card.type in ("unit", "token") else ""
        words = sorted(card.keywords)
        meanings = "; ".join(f"{k}: {KEYWORD_MEANING[k]}" for k in words if k in KEYWORD_MEANING)
        text = f"{card.name} ({card.type}){values}."
        if words:
            text += f" Keywords: {', '.join(words)}."
        if card.text:
            text += f" {card.text}"
        if meanings:
            text += f" ({meanings}.)"
        return text

