"""Wind Up's figures for the lab: points by source, workers hired, parts bought.

Points by source come from the final spectator view's score breakdown; the rest from events.
"""

from __future__ import annotations

from collections import Counter

from tabletop.plugin_api import Stat

SOURCES = ("gears", "sets", "decorations", "prisms", "prism_bonus", "gold")


def windup_stats(seats, events, final_view) -> list[Stat]:
    """The figures of one finished game (``WindupMachines.statistics``)."""
    hired: Counter = Counter()
    bought: Counter = Counter()
    first_hire: dict[int, str] = {}
    for event in events:
        data = event.data or {}
        if event.kind == "hire":
            hired[data["seat"]] += 1
            first_hire.setdefault(data["seat"], str(data["worker"]).split("-")[0])
        elif event.kind == "buy":
            bought[data["seat"]] += 1
    stats = []
    players = final_view.get("players") or []
    for s in range(seats):
        stats += [Stat("workers hired", hired[s], seat=s), Stat("parts bought", bought[s], seat=s)]
        if s in first_hire:
            stats.append(Stat("first worker hired", first_hire[s], seat=s))
        score = players[s].get("score") if s < len(players) else None
        if score:
            stats += [Stat(f"points from {k.replace('_', ' ')}", score[k], seat=s) for k in SOURCES if k in score]
    return stats
