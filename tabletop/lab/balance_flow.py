"""After the search: prune the best candidates, prove them on fresh seeds, say what each change
does and what else moved. One function, so a study's command and ``balance --report STUDY``
build the same report; every game it needs is kept as a run and read back the next time, so
re-opening or reprinting a study never plays its checks again.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from tabletop.core.tunables import Tunables
from tabletop.lab import balance_check, balance_effects
from tabletop.lab import balance_objectives as objectives
from tabletop.lab.balance import StudyError, StudyResult, StudySpec, shortlist
from tabletop.lab.balance_effects import Bench, Stopped
from tabletop.lab.balance_report import recommended
from tabletop.lab.db_studies import Trial
from tabletop.lab.optimisers import key


def conclude(registry: Any, spec: StudySpec, result: StudyResult, tunables: Tunables, *, db: Any, top: int,
             confirm: int, workers: int = 1, backend: str = "local", address: str | None = None,
             other_bot: str | None = None, stored_only: bool = False) -> dict[str, Any]:
    """``pruning`` (one per shortlisted candidate), ``check`` (fresh seeds), ``effects`` (each change of
    the proposal alone, fresh seeds), ``moved`` (what else moved under the proposal), ``interrupted``.
    ``stored_only``: every game is read back, none played; ``top`` is then an upper bound, since the
    shortlist of a smaller ``top`` is the start of a larger one's."""
    objective = objectives.Objective.parse(spec.objective)
    out: dict[str, Any] = {"pruning": [], "check": None, "effects": [], "moved": [], "interrupted": False}
    common = dict(registry=registry, spec=spec, db=db, workers=workers, backend=backend, address=address,
                  stored_only=stored_only)
    search = Bench(tag=f"study-{result.study_id}", seed=spec.seed, games=spec.games,
                   labels={key(t.changes): f"trial {t.number}" for t in result.trials}, **common)
    fresh = Bench(tag=f"study-{result.study_id}-check", seed=spec.seed + balance_check.FRESH, games=confirm,
                  collect=balance_check.collected(objective), **common)
    try:
        picked: dict[str, Trial] = {}
        for number, trial in enumerate(shortlist(result, top)):
            try:
                pruned = balance_effects.prune(search, objective, trial.changes, tunables)
            except StudyError:
                if stored_only and number:  # reprinting: the study pruned this many (--top), no more
                    break
                raise
            out["pruning"].append({"trial": trial.number, **pruned})
            if pruned["pruned"] and pruned["path"][-1]["value"] < pruned["printed"]:  # no gain: nothing to check
                picked.setdefault(key(pruned["pruned"]), replace(
                    trial, changes=pruned["pruned"], changed=tunables.count(pruned["pruned"]), value=pruned["path"][-1]["value"]))
        out["check"] = check = balance_check.check(
            registry, spec, list(picked.values()), games=confirm, db=db, study_id=result.study_id, workers=workers,
            backend=backend, address=address, other_bot=other_bot, stored_only=stored_only)
        if check["interrupted"]:
            out["interrupted"] = True
            return out
        best = recommended(check)
        if best is not None:
            out["effects"] = balance_effects.one_at_a_time(fresh, objective, best["changes"], tunables)
            out["moved"] = balance_effects.moved(fresh.play({}), fresh.play(best["changes"]))
    except Stopped:
        out["interrupted"] = True
    return out


def what_if(registry: Any, spec: StudySpec, changes: dict[str, Any], *, db: Any, workers: int = 1,
            backend: str = "local", address: str | None = None) -> dict[str, Any]:
    """One change against the printed data on common seeds, at every seating, with intervals."""
    import hashlib

    objective = objectives.Objective.parse(spec.objective)
    tag = "what-if-" + hashlib.sha256(spec.text().encode()).hexdigest()[:10]
    bench = Bench(registry=registry, spec=spec, db=db, tag=tag, seed=spec.seed, games=spec.games, workers=workers,
                  backend=backend, address=address, collect=balance_check.collected(objective))
    base, other = bench.play({}), bench.play(changes)
    return {"changes": changes, "games": spec.games, "seed": spec.seed,
            **balance_effects.compare(objective, base, other, seed=spec.seed),
            "moved": balance_effects.moved(base, other)}


def parse_what_if(text: str) -> dict[str, Any]:
    """``key=value[,key=value]``: a value is read as JSON (3, "x", ["a","b"]), else as a word."""
    from tabletop.core.errors import OptionError

    out: dict[str, Any] = {}
    depth, part, parts = 0, "", []
    for ch in text:  # commas inside [..] belong to a list value
        depth += ch == "["
        depth -= ch == "]"
        if ch == "," and depth == 0:
            parts.append(part)
            part = ""
        else:
            part += ch
    parts.append(part)
    for item in parts:
        address, eq, raw = item.partition("=")
        if not eq or not address.strip() or not raw.strip():
            raise OptionError(f"--what-if takes address=value pairs separated by commas, like "
                              f"part.gen-3.cost=4, not '{item}'.")
        try:
            value = json.loads(raw)
        except ValueError:
            value = raw.strip()
        out[address.strip()] = value
    return out


def stored_spec(text: str, budget: int) -> StudySpec:
    """A study's spec as stored (its command), with the budget it reached."""
    data = json.loads(text)
    data["seatings"] = tuple(tuple(s) for s in data["seatings"])
    return StudySpec(**data, budget=budget)
