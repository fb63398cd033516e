"""A report as sections: a title, a table, a chart and one sentence saying what it shows.

The terminal shows the tables and sentences; the HTML file adds the charts. Both come
from the same sections, so they always agree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from tabletop.lab import charts
from tabletop.lab.compare import variant_label
from tabletop.lab.figures import MIN_GROUP, length_sentence
from tabletop.lab.statistics import p_text

WELCH = "Welch's t-test"


@dataclass
class Section:
    key: str
    title: str
    sentence: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    chart: Callable[[], bytes] | None = None


def pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def ci(row: dict[str, Any]) -> str:
    low, high = row["ci95"]
    return f"{pct(low)} - {pct(high)}"


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def describe_run(run: dict[str, Any]) -> str:
    options = ", ".join(f"{k}={v}" for k, v in run["options"].items()) or "no options"
    return (f"Run {run['id']}: {run['game']} {run['version']} ({options}), seats {', '.join(run['seats'])}"
            f"{' (moved one seat clockwise each game)' if run.get('rotate') else ''}, "
            f"{run['games']} games from seed {run['seed']}, {run['status']}, made {run['created']}"
            f"{', card data ' + run['card_hash'] if run.get('card_hash') else ''}.")


# ---- one run ----------------------------------------------------------------------------


def _seat_sentence(a: dict[str, Any]) -> str:
    rows = a["by_seat"]
    if not rows or not a["games"]:
        return "No finished games."
    best = max(rows, key=lambda r: r["rate"])
    worst = min(rows, key=lambda r: r["rate"])
    text = (f"Seat {best['seat']} wins most often ({pct(best['rate'])}, 95% CI {ci(best)}), seat {worst['seat']} "
            f"least ({pct(worst['rate'])}, {ci(worst)}); an equal share of the wins is {pct(a['equal_share'])}"
            + (f" ({a['no_winner']} of {a['games']} games had no winner)." if a["no_winner"] else "."))
    if a["fair_share"]:
        unfair = [f"seat {t['seat']} (p {_p_is(t['p_adjusted'])})" for t in a["fair_share"] if t["significant"]]
        text += (" Against an equal share (one-proportion z-test, Holm-corrected over "
                 f"{len(a['fair_share'])} seats): " + (", ".join(unfair) + " differ significantly." if unfair
                                                        else "no seat differs significantly."))
    return text


def _stat_sentence(stat: dict[str, Any]) -> str:
    shown = stat["shown"]
    if len(stat["rows"]) == 1:
        return f"Every seat had the same {stat['name']} ({stat['rows'][0]['value']}): nothing to compare."
    if len(shown) < 2:
        return (f"Too few seat-games per value of {stat['name']} to compare win rates "
                f"(values seen fewer than {MIN_GROUP} times are left out).")
    best = max(shown, key=lambda r: r["rate"])
    worst = min(shown, key=lambda r: r["rate"])
    overlap = best["ci95"][0] <= worst["ci95"][1]
    return (f"Win rate of a seat by its {stat['name']}: highest with {best['value']} ({pct(best['rate'])}, "
            f"95% CI {ci(best)}, {best['n']} seat-games), lowest with {worst['value']} ({pct(worst['rate'])}, "
            f"{ci(worst)})" + ("; the intervals overlap, so this may be chance." if overlap else
                              "; the intervals do not overlap."))


def _game_stat_sentence(stat: dict[str, Any]) -> str:
    if stat["kind"] == "number":
        return (f"{stat['name']} per game: {stat['mean']:.2f} on average (sd {stat['sd']:.2f}, "
                f"{stat['min']:g}-{stat['max']:g}), over {stat['n']} games.")
    top = stat["rows"][0]
    return f"{stat['name']}: most often {top['value']} ({pct(top['share'])} of {stat['n']} games)."


def run_sections(a: dict[str, Any]) -> list[Section]:
    one, label = [a], [f"run {a['run']['id']}"]
    sections = [
        Section("seats", "Win rate by seat", _seat_sentence(a), ["Seat", "Bot", "Wins", "Games", "Rate", "95% CI"],
                [[str(r["seat"]), r["bot"], f"{r['wins']:g}", str(r["n"]), pct(r["rate"]), ci(r)]
                 for r in a["by_seat"]], partial(charts.seat_chart, one, label)),
        Section("bots", "Win rate by bot",
                "Each bot's wins over all the seats it held (a seat-game is one seat in one game).",
                ["Bot", "Wins", "Seat-games", "Rate", "95% CI"],
                [[r["bot"], f"{r['wins']:g}", str(r["n"]), pct(r["rate"]), ci(r)] for r in a["by_bot"]]),
    ]
    sections.append(Section(
        "length", "Game length", length_sentence(a["length"], a["no_winner"], a["games"]),
        chart=partial(charts.length_chart, one, label)))
    for stat in a["seat_stats"]:
        sections.append(Section(
            "stat-" + _key(stat["name"]), f"Win rate by {stat['name']}", _stat_sentence(stat),
            ["Value", "Seat-games", "Wins", "Rate", "95% CI"],
            [[r["value"], str(r["n"]), f"{r['wins']:g}", pct(r["rate"]), ci(r)] for r in stat["rows"][:20]],
            partial(charts.seat_stat_chart, stat["name"], one, label) if len(stat["shown"]) > 1 else None))
    for stat in a["game_stats"]:
        rows = ([[r["value"], str(r["n"]), pct(r["share"])] for r in stat["rows"][:12]]
                if stat["kind"] == "category" else [])
        sections.append(Section(
            "game-" + _key(stat["name"]), stat["name"], _game_stat_sentence(stat),
            ["Value", "Games", "Share"] if rows else [], rows,
            partial(charts.game_stat_chart, stat["name"], one, label)))
    return sections


# ---- several runs -----------------------------------------------------------------------


def _signed(diff: float | None, *, points: bool) -> str:
    if diff is None:
        return "?"
    return f"{100 * diff:+.1f}" if points else f"{diff:+.2f}"


def _test_row(t: dict[str, Any]) -> list[str]:
    points = t["test"] != WELCH
    value = pct if points else (lambda x: f"{x:.2f}")
    unit = " pts" if points else ""
    return [
        t["variant"], t["name"], value(t["a"]), value(t["b"]),
        f"{_signed(t['diff'], points=points)}{unit} ({_signed(t['low'], points=points)} to "
        f"{_signed(t['high'], points=points)})",
        f"{'yes' if t['significant'] else 'no'} ({p_text(t['p_adjusted'])})",
    ]


def _p_is(p: float) -> str:
    """``= 0.032`` or ``< 1e-300``: a p-value that underflowed is a bound, never "0"."""
    text = p_text(p)
    return text if text.startswith("<") else f"= {text}"


def _verdict(t: dict[str, Any]) -> str:
    return "significant" if t["significant"] else "not significant"


def _versus(t: dict[str, Any]) -> str:
    """``A vs B`` in the test's own units: percentages for win rates, numbers for means."""
    if t["test"] == WELCH:
        return f"{t['a']:.2f} vs {t['b']:.2f}"
    return f"{pct(t['a'])} vs {pct(t['b'])}"


