"""What each change does: pruning a candidate to the changes that carry its gain, one change at a
time against the printed data, and what else moved (game length, the game's own figures).

A search's best candidate carries passengers: values it changed on the way that do nothing or
harm. Pruning drops them one at a time (a pair at once when no single one can go) while the
candidate's balance on the search's own seeds stays within its 95% interval, so what is
proposed is the smallest change that holds; every step is a row of the report. The changes
that stay are then measured one at a time on fresh seeds (the effect table), and every
comparison shows what else moved, with games as the unit: a per-seat figure is averaged over
a game's seats first, so the seats of one game never count as independent.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.errors import CardDataError
from tabletop.core.tunables import Tunables
from tabletop.lab import balance_objectives as objectives
from tabletop.lab.balance import StudySpec, play_candidate
from tabletop.lab.optimisers import key

Seatings = list[tuple[list[objectives.GameSample], int]]


class Stopped(Exception):
    """Ctrl-C while a candidate was being played: the caller keeps what it has."""


@dataclass
class Bench:
    """Plays candidates for one study on one block of seeds, each kept as a run (and read back,
    not played again, when that run is already in the database)."""

    registry: Any
    spec: StudySpec
    db: Any
    tag: str
    seed: int
    games: int
    workers: int = 1
    backend: str = "local"
    address: str | None = None
    collect: objectives.Objective | None = None
    stored_only: bool = False
    on_result: Callable[[int, Any], None] | None = None
    #: Runs already played under another name (a study's trials: candidate key -> "trial N").
    labels: dict[str, str] = field(default_factory=dict)

    def play(self, changes: dict[str, Any]) -> Seatings:
        seatings, _, stopped, _ = play_candidate(
            self.registry, self.spec, changes, seed=self.seed, games=self.games, db=self.db, tag=self.tag,
            label=self.labels.get(key(changes)) or (key(changes) if changes else "printed"), workers=self.workers, backend=self.backend,
            address=self.address, on_result=self.on_result, collect=self.collect, reuse=True,
            stored_only=self.stored_only)
        if stopped:
            raise Stopped
        return seatings


def groups_in(changes: dict[str, Any], tunables: Tunables) -> list[tuple[str, ...]]:
    """The groups of copies a candidate changes (each one designer's change)."""
    return [g for g in tunables.groups if any(a in changes for a in g)]


def without(changes: dict[str, Any], dropped: Sequence[tuple[str, ...]]) -> dict[str, Any]:
    gone = {a for g in dropped for a in g}
    return {a: v for a, v in changes.items() if a not in gone}


def prune(bench: Bench, objective: objectives.Objective, changes: dict[str, Any], tunables: Tunables) -> dict[str, Any]:
    """Drop changes while the gain over the printed data on the search's seeds stays within the full
    candidate's 95% interval of that gain (paired bootstrap) and the balance stays better than the
    printed data's; each change's contribution at the end."""
    printed = bench.play({})
    base = objectives.value(objective, printed)
    full = bench.play(changes)
    interval = objectives.bootstrap(objective, printed, full, seed=bench.seed)
    limit = base + interval["difference"][1]  # the gain over the printed data stays within its interval
    path = [{"dropped": [], "changes": changes, "value": objectives.value(objective, full)}]
    current = changes
    while True:
        groups = groups_in(current, tunables)
        found = _holding(bench, objective, current, groups, 1, limit, base)
        if not found and len(groups) >= 3:
            found = _holding(bench, objective, current, groups, 2, limit, base)  # pairs only where no single can go
        if not found:
            break
        value, drop, current = min(found, key=lambda t: (t[0], len(t[2])))
        path.append({"dropped": drop, "changes": current, "value": value})
    final = bench.play(current)
    kept_value = objectives.value(objective, final)
    contributions = []
    for group in groups_in(current, tunables):
        try:
            alone = objectives.value(objective, bench.play(without(current, [group])))
        except CardDataError as error:  # the others need it: no balance without it to compare
            contributions.append({"change": list(group), "without": None, "contribution": None,
                                  "refused": str(error).splitlines()[0]})
            continue
        contributions.append({"change": list(group), "without": alone, "contribution": alone - kept_value})
    return {"start": changes, "printed": base, "limit": limit, "path": path, "pruned": current,
            "contributions": contributions}


def _holding(bench: Bench, objective: objectives.Objective, current: dict[str, Any], groups: list[tuple[str, ...]],
             size: int, limit: float, base: float) -> list[tuple[float, list[tuple[str, ...]], dict[str, Any]]]:
    """Every way to drop ``size`` changes that keeps the balance within ``limit`` and below ``base``."""
    out = []
    for drop in itertools.combinations(groups, size):
        smaller = without(current, drop)
        try:
            value = objectives.value(objective, bench.play(smaller))
        except CardDataError:
            continue  # without it the rest breaks the card file's rules: it cannot go alone
        if value <= limit and value < base:
            out.append((value, list(drop), smaller))
    return out


def _paired(before: Sequence[float], after: Sequence[float]) -> dict[str, Any]:
    """Means and the 95% interval of the mean paired difference (normal approximation)."""
    n = len(before)
    diffs = [b - a for a, b in zip(before, after, strict=True)]
    mean = sum(diffs) / n if n else 0.0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0
    return {"before": sum(before) / n if n else 0.0, "after": sum(after) / n if n else 0.0,
            "difference": mean, "ci95": [mean - half, mean + half], "games": n}


def moved(base: Seatings, other: Seatings) -> list[dict[str, Any]]:
    """What else moved at each seating: game length, games without a winner and every numeric
    figure the game reports, on the games both played (same seeds), games as the unit."""
    rows = []
    for (b, seats), (o, _) in zip(base, other, strict=True):
        theirs = {s.index: s for s in o}
        pairs = [(s, theirs[s.index]) for s in b if s.index in theirs]
        figures: dict[str, None] = dict.fromkeys(["game length", "no winner"])
        for s, t in pairs:
            figures.update(dict.fromkeys(n for n, _ in s.figures))
            figures.update(dict.fromkeys(n for n, _ in t.figures))
        for name in figures:
            if name == "game length":
                got = [(s.length, t.length) for s, t in pairs]
            elif name == "no winner":
                got = [(float(not s.winners), float(not t.winners)) for s, t in pairs]
            else:
                got = [(dict(s.figures)[name], dict(t.figures)[name]) for s, t in pairs
                       if name in dict(s.figures) and name in dict(t.figures)]
            if got:
                rows.append({"seats": seats, "figure": name, **_paired([x for x, _ in got], [y for _, y in got])})
    return rows


def compare(objective: objectives.Objective, base: Seatings, other: Seatings, *, seed: int) -> dict[str, Any]:
    """The objective before and after at each seating and at the worst, with paired intervals."""
    rows = []
    for index, ((b, seats), (o, _)) in enumerate(zip(base, other, strict=True)):
        one = objectives.bootstrap(objective, [base[index]], [other[index]], seed=seed)
        rows.append({"seats": seats, "games": len(o), "before": objectives.value(objective, [(b, seats)]),
                     "after": objectives.value(objective, [(o, seats)]), "difference_ci95": list(one["difference"])})
    whole = objectives.bootstrap(objective, base, other, seed=seed)
    return {"before": objectives.value(objective, base), "after": objectives.value(objective, other),
            "difference_ci95": list(whole["difference"]), "seatings": rows}


def one_at_a_time(bench: Bench, objective: objectives.Objective, changes: dict[str, Any],
                  tunables: Tunables) -> list[dict[str, Any]]:
    """Each change of a proposal alone against the printed data (``bench``'s fresh seeds)."""
    printed = bench.play({})
    out = []
    for group in groups_in(changes, tunables):
        alone = {a: changes[a] for a in group if a in changes}
        try:
            played = bench.play(alone)
        except CardDataError as error:  # alone it breaks the card file's rules (an order, say)
            out.append({"change": list(group), "changes": alone, "refused": str(error).splitlines()[0]})
            continue
        out.append({"change": list(group), "changes": alone, **compare(objective, printed, played, seed=bench.seed)})
    return out
