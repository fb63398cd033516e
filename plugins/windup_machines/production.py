"""Production (sequence of play, step 5): generators' energy, and producers turning it into
iron, gold and prisms at the rate on their up side, up to their maximum a turn."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.cards import MAKES, STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX
from tabletop_games.windup_machines.state import PRODUCE, TURN, WIND, not_now
from tabletop_games.windup_machines.winding import overwind_bonus

PRODUCE_REFUSAL = ("That part cannot produce now: it must be a producer, not stopped, below its maximum, "
                   "with enough energy, and production comes after winding.")


def energy_now(game, s, seat) -> int:
    """"The sum of upward facing sides of all generator cards currently installed" (stopped: none)."""
    total = 0
    parts, sides, energy = s.parts[seat], s.sides[seat], game.energy
    for cell in range(9):
        values = energy.get(parts[cell])
        if values is not None and sides[cell] != STOPPED:
            total += values[sides[cell]]
    cell = s.overwound
    if cell >= 0 and parts[cell] in energy and sides[cell] != STOPPED:
        total += overwind_bonus(s, cell)
    return total


def begin_production(game, s, seat) -> None:
    """Winding ends; the energy is totalled once (energy not used is lost)."""
    if s.stage == WIND:
        s.stage = PRODUCE
        s.energy = energy_now(game, s, seat)


def refuse_produce(game, s, seat, *args):
    if s.phase != TURN:
        return not_now(s, "produce", args)
    cell = CELL_INDEX.get(args[0]) if len(args) == 1 else None
    if cell is None or s.stage > PRODUCE:
        return PRODUCE_REFUSAL
    pid = s.parts[seat][cell]
    side = s.sides[seat][cell]
    if pid is None or game.kind[pid] not in MAKES or side == STOPPED:
        return PRODUCE_REFUSAL
    energy = s.energy if s.stage == PRODUCE else energy_now(game, s, seat)
    cost, _, most = game.part[pid].sides[side]
    if energy >= cost and s.produced.get(cell, 0) < most + overwind_bonus(s, cell):
        return None
    return PRODUCE_REFUSAL


def produce(game, s, seat, cell_name):
    """One activation: pay its energy, make its resources; past the maximum only the rest."""
    cell = CELL_INDEX[cell_name]
    if s.stage == WIND:
        begin_production(game, s, seat)
    pid = s.parts[seat][cell]
    cost, made, most = game.part[pid].sides[s.sides[seat][cell]]
    most += overwind_bonus(s, cell)
    done = s.produced.get(cell, 0)
    gain = min(made, most - done)
    s.energy -= cost
    s.produced[cell] = done + gain
    resource = MAKES[game.kind[pid]]
    getattr(s, resource)[seat] += gain
    return [Event("produce", f"{{p{seat}}}'s {cell_name} turns {cost} energy into {gain} {resource}.",
                  {"seat": seat, "cell": cell_name, "resource": resource, "amount": gain})]
