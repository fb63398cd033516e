"""The state of one Windup War game, built from zones that know who may see their cards.

Seats are ``0..n-1`` clockwise: one space to your *left* is the next seat clockwise
still in play (``SeatRing.left``). Every seat owns its own 22 action cards; a card is
named by its notation (``A1L.g``) and lies in exactly one of the seat's piles: hand,
programmed face down (``program``), turned face up in this round's row (``rows``),
discard pile, centre (points) or broken (under the Life card). The same notation names a
card of every seat, so each seat's cards form their own pool: the engine resamples a
seat's hidden cards only among that seat's hidden places (hand and face-down program).

Secret choices that are not cards are :class:`~tabletop.core.zones.Secret` values: a
seat's faction (option ``factions=pick``) and its unit picks so far, until every seat has
chosen; then they are shown to all as plain values (``factions``, ``army``).

Values everyone knows that are replaced, never changed in place (the phase, the round,
the reveals) live in plain slots: copies share them, which keeps copies fast.
"""

from __future__ import annotations

from tabletop.plugin_api import EVERYONE, OWNER, CardState, Outcome, SeatRing, Secret, zone

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

#: What each phase asks of a seat that is asked: the sentence refusing any other kind of action.
ASKED = {
    FACTION: "Pick your faction first, e.g. 'faction tin-fantry'.",
    ARMY_PICK: "Pick a unit for your combat order first, e.g. 'unit tank'.",
    WINDUP: "Now is the Windup: program one card from your hand, e.g. A1L.g.",
    CHARGE: "Your Charge! succeeded: choose the card to score, e.g. 'score A1L.g'.",
}

IN_PLAY = "in play"
ELIMINATED = "eliminated"
FORFEITED = "forfeited"


def replaced(values: tuple, index: int, value) -> tuple:
    """``values`` with item ``index`` replaced: seat tuples change rarely and are shared by copies."""
    return (*values[:index], value, *values[index + 1:])


_RINGS: dict[int, SeatRing] = {}


def _ring(n: int) -> SeatRing:
    """The full ring of ``n`` seats: immutable, so every game of that size shares one."""
    ring = _RINGS.get(n)
    if ring is None:
        ring = _RINGS[n] = SeatRing(n)
    return ring


class WarState(CardState):
    ZONES = {
        "hands": zone(OWNER, pool="seat {seat}"),
        #: Cards in hand that every seat saw go there (face-up cards a Reload returned);
        #: they stay known until programmed. The hand is both, in deck order.
        "hands_seen": zone(EVERYONE, per_seat=True),
        #: This round's programmed cards still face down, in slot order (the first is the
        #: next slot to turn up).
        "program": zone(OWNER, pool="seat {seat}"),
        #: This round's row turned face up so far, one entry per slot; None once the card
        #: of a revealed slot left the row mid-round (broken, or back to hand by a Reload).
        "rows": zone(EVERYONE, per_seat=True),
        "discard": zone(EVERYONE, per_seat=True),
        "centre": zone(EVERYONE, per_seat=True),
        "broken": zone(EVERYONE, per_seat=True),
    }
    PUBLIC = ("factions", "picks", "active", "hearts")
    # Known to all and replaced, never changed in place: shared by copies (see the module).
    __slots__ = (*ZONES, *PUBLIC, "n", "edition", "target", "phase", "round", "revealed", "army",
                 "row_broken", "reload_at", "status", "pending", "charger", "reveals", "table", "opening", "result")

    def __init__(self, n: int, edition: str, target: int):
        super().__init__(n, salt=None)  # no random event after setup
        self.n = n
        self.edition = edition
        #: Points that win at once: 3, or 4 when the game started with 2 or 3 seats.
        self.target = target
        self.phase = FACTION
        self.round = 1
        #: How many slots of this round's rows are face up (0 during the Windup).
        self.revealed = 0
        #: Faction ids: a Secret while seats pick them, then a tuple.
        self.factions: Secret | tuple[str, ...] = Secret(n)
        #: Each seat's unit picks so far (a tuple of unit ids): a Secret until all have picked.
        self.picks: Secret | None = Secret(n)
        #: Unit ids in combat order per seat, shown once every army is complete.
        self.army: tuple[tuple[str, ...], ...] = ((),) * n
        #: Index in ``army`` of the active unit (ARMY once the third is destroyed).
        self.active = [0] * n
        #: Hearts left on the active unit; 0 means destroyed, replaced before the next card.
        self.hearts = [0] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.hands_seen: list[list[str]] = [[] for _ in range(n)]
        self.program: list[list[str]] = [[] for _ in range(n)]
        self.rows: list[list[str | None]] = [[] for _ in range(n)]
        self.discard: list[list[str]] = [[] for _ in range(n)]
        self.centre: list[list[str]] = [[] for _ in range(n)]
        self.broken: list[list[str]] = [[] for _ in range(n)]
        #: 2016 edition: slots of this round's row that broke (they go under the Life card at
        #: round end); tuples, replaced when one grows, so copies share them.
        self.row_broken: tuple[tuple[int, ...], ...] = ((),) * n
        #: 2016 edition: the slot of this round's played Reload, or -1.
        self.reload_at: tuple[int, ...] = (-1,) * n
        self.status: tuple[str, ...] = (IN_PLAY,) * n
        self.table = _ring(n)
        #: Seats that must decide now (several: a simultaneous secret decision).
        self.pending: tuple[int, ...] = ()
        self.charger = -1
        #: The revealed steps of the latest War (public), as ``war.record`` keeps them (read
        #: them with ``war.reveal_rows``), never mutated once made; a tuple so copies share it.
        self.reveals: tuple[tuple, ...] = ()
        self.result: Outcome | None = None
        #: The events of setup (factions dealt): see ``Game.opening_events``.
        self.opening: tuple = ()

    def start_windup(self) -> None:
        """A new Windup: empty rows; every seat in play that holds a card is asked to program."""
        self.phase = WINDUP
        self.revealed = 0
        n = self.n
        self.rows = [[] for _ in range(n)]
        self.program = [[] for _ in range(n)]
        self.row_broken = ((),) * n
        self.reload_at = (-1,) * n
        self.pending = tuple(s for s in self.table.in_play if self.hands[s] or self.hands_seen[s])
