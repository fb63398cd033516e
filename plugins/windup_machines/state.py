"""The table of one game: the components, who sees what, and the setup that lays them out.

Built from zones (:mod:`tabletop.core.zones`), so the engine derives determinize and the
card census (``copy_state`` writes out the derived copy, for speed; tests compare the two):
the gear deck and the worker deck are face down, everything else is face up. Each gear card
copy has its own id (``"3+5#2"``) because a Tuner learns where single cards lie; notation,
events and views name gear cards by face only (``"3+5"``).
"""

from __future__ import annotations

import random

from tabletop.plugin_api import EVERYONE, NOBODY, CardState, zone
from tabletop_games.windup_machines.cards import KINDS, CardRules, in_game

START, TUNE, TUNING, ASSIGN, RESPOND, TURN, INSTALL, SABOTAGE, OVER = (
    "start", "tune", "tuning", "assign", "respond", "turn", "install", "sabotage", "over")
WIND, PRODUCE, BUILD = 0, 1, 2
STAGE_NAMES = ("wind", "produce", "build")
RESTART_IDS = tuple(f"restart-{i}" for i in range(1, 10))
#: The zone holding each kind's part stack (top card last).
STACK = {kind: f"stack_{kind}" for kind in KINDS}


def gear_name(card: str) -> str:
    """A gear card's face ("3+5") from its id ("3+5#2")."""
    return card.partition("#")[0]


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


#: Seat names in notation ("p1".."p4") to seat numbers.
SEATS = {seat_name(t): t for t in range(4)}


class WindupState(CardState):
    """Everything about one game in progress. Piles keep their top card last."""

    ZONES = {
        "gear_deck": zone(NOBODY, pool="gears"),
        "worker_deck": zone(NOBODY, pool="workers"),
        "gear_discard": zone(EVERYONE),
        "drawn": zone(EVERYONE),              # gear cards drawn, waiting to be assigned
        "winders": zone(EVERYONE),
        "face_up": zone(EVERYONE),
        "worker_discard": zone(EVERYONE),
        "workers": zone(EVERYONE, per_seat=True),
        "parts": zone(EVERYONE, per_seat=True),   # each machine: 9 cells, None where empty
        "box": zone(EVERYONE),                # parts not used with this many players
        "removed": zone(EVERYONE),            # parts replaced by others
        "restart_pile": zone(EVERYONE),
        **{name: zone(EVERYONE) for name in STACK.values()},
    }
    PUBLIC = (
        "sides", "iron", "gold", "prisms", "fresh", "used", "assigned", "restarts", "tuning",
        "round", "first", "active", "phase", "stage", "energy", "produced", "overwound",
        "overwind_ok", "free_winds", "bought", "hired", "pending", "sabotage_left", "sabotaged",
        "protected", "window", "window_card", "window_owner", "after", "given",
    )
    __slots__ = (*ZONES, *PUBLIC, "result")

    def copy(self) -> WindupState:
        """An independent copy (kept as a method: code outside the game calls it)."""
        return copy_state(self)

    @property
    def stacks(self) -> dict[str, list[str]]:
        """Each kind's part stack (the zone lists themselves)."""
        return {kind: getattr(self, name) for kind, name in STACK.items()}


_new = object.__new__


def copy_state(s: WindupState) -> WindupState:
    """An independent copy, written out: what the engine's derived copy does for these slots
    (lists, dicts and sets copied, nested lists deeply; the rest shared), without its generic
    checks per value. Search and random play copy states more than they do anything else."""
    new = _new(WindupState)
    new.seats = s.seats
    new.randomness = s.randomness
    new.known = s.known
    new.gear_deck = s.gear_deck[:]
    new.worker_deck = s.worker_deck[:]
    new.gear_discard = s.gear_discard[:]
    new.drawn = s.drawn[:]
    new.winders = s.winders[:]
    new.face_up = s.face_up[:]
    new.worker_discard = s.worker_discard[:]
    new.workers = [v[:] for v in s.workers]
    new.parts = [v[:] for v in s.parts]
    new.box = s.box[:]
    new.removed = s.removed[:]
    new.restart_pile = s.restart_pile[:]
    new.stack_generator = s.stack_generator[:]
    new.stack_smelter = s.stack_smelter[:]
    new.stack_processor = s.stack_processor[:]
    new.stack_crafter = s.stack_crafter[:]
    new.stack_decoration = s.stack_decoration[:]
    new.sides = [v[:] for v in s.sides]
    new.iron = s.iron[:]
    new.gold = s.gold[:]
    new.prisms = s.prisms[:]
    new.fresh = [v[:] for v in s.fresh]
    new.used = s.used.copy()
    new.assigned = s.assigned[:]
    new.restarts = s.restarts[:]
    new.tuning = s.tuning
    new.round = s.round
    new.first = s.first
    new.active = s.active
    new.phase = s.phase
    new.stage = s.stage
    new.energy = s.energy
    new.produced = s.produced.copy()
    new.overwound = s.overwound
    new.overwind_ok = s.overwind_ok
    new.free_winds = s.free_winds
    new.bought = s.bought
    new.hired = s.hired
    new.pending = s.pending
    new.sabotage_left = s.sabotage_left
    new.sabotaged = s.sabotaged.copy()
    new.protected = s.protected.copy()
    new.window = s.window[:]
    new.window_card = s.window_card
    new.window_owner = s.window_owner
    new.after = s.after
    new.given = s.given.copy()
    new.result = s.result
    return new


def clear_turn(s: WindupState) -> None:
    s.used = {}
    s.stage = WIND
    s.energy = 0
    s.produced = {}
    s.overwound = -1
    s.overwind_ok = False
    s.free_winds = 0
    s.bought = False
    s.hired = False
    s.pending = None
    s.sabotage_left = 0
    s.sabotaged = set()
    s.protected = set()


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
