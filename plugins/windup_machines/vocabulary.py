"""Every action Wind Up can offer at a table (the learning facet's vocabulary): its notation
has cells, seats and gear faces besides card ids, so it is declared, from the same tables the
legal-action list is built from (``legal.py``)."""

from __future__ import annotations

from tabletop_games.windup_machines.legal import BUY_ACTS, INSTALL_ACTS, OVERWIND_ACTS, PRODUCE_ACTS, WIND_ACTS
from tabletop_games.windup_machines.machine import CELL_NAMES
from tabletop_games.windup_machines.setup import START_ACTS
from tabletop_games.windup_machines.state import seat_name


def vocabulary(game, seats, options):
    """Start pairs, gear cards (draw, tuner, top, assign, jammers, pass), turn actions (wind,
    overwind, produce, workers' abilities by their targets, buy, install, hire, restart, done) and
    sabotage."""
    names = [seat_name(t) for t in range(seats)]
    uses = []
    for wid, worker in game.worker.items():
        if worker.ability == "saboteur":
            uses += [f"use {wid} {p} {c}" for p in names for c in CELL_NAMES]
        elif worker.ability in ("thief", "vandal"):
            uses += [f"use {wid} {p}" for p in names]
        else:
            uses.append(f"use {wid}")
    return [
        *START_ACTS, "draw", *(f"top {g}" for g in game.cards.gears),
        *(game.assign_acts[g, t] for g in game.cards.gears for t in range(seats)), "pass",
        *OVERWIND_ACTS, *WIND_ACTS, *PRODUCE_ACTS, *uses, *BUY_ACTS.values(), *INSTALL_ACTS,
        *game.hire_acts.values(), "restart", "done",
        *(f"unwind {p} {c}" for p in names for c in CELL_NAMES),
    ]
