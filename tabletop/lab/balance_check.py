"""Re-measure a study's best candidates on fresh seeds, against the printed cards.

A noisy search puts lucky candidates on top, so nothing is proposed on the search's own
games: the printed data and the best few candidates play a new block of seeds
(``seed + FRESH`` onwards, which no trial played), usually with more games, and every
figure comes with a 95% interval. The difference from the printed data is a paired
bootstrap over the fresh seeds (both played the same ones); win rates get Wilson intervals.
Optionally the best candidate is also checked with another bot (``ismcts``), at every
seating, to see whether the gain holds for a stronger player too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tabletop.core.stats import wilson
from tabletop.engine.registry import Registry
from tabletop.lab import balance_objectives as objectives
from tabletop.lab.balance import StudySpec, play_candidate
from tabletop.lab.db import ResultsDB
from tabletop.lab.db_studies import Trial
from tabletop.lab.optimisers import key

#: Unit and faction figures are shown before and after whatever the objective.
SPREADS = objectives.Objective(("unit-spread", "faction-spread"))


def collected(objective: objectives.Objective) -> objectives.Objective:
    """What fresh games keep: the objective's figures and the unit and faction ones."""
    return objectives.Objective(tuple(dict.fromkeys(objective.parts + SPREADS.parts)))


#: Fresh seeds start this far from the study's seed (a study plays ``seed .. seed + games - 1``).
FRESH = 1_000_000


def _seat_rows(samples: Sequence[objectives.GameSample], seats: int) -> list[dict[str, Any]]:
    wins = [0.0] * seats
    for s in samples:
        for w in s.winners:
            wins[w] += 1 / len(s.winners)
    n = len(samples)
    return [{"seat": i + 1, "rate": w / n if n else 0.0, "ci95": list(wilson(w, n))} for i, w in enumerate(wins)]


def _value_rows(samples: Sequence[objectives.GameSample], objective: objectives.Objective) -> list[dict[str, Any]]:
    rows = []
    for part in objective.parts:
        if part.endswith("-spread"):
            for value, (w, n) in objectives.value_rates(samples, part).items():
                rows.append({"part": part, "value": value, "seat_games": n, "rate": w / n if n else 0.0,
                             "ci95": list(wilson(w, n))})
    return rows


def _figures(objective, seatings, base, seed: int) -> dict[str, Any]:
    interval = objectives.bootstrap(objective, base, seatings, seed=seed) if base is not None else None
    out: dict[str, Any] = {
        "value": objectives.value(objective, seatings),
        "components": objectives.components(objective, seatings),
        "spreads": objectives.components(SPREADS, seatings),
        "seatings": [],
    }
    if interval is not None:
        out["ci95"], out["difference_ci95"] = list(interval["value"]), list(interval["difference"])
    for index, (samples, seats) in enumerate(seatings):
        row: dict[str, Any] = {
            "seats": seats, "games": len(samples), "value": objectives.value(objective, [(samples, seats)]),
            "no_winner": sum(1 for s in samples if not s.winners) / len(samples) if samples else 0.0,
            "by_seat": _seat_rows(samples, seats), "by_value": _value_rows(samples, SPREADS),
        }
        if base is not None:
            one = objectives.bootstrap(objective, [base[index]], [(samples, seats)], seed=seed)
            row["difference"] = row["value"] - objectives.value(objective, [base[index]])
            row["difference_ci95"] = list(one["difference"])
        out["seatings"].append(row)
    if base is not None:
        out["difference"] = out["value"] - objectives.value(objective, base)
    return out


def check(
    registry: Registry, spec: StudySpec, candidates: Sequence[Trial], *, games: int, db: ResultsDB | None,
    study_id: int, workers: int, backend: str, address: str | None, other_bot: str | None = None,
    other_games: int = 0, on_result: Callable[[int, Any], None] | None = None, stored_only: bool = False,
) -> dict[str, Any]:
    """The printed data and each candidate on ``games`` fresh games per seating, with intervals
    (games already kept for this study's check are read back, not played again)."""
    objective = objectives.Objective.parse(spec.objective)
    seed = spec.seed + FRESH
    collect = collected(objective)
    common = dict(seed=seed, games=games, db=db, tag=f"study-{study_id}-check", workers=workers, backend=backend,
                  address=address, on_result=on_result, collect=collect, reuse=True, stored_only=stored_only)
    base, _, stopped, _ = play_candidate(registry, spec, {}, label="printed", **common)
    out: dict[str, Any] = {"seed": seed, "games": games, "interrupted": stopped,
                           "printed": _figures(objective, base, None, seed), "candidates": []}
    for trial in candidates:
        if stopped:
            break
        seatings, _, stopped, _ = play_candidate(registry, spec, trial.changes, label=key(trial.changes), **common)
        if stopped:
            break
        row = {"trial": trial.number, "changes": trial.changes, "changed": trial.changed, "search": trial.value,
               **_figures(objective, seatings, base, seed)}
        out["candidates"].append(row)
    if other_bot and out["candidates"] and not stopped:
        best = min(out["candidates"], key=lambda c: c["value"])
        other = replace(spec, seatings=tuple((other_bot,) * len(s) for s in spec.seatings))
        mine = dict(common, games=other_games or max(1, games // 10))
        base2, _, stopped, _ = play_candidate(registry, other, {}, label=f"printed, {other_bot}", **mine)
        if not stopped:
            seatings, _, stopped, _ = play_candidate(registry, other, best["changes"], label=f"best, {other_bot}", **mine)
        if not stopped:
            out["other_bot"] = {"bot": other_bot, "trial": best["trial"], **_figures(objective, seatings, base2, seed)}
        out["interrupted"] = stopped
    return out
