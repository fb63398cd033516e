"""A seeded N-Tuple Bandit Evolutionary Algorithm (NTBEA) behind an ask/tell interface.

NTBEA (Lucas, Liu and Perez-Liebana, 2018) searches a space of discrete choices with a
noisy objective: every evaluated point updates the statistics of the "tuples" it belongs
to (each single dimension, each pair of dimensions, and the whole point), so a few noisy
games per candidate still tell which values help. The next candidate is the most
promising of many neighbours of the current one by an upper confidence bound over those
statistics. Here it minimises, starts from the printed values, and draws every random
choice from one generator seeded by the study's seed: the same seed and the same values
told back give the same candidates, wherever and however fast the games were played.

Two choices suit a designer's small budgets (tens of candidates, not thousands): the
neighbours are those of the best point so far by the model (not of the last one played),
each changing one value (two, one time in ``d``; a changed value goes back to its start
one time in four), so the search climbs in small steps a designer can read; and a tuple not yet seen counts as the mean of everything told so far
plus the exploration bonus at n = 0 (not as an infinitely good value, which in a space of
many pairs makes every step a random jump).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

Point = tuple[int, ...]  # an index into each dimension's values


@dataclass
class _Stat:
    n: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.n


@dataclass
class NTBEA:
    """Minimise over ``sizes[d]`` choices per dimension; ``start`` is the first point asked.

    ``explore`` is the UCB constant in units of the objective (a spread of win rates is a
    few hundredths, so the default is small); ``neighbours`` is how many mutations of the
    current point are scored by the model before the best is asked. ``max_changed`` caps how many
    dimensions may differ from ``start`` (a mutation past it reverts another changed one: a swap);
    ``allowed`` says which points may be asked at all (the card file's orders, say).
    """

    sizes: Sequence[int]
    seed: int
    start: Point | None = None
    explore: float = 0.05
    neighbours: int = 50
    pairs: bool = True
    max_changed: int = 0
    allowed: Callable[[Point], bool] | None = None
    _rng: random.Random = field(init=False, repr=False)
    _tuples: list[tuple[int, ...]] = field(init=False, repr=False)
    _stats: list[dict[Point, _Stat]] = field(init=False, repr=False)
    _current: Point = field(init=False)
    _home: Point = field(init=False)
    _asked: Point | None = field(init=False, default=None)
    told: list[tuple[Point, float]] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if not self.sizes or any(s < 1 for s in self.sizes):
            raise ValueError("NTBEA needs at least one dimension with at least one value.")
        dims = range(len(self.sizes))
        self._rng = random.Random(f"ntbea:{self.seed}")
        self._tuples = [(d,) for d in dims]
        if self.pairs and len(self.sizes) > 2:
            self._tuples += list(itertools.combinations(dims, 2))
        if len(self.sizes) > 1:
            self._tuples.append(tuple(dims))
        self._stats = [{} for _ in self._tuples]
        self._current = tuple(self.start) if self.start is not None else self._random_point()
        self._home = self._current

    # ---- ask / tell -----------------------------------------------------------------

    def ask(self) -> Point:
        """The next point to evaluate (the start first, then the best-scored neighbour)."""
        if self._asked is None:
            self._asked = self._current
        return self._asked

    def tell(self, point: Point, value: float) -> None:
        """The objective measured at ``point`` (the one asked last); lower is better."""
        if point != self._asked:
            raise ValueError("tell() must answer the point ask() gave, in order.")
        self.told.append((point, value))
        for index, dims in enumerate(self._tuples):
            stat = self._stats[index].setdefault(self._key(point, dims), _Stat())
            stat.n += 1
            stat.total += value
        self._current = self._next(self.ranking()[0][0])
        self._asked = None

    # ---- the model --------------------------------------------------------------------

    def estimate(self, point: Point) -> float:
        """The model's value at ``point``: the mean of the means of the tuples seen (inf: none)."""
        means = [s.mean for s in self._seen(point)]
        return sum(means) / len(means) if means else math.inf

    def ranking(self) -> list[tuple[Point, float]]:
        """Every distinct point evaluated, best estimate first (ties: first evaluated first)."""
        seen = list(dict.fromkeys(p for p, _ in self.told))
        return sorted(((p, self.estimate(p)) for p in seen), key=lambda pair: pair[1])

    def _seen(self, point: Point) -> list[_Stat]:
        out = []
        for index, dims in enumerate(self._tuples):
            stat = self._stats[index].get(self._key(point, dims))
            if stat is not None:
                out.append(stat)
        return out

    def _ucb(self, point: Point) -> float:
        """Lower confidence bound (we minimise): unseen tuples count as promising."""
        total = len(self.told)
        prior = sum(v for _, v in self.told) / total if total else 0.0
        scores = []
        for index, dims in enumerate(self._tuples):
            stat = self._stats[index].get(self._key(point, dims))
            n, mean = (stat.n, stat.mean) if stat else (0, prior)
            scores.append(mean - self.explore * math.sqrt(math.log(total + 1) / (n + 1)))
        return sum(scores) / len(scores)

    def _next(self, point: Point) -> Point:
        """The most promising of ``neighbours`` mutations of ``point`` (the best so far) not yet
        played: every candidate plays the same seeds, so playing one again would tell nothing."""
        played = {p for p, _ in self.told}
        ok = self.allowed or (lambda p: True)
        for _ in range(20):
            candidates = [c for c in (self._mutate(point) for _ in range(self.neighbours))
                          if c not in played and ok(c)]
            if candidates:
                return min(candidates, key=self._ucb)  # min keeps the first of equals: deterministic
            point = self._rng.choice(sorted(played))  # every neighbour played: climb from elsewhere
        if self.max_changed or self.allowed:
            return self._home  # nothing new within the limits: ask the start again (tells nothing new)
        return self._random_point()

    def _mutate(self, point: Point) -> Point:
        """Change one dimension (two, one time in d) to another of its values."""
        movable = [d for d, size in enumerate(self.sizes) if size > 1]
        if not movable:
            return point
        out = list(point)
        count = 2 if len(movable) > 1 and self._rng.random() < 1 / len(movable) else 1
        changed = self._rng.sample(movable, count)
        for d in changed:
            home = self._home[d]
            if point[d] != home and self._rng.random() < 0.25:
                out[d] = home  # back to the start (printed) value: proposals stay small
            else:
                out[d] = self._rng.choice([v for v in range(self.sizes[d]) if v != point[d]])
        if self.max_changed:
            others = [d for d in range(len(out)) if out[d] != self._home[d] and d not in changed]
            while sum(1 for d in range(len(out)) if out[d] != self._home[d]) > self.max_changed and others:
                d = others.pop(self._rng.randrange(len(others)))
                out[d] = self._home[d]  # past the cap: a swap, another changed value goes back
        return tuple(out)

    def _random_point(self) -> Point:
        return tuple(self._rng.randrange(size) for size in self.sizes)

    @staticmethod
    def _key(point: Point, dims: tuple[int, ...]) -> Point:
        return tuple(point[d] for d in dims)
