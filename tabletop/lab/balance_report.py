"""What ``tabletop balance`` shows: the proposals, the trade-off, the card diff, before and after.

Built as report sections, so the terminal and the HTML file show the same tables; the
HTML file adds the trade-off chart (balance against values changed, every trial, the
Pareto front drawn).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tabletop.core.tunables import Tunables
from tabletop.lab.balance import pareto
from tabletop.lab.db_studies import Trial
from tabletop.lab.report import Section


def _num(x: float) -> str:
    return f"{x:.3f}"


def _interval(pair: Sequence[float]) -> str:
    return f"{pair[0]:+.3f} - {pair[1]:+.3f}"


def _pct_ci(row: dict[str, Any]) -> str:
    return f"{100 * row['rate']:.1f}% ({100 * row['ci95'][0]:.1f} - {100 * row['ci95'][1]:.1f})"


def _value(v: Any) -> str:
    """A card value as a designer writes it: 3, orange+green."""
    if isinstance(v, list) and all(isinstance(x, str) for x in v):
        return "+".join(v) or "(none)"
    return json.dumps(v) if not isinstance(v, int) else str(v)


def diff_text(changes: dict[str, Any], tunables: Tunables) -> str:
    """``tank.hearts 4 -> 3; mech.ribbons blue -> orange+green``: the section is left out when every
    tunable value is in one (it says nothing then), so the table stays narrow."""
    printed = {t.address: t.printed for t in tunables.items}
    one_section = len({t.address.partition(".")[0] for t in tunables.items}) == 1
    return "; ".join(
        f"{a.partition('.')[2] if one_section else a} {_value(printed.get(a))} -> {_value(v)}"
        for a, v in changes.items()
    ) or "(printed)"


def recommended(check: dict[str, Any]) -> dict[str, Any] | None:
    """The best candidate on fresh seeds whose whole interval of difference is an improvement."""
    sure = [c for c in check["candidates"] if c["difference_ci95"][1] < 0]
    return min(sure, key=lambda c: (c["value"], c["changed"])) if sure else None


def holds(candidate: dict[str, Any]) -> str:
    """At each seat count: surely better (interval below zero), surely worse, unchanged (the same
    games to the last one) or not sure; ``better at 2; unchanged at 3, 4``."""
    verdicts: dict[str, list[str]] = {}
    for row in candidate["seatings"]:
        low, high = row["difference_ci95"]
        verdict = ("better" if high < 0 else "worse" if low > 0 else "unchanged" if low == high == 0
                   else "not sure")
        verdicts.setdefault(verdict, []).append(str(row["seats"]))
    if len(verdicts) == 1:
        return f"{next(iter(verdicts))} at every seat count" if len(candidate["seatings"]) > 1 else next(iter(verdicts))
    return "; ".join(f"{v} at {', '.join(seats)}" for v, seats in verdicts.items())


def trade_off_chart(trials: Sequence[Trial], objective: str) -> bytes:
    from tabletop.lab.charts import COLOURS, _figure, _png

    plt, fig, ax = _figure()
    valid = [t for t in trials if t.value is not None]
    ax.scatter([t.changed for t in valid], [t.value for t in valid], s=14, color=COLOURS[0], alpha=0.5, label="trial")
    front = pareto(valid)
    ax.plot([t.changed for t in front], [t.value for t in front], color=COLOURS[1], marker="o", label="Pareto front")
    printed = [t for t in valid if not t.changes]
    if printed:
        ax.scatter([0], [printed[0].value], s=60, color=COLOURS[2], marker="*", zorder=3, label="printed")
    ax.set_xlabel("values changed from the printed data")
    ax.set_ylabel(f"{objective}\n(lower is better)", fontsize=8)
    ax.legend(fontsize=8, frameon=False)
    return _png(plt, fig)


def sections(study: dict[str, Any], trials: Sequence[Trial], check: dict[str, Any] | None, tunables: Tunables,
             flow: dict[str, Any] | None = None) -> list[Section]:
    objective = study["objective"]
    out = [Section(
        "trade-off", "Balance against values changed",
        f"Each of the {len(trials)} trials of study {study['id']} on its own {study['games']} games per seating "
        f"(the same seeds for every candidate, seats rotated): {objective}, lower is better. The line joins the "
        "trials no other beats on both counts.",
        chart=lambda: trade_off_chart(trials, objective),
    )]
    if check is not None:
        printed = check["printed"]
        rows = [["printed", "0", "(printed)", "", _num(printed["value"]), "", ""]]
        for c in check["candidates"]:
            rows.append([f"trial {c['trial']}", str(c["changed"]), changes_text(c["changes"], tunables),
                         _num(c["search"]), f"{_num(c['value'])} ({_num(c['ci95'][0])} - {_num(c['ci95'][1])})",
                         _interval(c["difference_ci95"]), holds(c)])
        best = recommended(check)
        verdict = (f"Trial {best['trial']} is proposed: on fresh seeds its {objective} is {_num(best['value'])} "
                   f"against {_num(printed['value'])} printed (difference 95% CI {_interval(best['difference_ci95'])})."
                   if best else "No candidate is better than the printed data with 95% confidence on fresh seeds: "
                   "nothing is proposed (try more games per candidate or a larger budget).")
        out.append(Section(
            "proposals", "The best candidates, re-played on fresh seeds",
            f"{check['games']} fresh games per seating (seeds from {check['seed']}, never played by the search). "
            f"'vs printed' is the paired bootstrap 95% interval of the difference at the worst seat count; 'by seat "
            f"count' says where it is surely better or worse. {verdict}",
            ["candidate", "changed", "values", "search", "fresh (95% CI)", "vs printed", "by seat count"], rows,
        ))
        if best is not None:
            printed_values = {t.address: t.printed for t in tunables.items}
            out.append(Section(
                "diff", "Proposed card data", "Write it with --write FILE, play it with --cards FILE.",
                ["value", "printed", "proposed"],
                [[a, _value(printed_values.get(a)), _value(v)] for a, v in best["changes"].items()],
            ))
        shown = best or min(check["candidates"], key=lambda c: c["value"], default=None)
        if shown is not None:
            out.append(Section(
                "seat-counts", "Every seat count, before and after",
                f"The printed data against {'the proposal' if best else 'the best candidate'} (trial {shown['trial']}) "
                f"at each seat count on the fresh seeds; the study minimises the worst. {objective}, lower is better.",
                ["seating", "games", "printed", "candidate", "difference (95% CI)"],
                [[f"{a['seats']} seats", str(a["games"]), _num(b["value"]), _num(a["value"]), _interval(a["difference_ci95"])]
                 for b, a in zip(printed["seatings"], shown["seatings"], strict=True)]
                + [["worst", "", _num(printed["value"]), _num(shown["value"]), _interval(shown["difference_ci95"])]]))
            out.append(_before_after(printed, shown, objective, proposed=best is not None))
        if check.get("other_bot"):
            other = check["other_bot"]
            out.append(Section(
                "other-bot", f"The best candidate with {other['bot']}",
                f"Trial {other['trial']} against the printed data, both played by {other['bot']} at every seating: "
                f"{objective} {_num(other['value'])}, difference {_interval(other['difference_ci95'])} (95% CI).",
            ))
    out += effect_sections(flow, tunables)
    return out


def changes_text(changes: dict[str, Any], tunables: Tunables) -> str:
    """A candidate's changes, a group of copies once: ``gen-3.cost 3 -> 4 (+2 copies)``."""
    from tabletop.lab.balance_effects import groups_in

    return _names(groups_in(changes, tunables), changes, tunables) if changes else "(printed)"


