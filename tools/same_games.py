"""Fingerprints of the games that fixed seeds give: each bundled game (and the Goofspiel test game) played
by random seats and by its own bot through the table loop (every record's bytes) and through a
simulation run (every game's result, statistics included). Speed work must leave them unchanged;
``tests/engine/test_same_games.py`` compares them with ``tests/engine/same_games.json``, written by

    python tools/same_games.py > tests/engine/same_games.json

in the checkout whose games are the reference (a game whose rules change on purpose bumps its
version, and its line here is written again).
"""

from __future__ import annotations

import hashlib
import json
import sys

from tabletop.engine.registry import build_registry
from tabletop.engine.session import Session
from tabletop.engine.simulate import run_games
from tabletop.engine.table import SeatSpec

#: game -> (seat count, the game's own bot), for every game fingerprinted.
GAMES = {
    "castlewars": (3, "captain"),
    "goofspiel": (2, None),
    "windup_machines": (3, "engineer"),
    "windupwar": (4, "tactician"),
    "wms": (2, "veteran"),
}
RECORDS = 12
RESULTS = 40


def fingerprints(plugins: tuple[str, ...] = ("tests.goofspiel.plugin",)) -> dict[str, dict[str, str]]:
    registry = build_registry(extra=plugins)
    found: dict[str, dict[str, str]] = {}
    for name, (seats, own) in GAMES.items():
        game = registry.game(name)
        lineups = {"random": ["random"] * seats}
        if own is not None:
            lineups[own] = [own] + ["random"] * (seats - 1)
        found[name] = {"version": game.version}
        for label, lineup in lineups.items():
            bots = [registry.bot(name, bot) for bot in lineup]
            table = [SeatSpec(f"Seat {i + 1}", bot.name, bot) for i, bot in enumerate(bots)]
            records = hashlib.sha256()
            for seed in range(1, RECORDS + 1):
                records.update(Session(game, table, seed=seed, keep_log=False).play().record.to_json().encode())
            results = hashlib.sha256()
            for result in run_games(game, bots, games=RESULTS, seed=7, pm=registry.pm):
                results.update(repr(tuple(result.packed())).encode())
            found[name][f"{label} records"] = records.hexdigest()[:24]
            found[name][f"{label} results"] = results.hexdigest()[:24]
    return found


if __name__ == "__main__":
    json.dump(fingerprints(), sys.stdout, indent=1, sort_keys=True)
    print()
