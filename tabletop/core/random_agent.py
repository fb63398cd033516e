"""The random agent: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.decision import BotSpec, Decision


class RandomAgent:
    """Draws an index the way ``rng.choice`` does (the same draws, so the same games), without
    its two Python-level calls: simulations make this choice for every action."""

    __slots__ = ("rng", "_bits")
    #: It reads only the legal actions, so it gets a blind decision (no copy made).
    reads = "legal"

    def __init__(self, rng: random.Random):
        self.rng = rng
        self._bits = rng.getrandbits

    def choose(self, decision: Decision) -> str:
        legal = decision.legal
        n = len(legal)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        bits = self._bits
        k = n.bit_length()  # as random.Random._randbelow_with_getrandbits: n, not n - 1
        r = bits(k)
        while r >= n:
            r = bits(k)
        return legal[r]


def _make(game: Any, seat: int, rng: random.Random) -> RandomAgent:
    return RandomAgent(rng)


RANDOM = BotSpec("random", _make, game=None, help="Uniformly random among the legal actions.")
