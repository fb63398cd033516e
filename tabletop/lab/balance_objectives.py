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

Several may be added: ``seat-balance+no-winner``. A study played at several seat counts scores
the worst of them: a game is as balanced as its worst seat count.
"""

from __future__ import annotations

import json
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
    #: The game's numeric figures, games as the unit: a per-seat one is its mean over the seats.
    figures: tuple[tuple[str, float], ...] = ()


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
        sums: dict[str, list[float]] = {}
        for seat, name, value in json.loads(result.stats_json) if result.stats_json else ():
            if isinstance(value, int | float) and not isinstance(value, bool):
                total = sums.setdefault(name, [0.0, 0])
                total[0] += value
                total[1] += 1
            if seat is None or not 0 <= seat < self.seats:
                continue
            for part in spread:
                if self.objective.group_stat(part, name):
                    groups[seat].add((part, str(value)))
        figures = tuple(sorted((name, total / n) for name, (total, n) in sums.items()))
        self.samples[index] = GameSample(index, tuple(result.winners), result.length,
                                         tuple(tuple(sorted(g)) for g in groups), figures)

    def ordered(self) -> list[GameSample]:
        return [self.samples[i] for i in sorted(self.samples)]


@dataclass(frozen=True)
class SeatingMatrix:
    """One seating's games as a matrix, a row per game (in index order): each seat's win share,
    no winner, length, then for each spread part each value's win share and seat-game count.
    Every figure is a function of the column sums, so a bootstrap resample is one matrix sum."""

    rows: Any  # numpy array, games x columns
    seats: int
    values: dict[str, tuple[str, ...]]  # spread part -> its values, in column order


def seating_matrix(samples: Sequence[GameSample], seats: int, objective: Objective) -> SeatingMatrix:
    import numpy as np

    spreads = [p for p in objective.parts if p.endswith("-spread")]
    values = {p: tuple(sorted({v for s in samples for g in s.groups for q, v in g if q == p})) for p in spreads}
    width = seats + 2 + sum(2 * len(v) for v in values.values())
    rows = np.zeros((len(samples), width))
    for i, s in enumerate(samples):
        share = 1 / len(s.winners) if s.winners else 0.0
        for w in s.winners:
            rows[i, w] = share
        rows[i, seats] = 0.0 if s.winners else 1.0
        rows[i, seats + 1] = s.length
        at = seats + 2
        for part, names in values.items():
            place = {v: k for k, v in enumerate(names)}
            for seat, groups in enumerate(s.groups):
                for q, v in groups:
                    if q == part:
                        rows[i, at + place[v]] += share if seat in s.winners else 0.0
                        rows[i, at + len(names) + place[v]] += 1
            at += 2 * len(names)
    return SeatingMatrix(rows, seats, values)


def _parts(objective: Objective, m: SeatingMatrix, sums: Any, n: int) -> dict[str, float]:
    out = {}
    seats = m.seats
    for part in objective.parts:
        if not n:
            out[part] = 1.0
        elif part == "seat-balance":
            total = float(sums[:seats].sum())
            out[part] = max(abs(float(w) / total - 1 / seats) for w in sums[:seats]) if total else 1 - 1 / seats
        elif part == "no-winner":
            out[part] = float(sums[seats]) / n
        elif part.startswith("length="):
            target = float(part.partition("=")[2])
            out[part] = abs(float(sums[seats + 1]) / n - target) / target
        else:
            at = seats + 2
            for other, names in m.values.items():
                if other == part:
                    k = len(names)
                    wins, counts = sums[at:at + k], sums[at + k:at + 2 * k]
                    rates = [float(w) / c for w, c in zip(wins, counts, strict=True) if c >= MIN_SEAT_GAMES]
                    out[part] = float(max(rates) - min(rates)) if len(rates) > 1 else 0.0
                at += 2 * len(names)
    return out


def value_rates(samples: Sequence[GameSample], part: str) -> dict[str, tuple[float, int]]:
    """Each value's (wins, seat-games) for one spread objective."""
    m = seating_matrix(samples, len(samples[0].groups) if samples else 0, Objective((part,)))
    sums = m.rows.sum(axis=0)
    names = m.values.get(part, ())
    at, k = m.seats + 2, len(names)
    return {v: (float(sums[at + i]), int(sums[at + k + i])) for i, v in enumerate(names)}


def per_seating(objective: Objective, seatings: Sequence[tuple[Sequence[GameSample], int]]) -> list[dict[str, float]]:
    """Each part at each seating (seat count) played."""
    matrices = [seating_matrix(s, n, objective) for s, n in seatings]
    return [_parts(objective, m, m.rows.sum(axis=0), len(m.rows)) for m in matrices]


def components(objective: Objective, seatings: Sequence[tuple[Sequence[GameSample], int]]) -> dict[str, float]:
    """Each part at the worst seating, and with several seatings each one's total (``3 seats``)."""
    found = per_seating(objective, seatings)
    totals = [sum(f.values()) for f in found]
    worst = found[totals.index(max(totals))]
    out = dict(worst)
    if len(seatings) > 1:
        out |= {f"{n} seats": t for (_, n), t in zip(seatings, totals, strict=True)}
    return out


def value(objective: Objective, seatings: Sequence[tuple[Sequence[GameSample], int]]) -> float:
    """The objective at the worst seating: what a study minimises."""
    return max(sum(f.values()) for f in per_seating(objective, seatings))


def bootstrap(objective: Objective, base: Sequence[tuple[Sequence[GameSample], int]],
              other: Sequence[tuple[Sequence[GameSample], int]], *, seed: int,
              resamples: int = RESAMPLES) -> dict[str, tuple[float, float]]:
    """95% percentile intervals of the other's objective and of its difference from the base,
    resampling seeds together (both played the same seeds: a paired bootstrap)."""
    import numpy as np

    rng = np.random.Generator(np.random.PCG64(seed % 2**64))
    pairs = []
    for (b, n), (o, _) in zip(base, other, strict=True):
        by_index = {s.index: s for s in o}
        common = [s for s in b if s.index in by_index]
        matched = [by_index[s.index] for s in common]
        pairs.append((seating_matrix(common, n, objective), seating_matrix(matched, n, objective)))
    values, diffs = [], []
    for _ in range(resamples):
        mine, theirs = [], []
        for tb, to in pairs:
            draw = rng.integers(0, len(tb.rows), len(tb.rows)) if len(tb.rows) else np.zeros(0, dtype=int)
            theirs.append(sum(_parts(objective, to, to.rows[draw].sum(axis=0), len(draw)).values()))
            mine.append(sum(_parts(objective, tb, tb.rows[draw].sum(axis=0), len(draw)).values()))
        v = max(theirs)  # the worst seating, as value() scores it
        values.append(v)
        diffs.append(v - max(mine))
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
