"""A run's figures, computed one way whether the games stream in or are read back.

``tabletop simulate`` feeds a :class:`Tally` the results as they arrive; ``tabletop report``
feeds one the rows of the results database (:func:`tally_of_run`). Both then read the same
:func:`figures` (wins per seat and per bot with Wilson intervals, no-winner games, game
length), so the two commands cannot print different numbers for one run.

Game length's standard deviation is the sample one (divided by n - 1): what a reader's
spreadsheet or ``statistics.stdev`` gives, and what Welch's test in :mod:`compare` uses.
The median is the usual one (the mean of the two middle games when their count is even).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tabletop.core.decision import BotSpec
from tabletop.core.game import Game
from tabletop.core.stats import wilson
from tabletop.engine.simulate import GameResult
from tabletop.lab.statistics import moments

if TYPE_CHECKING:
    from tabletop.lab.db import ResultsDB, Run

#: What a seat's row names for its bot when the bots change seats from game to game.
ROTATED = "(rotated)"
#: A number with at most this many distinct values is shown value by value, else in bins.
MAX_CATEGORIES = 12
BINS = 5
#: Values seen in fewer seat-games than this are left out of win-rate charts (too noisy).
MIN_GROUP = 20


@dataclass
class Tally:
    """A run's figures summed as games arrive, in any order, in memory independent of the count.

    Wins are counted per seat and per bot, a bot named by its place in the run's list of seats
    (with ``--rotate`` it changes seat from game to game). Sole wins are counted as whole
    numbers and shared ones as exact fractions, so the order of arrival cannot change a digit.
    """

    seats: int
    games: int = 0
    no_winner: int = 0
    lengths: Counter = field(default_factory=Counter)
    errors: int = 0
    first_errors: list[str] = field(default_factory=list)
    stats_errors: int = 0
    #: The first game's reason its statistics were left out (which plugin, what it did).
    first_stats_error: str | None = None
    sole: list[int] = field(default_factory=list)
    shared: list[Fraction] = field(default_factory=list)
    bot_sole: list[int] = field(default_factory=list)
    bot_shared: list[Fraction] = field(default_factory=list)

    def __post_init__(self) -> None:
        for counts, zero in ((self.sole, 0), (self.shared, Fraction(0)), (self.bot_sole, 0),
                             (self.bot_shared, Fraction(0))):
            if not counts:
                counts.extend([zero] * self.seats)

    @property
    def wins(self) -> list[Fraction]:
        """Wins per seat."""
        return [s + f for s, f in zip(self.sole, self.shared, strict=True)]

    @property
    def bot_wins(self) -> list[Fraction]:
        """Wins of the bot listed at each place of the run's seats, wherever it sat."""
        return [s + f for s, f in zip(self.bot_sole, self.bot_shared, strict=True)]

    def add(self, result: GameResult) -> None:
        """One game as a backend streams it."""
        if result.stats_error is not None and result.error is None:
            self.stats_errors += 1
            self.first_stats_error = self.first_stats_error or result.stats_error
        self.count(result.winners, result.length, result.error, result.rotation)

    def count(self, winners: tuple[int, ...], length: int, error: str | None, rotation: int) -> None:
        """One game: its winners, length, error, and how far the bots were moved (``--rotate``)."""
        if error is not None:
            self.errors += 1
            if len(self.first_errors) < 3:
                self.first_errors.append(error)
            return
        self.games += 1
        self.lengths[length] += 1
        if len(winners) == 1:
            (w,) = winners
            self.sole[w] += 1
            self.bot_sole[(w - rotation) % self.seats] += 1
            return
        if not winners:
            self.no_winner += 1
        for w in winners:
            share = Fraction(1, len(winners))
            self.shared[w] += share
            self.bot_shared[(w - rotation) % self.seats] += share


def tally_of_run(db: ResultsDB, run: Run) -> tuple[Tally, dict[int, tuple[int, ...]]]:
    """A stored run counted game by game as :func:`summarise` counted it while it ran; with
    each finished game's winners by index, for the plugin statistics."""
    tally = Tally(len(run.seats))
    winners: dict[int, tuple[int, ...]] = {}
    for g in db.games(run.id):
        tally.count(g.winners, g.length, g.error, g.idx if run.rotate else 0)
        if g.error is None:
            winners[g.idx] = g.winners
    return tally, winners


def rate(wins: float, n: int) -> dict[str, Any]:
    """A win rate with its 95% Wilson interval, at full precision (rounded when shown)."""
    low, high = wilson(wins, n)
    return {"wins": round(wins, 4), "n": n, "rate": wins / n if n else 0.0, "ci95": [low, high]}


