"""The other seats' programs as the tactician would write them: search's opponent model.

In a Windup every seat programs five cards in secret. What a seat can program is public
(its 22 cards less the discard pile, the centre, broken cards and this round's row), and
the tactician (bots.py) decides from public facts and its own hand alone, so the programs
it may write this round can be drawn once, from a round-start view of that seat, and
reused by every sample of the round: :class:`ProgramModel`. Search then plays against the
programs a tactician would write (its Charge! slots, its Blocks, its late Reload) instead of
ones a uniform draw or its own tree would give the other seats.
"""

from __future__ import annotations

import random

from tabletop_games.windupwar.bots import Tactician
from tabletop_games.windupwar.state import SLOTS

#: Programs drawn per seat and round (the tactician's own randomness: which slot it charges).
PROGRAMS = 16
#: Forget the drawn programs when this many rounds and seats are kept.
KEEP = 512


class ProgramModel:
    """Programs the tactician would write for a seat this round, drawn once and kept."""

    __slots__ = ("game", "cache")

    def __init__(self, game):
        self.game = game
        self.cache: dict[tuple, list[list[str]]] = {}

    def public(self, state) -> tuple:
        """Everything public the tactician's programming reads, but the seat's own cards:
        armies, piles, points, cards held by seat, and the last war's damage by seat."""
        dealt = [0] * state.n
        for reveal in state.reveals:
            for s, d in enumerate(reveal[4]):
                dealt[s] += d
        return (state.round, tuple(state.hearts), tuple(state.active), state.status,
                tuple(map(tuple, state.discard)), tuple(map(len, state.centre)), tuple(map(len, state.broken)),
                tuple(dealt), tuple(len(state.hands[s]) + len(state.hands_seen[s]) + len(state.program[s])
                                    for s in range(state.n)))

    def programs(self, state, seat: int, public: tuple | None = None) -> list[list[str]]:
        """The programs drawn for ``seat`` this round (``public``: :meth:`public`, if made already)."""
        cards = tuple(sorted(state.hands[seat] + state.hands_seen[seat] + state.program[seat]))
        key = (seat, cards, public or self.public(state))
        drawn = self.cache.get(key)
        if drawn is None:
            if len(self.cache) >= KEEP:
                self.cache.clear()
            # Seeded by the key alone: the same round gives the same programs, whoever asks first.
            rng = random.Random(repr(key))
            view = self._round_start_view(state, seat)
            drawn = self.cache[key] = [self._draw(view, seat, rng) for _ in range(PROGRAMS)]
        return drawn

    def _round_start_view(self, state, seat: int) -> dict:
        """The seat's view before it programmed a card this round."""
        game = self.game
        view = game.view(state, seat)
        me = view["seats"][seat]
        programmed = state.program[seat]
        if programmed:
            view["hand"] = sorted(view["hand"] + programmed, key=game.order.__getitem__)
            me["row"] = []
            me["hand_size"] = len(view["hand"])
        return view

    def _draw(self, view: dict, seat: int, rng: random.Random) -> list[str]:
        tactician = Tactician(self.game, seat, rng)
        me = view["seats"][seat]
        start = view["hand"]
        hand = start[:]
        row: list[str] = []
        me["row"] = row
        try:
            while hand and len(row) < SLOTS:
                view["hand"] = hand
                choice = tactician._program(view, hand) if len(hand) > 1 else hand[0]
                hand.remove(choice)
                row.append(choice)
        finally:
            me["row"] = []
            view["hand"] = start
        return row[:]
