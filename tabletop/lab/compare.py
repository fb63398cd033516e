"""Two or more runs side by side: every difference with its interval and whether it is significant.

The first run is the baseline; each other run is compared with it on each seat's and
each bot's win rate (two-proportion z-test), game length (Welch's t-test), the mean of
each numeric per-seat statistic (Welch) and the win rate for the commonest values of
each categorical one (z-test). All p-values of one comparison are corrected together
with Holm's method, so "significant" holds for the whole table at the 5% level.
"""

from __future__ import annotations

import math
from typing import Any

from tabletop.lab.statistics import Moments, Test, holm, moments, proportions, welch

#: Values of a categorical statistic compared, commonest first (each one is a test).
TOP_VALUES = 6


def _stat_moments(stat: dict[str, Any]) -> Moments:
    """A per-seat figure's moments with games as the unit (each game's mean over its seats), when known."""
    return moments(dict(stat.get("game_counts") or stat.get("counts") or ()))


def _tests(a: dict[str, Any], b: dict[str, Any], label: str) -> list[tuple[str, str, Test]]:
    out: list[tuple[str, str, Test]] = []
    if len(a["by_seat"]) == len(b["by_seat"]):
        for sa, sb in zip(a["by_seat"], b["by_seat"], strict=True):
            out.append((label, "seat", proportions(f"seat {sa['seat']} win rate", sa["wins"], sa["n"], sb["wins"], sb["n"])))
    bots_b = {r["bot"]: r for r in b["by_bot"]}
    if len(a["by_bot"]) > 1:
        for ra in a["by_bot"]:
            rb = bots_b.get(ra["bot"])
            if rb is not None:
                out.append((label, "bot", proportions(f"{ra['bot']} win rate", ra["wins"], ra["n"], rb["wins"], rb["n"])))
    la, lb = a["length"], b["length"]
    out.append((label, "length", welch("game length", moments(dict(la["counts"])), moments(dict(lb["counts"])))))
    stats_b = {s["name"]: s for s in b["seat_stats"]}
    for sa in a["seat_stats"]:
        sb = stats_b.get(sa["name"])
        if sb is None:
            continue
        if "mean" in sa and "mean" in sb:
            out.append((label, "stat", welch(f"mean {sa['name']}", _stat_moments(sa), _stat_moments(sb))))
        if "mean" in sa or len(sa["shown"]) < 2 or len(sb["shown"]) < 2:
            continue  # a figure with one value cannot tell win rates apart
        rows_b = {r["value"]: r for r in sb["shown"]}
        for ra in sa["shown"][:TOP_VALUES]:
            rb = rows_b.get(ra["value"])
            if rb is not None and 0 < ra["rate"] + rb["rate"] < 2:  # always lost or always won: nothing to test
                out.append((label, "stat", proportions(
                    f"win rate with {sa['name']} = {ra['value']}", ra["wins"], ra["n"], rb["wins"], rb["n"])))
    return out


def variant_label(run: dict[str, Any], baseline: dict[str, Any]) -> str:
    """What differs from the baseline: the variant's name, else the options (and card data) that changed."""
    if run.get("variant"):
        return run["variant"]
    changed = [f"{k}={v}" for k, v in run["options"].items() if baseline["options"].get(k) != v]
    if run.get("card_hash") and baseline.get("card_hash") and run["card_hash"] != baseline["card_hash"]:
        changed.append(f"cards {run['card_hash'][:8]}")
    return ", ".join(changed) or f"run {run['id']}"


def _finite(figures: dict[str, Any]) -> dict[str, Any]:
    """No interval at all (fewer than two games) is None, which JSON can say."""
    return {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in figures.items()}


def compare(analyses: list[dict[str, Any]]) -> dict[str, Any]:
    """Each run against the first, every p-value Holm-corrected together."""
    base = analyses[0]
    found: list[tuple[str, str, Test]] = []
    for other in analyses[1:]:
        found += _tests(base, other, variant_label(other["run"], base["run"]))
    corrected = holm([t for _, _, t in found])
    rows = [
        {"variant": label, "kind": kind, **_finite(t.__dict__), "significant": t.significant}
        for (label, kind, _), t in zip(found, corrected, strict=True)
    ]
    return {
        "baseline": variant_label(base["run"], analyses[1]["run"]) if len(analyses) > 1 else "",
        "runs": [a["run"] for a in analyses],
        "tests": rows,
        "count": len(rows),
        "correction": "Holm",
    }
