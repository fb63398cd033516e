"""Castle Wars' figures for the lab: Towers taken, attack or defend, clashes won and lost.

Read from the events only (``CastleWars.statistics``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tabletop.plugin_api import Event, Stat
from tabletop_games.castlewars.cards import TOWER


class _Tally:
    """The counts, event by event."""

    def __init__(self):
        self.rounds = 0
        self.towers: Counter = Counter()
        self.orders: dict[str, Counter] = {"attack": Counter(), "defend": Counter()}
        self.first_order: dict[int, str] = {}
        self.won: Counter = Counter()
        self.lost: Counter = Counter()

    def count(self, event: Event) -> None:
        data = event.data or {}
        if event.kind == "round":
            self.rounds += 1
        elif event.kind == "take" and data.get("card") == TOWER:
            self.towers[data["seat"]] += 1
        elif event.kind == "reveal" and "target" in data:
            order = "defend" if data["target"] is None else "attack"
            self.orders[order][data["seat"]] += 1
            self.first_order.setdefault(data["seat"], order)
        elif event.kind == "clash":
            self.clash(data)

    def clash(self, data: dict) -> None:
        """Each seat in a clash lost it, or won it (an even clash, both discarded, is neither)."""
        for seat in data["seats"]:
            if seat in data["lost"]:
                self.lost[seat] += 1
            elif data["lost"]:
                self.won[seat] += 1


def castle_stats(seats: int, events: Sequence[Event]) -> list[Stat]:
    tally = _Tally()
    for event in events:
        tally.count(event)
    stats = [Stat("rounds", tally.rounds)]
    for s in range(seats):
        stats += [
            Stat("Towers taken", tally.towers[s], seat=s),
            Stat("attacks", tally.orders["attack"][s], seat=s),
            Stat("defends", tally.orders["defend"][s], seat=s),
            Stat("clashes won", tally.won[s], seat=s),
            Stat("clashes lost", tally.lost[s], seat=s),
        ]
        if s in tally.first_order:
            stats.append(Stat("first order", tally.first_order[s], seat=s))
    return stats
