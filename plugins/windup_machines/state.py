"""The table of one game: the components, who sees what, and the setup that lays them out.

Built from zones (:mod:`tabletop.core.zones`), so the engine derives determinize and the
card census (``copy_state`` writes out the derived copy, for speed; tests compare the two):
the gear deck and the worker deck are face down, everything else is face up. Each gear card
copy has its own id (``"3+5#2"``) because a Tuner learns where single cards lie; notation,
events and views name gear cards by face only (``"3+5"``).
"""

from __future__ import annotations

from tabletop.plugin_api import EVERYONE, NOBODY, CardState, zone
from tabletop_games.windup_machines.cards import KINDS

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

#: What the seat to act is asked in each phase but the turn itself: the one sentence refusing
#: anything else then. (In the turn, each verb's own module says why it is refused.)
ASKED = {
    START: "Place your starting generator and smelter first, on two touching cells: 'start r2c2 r2c3'.",
    TUNE: "Gear cards are about to be drawn: 'draw' or 'use tuner'.",
    TUNING: "Choose which peeked gear card goes on top: 'top <card>'.",
    ASSIGN: "Assign the drawn gear cards to two different players: 'assign <card> p<n>'.",
    RESPOND: "A gear card is about to turn: use a Jammer you can use, or 'pass'.",
    INSTALL: ("Install the part you bought over a part, or on an empty spot touching your machine "
              "left-right or top-bottom such that the machine still fits a 3x3 box (r0c2 .. r4c2 lie "
              "one step beyond the frame); a third generator must replace one of yours."),
    SABOTAGE: "Unwind a different opponent part that is not stopped: 'unwind p<n> r<r>c<c>'.",
}


def not_now(s: WindupState, verb: str, args: tuple[str, ...]) -> str:
    """The refusal of an action the moment does not ask for: what the phase asks, or in the
    turn, that this text is not allowed now."""
    return ASKED.get(s.phase) or f"'{' '.join((verb, *args))}' is not allowed now."


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
    new.constraints = s.constraints
    new.revealed_cards = s.revealed_cards
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