def _differences(tests: list[dict[str, Any]], labels: list[str]) -> Section:
    # Significance and its Holm-corrected p share a column: two variants then fit 80 columns.
    columns = ["Variant", "Figure", labels[0], "Variant's", "Difference (95% CI)", "Significant (Holm p)"]
    rows = [_test_row(t) for t in tests]
    if len(labels) == 2:  # one variant: name it in the header instead of on every row
        columns = ["Figure", labels[0], labels[1], "Difference (95% CI)", "Significant (Holm p)"]
        rows = [row[1:] for row in rows]
    significant = [t for t in tests if t["significant"]]
    named = "; ".join(f"{t['name']} ({t['variant']}, {_signed(t['diff'], points=t['test'] != WELCH)})"
                      for t in significant[:8])
    summary = (f"{len(tests)} differences tested against {labels[0]} (win rates: two-proportion z-test; means: "
               f"Welch's t-test), p-values corrected for the number of comparisons with Holm's method; "
               f"{len(significant)} significant at the 5% level" + (f": {named}." if significant else "."))
    return Section("differences", "Differences", summary, columns, rows)


def compare_sections(analyses: list[dict[str, Any]], comparison: dict[str, Any]) -> list[Section]:
    base = analyses[0]
    labels = labels_of(analyses)
    tests = comparison["tests"]
    of_kind = {kind: [t for t in tests if t["kind"] == kind] for kind in ("seat", "length", "stat")}
    seat_text = "; ".join(f"{t['name'].removesuffix(' win rate')}: {_versus(t)} ({t['variant']}), {_verdict(t)}"
                          for t in of_kind["seat"]) or "The runs have different numbers of seats"
    length_text = "; ".join(f"{t['variant']}: {t['b']:.1f} actions on average against {t['a']:.1f} "
                            f"({_verdict(t)}, Welch's t-test)" for t in of_kind["length"])
    sections = [
        _differences(tests, labels),
        Section("seats", "Win rate by seat", seat_text + ".", chart=partial(charts.seat_chart, analyses, labels)),
        Section("length", "Game length", length_text + ".", chart=partial(charts.length_chart, analyses, labels)),
    ]
    for stat in base["seat_stats"]:
        if len(stat["shown"]) < 2:
            continue
        found = [t for t in of_kind["stat"] if stat["name"] in t["name"] and t["significant"]]
        sentence = f"Win rate by {stat['name']} in each variant. " + (
            "Significant: " + "; ".join(f"{t['name']} {_versus(t)}" for t in found) + "." if found
            else "No difference here is significant after correction.")
        sections.append(Section("stat-" + _key(stat["name"]), f"Win rate by {stat['name']}", sentence,
                                chart=partial(charts.seat_stat_chart, stat["name"], analyses, labels)))
    for stat in base["game_stats"]:
        each = [{s["name"]: s for s in a["game_stats"]}.get(stat["name"], stat) for a in analyses]
        sentence = " / ".join(f"{label}: {_game_stat_sentence(g)}" for label, g in zip(labels, each, strict=True))
        sections.append(Section("game-" + _key(stat["name"]), stat["name"], sentence,
                                chart=partial(charts.game_stat_chart, stat["name"], analyses, labels)))
    return sections


def labels_of(analyses: Sequence[dict[str, Any]]) -> list[str]:
    if len(analyses) == 1:
        return [f"run {analyses[0]['run']['id']}"]
    base = analyses[0]
    return [variant_label(base["run"], analyses[1]["run"])] + [variant_label(a["run"], base["run"]) for a in analyses[1:]]
