"""Workers: using held workers (exchanges, energy, Saboteur, Thief, Vandal) and hiring."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.cards import STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES
from tabletop_games.windup_machines.state import BUILD, PRODUCE, RESPOND, SABOTAGE, SEATS, TUNE, TURN
from tabletop_games.windup_machines.state import seat_name as _seat_name


class Workers:
    """Mixed into the game."""

    def _usable(self, s, seat, wid):
        """A held, not newly hired worker with uses left this turn."""
        return (wid in s.workers[seat] and wid not in s.fresh[seat]
                and s.used.get((seat, wid), 0) < self._worker[wid].uses)

    def _usable_ability(self, s, seat, ability):
        for wid in s.workers[seat]:
            if self._worker[wid].ability == ability and self._usable(s, seat, wid):
                return wid
        return None

    def _sabotage_targets(self, s, seat):
        return [(t, c) for t in range(s.seats) if t != seat for c in range(9)
                if s.parts[t][c] is not None and s.sides[t][c] != STOPPED and (t, c) not in s.sabotaged]

    def _worker_actions(self, s, seat):
        out = []
        for wid in dict.fromkeys(s.workers[seat]):
            if not self._usable(s, seat, wid):
                continue
            w = self._worker[wid]
            ability = w.ability
            if ability == "exchange" or (ability == "energy" and s.stage <= PRODUCE):
                if (s.iron[seat] + s.gold[seat] >= w.pay_iron + w.pay_gold and s.gold[seat] >= w.pay_gold
                        and s.prisms[seat] >= w.pay_prisms):
                    out.append(f"use {wid}")
            elif ability == "saboteur":
                if s.gold[seat] >= w.pay_gold:
                    out += [f"use {wid} {_seat_name(t)} {CELL_NAMES[c]}" for t, c in self._sabotage_targets(s, seat)]
            elif ability == "thief":
                if s.gold[seat] >= w.pay_gold:
                    have = getattr(s, w.steal)
                    out += [f"use {wid} {_seat_name(t)}" for t in range(s.seats)
                            if t != seat and have[t] > have[seat]]
            elif ability == "vandal":
                if s.gold[seat] >= w.pay_gold:
                    out += [f"use {wid} {_seat_name(t)}" for t in range(s.seats)
                            if t != seat and s.prisms[t] > s.prisms[seat]]
        return out

    def _do_use(self, s, seat, args, ev):
        wid = args[0]
        if s.phase == RESPOND:
            self._jam(s, seat, wid, ev)
            return
        if s.phase == TUNE:
            self._tune(s, seat, wid, ev)
            return
        w = self._worker[wid]
        s.used[(seat, wid)] = s.used.get((seat, wid), 0) + 1
        name = w.name
        if w.ability in ("exchange", "energy"):
            if w.ability == "energy":
                self._begin_production(s, seat)
            self._pay_iron(s, seat, w.pay_iron)
            s.gold[seat] -= w.pay_gold
            s.prisms[seat] -= w.pay_prisms
            s.iron[seat] += w.get_iron
            s.gold[seat] += w.get_gold
            s.prisms[seat] += w.get_prisms
            s.energy += w.get_energy
            ev.append(Event("worker", f"{{p{seat}}} uses {name}.", {"seat": seat, "worker": wid}))
            return
        target = int(args[1][1:]) - 1
        s.gold[seat] -= w.pay_gold
        if w.ability == "saboteur":
            self._unwind(s, seat, target, CELL_INDEX[args[2]], ev)
            s.sabotage_left = w.unwinds - 1
            if s.sabotage_left and self._sabotage_targets(s, seat):
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

    def _unwind(self, s, seat, target, cell, ev):
        s.sides[target][cell] += 1
        s.sabotaged.add((target, cell))
        ev.append(Event("sabotage", f"{{p{seat}}}'s Saboteur unwinds {{p{target}}}'s {CELL_NAMES[cell]}.",
                        {"seat": seat, "target": target, "cell": CELL_NAMES[cell]}))

    def _do_unwind(self, s, seat, args, ev):
        self._unwind(s, seat, int(args[0][1:]) - 1, CELL_INDEX[args[1]], ev)
        s.sabotage_left -= 1
        if not s.sabotage_left or not self._sabotage_targets(s, seat):
            s.sabotage_left = 0
            s.phase = TURN

    def _do_hire(self, s, seat, args, ev):
        wid = args[0]
        w = self._worker[wid]
        s.gold[seat] -= w.cost
        if s.winders and wid == s.winders[-1]:
            s.winders.pop()
        else:
            s.face_up.remove(wid)
            if s.worker_deck:
                s.face_up.append(s.worker_deck.pop())
        s.workers[seat].append(wid)
        s.fresh[seat].append(wid)
        s.hired = True
        s.stage = BUILD
        ev.append(Event("hire", f"{{p{seat}}} hires {w.name} for {w.cost} gold.", {"seat": seat, "worker": wid}))

    def _sabotage_target(self, s, seat, t, c):
        """Whether (t, c) is among ``_sabotage_targets(s, seat)``."""
        return (t != seat and t < s.seats and s.parts[t][c] is not None and s.sides[t][c] != STOPPED
                and (t, c) not in s.sabotaged)

    def _worker_allowed(self, s, seat, wid, args, n):
        """Whether ``use wid *args`` is among ``_worker_actions(s, seat)``."""
        if not self._usable(s, seat, wid):
            return False
        w = self._worker[wid]
        ability = w.ability
        if ability == "exchange" or (ability == "energy" and s.stage <= PRODUCE):
            return (n == 2 and s.iron[seat] + s.gold[seat] >= w.pay_iron + w.pay_gold
                    and s.gold[seat] >= w.pay_gold and s.prisms[seat] >= w.pay_prisms)
        if ability not in ("saboteur", "thief", "vandal") or s.gold[seat] < w.pay_gold:
            return False
        if ability == "saboteur":
            return n == 4 and self._sabotage_target(s, seat, SEATS[args[0]], CELL_INDEX[args[1]])
        if n != 3:
            return False
        t = SEATS[args[0]]
        if t == seat or t >= s.seats:
            return False
        have = getattr(s, w.steal) if ability == "thief" else s.prisms
        return have[t] > have[seat]
