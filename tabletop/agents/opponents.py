"""What the other seats have been seen to choose: search's model of the table it plays at.

Search assumes by default that the others play as the game's kit models them (its rule bot,
say): a seat that plays one fixed line every round beats that assumption forever, because
search never learns from what it has seen. :class:`Habits` remembers, for each other seat and
each situation the game names (Windup War: a slot of the row), the choices that seat was seen
to make there, and how often a new choice repeated an earlier one. Search then takes a past
choice (by its frequency) with the probability the evidence gives repetition, else the
kit's own model: a seat that repeats itself is expected to after one round and more so with
each repeat; one that does not (a rule bot reading the table) hands back to the kit's model a
little more with each choice that repeats nothing.

It reads only what the game shows the seat: the views of its own decisions, through the kit's
``choices(view, seat)`` (revealed rows, shown cards, public choices), never a state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

#: The chance a seat repeats a choice it was seen to make once, before any evidence of whether
#: it repeats itself (against script-found, 0.5 won 55% of 20 tuning games, 0.7 70%: a line that
#: wins in three rounds must be answered in the second), and the weight of that guess in trials:
#: after r repeats in the t choices that followed a first, a past choice is predicted with
#: probability (r + FIRST * PRIOR) / (t + PRIOR).
FIRST = 0.7
PRIOR = 1.0

#: (seat, occasion, situation, choice): ``seat`` made ``choice`` in ``situation`` (the same
#: situation recurs: a slot, a kind of decision); ``occasion`` names this one time (a round and
#: step), so a choice shown in several views is counted once.
Choice = tuple[int, Hashable, Hashable, Hashable]
Observe = Callable[[Mapping[str, Any], int], Iterable[Choice]]


class Habits:
    """The choices each other seat was seen to make, by situation, and how often they repeat."""

    __slots__ = ("observe", "first", "prior", "seen", "counted", "repeats", "trials")

    def __init__(self, observe: Observe, first: float = FIRST, prior: float = PRIOR):
        self.observe = observe
        self.first = first
        self.prior = prior
        self.seen: dict[tuple[int, Hashable], list[Hashable]] = {}
        self.counted: set[tuple[int, Hashable]] = set()
        #: per (seat, situation): observations after the first, and those that repeated an earlier one
        self.trials: dict[tuple[int, Hashable], int] = {}
        self.repeats: dict[tuple[int, Hashable], int] = {}

    def watch(self, view: Mapping[str, Any], seat: int) -> None:
        """Count what ``seat``'s view shows the others chose, each occasion once."""
        for other, occasion, situation, choice in self.observe(view, seat):
            if other == seat or (other, occasion) in self.counted:
                continue
            self.counted.add((other, occasion))
            key = (other, situation)
            past = self.seen.setdefault(key, [])
            if past:
                self.trials[key] = self.trials.get(key, 0) + 1
                if choice in past:
                    self.repeats[key] = self.repeats.get(key, 0) + 1
            past.append(choice)

    def trust(self, other: int, situation: Hashable) -> float:
        """How likely ``other`` repeats a past choice in ``situation``, by the evidence."""
        key = (other, situation)
        if key not in self.seen:
            return 0.0
        return (self.repeats.get(key, 0) + self.first * self.prior) / (self.trials.get(key, 0) + self.prior)

    def confidence(self, seat: int) -> float:
        """How predictable the others are to ``seat``: the most, over the other seats, of a seat's
        mean :meth:`trust` over the situations it was seen in (0 before anything is seen; FIRST
        after one round, falling with every choice that did not repeat an earlier one)."""
        by_seat: dict[int, list[float]] = {}
        for other, situation in self.seen:
            if other != seat:
                by_seat.setdefault(other, []).append(self.trust(other, situation))
        return max((sum(t) / len(t) for t in by_seat.values()), default=0.0)

    def predict(self, other: int, situation: Hashable, rng: random.Random) -> Hashable | None:
        """A past choice of ``other`` in ``situation`` (drawn by frequency) with the probability
        :meth:`trust` gives, else None: the kit's own model chooses."""
        trust = self.trust(other, situation)
        if not trust or rng.random() >= trust:
            return None
        past = self.seen[(other, situation)]
        return past[rng.randrange(len(past))]
