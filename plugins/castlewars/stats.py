"""Castle Wars' figures for the lab: Towers taken, attack or defend, clashes won and lost.

Read from events and the outcome only.
"""

from __future__ import annotations

from collections import Counter

from tabletop.plugin_api import Stat, hookimpl
from tabletop_games.castlewars.cards import TOWER


@hookimpl
def tabletop_collect_stats(game, seats, events, outcome, final_view):
    if game.name != "castlewars":
        return None
    towers: Counter = Counter()
    orders: dict[str, Counter] = {"attack": Counter(), "defend": Counter()}
    won: Counter = Counter()
    lost: Counter = Counter()
    first_order: dict[int, str] = {}
    rounds = 0
    for event in events:
        data = event.data or {}
        if event.kind == "round":
            rounds += 1
        elif event.kind == "take" and data.get("card") == TOWER:
            towers[data["seat"]] += 1
        elif event.kind == "reveal" and "target" in data:
            order = "defend" if data["target"] is None else "attack"
            orders[order][data["seat"]] += 1
            first_order.setdefault(data["seat"], order)
        elif event.kind == "clash":
            for seat in data["seats"]:
                if seat in data["lost"]:
                    lost[seat] += 1
                elif data["lost"]:
                    won[seat] += 1
    stats = [Stat("rounds", rounds)]
    for s in range(seats):
        stats += [
            Stat("Towers taken", towers[s], seat=s),
            Stat("attacks", orders["attack"][s], seat=s),
            Stat("defends", orders["defend"][s], seat=s),
            Stat("clashes won", won[s], seat=s),
            Stat("clashes lost", lost[s], seat=s),
        ]
        if s in first_order:
            stats.append(Stat("first order", first_order[s], seat=s))
    return stats
