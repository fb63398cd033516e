"""What "balanced" means to ``tabletop balance``: objectives measured on a candidate's games.

Every objective is lower-is-better and computed from per-game records, so the same code
scores a search's games and re-samples fresh ones for intervals (a paired bootstrap over
seeds: both candidates played the same seeds, so their difference is far less noisy than
either figure). Games are summed in the order of their index, never of their arrival, so a
candidate's figures do not depend on the worker count.

* ``seat-balance``: the largest gap between a seat's share of the wins and 1/n (games
  without a winner do not count against anyone).
* ``unit-spread`` / ``faction-spread``: the spread (highest minus lowest) of the win rates
  of a per-seat statistic's values: units (statistics named ``... unit``) or factions.
  A seat-game counts for every value it had (an army of three units counts for each).
  Values seen in fewer than :data:`MIN_SEAT_GAMES` seat-games are left out.
* ``no-winner``: the share of games nobody won.
* ``length=T``: how far the mean game length is from T actions, as a share of T.

Several may be added: ``seat-balance+no-winner``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.engine.simulate import GameResult

NAMES = ("seat-balance", "unit-spread", "faction-spread", "no-winner", "length=T")
MIN_SEAT_GAMES = 10
#: Resamples of the bootstrap behind every interval of the balance report.
RESAMPLES = 1000


@dataclass(frozen=True)
class Objective:
    """A sum of named parts, e.g. ``seat-balance+no-winner``."""

    parts: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Objective:
        parts = tuple(p.strip() for p in text.split("+") if p.strip())
        for part in parts:
            name, eq, target = part.partition("=")
            if name == "length" and eq:
                try:
                    if float(target) <= 0:
                        raise ValueError
                except ValueError:
                    raise OptionError(f"'{part}': the target length must be a positive number, like length=90.") from None
            elif part not in NAMES or part == "length=T":
                raise OptionError(f"No objective '{part}'; choose from {', '.join(NAMES)} (join several with +).")
        if not parts:
            raise OptionError(f"Give an objective: {', '.join(NAMES)}.")
        return cls(parts)

    def __str__(self) -> str:
        return "+".join(self.parts)

    def group_stat(self, part: str, name: str) -> bool:
        """Whether a per-seat statistic named ``name`` is what ``part`` spreads over."""
        if part == "unit-spread":
            return name == "unit" or name.endswith(" unit")
        if part == "faction-spread":
            return name == "faction"
        return False


@dataclass(frozen=True, slots=True)
class GameSample:
    """One game as the objectives need it: winners, length and each seat's grouped values."""

    index: int
    winners: tuple[int, ...]
    length: int
    groups: tuple[tuple[tuple[str, str], ...], ...]  # per seat: (objective part, value) pairs


@dataclass
class Games:
    """One seating's games of one candidate, in any order of arrival, kept by index."""

    objective: Objective
    seats: int
    samples: dict[int, GameSample] = field(default_factory=dict)
    errors: int = 0

    def add(self, index: int, result: GameResult) -> None:
        if result.error is not None:
            self.errors += 1
            return
        groups: list[set[tuple[str, str]]] = [set() for _ in range(self.seats)]
        spread = [p for p in self.objective.parts if p.endswith("-spread")]
        if spread and result.stats_json:
            for seat, name, value in json.loads(result.stats_json):
                if seat is None or not 0 <= seat < self.seats:
                    continue
                for part in spread:
                    if self.objective.group_stat(part, name):
                        groups[seat].add((part, str(value)))
        self.samples[index] = GameSample(index, tuple(result.winners), result.length,
                                         tuple(tuple(sorted(g)) for g in groups))

    def ordered(self) -> list[GameSample]:
        return [self.samples[i] for i in sorted(self.samples)]


def seat_gap(samples: Sequence[GameSample], seats: int) -> float:
    wins = [0.0] * seats
    for s in samples:
        for w in s.winners:
            wins[w] += 1 / len(s.winners)
    total = sum(wins)
    if not total:
        return 1 - 1 / seats
    return max(abs(w / total - 1 / seats) for w in wins)


def value_rates(samples: Sequence[GameSample], part: str) -> dict[str, tuple[float, int]]:
    """Each value's (wins, seat-games) for one spread objective."""
    out: dict[str, list] = {}
    for s in samples:
        for seat, groups in enumerate(s.groups):
            won = 1 / len(s.winners) if seat in s.winners else 0.0
            for p, value in groups:
                if p == part:
                    row = out.setdefault(value, [0.0, 0])
                    row[0] += won
                    row[1] += 1
    return {v: (float(w), n) for v, (w, n) in sorted(out.items())}


def spread(samples: Sequence[GameSample], part: str) -> float:
    rates = [w / n for w, n in value_rates(samples, part).values() if n >= MIN_SEAT_GAMES]
    return max(rates) - min(rates) if len(rates) > 1 else 0.0


def part_value(part: str, samples: Sequence[GameSample], seats: int) -> float:
    if not samples:
        return 1.0
    if part == "seat-balance":
        return seat_gap(samples, seats)
    if part == "no-winner":
        return sum(1 for s in samples if not s.winners) / len(samples)
    if part.startswith("length="):
        target = float(part.partition("=")[2])
        return abs(sum(s.length for s in samples) / len(samples) - target) / target
    return spread(samples, part)


def components(objective: Objective, seatings: Sequence[tuple[Sequence[GameSample], int]]) -> dict[str, float]:
    """Each part, averaged over the seatings (seat counts) played."""
    return {part: sum(part_value(part, s, n) for s, n in seatings) / len(seatings) for part in objective.parts}


def value(objective: Objective, seatings: Sequence[tuple[Sequence[GameSample], int]]) -> float:
    return sum(components(objective, seatings).values())


def bootstrap(objective: Objective, base: Sequence[tuple[Sequence[GameSample], int]],
              other: Sequence[tuple[Sequence[GameSample], int]], *, seed: int,
              resamples: int = RESAMPLES) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of the other's objective and of its difference from the base,
    resampling seeds together (both played the same seeds: a paired bootstrap)."""
    rng = random.Random(f"bootstrap:{seed}")
    pairs = []
    for (b, n), (o, _) in zip(base, other, strict=True):
        by_index = {s.index: s for s in o}
        common = [(s, by_index[s.index]) for s in b if s.index in by_index]
        pairs.append((common, n))
    values, diffs = [], []
    for _ in range(resamples):
        picked_base, picked_other = [], []
        for common, n in pairs:
            draw = [common[rng.randrange(len(common))] for _ in common]
            picked_base.append(([p[0] for p in draw], n))
            picked_other.append(([p[1] for p in draw], n))
        v = value(objective, picked_other)
        values.append(v)
        diffs.append(v - value(objective, picked_base))
    return {"value": _percentiles(values), "difference": _percentiles(diffs)}


def _percentiles(xs: list[float]) -> tuple[float, float]:
    xs = sorted(xs)
    if not xs:
        return (0.0, 0.0)
    return xs[int(0.025 * (len(xs) - 1))], xs[int(round(0.975 * (len(xs) - 1)))]


def describe(seatings: Sequence[tuple[Sequence[GameSample], int]]) -> dict[str, Any]:
    """Games, no-winner games and seat win shares of each seating, for reports."""
    out = []
    for samples, seats in seatings:
        wins = [0.0] * seats
        for s in samples:
            for w in s.winners:
                wins[w] += 1 / len(s.winners)
        out.append({"seats": seats, "games": len(samples), "no_winner": sum(1 for s in samples if not s.winners),
                    "wins": [float(w) for w in wins]})
    return {"seatings": out}
