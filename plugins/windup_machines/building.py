"""Building (sequence of play, step 6): buying the top part of a stack and installing it in the
machine, and hiring a worker. (The alternative, a hard restart, is in :mod:`.rounds`.)"""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.cards import KINDS
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES, SPOTS, install, moved_cell, placements
from tabletop_games.windup_machines.state import BUILD, INSTALL, STACK, TURN, not_now
from tabletop_games.windup_machines.winding import after_install

BUY_REFUSAL = "You may buy one part a turn from the top of a stack you can afford (iron, gold as iron)."
HIRE_REFUSAL = "You may hire one worker a turn: the top winder or a face-up worker you can afford in gold."

#: Install spots by which cells are filled: they depend on nothing else (at most 512 shapes).
_PLACEMENTS: dict[tuple[bool, ...], list[str]] = {}


def _placements(parts):
    key = tuple(p is None for p in parts)
    spots = _PLACEMENTS.get(key)
    if spots is None:
        spots = _PLACEMENTS[key] = placements(parts)
    return spots


def pay_iron(s, seat, amount) -> None:
    """Iron first, gold for the rest ("a player may use one gold piece as one iron token")."""
    from_iron = min(amount, s.iron[seat])
    s.iron[seat] -= from_iron
    s.gold[seat] -= amount - from_iron


def refuse_buy(game, s, seat, *args):
    if s.phase != TURN:
        return not_now(s, "buy", args)
    if len(args) == 1 and args[0] in KINDS and not s.bought:
        stack = getattr(s, STACK[args[0]])
        if stack and game.part[stack[-1]].cost <= s.iron[seat] + s.gold[seat]:
            return None
    return BUY_REFUSAL


def buy(game, s, seat, kind):
    pid = getattr(s, STACK[kind]).pop()
    part = game.part[pid]
    pay_iron(s, seat, part.cost)
    s.bought = True
    s.stage = BUILD
    s.pending = pid
    s.phase = INSTALL
    return [Event("buy", f"{{p{seat}}} buys a size-{part.size} {kind} for {part.cost} iron.",
                  {"seat": seat, "part": pid})]


def install_spots(game, s, seat, pid) -> list[str]:
    """Over a part, or an empty spot touching the machine that keeps it in a 3x3 box; "If a
    player purchases a third generator, the player must replace one of their existing generators"."""
    if replaces_a_generator(game, s, seat, pid):
        parts = s.parts[seat]
        return [CELL_NAMES[c] for c in range(9) if parts[c] is not None and game.kind[parts[c]] == "generator"]
    return _placements(s.parts[seat])


def replaces_a_generator(game, s, seat, pid) -> bool:
    """Whether part ``pid`` is a generator beyond the most a machine may have."""
    if game.kind[pid] != "generator":
        return False
    parts = s.parts[seat]
    gens = sum(1 for c in range(9) if parts[c] is not None and game.kind[parts[c]] == "generator")
    return gens >= game.cards.rules["max_generators"]


def refuse_install(game, s, seat, *args):
    if s.phase != INSTALL:
        if s.phase == TURN:
            return "You have no part to install: buy one first ('buy <part>')."
        return not_now(s, "install", args)
    spots = install_spots(game, s, seat, s.pending)
    if len(args) == 1 and args[0] in SPOTS and args[0] in spots:
        return None
    why = ("a third generator must replace one of yours" if replaces_a_generator(game, s, seat, s.pending)
           else "over a part, or on an empty spot touching your machine such that it still fits a 3x3 box")
    return f"Install the part you bought at one of: {', '.join(spots)} ({why})."


def install_part(game, s, seat, spot):
    """Green side up; a replaced part leaves the game; a spot beyond the frame moves the machine."""
    old = s.parts[seat][CELL_INDEX[spot]] if spot in CELL_INDEX else None
    if old is not None:
        s.removed.append(old)
    parts, sides, cell, shift = install(s.parts[seat], s.sides[seat], spot, s.pending)
    s.parts[seat], s.sides[seat] = parts, sides
    # The installer is the active seat: its turn's overwind and production follow its parts.
    after_install(s, CELL_INDEX[spot] if old is not None else None, shift)
    moved = ""
    if shift != (0, 0):
        s.produced = {moved_cell(c, shift): n for c, n in s.produced.items()}
        moved = f"; the machine moves to keep it in its 3x3 frame, the new part is at {CELL_NAMES[cell]}"
    part = game.part[s.pending]
    s.pending = None
    s.phase = TURN
    replaced = f", replacing a size-{game.part[old].size} {game.part[old].kind}" if old else ""
    return [Event("install", f"{{p{seat}}} installs the size-{part.size} {part.kind} at {spot}{replaced}{moved}.",
                  {"seat": seat, "cell": CELL_NAMES[cell], "spot": spot, "shift": list(shift),
                   "part": part.id, "replaced": old})]


def refuse_hire(game, s, seat, *args):
    if s.phase != TURN:
        return not_now(s, "hire", args)
    wid = args[0] if len(args) == 1 else None
    if wid in game.worker and not s.hired and game.worker[wid].cost <= s.gold[seat]:
        if (s.winders and wid == s.winders[-1]) or wid in s.face_up:
            return None
    return HIRE_REFUSAL


def hire(game, s, seat, wid):
    """The top winder, or a face-up worker (replaced from the deck); usable from the next turn."""
    w = game.worker[wid]
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
    return [Event("hire", f"{{p{seat}}} hires {w.name} for {w.cost} gold.", {"seat": seat, "worker": wid})]
