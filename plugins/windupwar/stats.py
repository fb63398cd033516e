"""Windup War's figures for the lab: the combat order, the opening program, Charges, forfeits.

Read from events and the outcome only (see RULES.md for what each event means).
"""

from __future__ import annotations

from collections import Counter

from tabletop.plugin_api import Stat

ORDINALS = ("first", "second", "third")


def figures(seats, events, outcome) -> list[Stat]:
    """The game's figures (``WindupWar.statistics``): the ending, each seat's units in combat
    order and faction, the first round's program by slot, rounds, Charges scored, forfeits."""
    stats = [Stat("ending", outcome.reason)]
    charges: Counter = Counter()
    forfeits: set[int] = set()
    rounds = 0
    for event in events:
        data = event.data or {}
        if event.kind == "unit" and 1 <= data.get("position", 0) <= len(ORDINALS):
            stats.append(Stat(f"{ORDINALS[data['position'] - 1]} unit", data["unit"], seat=data["seat"]))
        elif event.kind == "factions":
            stats.extend(Stat("faction", f, seat=s) for s, f in enumerate(data["factions"]))
        elif event.kind == "program" and rounds == 0:
            code = str(data["card"]).split(".")[0]
            stats.append(Stat(f"round-1 slot {data['slot']}", code, seat=data["seat"]))
        elif event.kind == "war":
            rounds += 1
        elif event.kind == "point":
            charges[data["seat"]] += 1
        elif event.kind == "forfeit":
            forfeits.add(data["seat"])
    stats.append(Stat("rounds", rounds))
    stats.extend(Stat("Charges scored", charges[s], seat=s) for s in range(seats))
    stats.extend(Stat("forfeited", s in forfeits, seat=s) for s in range(seats))
    return stats
