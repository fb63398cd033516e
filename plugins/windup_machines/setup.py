"""Setup: the table laid out from the seed, and each player's starting placement (``start``).

"Give each player a size 3 generator and a size 3 iron smelter ... next to each other in
starting position": the first decision of every seat places them on two touching cells.
"""

from __future__ import annotations

import random

from tabletop.plugin_api import Event
from tabletop_games.windup_machines import rounds
from tabletop_games.windup_machines.cards import KINDS, CardRules, in_game
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES, NEIGHBOURS
from tabletop_games.windup_machines.state import (
    RESTART_IDS,
    STACK,
    START,
    WindupState,
    clear_turn,
    not_now,
)

#: Every starting placement: a generator cell and a touching smelter cell.
START_ACTS = tuple(f"start {CELL_NAMES[a]} {CELL_NAMES[b]}" for a in range(9) for b in NEIGHBOURS[a])
_START_PAIRS = frozenset(tuple(text.split()[1:]) for text in START_ACTS)


def new_state(c: CardRules, seats: int, seed: int) -> WindupState:
    """Setup: the same random calls in the same order as ever, so old records replay."""
    rng = random.Random(f"windup_machines:{seed}")
    s = WindupState(seats, salt=f"windup_machines:{seed}")
    s.parts = [[None] * 9 for _ in range(seats)]
    s.sides = [[0] * 9 for _ in range(seats)]
    s.iron = [c.rules["start_iron"]] * seats
    s.gold = [c.rules["start_gold"]] * seats
    s.prisms = [0] * seats
    s.box = []
    stacks = {k: [] for k in KINDS}
    ordered = sorted(c.parts.values(), key=lambda p: (p.size, p.id))
    for part in ordered:
        for _ in range(c.part_copies[part.id]):
            (stacks[part.kind] if in_game(part, seats) else s.box).append(part.id)
    for kind in KINDS:
        stacks[kind].reverse()     # lowest gear size on top (last)
        setattr(s, STACK[kind], stacks[kind])
    s.winders = list(reversed(c.winders))
    deck = [w for w, n in c.worker_copies.items() for _ in range(n)]
    rng.shuffle(deck)
    s.workers = [[deck.pop()] for _ in range(seats)]
    s.fresh = [[] for _ in range(seats)]
    s.face_up = [deck.pop() for _ in range(min(c.rules["face_up_workers"], len(deck)))]
    s.worker_deck = deck
    s.worker_discard = []
    s.removed = []
    # Same order of cards as the old list of faces, so the shuffle lays them out the same.
    gears = [f"{g}#{i}" for g, n in c.gear_copies.items() for i in range(1, n + 1)]
    rng.shuffle(gears)
    s.gear_deck = gears
    s.gear_discard = []
    s.drawn = []
    s.assigned = [None] * seats
    s.tuning = False            # a Tuner is looking at the top two gear cards
    s.restart_pile = list(RESTART_IDS[: c.rules["restart_cards"]])
    s.restarts = [None] * seats
    s.round = 0
    s.first = 0           # RULES.md: seat 1 starts (the runner may seat players in any order)
    s.active = 0
    s.phase = START
    clear_turn(s)
    s.window = []
    s.window_card = None
    s.window_owner = 0
    s.after = ""
    s.given = set()
    s.result = None
    return s


def refuse_start(game, s, seat, *cells):
    if s.phase == START and cells in _START_PAIRS:
        return None
    return not_now(s, "start", cells)


def start(game, s, seat, gen_at, smelter_at):
    """Place the size-3 generator and smelter, green side up; the last seat's placement starts round 1."""
    ev: list[Event] = []
    c = game.cards
    size = c.rules["start_size"]
    for kind, cell in zip(c.start_kinds, (CELL_INDEX[gen_at], CELL_INDEX[smelter_at]), strict=False):
        stack = getattr(s, STACK[kind])
        pid = next(p for p in reversed(stack) if game.part[p].size == size)
        stack.remove(pid)
        s.parts[seat][cell] = pid
        s.sides[seat][cell] = 0
    ev.append(Event("start", f"{{p{seat}}} places a generator at {gen_at} and a smelter at {smelter_at}.",
                    {"seat": seat, "generator": gen_at, "smelter": smelter_at}))
    if seat + 1 < s.seats:
        s.active = seat + 1
    else:
        rounds.start_round(game, s, ev)
    return ev


def opening_events(game, s):
    """What setup lays out on the table, to narrate before the first decision: each seat's
    dealt worker and the face-up workers (all face up)."""
    dealt = ", ".join(f"{{p{t}}} {game.worker[s.workers[t][0]].name}" for t in range(s.seats))
    row = ", ".join(game.worker[w].name for w in s.face_up) or "none"
    rules = game.cards.rules
    return [Event("setup", f"Each player takes {rules['start_gold']} gold and {rules['start_iron']} iron "
                  f"and is dealt one worker: {dealt}. Face-up workers: {row}.",
                  {"workers": [list(w) for w in s.workers], "face_up": list(s.face_up)})]
