"""Winding: turning parts back toward green with winders, iron or gold, and overwinding."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.cards import SIDES
from tabletop_games.windup_machines.machine import CELL_INDEX


class Winding:
    """Mixed into the game."""

    def _do_wind(self, s, seat, args, ev):
        cell = CELL_INDEX[args[0]]
        if s.free_winds:
            s.free_winds -= 1
            paid = "a winder"
        elif s.iron[seat]:
            s.iron[seat] -= 1
            paid = "1 iron"
        else:
            s.gold[seat] -= 1
            paid = "1 gold"
        s.sides[seat][cell] -= 1
        ev.append(Event("wind", f"{{p{seat}}} winds {args[0]} to {SIDES[s.sides[seat][cell]]} ({paid}).",
                        {"seat": seat, "cell": args[0], "paid": paid}))

    def _do_overwind(self, s, seat, args, ev):
        s.overwound = CELL_INDEX[args[0]]
        ev.append(Event("overwind", f"{{p{seat}}} overwinds {args[0]}: it produces one more this turn.",
                        {"seat": seat, "cell": args[0]}))
