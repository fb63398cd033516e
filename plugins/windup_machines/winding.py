"""Winding (sequence of play, step 4): turning parts back toward green with a Winder's free
winds, iron or gold, and the Winder's overwind, whole: who may, its bonus, and its unwinding
at the end of the turn."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.abilities import usable
from tabletop_games.windup_machines.cards import SIDES, STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES, moved_cell
from tabletop_games.windup_machines.state import TURN, WIND, not_now

WIND_REFUSAL = ("You can wind only an installed part that is not green, during winding, with a winder "
                "wind, iron or gold to pay.")
OVERWIND_REFUSAL = ("Overwinding needs a usable winder, a machine fully wound at the start of winding, "
                    "and one non-decoration part, once a turn.")


def begin_winding(game, s) -> None:
    """The turn proper begins: the Winders' free winds, and whether the machine is "fully
    wound" (every part green) so that a Winder may overwind."""
    seat = s.active
    s.phase = TURN
    s.stage = WIND
    if game.winders.isdisjoint(s.workers[seat]):     # no Winder: no free winds, no overwind
        s.free_winds = 0
        s.overwind_ok = False
        return
    worker = game.worker
    s.free_winds = sum(worker[w].winds for w in s.workers[seat]
                       if worker[w].ability == "winder" and usable(game, s, seat, w))
    parts, sides = s.parts[seat], s.sides[seat]
    s.overwind_ok = bool(s.free_winds) and all(sides[c] == 0 for c in range(9) if parts[c] is not None)


def refuse_wind(game, s, seat, *args):
    if s.phase != TURN:
        return not_now(s, "wind", args)
    c = CELL_INDEX.get(args[0]) if len(args) == 1 else None
    if (c is not None and s.stage == WIND and s.parts[seat][c] is not None and s.sides[seat][c] > 0
            and (s.free_winds or s.iron[seat] or s.gold[seat])):
        return None
    return WIND_REFUSAL


def wind(game, s, seat, cell_name):
    """One counter-clockwise turn: a free winder wind first, else one iron, else one gold."""
    cell = CELL_INDEX[cell_name]
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
    return [Event("wind", f"{{p{seat}}} winds {cell_name} to {SIDES[s.sides[seat][cell]]} ({paid}).",
                  {"seat": seat, "cell": cell_name, "paid": paid})]


def refuse_overwind(game, s, seat, *args):
    if s.phase != TURN:
        return not_now(s, "overwind", args)
    c = CELL_INDEX.get(args[0]) if len(args) == 1 else None
    if (c is not None and s.stage == WIND and s.overwind_ok and s.overwound < 0
            and s.parts[seat][c] is not None and game.kind[s.parts[seat][c]] != "decoration"):
        return None
    return OVERWIND_REFUSAL


def overwind(game, s, seat, cell_name):
    s.overwound = CELL_INDEX[cell_name]
    return [Event("overwind", f"{{p{seat}}} overwinds {cell_name}: it produces one more this turn.",
                  {"seat": seat, "cell": cell_name})]


def overwind_bonus(s, cell) -> int:
    """"This part can produce one more than its normal amount": one more energy or maximum."""
    return 1 if s.overwound == cell else 0


def after_install(s, replaced_cell, shift) -> None:
    """An overwound part that is replaced is gone (nothing unwinds); a machine that moves in its
    frame takes its overwound part (and this turn's production) along."""
    if s.overwound == replaced_cell:
        s.overwound = -1
    if shift != (0, 0) and s.overwound >= 0:
        s.overwound = moved_cell(s.overwound, shift)


def unwind_overwound(s, seat, ev) -> None:
    """"At the end of the player's turn, that card unwinds one time"."""
    if s.overwound >= 0 and s.parts[seat][s.overwound] is not None:
        cell = s.overwound
        s.sides[seat][cell] = min(s.sides[seat][cell] + 1, STOPPED)
        ev.append(Event("overwind_end", f"{{p{seat}}}'s overwound {CELL_NAMES[cell]} unwinds once.",
                        {"seat": seat, "cell": CELL_NAMES[cell]}))
