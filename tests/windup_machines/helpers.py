"""Ways to put a Wind Up game into a position a test needs, without creating or losing cards."""

from __future__ import annotations

from tabletop_games.windup_machines.game import WindupMachines
from tabletop_games.windup_machines.machine import CELL_INDEX
from tabletop_games.windup_machines.state import gear_name

GAME = WindupMachines()
CARDS = GAME.cards


def play(state, seat, *actions):
    """Apply several actions of one seat; returns all their events."""
    events = []
    for action in actions:
        events.extend(GAME.apply(state, seat, action))
    return events


def _take_worker(state, wid):
    for pile in (state.worker_deck, state.face_up, state.winders):
        if wid in pile:
            pile.remove(wid)
            return
    raise ValueError(f"{wid} is not available")


def new_game(seats=2, *, seed=0, workers=None, gears=()):
    """A game before the starting placements, with chosen workers and the next gear cards.

    ``workers`` maps seat -> worker ids (every seat's dealt worker goes back to the deck
    first); ``gears`` are the next gear cards to be drawn, first drawn first.
    """
    state = GAME.new_state(seats, seed=seed)
    if workers is not None:
        for seat in range(seats):
            state.worker_deck.extend(state.workers[seat])
            state.workers[seat] = []
        for seat, ids in workers.items():
            for wid in ids:
                _take_worker(state, wid)
                state.workers[seat].append(wid)
    rig_gears(state, gears)
    return state


def gear_ids(state, names):
    """The ids of gear cards with these faces still in the deck (the lowest-numbered copy)."""
    ids = []
    for name in names:
        ids.append(min(g for g in state.gear_deck if gear_name(g) == name and g not in ids))
    return ids


def rig_gears(state, cards):
    """Make the gear cards with faces ``cards`` the next drawn, in order (as if shuffled that way)."""
    ids = gear_ids(state, cards)
    for card in ids:
        state.gear_deck.remove(card)
    state.gear_deck.extend(reversed(ids))


def gear_faces(cards):
    return [gear_name(g) for g in cards]


def start_all(state, gen="r2c2", smelter="r2c3"):
    for seat in range(state.seats):
        play(state, seat, f"start {gen} {smelter}")
    return state


def started(seats=2, **kwargs):
    return start_all(new_game(seats, **kwargs))


def part_id(kind, size, state=None):
    """A card id of this kind and size still in a stack (or any such id when no state)."""
    for pid, part in CARDS.parts.items():
        if part.kind == kind and part.size == size and (state is None or pid in state.stacks[kind]):
            return pid
    raise ValueError(f"no {kind} of size {size} left")


def set_part(state, seat, cell, kind, size, side=0):
    """Install a part from the stacks at ``cell`` (the part there leaves the game)."""
    pid = part_id(kind, size, state)
    state.stacks[kind].remove(pid)
    index = CELL_INDEX[cell]
    old = state.parts[seat][index]
    if old is not None:
        state.removed.append(old)
    state.parts[seat][index] = pid
    state.sides[seat][index] = side
    return pid


def clear_machine(state, seat):
    for cell in range(9):
        if state.parts[seat][cell] is not None:
            state.removed.append(state.parts[seat][cell])
            state.parts[seat][cell] = None


def machine(rows, kind="smelter"):
    """Pure machine lists from rows of sizes (None empty; (size, side) for a side other than green)."""
    parts, sides = [], []
    for row in rows:
        for entry in row:
            if entry is None:
                parts.append(None)
                sides.append(0)
                continue
            size, side = entry if isinstance(entry, tuple) else (entry, 0)
            parts.append(part_id(kind, size))
            sides.append(side)
    return parts, sides


def side(state, seat, cell):
    return state.sides[seat][CELL_INDEX[cell]]


def show_worker(state, wid):
    """Make ``wid`` a face-up worker (swapped with one from the deck, as if dealt so)."""
    if wid not in state.face_up:
        state.worker_deck.remove(wid)
        state.worker_deck.append(state.face_up[0])
        state.face_up[0] = wid