def median(counts: Mapping[float, int]) -> float:
    """The middle value of values given as ``{value: how many times}`` (mean of the two middle ones)."""
    total = sum(counts.values())
    if not total:
        return 0.0
    low_place, high_place = (total - 1) // 2, total // 2
    low, seen = None, 0
    for value in sorted(counts):
        seen += counts[value]
        if low is None and seen > low_place:
            low = value
        if seen > high_place:
            return (low + value) / 2
    return 0.0


def length_figures(lengths: Mapping[int, int]) -> dict[str, Any]:
    """Mean, median, sample standard deviation, range and distribution of game lengths."""
    m = moments(lengths)
    return {
        "mean": m.mean, "median": median(lengths), "sd": math.sqrt(m.var),
        "min": min(lengths, default=0), "max": max(lengths, default=0), "counts": sorted(lengths.items()),
    }


def length_sentence(length: Mapping[str, Any], no_winner: int, games: int) -> str:
    """How ``simulate`` and ``report`` both say a run's game length."""
    return (f"Games last {length['mean']:.1f} actions on average (median {length['median']:g}, "
            f"sd {length['sd']:.1f}, {length['min']}-{length['max']}); {no_winner} of {games} games had no winner.")


def figures(tally: Tally, seats: Sequence[str], *, rotate: bool = False) -> dict[str, Any]:
    """The figures both commands show; ``seats`` names the bots of the run's list of seats."""
    n = tally.games
    seat_wins = [float(w) for w in tally.wins]
    bot_wins: dict[str, list[Any]] = {}
    for place, (name, wins) in enumerate(zip(seats, tally.bot_wins, strict=True)):
        entry = bot_wins.setdefault(name, [[], Fraction(0), 0])
        entry[0].append(place + 1)
        entry[1] += wins
        entry[2] += n
    return {
        "games": n,
        "errors": tally.errors,
        "no_winner": tally.no_winner,
        "by_seat": [{"seat": s + 1, "bot": ROTATED if rotate else seats[s], **rate(seat_wins[s], n)}
                    for s in range(len(seats))],
        "by_bot": [{"bot": name, "seats": list(range(1, len(seats) + 1)) if rotate else places,
                    **rate(float(wins), games)} for name, (places, wins, games) in bot_wins.items()],
        "length": length_figures(tally.lengths),
    }


def summarise(
    game: Game,
    bots: Sequence[BotSpec],
    results: Iterable[GameResult] | Tally,
    *,
    seed: int,
    options: Mapping[str, Any],
    rotate: bool = False,
) -> dict[str, Any]:
    """The figures ``tabletop simulate`` prints; seats are numbered from 1. The same
    :func:`figures` as ``tabletop report``, under the keys ``simulate --json`` always had.

    With ``rotate`` the bots changed seats from game to game: a seat's row names no bot,
    and each bot's row counts its wins in whatever seat it held."""
    if isinstance(results, Tally):
        tally = results
    else:
        tally = Tally(len(bots))
        for r in results:
            tally.add(r)
    found = figures(tally, [spec.name for spec in bots], rotate=rotate)
    length = found["length"]
    by_bot = {row["bot"]: {"seats": row["seats"], "wins": row["wins"], "games": row["n"], "rate": row["rate"],
                           "ci95": row["ci95"]} for row in found["by_bot"]}
    return {
        "game": game.name,
        "version": game.version,
        "games": found["games"],
        "seed": seed,
        "options": dict(options),
        "seats": [spec.name for spec in bots],
        "rotate": rotate,
        "no_winner": found["no_winner"],
        "mean_length": round(length["mean"], 2),
        "sd_length": round(length["sd"], 2),
        "min_length": length["min"],
        "max_length": length["max"],
        "length": length,
        "by_seat": found["by_seat"],
        "by_bot": by_bot,
        "errors": found["errors"],
        "first_errors": list(tally.first_errors),
    }


# ---- the plugins' statistics ------------------------------------------------------------


class StatGroups:
    """The plugins' figures of a run's finished games: per seat, value -> [seat-games, wins];
    per game, value -> games."""

    def __init__(self) -> None:
        self.seat: dict[str, dict[Any, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0, 0.0]))
        self.game: dict[str, Counter] = defaultdict(Counter)
        #: A numeric per-seat figure's sum and seats in each game: the seats of one game are not
        #: independent, so its mean is compared game by game (the mean over a game's seats).
        self.per_game: dict[str, dict[int, list[float]]] = defaultdict(dict)

    def add(self, winners: tuple[int, ...], seat: int | None, name: str, value: Any, game: int | None = None) -> None:
        if seat is None:
            self.game[name][value] += 1
            return
        group = self.seat[name][value]
        group[0] += 1
        if seat in winners:
            group[1] += 1 / len(winners)
        if game is not None and isinstance(value, float):
            total = self.per_game[name].setdefault(game, [0.0, 0])
            total[0] += value
            total[1] += 1

    def seat_stats(self) -> list[dict[str, Any]]:
        out = [_seat_stat(name, groups) for name, groups in self.seat.items()]
        for stat in out:
            games = self.per_game.get(stat["name"])
            if "mean" in stat and games:
                stat["game_counts"] = sorted(Counter(total / n for total, n in games.values()).items())
        return out

    def game_stats(self) -> list[dict[str, Any]]:
        return [_game_stat(name, values) for name, values in self.game.items()]


