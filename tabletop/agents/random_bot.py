"""The random agent: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any

from tabletop.agents.base import BotSpec, Decision


class RandomAgent:
    __slots__ = ("rng",)
    #: It reads only the legal actions, so it gets a blind decision (no copy made).
    reads = "legal"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, decision: Decision) -> str:
        return self.rng.choice(decision.legal)


def _make(game: Any, seat: int, rng: random.Random) -> RandomAgent:
    return RandomAgent(rng)


RANDOM = BotSpec("random", _make, game=None, help="Uniformly random among the legal actions.")
