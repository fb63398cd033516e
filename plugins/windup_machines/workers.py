"""Workers: using a held worker's ability (``use``) and a Saboteur's further unwinds
(``unwind``). Each ability's condition is stated once, in :data:`MAY_USE`; the Tuner and the
Jammers act on gear cards (:mod:`.gears`), hiring is building (:mod:`.building`)."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines import gears
from tabletop_games.windup_machines.abilities import mark_used, usable
from tabletop_games.windup_machines.building import pay_iron
from tabletop_games.windup_machines.cards import STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES
from tabletop_games.windup_machines.production import begin_production
from tabletop_games.windup_machines.state import PRODUCE, RESPOND, SABOTAGE, SEATS, TUNE, TURN, not_now

USE_REFUSAL = ("That worker cannot be used now (not held, hired this turn, used up, or its cost or target "
               "is not met).")


def sabotage_targets(s, seat) -> list[tuple[int, int]]:
    """Opponents' parts a Saboteur may unwind: not stopped, not unwound by it this use."""
    return [(t, c) for t in range(s.seats) if t != seat for c in range(9)
            if s.parts[t][c] is not None and s.sides[t][c] != STOPPED and (t, c) not in s.sabotaged]


def is_sabotage_target(s, seat, t, c) -> bool:
    return (t != seat and t < s.seats and s.parts[t][c] is not None and s.sides[t][c] != STOPPED
            and (t, c) not in s.sabotaged)


def can_pay(s, seat, w) -> bool:
    """An exchange's price: iron (gold may pay as iron), gold and prisms."""
    return (s.iron[seat] + s.gold[seat] >= w.pay_iron + w.pay_gold and s.gold[seat] >= w.pay_gold
            and s.prisms[seat] >= w.pay_prisms)


def _exchange(s, seat, w, targets):
    return not targets and can_pay(s, seat, w)


def _energy(s, seat, w, targets):
    """Power Salesman: energy is for production, so not once building has begun."""
    return s.stage <= PRODUCE and not targets and can_pay(s, seat, w)


def _opponent(s, seat, targets):
    t = SEATS.get(targets[0]) if len(targets) == 1 else None
    return None if t is None or t == seat or t >= s.seats else t


def _thief(s, seat, w, targets):
    """"May steal resources from a player with more of that kind of resource than you"."""
    t = _opponent(s, seat, targets)
    have = getattr(s, w.steal)
    return s.gold[seat] >= w.pay_gold and t is not None and have[t] > have[seat]


def _vandal(s, seat, w, targets):
    """"May only be used on a player with more prisms than you"."""
    t = _opponent(s, seat, targets)
    return s.gold[seat] >= w.pay_gold and t is not None and s.prisms[t] > s.prisms[seat]


def _saboteur(s, seat, w, targets):
    if s.gold[seat] < w.pay_gold or len(targets) != 2:
        return False
    t, c = SEATS.get(targets[0]), CELL_INDEX.get(targets[1])
    return t is not None and c is not None and is_sabotage_target(s, seat, t, c)


#: Whether a usable worker's ability may be used in the turn with these targets, by ability.
MAY_USE = {"exchange": _exchange, "energy": _energy, "thief": _thief, "vandal": _vandal, "saboteur": _saboteur}


def refuse_use(game, s, seat, *args):
    phase = s.phase
    if phase == TUNE:
        return None if args == ("tuner",) else not_now(s, "use", args)
    if phase == RESPOND:
        return gears.refuse_jammer(game, s, seat, args)
    if phase != TURN:
        return not_now(s, "use", args)
    wid = args[0] if args else None
    if wid in game.worker and usable(game, s, seat, wid):
        w = game.worker[wid]
        may = MAY_USE.get(w.ability)
        if may is not None and may(s, seat, w, args[1:]):
            return None
    return USE_REFUSAL


def use(game, s, seat, wid, *targets):
    if s.phase == RESPOND:
        return gears.jam(game, s, seat, wid)
    if s.phase == TUNE:
        return gears.tune(game, s, seat, wid)
    w = game.worker[wid]
    mark_used(s, seat, wid)
    ev: list[Event] = []
    if w.ability in ("exchange", "energy"):
        if w.ability == "energy":
            begin_production(game, s, seat)
        pay_iron(s, seat, w.pay_iron)
        s.gold[seat] -= w.pay_gold
        s.prisms[seat] -= w.pay_prisms
        s.iron[seat] += w.get_iron
        s.gold[seat] += w.get_gold
        s.prisms[seat] += w.get_prisms
        s.energy += w.get_energy
        ev.append(Event("worker", f"{{p{seat}}} uses {w.name}.", {"seat": seat, "worker": wid}))
        return ev
    target = SEATS[targets[0]]
    s.gold[seat] -= w.pay_gold
    if w.ability == "saboteur":
        _unwind(s, seat, target, CELL_INDEX[targets[1]], ev)
        s.sabotage_left = w.unwinds - 1
        if s.sabotage_left and sabotage_targets(s, seat):
            s.phase = SABOTAGE
    elif w.ability == "thief":
        pile = getattr(s, w.steal)
        pile[target] -= 1
        pile[seat] += 1
        ev.append(Event("thief", f"{{p{seat}}}'s Thief steals one {w.steal.rstrip('s')} from {{p{target}}}.",
                        {"seat": seat, "target": target, "resource": w.steal}))
    else:
        s.prisms[target] -= 1
        ev.append(Event("vandal", f"{{p{seat}}}'s Vandal destroys one of {{p{target}}}'s prisms.",
                        {"seat": seat, "target": target}))
    return ev


def _unwind(s, seat, target, cell, ev) -> None:
    s.sides[target][cell] += 1
    s.sabotaged.add((target, cell))
    ev.append(Event("sabotage", f"{{p{seat}}}'s Saboteur unwinds {{p{target}}}'s {CELL_NAMES[cell]}.",
                    {"seat": seat, "target": target, "cell": CELL_NAMES[cell]}))


def refuse_unwind(game, s, seat, *args):
    """[2g -> 3 unwinds (different parts)]: each further unwind a different opponent part."""
    if s.phase == SABOTAGE and len(args) == 2:
        t, c = SEATS.get(args[0]), CELL_INDEX.get(args[1])
        if t is not None and c is not None and is_sabotage_target(s, seat, t, c):
            return None
    return not_now(s, "unwind", args)


def unwind(game, s, seat, target_name, cell_name):
    ev: list[Event] = []
    _unwind(s, seat, SEATS[target_name], CELL_INDEX[cell_name], ev)
    s.sabotage_left -= 1
    if not s.sabotage_left or not sabotage_targets(s, seat):
        s.sabotage_left = 0
        s.phase = TURN
    return ev
