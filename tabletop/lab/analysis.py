"""From the games of a run to the figures a report shows: win rates, lengths, plugin statistics.

Everything here is plain data (dicts and lists, JSON-safe) so the terminal, the HTML
report and ``--json`` show the same numbers.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Any

from tabletop.engine.simulate import ROTATED
from tabletop.lab.db import ResultsDB, Run
from tabletop.lab.statistics import holm, moments, proportion_vs, wilson

#: A number with at most this many distinct values is shown value by value, else in bins.
MAX_CATEGORIES = 12
BINS = 5
#: Values seen in fewer seat-games than this are left out of win-rate charts (too noisy).
MIN_GROUP = 20


def _rate(wins: float, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": round(wins, 4), "n": n, "rate": wins / n if n else 0.0, "ci95": [low, high]}


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
    rows = [{"value": str(v), **_rate(w, int(n))} for v, (n, w) in items]
    shown = [r for r in rows if r["n"] >= MIN_GROUP][:MAX_CATEGORIES]
    out: dict[str, Any] = {"name": name, "kind": kind, "rows": rows, "shown": shown}
    if numeric:
        total = sum(g[0] for g in groups.values())
        out["mean"] = sum(v * g[0] for v, g in groups.items()) / total if total else 0.0
        out["counts"] = sorted((v, int(g[0])) for v, g in groups.items())
    return out


def _game_stat(name: str, values: Counter) -> dict[str, Any]:
    total = sum(values.values())
    if all(isinstance(v, float) for v in values):
        m = moments(values)
        return {"name": name, "kind": "number", "n": total, "mean": m.mean, "sd": math.sqrt(m.var),
                "min": min(values), "max": max(values), "counts": sorted(values.items())}
    rows = [{"value": str(v), "n": c, "share": c / total} for v, c in values.most_common()]
    return {"name": name, "kind": "category", "n": total, "rows": rows}


def _median(counts: Counter) -> float:
    total = sum(counts.values())
    if not total:
        return 0.0
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen * 2 >= total:
            return float(value)
    return 0.0


def analyse(db: ResultsDB, run: Run) -> dict[str, Any]:
    """Every figure of one run's report."""
    seats = len(run.seats)
    winners: dict[int, tuple[int, ...]] = {}
    lengths: Counter = Counter()
    errors = 0
    for g in db.games(run.id):
        if g.error is not None:
            errors += 1
            continue
        winners[g.idx] = g.winners
        lengths[g.length] += 1
    n = len(winners)
    seat_wins = [0.0] * seats
    for ws in winners.values():
        for w in ws:
            seat_wins[w] += 1 / len(ws)
    by_seat = [{"seat": s + 1, "bot": ROTATED if run.rotate else run.seats[s], **_rate(seat_wins[s], n)}
               for s in range(seats)]
    bots: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for s, bot in enumerate(run.seats):
        bots[bot][0] += n
        if not run.rotate:
            bots[bot][1] += seat_wins[s]
    if run.rotate:  # the bots changed seats from game to game: credit each win to who sat there
        for idx, ws in winners.items():
            for w in ws:
                bots[run.bot_at(w, idx)][1] += 1 / len(ws)
    by_bot = [{"bot": b, **_rate(w, int(k))} for b, (k, w) in bots.items()]
    # With the same bot in every seat, a fair game gives each seat the same share of the wins.
    equal = sum(seat_wins) / (n * seats) if n else 1 / seats
    fair = []
    if len(set(run.seats)) == 1 and n:
        fair = [t.__dict__ | {"seat": i + 1, "significant": t.significant} for i, t in enumerate(holm(
            [proportion_vs(f"seat {s + 1}", seat_wins[s], n, equal) for s in range(seats)]))]
    seat_groups: dict[str, dict[Any, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0, 0.0]))
    game_values: dict[str, Counter] = defaultdict(Counter)
    for idx, seat, name, value in db.stats(run.id):
        if idx not in winners:
            continue
        if seat is None:
            game_values[name][value] += 1
            continue
        group = seat_groups[name][value]
        group[0] += 1
        ws = winners[idx]
        if seat in ws:
            group[1] += 1 / len(ws)
    length = moments(lengths)
    return {
        "run": run.to_dict(),
        "games": n,
        "errors": errors,
        "no_winner": sum(1 for ws in winners.values() if not ws),
        "by_seat": by_seat,
        "by_bot": by_bot,
        "equal_share": equal,
        "fair_share": fair,
        "length": {
            "mean": length.mean, "median": _median(lengths), "sd": math.sqrt(length.var),
            "min": min(lengths, default=0), "max": max(lengths, default=0),
            "counts": sorted(lengths.items()),
        },
        "seat_stats": [_seat_stat(name, groups) for name, groups in seat_groups.items()],
        "game_stats": [_game_stat(name, values) for name, values in game_values.items()],
    }
