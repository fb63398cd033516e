"""The report's charts, drawn with matplotlib (no display needed) and returned as PNG bytes.

Each chart takes one analysis per run (one run: a report; several: a comparison,
one bar or line per run) and their labels.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")
WIDTH, HEIGHT, DPI = 6.4, 3.0, 100


def _figure():
    import matplotlib

    matplotlib.use("Agg")
    # Labels are option values and plugins' words: "$a_b_c$" is text, never mathtext to parse
    # (a double subscript would abort the whole report).
    matplotlib.rcParams["text.parse_math"] = False
    matplotlib.rcParams["text.usetex"] = False
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(WIDTH, HEIGHT), dpi=DPI)
    ax.spines[["top", "right"]].set_visible(False)
    return plt, fig, ax


def _png(plt, fig) -> bytes:
    fig.tight_layout()
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI)
    plt.close(fig)
    return out.getvalue()


def _grouped(ax, groups: Sequence[str], series: Sequence[tuple[str, Sequence[dict[str, Any] | None]]]) -> None:
    """Bars of rates with 95% intervals: one group per label, one bar per series."""
    width = 0.8 / max(1, len(series))
    for k, (label, rows) in enumerate(series):
        xs, ys, lo, hi = [], [], [], []
        for i, row in enumerate(rows):
            if row is None:
                continue
            xs.append(i - 0.4 + width * (k + 0.5))
            ys.append(100 * row["rate"])
            lo.append(max(0.0, 100 * (row["rate"] - row["ci95"][0])))  # rounding can put an end past the rate
            hi.append(max(0.0, 100 * (row["ci95"][1] - row["rate"])))
        ax.bar(xs, ys, width * 0.9, yerr=[lo, hi], capsize=3, label=label, color=COLOURS[k % len(COLOURS)])
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(groups, rotation=30 if max((len(g) for g in groups), default=0) > 8 else 0, ha="right"
                       if max((len(g) for g in groups), default=0) > 8 else "center", fontsize=8)
    ax.set_ylabel("win rate (%)")
    _legend(ax, len(series))


def _legend(ax, count: int) -> None:
    if count > 1:
        ax.legend(fontsize=8, frameon=False, ncol=count, loc="lower center", bbox_to_anchor=(0.5, 1.0))


def seat_chart(analyses: Sequence[dict[str, Any]], labels: Sequence[str]) -> bytes:
    plt, fig, ax = _figure()
    seats = [f"seat {r['seat']} ({r['bot']})" for r in analyses[0]["by_seat"]]
    _grouped(ax, seats, [(label, a["by_seat"]) for a, label in zip(analyses, labels, strict=True)])
    fair = 100 * analyses[0]["equal_share"]
    ax.axhline(fair, color="grey", linestyle="--", linewidth=1)
    ax.text(len(seats) - 0.5, fair, " equal share", va="bottom", ha="right", fontsize=8, color="grey")
    ax.set_title("Win rate by seat, with 95% intervals", fontsize=10, pad=24 if len(analyses) > 1 else 6)
    return _png(plt, fig)


def _histograms(ax, series: Sequence[tuple[str, Sequence[tuple[float, int]]]]) -> None:
    """Share of games per range of values, the same ranges for every series, drawn as outlines."""
    values = [v for _, counts in series for v, _ in counts]
    if not values:
        return
    low, high = min(values), max(values)
    whole = all(float(v).is_integer() for v in values)
    bins = int(min(30, high - low + 1)) if whole else 30
    edges = [low - 0.5 + i * (high - low + 1) / bins for i in range(bins + 1)] if whole else bins
    for k, (label, counts) in enumerate(series):
        total = sum(c for _, c in counts) or 1
        ax.hist([v for v, _ in counts], bins=edges, weights=[100 * c / total for _, c in counts],
                histtype="step", linewidth=1.5, label=label, color=COLOURS[k % len(COLOURS)])


def length_chart(analyses: Sequence[dict[str, Any]], labels: Sequence[str]) -> bytes:
    plt, fig, ax = _figure()
    _histograms(ax, [(label, a["length"]["counts"]) for a, label in zip(analyses, labels, strict=True)])
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games (%)")
    ax.set_title("Game length", fontsize=10, pad=24 if len(analyses) > 1 else 6)
    _legend(ax, len(analyses))
    return _png(plt, fig)


def seat_stat_chart(name: str, analyses: Sequence[dict[str, Any]], labels: Sequence[str]) -> bytes:
    plt, fig, ax = _figure()
    tables = [{s["name"]: s for s in a["seat_stats"]}.get(name) for a in analyses]
    values: list[str] = []
    for table in tables:
        for row in (table or {}).get("shown", []):
            if row["value"] not in values:
                values.append(row["value"])
    values = values[:12]
    series = []
    for table, label in zip(tables, labels, strict=True):
        rows = {r["value"]: r for r in (table or {}).get("shown", [])}
        series.append((label, [rows.get(v) for v in values]))
    _grouped(ax, values, series)
    ax.set_title(f"Win rate by {name}, with 95% intervals", fontsize=10, pad=24 if len(analyses) > 1 else 6)
    return _png(plt, fig)


def game_stat_chart(name: str, analyses: Sequence[dict[str, Any]], labels: Sequence[str]) -> bytes:
    plt, fig, ax = _figure()
    tables = [{s["name"]: s for s in a["game_stats"]}.get(name) for a in analyses]
    width = 0.8 / max(1, len(analyses))
    if all(t is not None and t["kind"] == "number" for t in tables):
        _histograms(ax, [(label, t["counts"]) for t, label in zip(tables, labels, strict=True)])
        ax.set_xlabel(name)
    else:
        values: list[str] = []
        for t in tables:
            for row in (t or {}).get("rows", [])[:10]:
                if row["value"] not in values:
                    values.append(row["value"])
        for k, (t, label) in enumerate(zip(tables, labels, strict=True)):
            shares = {r["value"]: r["share"] for r in (t or {}).get("rows", [])}
            ax.bar([i - 0.4 + width * (k + 0.5) for i in range(len(values))],
                   [100 * shares.get(v, 0) for v in values], width * 0.9, label=label,
                   color=COLOURS[k % len(COLOURS)])
        ax.set_xticks(range(len(values)))
        ax.set_xticklabels([v if len(v) <= 44 else v[:43] + "…" for v in values], rotation=20, ha="right",
                           fontsize=7)
    ax.set_ylabel("games (%)")
    ax.set_title(name, fontsize=10, pad=24 if len(analyses) > 1 else 6)
    _legend(ax, len(analyses))
    return _png(plt, fig)
