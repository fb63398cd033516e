"""The legal-action list, hand-unrolled for speed, and the candidates the rules judge.

Random play and search ask for the list at every step, so :func:`legal_actions` builds it
directly instead of asking every rule about every candidate; what is legal is stated by the
rules' refusals (``Game.allowed``: the :func:`candidates` no rule refuses), and a test holds
the two lists equal in every position random games reach. Order matters: seeded games choose
from this list.
"""

from __future__ import annotations

from tabletop_games.windup_machines.building import install_spots
from tabletop_games.windup_machines.cards import KINDS, STOPPED
from tabletop_games.windup_machines.gears import jammer_answers
from tabletop_games.windup_machines.machine import CELL_NAMES, SPOTS
from tabletop_games.windup_machines.production import energy_now
from tabletop_games.windup_machines.setup import START_ACTS
from tabletop_games.windup_machines.state import (
    ASSIGN,
    INSTALL,
    OVER,
    PRODUCE,
    RESPOND,
    SABOTAGE,
    STACK,
    START,
    TUNE,
    TUNING,
    WIND,
    gear_name,
    seat_name,
)
from tabletop_games.windup_machines.workers import can_pay, sabotage_targets

#: Action texts built once.
WIND_ACTS = tuple(f"wind {n}" for n in CELL_NAMES)
OVERWIND_ACTS = tuple(f"overwind {n}" for n in CELL_NAMES)
PRODUCE_ACTS = tuple(f"produce {n}" for n in CELL_NAMES)
BUY_ACTS = {k: f"buy {k}" for k in KINDS}
_BUYS = tuple((STACK[k], BUY_ACTS[k]) for k in KINDS)
INSTALL_ACTS = tuple(f"install {spot}" for spot in SPOTS)


def legal_actions(game, s, seat) -> list[str]:
    phase = s.phase
    if phase == OVER or seat != (s.window[0] if phase == RESPOND else s.active):   # to_act
        return []
    if phase == START:
        return list(START_ACTS)
    if phase == TUNE:
        return ["draw", "use tuner"]
    if phase == TUNING:
        return [f"top {g}" for g in dict.fromkeys((gear_name(s.gear_deck[-1]), gear_name(s.gear_deck[-2])))]
    if phase == ASSIGN:
        acts, given = game.assign_acts, s.given
        return [acts[g, t] for g in dict.fromkeys(map(gear_name, s.drawn)) for t in range(s.seats) if t not in given]
    if phase == RESPOND:
        return jammer_answers(game, s, seat) + ["pass"]
    if phase == INSTALL:
        return [f"install {spot}" for spot in install_spots(game, s, seat, s.pending)]
    if phase == SABOTAGE:
        return [f"unwind {seat_name(t)} {CELL_NAMES[c]}" for t, c in sabotage_targets(s, seat)]
    return _turn_actions(game, s, seat)


def _turn_actions(game, s, seat):
    """Winding, production, workers, building and 'done', in that order (one function: the
    hottest path of random play)."""
    out = []
    stage = s.stage
    parts, sides = s.parts[seat], s.sides[seat]
    if stage == WIND:
        if s.overwind_ok and s.overwound < 0:
            kind = game.kind
            out += [OVERWIND_ACTS[c] for c in range(9) if parts[c] is not None and kind[parts[c]] != "decoration"]
        if s.free_winds or s.iron[seat] or s.gold[seat]:
            out += [WIND_ACTS[c] for c in range(9) if parts[c] is not None and sides[c] > 0]
    if stage <= PRODUCE:   # as production.refuse_produce, unrolled
        energy = s.energy if stage == PRODUCE else energy_now(game, s, seat)
        makes, produced, overwound = game.makes, s.produced, s.overwound
        for c in range(9):
            limits = makes.get(parts[c])
            if limits is not None and sides[c] != STOPPED:
                cost, _, most = limits[sides[c]]
                if energy >= cost and produced.get(c, 0) < most + (overwound == c):   # overwind: one more
                    out.append(PRODUCE_ACTS[c])
    if s.workers[seat]:
        out += _worker_actions(game, s, seat)
    _building(game, s, seat, out)
    out.append("done")
    return out