def _names(groups: Sequence[Sequence[str]], changes: dict[str, Any], tunables: Tunables) -> str:
    """Each group of copies by its first address (``+2 copies``) with its change."""
    return "; ".join(diff_text({g[0]: changes.get(g[0])}, tunables) + (f" (+{len(g) - 1} copies)" if len(g) > 1 else "")
                     for g in groups) or "(none)"


def _figure_value(name: str, x: float) -> str:
    return f"{100 * x:.1f}%" if name == "no winner" else f"{x:.2f}"


def moved_rows(rows: Sequence[dict[str, Any]]) -> list[list[str]]:
    return [[f"{r['seats']} seats", r["figure"], _figure_value(r["figure"], r["before"]),
             _figure_value(r["figure"], r["after"]),
             f"{_figure_value(r['figure'], r['ci95'][0])} to {_figure_value(r['figure'], r['ci95'][1])}"
             .replace("%", "") + (" pts" if r["figure"] == "no winner" else "")]
            for r in rows]


def seat_count_rows(compared: dict[str, Any]) -> list[list[str]]:
    return [[f"{r['seats']} seats", str(r["games"]), _num(r["before"]), _num(r["after"]),
             _interval(r["difference_ci95"])] for r in compared["seatings"]] + [
        ["worst", "", _num(compared["before"]), _num(compared["after"]), _interval(compared["difference_ci95"])]]


