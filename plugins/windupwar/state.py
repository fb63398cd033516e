"""The mutable state of one Windup War game, kept lean for fast copies.

Seats are ``0..n-1`` clockwise: one space to your *left* is the next seat clockwise
still in play (``Table.left``). Every seat owns its own 22 action cards; a card is
named by its notation (``A1L.g``) and lies in exactly one of the seat's piles:
hand, windup row, discard pile, centre (points) or broken (under the Life card).
"""

from __future__ import annotations

from tabletop.core.game import Outcome
from tabletop.core.table import Table

#: Cards programmed per round, units per army.
SLOTS = 5
ARMY = 3

# Phases, in the order a game passes through them.
FACTION = "faction"  # each seat picks a faction (option factions=pick)
ARMY_PICK = "army"  # each seat picks three units in combat order, secretly
WINDUP = "windup"  # each seat programs up to five cards, secretly
WAR = "war"  # the row is being revealed (never seen from outside apply)
CHARGE = "charge"  # a successful charger chooses the card it scores
OVER = "over"

IN_PLAY = "in play"
ELIMINATED = "eliminated"
FORFEITED = "forfeited"


class WarState:
    __slots__ = (
        "n", "edition", "target", "phase", "round", "revealed", "shown",
        "factions", "army", "active", "hearts",
        "hands", "rows", "discard", "centre", "broken",
        "row_broken", "reload_at",
        "status", "table", "pending", "charger", "reveals", "result",
    )

    def __init__(self, n: int, edition: str, target: int):
        self.n = n
        self.edition = edition
        #: Points that win at once: 3, or 4 when the game started with 2 or 3 seats.
        self.target = target
        self.phase = FACTION
        self.round = 1
        #: How many slots of this round's rows are face up (0 during the Windup).
        self.revealed = 0
        #: Per seat, how many slots of its row were turned face up; an eliminated seat's
        #: later cards are never turned.
        self.shown = [0] * n
        self.factions: list[str | None] = [None] * n
        #: Unit ids in combat order; during setup, the picks so far.
        self.army: list[list[str]] = [[] for _ in range(n)]
        #: Index in ``army`` of the active unit (ARMY once the third is destroyed).
        self.active = [0] * n
        #: Hearts left on the active unit; 0 means destroyed, replaced before the next card.
        self.hearts = [0] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        #: This round's windup row; a slot is None once its card left the row mid-round.
        self.rows: list[list[str | None]] = [[] for _ in range(n)]
        self.discard: list[list[str]] = [[] for _ in range(n)]
        self.centre: list[list[str]] = [[] for _ in range(n)]
        self.broken: list[list[str]] = [[] for _ in range(n)]
        #: 2016 edition: slots of this round's row that broke (they go under the Life card at round end).
        self.row_broken: list[list[int]] = [[] for _ in range(n)]
        #: 2016 edition: the slot of this round's played Reload, or -1.
        self.reload_at = [-1] * n
        self.status = [IN_PLAY] * n
        self.table = Table(n)
        #: Seats that must decide now (several: a simultaneous secret decision).
        self.pending: list[int] = []
        self.charger = -1
        #: The revealed steps of the latest War (public): {"round", "step", "rows"} each,
        #: never mutated once made; a tuple so copies can share it.
        self.reveals: tuple[dict, ...] = ()
        self.result: Outcome | None = None

    def copy(self) -> WarState:
        new = WarState.__new__(WarState)
        new.n = self.n
        new.edition = self.edition
        new.target = self.target
        new.phase = self.phase
        new.round = self.round
        new.revealed = self.revealed
        new.shown = self.shown[:]
        new.factions = self.factions[:]
        new.army = [a[:] for a in self.army]
        new.active = self.active[:]
        new.hearts = self.hearts[:]
        new.hands = [h[:] for h in self.hands]
        new.rows = [r[:] for r in self.rows]
        new.discard = [d[:] for d in self.discard]
        new.centre = [c[:] for c in self.centre]
        new.broken = [b[:] for b in self.broken]
        new.row_broken = [b[:] for b in self.row_broken]
        new.reload_at = self.reload_at[:]
        new.status = self.status[:]
        new.table = self.table
        new.pending = self.pending[:]
        new.charger = self.charger
        new.reveals = self.reveals
        new.result = self.result
        return new
