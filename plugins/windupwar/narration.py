"""The words of Windup War's frequent events, made only when someone reads them.

Each is a :class:`~tabletop.core.events.LazyEvent` text made from the event's data (and the
card data), so random play and search, which never read them, do not pay for them; the
text is the same as it always was, so records of earlier games replay to the same events.
"""

from __future__ import annotations

from collections.abc import Mapping

#: What a revealed card did, as shown in the reveal rows (PLAYED: nothing worth a note).
PLAYED = "played"


def program(data: Mapping) -> str:
    return f"{{p{data['seat']}}} programs {data['card']} as card {data['slot']}."


def war(data: Mapping) -> str:
    return f"Round {data['round']}: Ready... Aim... Card 1!"


class Narration:
    """Texts that name cards, units and factions, over one set of card data."""

    def __init__(self, card_names: Mapping[str, str], unit_names: Mapping[str, str],
                 faction_names: Mapping[str, str] | None = None):
        self.card_names = card_names
        self.unit_names = unit_names
        self.faction_names = faction_names or {}

    def dealt(self, data: Mapping) -> str:
        names = ", ".join(f"{{p{s}}}: {self.faction_names[f]}" for s, f in enumerate(data["factions"]))
        return f"Factions dealt: {names}."

    def unit(self, data: Mapping) -> str:
        return (f"{{p{data['seat']}}} puts the {self.unit_names[data['unit']]} at position "
                f"{data['position']} of the combat order.")

    def armies(self, data: Mapping) -> str:
        names = self.unit_names
        armies = "; ".join(f"{{p{s}}}: " + ", ".join(names[u] for u in army) for s, army in enumerate(data["armies"]))
        return f"Armies revealed: {armies}."

    def reveal(self, data: Mapping) -> str:
        """One step of the War: each seat's card, what it did, damage dealt and taken."""
        names = self.card_names
        parts = []
        for row in data["rows"]:
            card, taken, dealt, outcome = row["card"], row["taken"], row["dealt"], row["outcome"]
            if card is None and not taken:
                continue
            note = "" if outcome == PLAYED else f" ({outcome})"
            damage = f", deals {dealt}" if dealt else ""
            hurt = f", takes {taken}" if taken else ""
            parts.append(f"{{p{row['seat']}}} {names[card] if card else 'no card'}{note}{damage}{hurt}")
        rows = {row["seat"]: row for row in data["rows"]}
        for source, target, amount in data.get("hits", ()):
            card = rows[source]["card"] if source in rows else None
            what = f"{{p{source}}}'s {names[card]}" if card else f"{{p{source}}}"
            parts.append(f"{{p{target}}}'s {self.unit_names[rows[target]['unit']]} takes {amount} from {what}")
        return f"Card {data['step']}: " + "; ".join(parts) + "."
