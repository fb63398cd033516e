"""Production (sequence of play, step 5): generators' energy, and producers turning it into
iron, gold and prisms at the rate on their up side, up to their maximum a turn."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.cards import MAKES, STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX
from tabletop_games.windup_machines.state import PRODUCE, TURN, WIND, not_now
from tabletop_games.windup_machines.winding import overwind_bonus


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
    """The one condition that fails, said as such: which part, and what it lacks."""
    if s.phase != TURN:
        return not_now(s, "produce", args)
    cell = CELL_INDEX.get(args[0]) if len(args) == 1 else None
    if cell is None:
        return "Name one cell of your machine to produce with: 'produce r2c2'."
    if s.stage > PRODUCE:
        return "Production is over this turn: it comes after winding and before building."
    where = args[0]
    pid = s.parts[seat][cell]
    if pid is None:
        return f"There is no part at {where}."
    kind = game.kind[pid]
    if kind not in MAKES:
        return f"The {kind} at {where} does not produce; smelters, processors and crafters do."
    side = s.sides[seat][cell]
    if side == STOPPED:
        return f"The {kind} at {where} is stopped: wind it up before it can produce."
    energy = s.energy if s.stage == PRODUCE else energy_now(game, s, seat)
    cost, _, most = game.part[pid].sides[side]
    if energy < cost:
        return f"The {kind} at {where} needs {cost} energy on this side; you have {energy}."
    if s.produced.get(cell, 0) >= most + overwind_bonus(s, cell):
        return f"The {kind} at {where} has made its most this turn."
    return None


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
