"""Building: buying a part from the top of a stack and installing it in the machine."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES, install, moved_cell, placements
from tabletop_games.windup_machines.state import BUILD, INSTALL, STACK, TURN

#: Install spots by which cells are filled: they depend on nothing else (at most 512 shapes).
_PLACEMENTS: dict[tuple[bool, ...], list[str]] = {}


def _placements(parts):
    key = tuple(p is None for p in parts)
    spots = _PLACEMENTS.get(key)
    if spots is None:
        spots = _PLACEMENTS[key] = placements(parts)
    return spots


class Building:
    """Mixed into the game."""

    def _generators(self, s, seat):
        return [c for c in range(9) if s.parts[seat][c] is not None
                and self._part[s.parts[seat][c]].kind == "generator"]

    def _install_spots(self, s, seat, pid):
        if self._part[pid].kind == "generator":
            gens = self._generators(s, seat)
            if len(gens) >= self.cards.rules["max_generators"]:
                return [CELL_NAMES[c] for c in gens]
        return _placements(s.parts[seat])

    def _pay_iron(self, s, seat, amount):
        """Iron first, gold for the rest ("a player may use one gold piece as one iron token")."""
        from_iron = min(amount, s.iron[seat])
        s.iron[seat] -= from_iron
        s.gold[seat] -= amount - from_iron

    def _do_buy(self, s, seat, args, ev):
        kind = args[0]
        pid = getattr(s, STACK[kind]).pop()
        part = self._part[pid]
        self._pay_iron(s, seat, part.cost)
        s.bought = True
        s.stage = BUILD
        s.pending = pid
        s.phase = INSTALL
        ev.append(Event("buy", f"{{p{seat}}} buys a size-{part.size} {kind} for {part.cost} iron.",
                        {"seat": seat, "part": pid}))

    def _do_install(self, s, seat, args, ev):
        spot = args[0]
        old = s.parts[seat][CELL_INDEX[spot]] if spot in CELL_INDEX else None
        if old is not None:
            s.removed.append(old)
            if s.overwound == CELL_INDEX[spot]:
                s.overwound = -1
        parts, sides, cell, shift = install(s.parts[seat], s.sides[seat], spot, s.pending)
        s.parts[seat], s.sides[seat] = parts, sides
        moved = ""
        if shift != (0, 0):
            # The installer is the active seat: its turn's overwind and production follow its parts.
            if s.overwound >= 0:
                s.overwound = moved_cell(s.overwound, shift)
            s.produced = {moved_cell(c, shift): n for c, n in s.produced.items()}
            moved = f"; the machine moves to keep it in its 3x3 frame, the new part is at {CELL_NAMES[cell]}"
        part = self._part[s.pending]
        s.pending = None
        s.phase = TURN
        replaced = f", replacing a size-{self._part[old].size} {self._part[old].kind}" if old else ""
        ev.append(Event("install", f"{{p{seat}}} installs the size-{part.size} {part.kind} at {spot}{replaced}{moved}.",
                        {"seat": seat, "cell": CELL_NAMES[cell], "spot": spot, "shift": list(shift),
                         "part": part.id, "replaced": old}))