def effect_sections(flow: dict[str, Any] | None, tunables: Tunables) -> list[Section]:
    """The pruning path, each change alone on fresh seeds, and what else moved."""
    if not flow:
        return []
    out = []
    rows = []
    for pruning in flow["pruning"]:
        for step in pruning["path"]:
            dropped = _names(step["dropped"], pruning["start"], tunables) if step["dropped"] else "(the search's best)"
            rows.append([f"trial {pruning['trial']}", dropped, str(tunables.count(step["changes"])), _num(step["value"])])
        for c in pruning["contributions"]:
            rows.append([f"trial {pruning['trial']}", f"keeps {_names([c['change']], pruning['pruned'], tunables)}", "",
                         f"{_num(c['without'])} without it ({c['contribution']:+.3f})" if c["without"] is not None
                         else "the others need it (the card file's rules)"])
    if rows:
        first = flow["pruning"][0]
        out.append(Section(
            "pruning", "Pruning: the fewest changes that keep the gain",
            f"On the search's own seeds, each candidate loses changes one at a time (a pair at once where no single "
            f"one can go) while its gain over the printed data stays within the 95% interval of that gain (a balance "
            f"up to {_num(first['limit'])} for trial {first['trial']}) and better than the printed "
            f"{_num(first['printed'])}. 'keeps' rows: the balance "
            "without that change, and how much worse that is (its own contribution).",
            ["candidate", "dropped", "changes left", "balance"], rows))
    if flow["effects"]:
        rows = []
        for e in flow["effects"]:
            name = _names([e["change"]], e["changes"], tunables)
            rows += ([[name, *r] for r in seat_count_rows(e)] if "refused" not in e
                     else [[name, "alone it breaks the card file's rules", "", "", "", ""]])
        out.append(Section(
            "effects", "What each change does alone",
            "Each change of the proposal alone against the printed data, on the fresh seeds (paired 95% intervals "
            "of the difference; below zero is better).",
            ["change", "seating", "games", "printed", "with it", "difference (95% CI)"], rows))
    if flow["moved"]:
        out.append(Section(
            "moved", "What else moved",
            "The proposal against the printed data on the same fresh seeds: game length, games without a winner "
            "and every figure the game reports (a per-seat figure averaged over each game's seats, so games are "
            "the unit), with the 95% interval of the mean paired difference.",
            ["seating", "figure", "printed", "proposed", "difference (95% CI)"], moved_rows(flow["moved"])))
    return out


def _before_after(printed: dict[str, Any], best: dict[str, Any], objective: str, *, proposed: bool) -> Section:
    rows = []
    for before, after in zip(printed["seatings"], best["seatings"], strict=True):
        seats = before["seats"]
        rows.append([f"{seats} seats", objective, _num(before["value"]), _num(after["value"]),
                     _interval(after["difference_ci95"])])
        rows.append([f"{seats} seats", "no winner", f"{100 * before['no_winner']:.1f}%",
                     f"{100 * after['no_winner']:.1f}%", ""])
    for part, value in printed["spreads"].items():
        if part != objective and any(r["part"] == part for s in printed["seatings"] for r in s["by_value"]):
            rows.append(["all", part, _num(value), _num(best["spreads"][part]), ""])
    for before, after in zip(printed["seatings"], best["seatings"], strict=True):
        seats = before["seats"]
        for b, a in zip(before["by_seat"], after["by_seat"], strict=True):
            rows.append([f"{seats} seats", f"seat {b['seat']} win rate", _pct_ci(b), _pct_ci(a), ""])
        was = {(r["part"], r["value"]): r for r in before["by_value"]}
        now = {(r["part"], r["value"]): r for r in after["by_value"]}
        for part, value in sorted(set(was) | set(now)):
            b, a = was.get((part, value)), now.get((part, value))
            rows.append([f"{seats} seats", f"{part.split('-')[0]} {value} win rate", _pct_ci(b) if b else "not played",
                         _pct_ci(a) if a else "not played", ""])
    what = "the proposal" if proposed else f"trial {best['trial']}, the best on fresh seeds but not surely better"
    return Section(
        "before-after", "Before and after, on fresh seeds",
        f"The printed data against {what}. Win rates with 95% Wilson intervals; for a unit or faction, the "
        "share of the seat-games that had it which were won.",
        ["seating", "figure", "printed", "candidate", "difference (95% CI)"], rows,
    )