def _building(game, s, seat, out):
    if not s.bought:
        afford = s.iron[seat] + s.gold[seat]
        part = game.part
        for name, act in _BUYS:
            stack = getattr(s, name)
            if stack and part[stack[-1]].cost <= afford:
                out.append(act)
    if not s.hired:
        gold = s.gold[seat]
        hire, worker = game.hire_acts, game.worker
        if s.winders and worker[s.winders[-1]].cost <= gold:
            out.append(hire[s.winders[-1]])
        out += [hire[w] for w in dict.fromkeys(s.face_up) if worker[w].cost <= gold]
    if not s.bought and not s.hired and s.restart_pile and s.restarts[seat] is None:
        out.append("restart")


def _worker_actions(game, s, seat):
    out = []
    acting = game.turn_workers      # Winders, Tuners and Jammers have no ability to use in the turn
    fresh, used, worker = s.fresh[seat], s.used, game.worker
    for wid in dict.fromkeys(s.workers[seat]):
        w = worker[wid]
        if wid not in acting or wid in fresh or used.get((seat, wid), 0) >= w.uses:   # abilities.usable
            continue
        ability = w.ability
        if ability == "exchange" or (ability == "energy" and s.stage <= PRODUCE):
            if can_pay(s, seat, w):
                out.append(f"use {wid}")
        elif ability in ("saboteur", "thief", "vandal") and s.gold[seat] >= w.pay_gold:
            if ability == "saboteur":
                out += [f"use {wid} {seat_name(t)} {CELL_NAMES[c]}" for t, c in sabotage_targets(s, seat)]
            else:
                have = getattr(s, w.steal) if ability == "thief" else s.prisms
                out += [f"use {wid} {seat_name(t)}" for t in range(s.seats) if t != seat and have[t] > have[seat]]
    return out


def candidates(game, s, seat) -> list[str]:
    """Every action worth asking the rules about now, in the order of :func:`legal_actions`."""
    seats = [seat_name(t) for t in range(s.seats)]
    return _CANDIDATES.get(s.phase, _turn_candidates)(game, s, seat, seats)


def _top_two(game, s, seat, seats):
    return [f"top {g}" for g in dict.fromkeys((gear_name(s.gear_deck[-1]), gear_name(s.gear_deck[-2])))]


def _assignments(game, s, seat, seats):
    return [f"assign {g} {p}" for g in dict.fromkeys(map(gear_name, s.drawn)) for p in seats]


def _jammers(game, s, seat, seats):
    held = dict.fromkeys(s.workers[seat])
    return [*(f"use {w}" for a in ("jammer_redraw", "jammer_stop") for w in held if game.worker[w].ability == a),
            "pass"]


def _turn_candidates(game, s, seat, seats):
    targets = ("", *(f" {p}" for p in seats), *(f" {p} {c}" for p in seats for c in CELL_NAMES))
    uses = [f"use {w}{target}" for w in dict.fromkeys(s.workers[seat]) for target in targets]
    hires = [f"hire {w}" for w in dict.fromkeys((*s.winders[-1:], *s.face_up))]
    return [*OVERWIND_ACTS, *WIND_ACTS, *PRODUCE_ACTS, *uses, *BUY_ACTS.values(), *hires, "restart", "done"]


_CANDIDATES = {
    START: lambda game, s, seat, seats: list(START_ACTS),
    TUNE: lambda game, s, seat, seats: ["draw", "use tuner"],
    TUNING: _top_two,
    ASSIGN: _assignments,
    RESPOND: _jammers,
    INSTALL: lambda game, s, seat, seats: list(INSTALL_ACTS),
    SABOTAGE: lambda game, s, seat, seats: [f"unwind {p} {c}" for p in seats for c in CELL_NAMES],
}
