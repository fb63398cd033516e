"""One Castle Wars game in progress, built from zones that know who may see their cards.

Cards are letters (K, A, M Units; T Towers); the same letter names every copy, so no single
card is ever peeked at or revealed: visibility comes from the zones alone.

* ``deck`` is face down; the face-up ``row`` of a draft turn and the ``discard`` pile are
  open to all.
* Every card is taken face up, so what a seat holds is public: its Units in ``units`` and
  its Towers in ``towers``.
* What is secret is how a seat arranges its Units and whom it attacks (rulebook: "Your
  arrangement should not be revealed to other players until the Battle Phase"): both are
  :class:`~tabletop.core.zones.Secret` choices, ``lines`` (the Units placed so far,
  leftmost first, among every arrangement its Units allow) and ``orders`` (a seat or
  DEFEND). The battle turns them face up; survivors stay in ``units`` in line order.
"""

from __future__ import annotations

from tabletop.plugin_api import EVERYONE, NOBODY, CardState, Outcome, Secret, zone

#: House rule (RULES.md, "Ending the game"): after this many rounds the highest hit points win.
ROUND_LIMIT = 40
DRAFT, ORDERS, OVER = "draft", "orders", "over"


class CastleState(CardState):
    ZONES = {
        "deck": zone(NOBODY),  # the top card is the last one
        "row": zone(EVERYONE),  # the face-up cards of this draft turn
        "discard": zone(EVERYONE),
        "units": zone(EVERYONE, per_seat=True),  # held between battles, in the order taken
        "towers": zone(EVERYONE, per_seat=True),
    }
    #: ``lines``: each seat's Units placed so far (a tuple), ``orders``: its target or DEFEND.
    PUBLIC = ("hp", "kept", "lines", "orders")
    # Known to all and replaced, never changed in place: shared by copies.
    __slots__ = (*ZONES, *PUBLIC, "in_play", "round", "turn_order", "draft_turn", "drafter", "phase",
                 "waiting", "tower_limit", "last_battle", "opening", "result")

    def __init__(self, seats: int, hit_points: int, deck: list[str], salt: str):
        super().__init__(seats, salt=salt)  # the salt seeds every reshuffle
        # Hit points and kept Units: tuples replaced, never changed in place, so copies share them.
        self.hp: tuple[int, ...] = (hit_points,) * seats
        self.in_play: tuple[int, ...] = tuple(range(seats))
        self.deck = deck
        self.row: list[str] = []
        self.discard: list[str] = []
        self.units: list[list[str]] = [[] for _ in range(seats)]
        self.towers: list[list[str]] = [[] for _ in range(seats)]
        # Units held when this round's draft began and not exchanged yet: only these may be swapped.
        self.kept: tuple[tuple[str, ...], ...] = ((),) * seats
        # Secrets only in the Battle Phase (None before: a copy shares None, it copies a Secret).
        self.lines: Secret | None = None
        self.orders: Secret | None = None
        self.round = 0
        self.turn_order: tuple[int, ...] = ()  # this round: clockwise from the first seat
        self.draft_turn = 0
        self.drafter = 0  # index in turn_order of the seat taking a card now
        self.phase = DRAFT
        #: The seats asked to decide now (``to_act``): the seat drafting, or those with orders to give.
        self.waiting: tuple[int, ...] = ()
        self.tower_limit = 0
        self.last_battle: dict | None = None
        self.result: Outcome | None = None
        #: The events of setup (round 1's opening): see ``Game.opening_events``.
        self.opening: tuple = ()

    def line(self, seat: int) -> tuple[str, ...]:
        """The seat's Units placed so far, leftmost first (secret from the others)."""
        lines = self.lines
        return () if lines is None else lines.values[seat] or ()

    def unplaced(self, seat: int) -> list[str]:
        """The seat's Units not yet placed, in the order it holds them."""
        rest = list(self.units[seat])
        for unit in self.line(seat):
            rest.remove(unit)
        return rest
