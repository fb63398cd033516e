"""Rounds and turns: the starting placement, who is first, a turn's start (hard restart)
and end, and the end of the game when the gear cards run out."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.cards import STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES
from tabletop_games.windup_machines.state import STACK, TURN, WIND, clear_turn


class Rounds:
    """Mixed into the game."""

    def _do_start(self, s, seat, args, ev):
        gen_cell, smelter_cell = CELL_INDEX[args[0]], CELL_INDEX[args[1]]
        c = self.cards
        size = c.rules["start_size"]
        for kind, cell in zip(c.start_kinds, (gen_cell, smelter_cell), strict=False):
            stack = getattr(s, STACK[kind])
            pid = next(p for p in reversed(stack) if self._part[p].size == size)
            stack.remove(pid)
            s.parts[seat][cell] = pid
            s.sides[seat][cell] = 0
        ev.append(Event("start", f"{{p{seat}}} places a generator at {args[0]} and a smelter at {args[1]}.",
                        {"seat": seat, "generator": args[0], "smelter": args[1]}))
        if seat + 1 < s.seats:
            s.active = seat + 1
        else:
            self._start_round(s, ev)

    def _start_round(self, s, ev):
        s.round += 1
        if s.seats > 2:
            s.first = (s.round - 1) % s.seats
        s.given = set()
        ev.append(Event("round", f"Round {s.round} begins; {{p{s.first}}} is the first player.",
                        {"round": s.round, "first": s.first}))
        self._open_turn(s, s.first)
        if s.seats == 2:
            self._turn_start(s, ev)
        else:
            self._before_draw(s, ev)

    def _open_turn(self, s, seat):
        s.active = seat
        clear_turn(s)
        s.fresh[seat] = []

    def _turn_start(self, s, ev):
        seat = s.active
        card = s.restarts[seat]
        if card is not None:
            s.restarts[seat] = None
            s.restart_pile.append(card)
            parts, sides = s.parts[seat], s.sides[seat]
            for cell in range(9):
                if parts[cell] is not None:
                    sides[cell] = STOPPED if self._part[parts[cell]].kind == "decoration" else 0
            ev.append(Event("hard_restart", f"{{p{seat}}}'s hard restart: parts to start position, "
                            "decorations stopped.", {"seat": seat}))
        if s.seats == 2:
            self._before_draw(s, ev)
        elif s.assigned[seat] is not None:
            card = s.assigned[seat]
            s.assigned[seat] = None
            self._offer(s, card, "turn", ev)
        else:
            self._main(s, ev)

    def _main(self, s, ev):
        seat = s.active
        s.phase = TURN
        s.stage = WIND
        s.free_winds = sum(self._worker[w].winds for w in s.workers[seat]
                           if self._worker[w].ability == "winder" and self._usable(s, seat, w))
        parts, sides = s.parts[seat], s.sides[seat]
        s.overwind_ok = bool(s.free_winds) and all(sides[c] == 0 for c in range(9) if parts[c] is not None)

    def _end_turn(self, s, ev):
        seat = s.active
        if s.overwound >= 0 and s.parts[seat][s.overwound] is not None:
            cell = s.overwound
            s.sides[seat][cell] = min(s.sides[seat][cell] + 1, STOPPED)
            ev.append(Event("overwind_end", f"{{p{seat}}}'s overwound {CELL_NAMES[cell]} unwinds once.",
                            {"seat": seat, "cell": CELL_NAMES[cell]}))
        nxt = (seat + 1) % s.seats
        if nxt == s.first:
            if not s.gear_deck and not s.drawn and not any(g is not None for g in s.assigned):
                self._finish(s, ev)
                return
            self._start_round(s, ev)
            return
        self._open_turn(s, nxt)
        self._turn_start(s, ev)

    def _do_restart(self, s, seat, args, ev):
        s.restarts[seat] = s.restart_pile.pop()
        ev.append(Event("restart", f"{{p{seat}}} takes a hard restart card; the turn ends.", {"seat": seat}))
        self._end_turn(s, ev)

    def _do_done(self, s, seat, args, ev):
        self._end_turn(s, ev)