def _bins(values: Counter) -> list[tuple[float, float]]:
    """Up to BINS ranges ``[low, high)`` of roughly equal counts covering every value."""
    ordered = sorted(values)
    total = sum(values.values())
    starts, seen = [ordered[0]], 0
    for value, following in zip(ordered, ordered[1:], strict=False):
        seen += values[value]
        if seen >= total * len(starts) / BINS and len(starts) < BINS:
            starts.append(following)
    edges = [*starts, math.inf]
    return list(zip(edges, edges[1:], strict=False))


def _seat_stat(name: str, groups: dict[Any, list[float]]) -> dict[str, Any]:
    """Win rate by the value of one per-seat statistic. ``groups``: value -> [seat-games, wins]."""
    numeric = all(isinstance(v, float) for v in groups)
    kind = "category"
    if numeric and len(groups) > MAX_CATEGORIES:
        kind = "binned"
        counts = Counter({v: int(g[0]) for v, g in groups.items()})
        merged: dict[str, list[float]] = {}
        for low, high in _bins(counts):
            inside = sorted(v for v in groups if low <= v < high)
            label = f"{inside[0]:g}" if inside[0] == inside[-1] else f"{inside[0]:g}-{inside[-1]:g}"
            merged[label] = [sum(groups[v][0] for v in inside), sum(groups[v][1] for v in inside)]
        items = list(merged.items())
    elif numeric:
        items = [(f"{v:g}", g) for v, g in sorted(groups.items())]
    else:
        items = sorted(groups.items(), key=lambda kv: -kv[1][0])
    rows = [{"value": str(v), **rate(w, int(n))} for v, (n, w) in items]
    shown = [r for r in rows if r["n"] >= MIN_GROUP][:MAX_CATEGORIES]
    out: dict[str, Any] = {"name": name, "kind": kind, "rows": rows, "shown": shown}
    if numeric:
        total = sum(g[0] for g in groups.values())
        out["mean"] = sum(v * g[0] for v, g in groups.items()) / total if total else 0.0
        out["counts"] = sorted((v, int(g[0])) for v, g in groups.items())
        out["groups"] = sorted((v, int(g[0]), g[1]) for v, g in groups.items())
    return out


def share_bins(analyses: Sequence[dict[str, Any]]) -> None:
    """Bin each numeric per-seat figure of several runs on the same ranges (the union of their
    values), so a comparison's chart puts like beside like; in place."""
    names = {s["name"] for a in analyses for s in a["seat_stats"] if s.get("kind") == "binned"}
    for name in names:
        tables = [{s["name"]: s for s in a["seat_stats"]}.get(name) for a in analyses]
        union: Counter = Counter()
        for table in tables:
            for v, n, _ in (table or {}).get("groups", ()):
                union[v] += n
        for a, table in zip(analyses, tables, strict=True):
            if table is None or "groups" not in table:
                continue
            groups = {v: [n, w] for v, n, w in table["groups"]}
            rows = []
            for low, high in _bins(union):
                inside = sorted(v for v in union if low <= v < high)
                label = f"{inside[0]:g}" if inside[0] == inside[-1] else f"{inside[0]:g}-{inside[-1]:g}"
                n = sum(groups.get(v, [0, 0.0])[0] for v in inside)
                rows.append({"value": label, **rate(sum(groups.get(v, [0, 0.0])[1] for v in inside), int(n))})
            shown = [r for r in rows if r["n"] >= MIN_GROUP][:MAX_CATEGORIES]
            a["seat_stats"] = [dict(s, kind="binned", rows=rows, shown=shown) if s["name"] == name else s
                               for s in a["seat_stats"]]


def _game_stat(name: str, values: Counter) -> dict[str, Any]:
    total = sum(values.values())
    if all(isinstance(v, float) for v in values):
        m = moments(values)
        return {"name": name, "kind": "number", "n": total, "mean": m.mean, "sd": math.sqrt(m.var),
                "min": min(values), "max": max(values), "counts": sorted(values.items())}
    rows = [{"value": str(v), "n": c, "share": c / total} for v, c in values.most_common()]
    return {"name": name, "kind": "category", "n": total, "rows": rows}
