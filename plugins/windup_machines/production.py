"""Production: generators' energy and producers turning it into iron, gold and prisms."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.cards import MAKES, STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX
from tabletop_games.windup_machines.state import PRODUCE, WIND


class Production:
    """Mixed into the game."""

    def _energy_now(self, s, seat):
        total = 0
        parts, sides, kind = s.parts[seat], s.sides[seat], self._kind
        for cell in range(9):
            pid = parts[cell]
            if pid is not None and kind[pid] == "generator" and sides[cell] != STOPPED:
                total += self._part[pid].sides[sides[cell]] + (1 if s.overwound == cell else 0)
        return total

    def _produce_limit(self, s, seat, cell):
        cost, made, most = self._part[s.parts[seat][cell]].sides[s.sides[seat][cell]]
        return cost, made, most + (1 if s.overwound == cell else 0)

    def _begin_production(self, s, seat):
        if s.stage == WIND:
            s.stage = PRODUCE
            s.energy = self._energy_now(s, seat)

    def _do_produce(self, s, seat, args, ev):
        cell = CELL_INDEX[args[0]]
        self._begin_production(s, seat)
        cost, made, most = self._produce_limit(s, seat, cell)
        done = s.produced.get(cell, 0)
        gain = min(made, most - done)
        s.energy -= cost
        s.produced[cell] = done + gain
        resource = MAKES[self._part[s.parts[seat][cell]].kind]
        pile = getattr(s, resource)
        pile[seat] += gain
        ev.append(Event("produce", f"{{p{seat}}}'s {args[0]} turns {cost} energy into {gain} {resource}.",
                        {"seat": seat, "cell": args[0], "resource": resource, "amount": gain}))
