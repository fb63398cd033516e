"""A balancing study: an optimiser proposes card values, the lab plays them, the database keeps it.

Every candidate plays the same block of seeds (``seed`` .. ``seed + games - 1``) with the
bots rotated one seat per game (common random numbers: candidates differ by their cards,
not their luck), at each seating asked for. Its games are kept as runs (sweep
``study-ID``, variant ``trial N``) and its figures as a trial. Candidates are asked and
told strictly in order, so the study is the same with any worker count or backend; a
study stopped part way is found again by its command and resumes: the stored trials are
told back to a fresh optimiser, which must ask for exactly the same candidates again.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from tabletop.core.errors import CardDataError, TabletopError
from tabletop.core.tunables import tunables_of, variant_game
from tabletop.engine.registry import Registry
from tabletop.engine.simulate import GameResult
from tabletop.lab import balance_objectives as objectives
from tabletop.lab.backends import make_job
from tabletop.lab.db import ResultsDB
from tabletop.lab.db_studies import Trial
from tabletop.lab.optimisers import Space, key, make_optimiser
from tabletop.lab.runner import run_simulation

#: The balance told for card data the game refuses: worse than any measured value.
REFUSED = 10.0


class StudyError(TabletopError):
    """A study that cannot go on as asked (a stored study that no longer matches, say)."""


@dataclass(frozen=True)
class StudySpec:
    """What a study is: the same spec (the same command) finds and resumes the same study."""

    game: str
    seatings: tuple[tuple[str, ...], ...]
    options: dict[str, Any]
    objective: str
    budget: int
    games: int
    seed: int
    optimiser: str = "ntbea"
    #: At most this many values (a group of copies counting once) differ from the printed data; 0: any.
    max_changes: int = 3
    #: The card files' hash: edited card data makes a new study, never a mixed one.
    card_hash: str = ""

    def text(self) -> str:
        """Canonical JSON: the budget is left out, so a larger budget continues a study."""
        data = asdict(self)
        data.pop("budget")
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


@dataclass
class StudyResult:
    study_id: int
    trials: list[Trial]
    interrupted: bool
    resumed: int  # trials found in the database, not played again
    seconds: float = 0.0
    games: int = 0
    estimates: dict[str, float] = field(default_factory=dict)  # candidate key -> optimiser's estimate


def play_candidate(
    registry: Registry, spec: StudySpec, changes: dict[str, Any], *, seed: int, games: int,
    db: ResultsDB | None, tag: str | None, label: str, workers: int, backend: str, address: str | None,
    on_result: Callable[[int, Any], None] | None = None, collect: objectives.Objective | None = None,
    reuse: bool = False, stored_only: bool = False,
) -> tuple[list[tuple[list[objectives.GameSample], int]], list[int], bool, int]:
    """Play one candidate at every seating: (samples per seating, run ids, interrupted, errors).
    ``collect``: the objective whose figures the samples keep (default: the study's). ``reuse``: a
    finished run of the same sweep, variant, seats, seeds and games is read back, not played again
    (``stored_only``: nothing is played; a missing run is a :class:`StudyError`)."""
    game = registry.game(spec.game)
    variant_game(game, changes)  # refuses card data the game's own loader refuses, before any game
    objective = collect or objectives.Objective.parse(spec.objective)
    seatings, runs, errors = [], [], 0
    for names in spec.seatings:
        kept = objectives.Games(objective, len(names))
        stored = db.kept_games(sweep=tag or "", variant=label, seats=list(names), seed=seed, games=games) \
            if reuse and db is not None else []
        if stored:
            for idx, winners, length, error, stats in stored:
                kept.add(idx, GameResult(winners, length, error, stats_json=stats))
            errors += kept.errors
            seatings.append((kept.ordered(), len(names)))
            continue
        if stored_only:
            raise StudyError(f"The games of '{label}' at {len(names)} seats are not in the database; run the "
                             "study's command again to play them.")
        bots = [registry.bot(spec.game, name) for name in names]
        job = make_job(registry, game, bots, options=spec.options, seed=seed, games=games, rotate=True, cards=changes)

        def seen(index: int, result: Any, kept: objectives.Games = kept) -> None:
            kept.add(index, result)
            if on_result is not None:
                on_result(index, result)

        run = run_simulation(job, backend=backend, workers=workers, address=address, db=db, sweep=tag,
                             variant=label, on_result=seen)
        if run.run_id is not None:
            runs.append(run.run_id)
        errors += kept.errors
        seatings.append((kept.ordered(), len(bots)))
        if run.interrupted:
            return seatings, runs, True, errors
    return seatings, runs, False, errors


def check_measurable(registry: Registry, spec: StudySpec, *, probe: int = 4) -> None:
    """Refuse, in one sentence, a spread objective the game gives nothing to spread over: a few
    printed games at the first seating, kept nowhere, must report the statistic it reads."""
    objective = objectives.Objective.parse(spec.objective)
    spreads = [p for p in objective.parts if p.endswith("-spread")]
    if not spreads:
        return
    first = replace(spec, seatings=spec.seatings[:1])
    seatings, _, _, _ = play_candidate(registry, first, {}, seed=spec.seed, games=probe, db=None, tag=None,
                                       label="probe", workers=1, backend="local", address=None)
    seen = {part for samples, _ in seatings for s in samples for seat in s.groups for part, _ in seat}
    for part in spreads:
        if part not in seen:
            what = "a per-seat statistic named '... unit'" if part == "unit-spread" else "a per-seat 'faction'"
            raise StudyError(f"{registry.game(spec.game).title} reports no {part.split('-')[0]} statistic ({what}), so "
                             f"{part} cannot be measured; choose seat-balance, no-winner or length=T.")


def run_study(
    registry: Registry, spec: StudySpec, db: ResultsDB, *, workers: int = 1, backend: str = "local",
    address: str | None = None, on_trial: Callable[[Trial], None] | None = None,
    on_result: Callable[[int, Any], None] | None = None,
) -> StudyResult:
    """Play (or resume) the study ``spec`` up to its budget of candidates."""
    import time

    started = time.perf_counter()
    game = registry.game(spec.game)
    objective = objectives.Objective.parse(spec.objective)
    space = Space.of(tunables_of(game), spec.max_changes)
    optimiser = make_optimiser(spec.optimiser, space, spec.seed)
    study = db.find_study(spec.text()) or db.new_study(game=spec.game, spec=spec.text())
    stored = db.trials(study.id)
    for trial in stored:
        asked = optimiser.ask()
        if key(asked) != key(trial.changes):
            raise StudyError(
                f"Study {study.id} was made by another version of tabletop or of the game's card data (trial "
                f"{trial.number} differs); give another --seed to start a new study."
            )
        optimiser.tell(asked, REFUSED if trial.value is None else trial.value, trial.changed)
    trials = list(stored)
    db.set_study_status(study.id, "running")
    interrupted, played = False, 0
    try:
        for number in range(len(stored), spec.budget):
            changes = optimiser.ask()
            try:
                seatings, runs, interrupted, errors = play_candidate(
                    registry, spec, changes, seed=spec.seed, games=spec.games, db=db, tag=f"study-{study.id}",
                    label=f"trial {number}", workers=workers, backend=backend, address=address, on_result=on_result)
            except CardDataError as error:
                trial = Trial(number, changes, None, space.count(changes), {}, (), str(error).splitlines()[0])
            else:
                if interrupted:
                    break
                played += sum(len(s) for s, _ in seatings)
                parts = objectives.components(objective, seatings)
                error_text = f"{errors} games failed" if errors else None
                trial = Trial(number, changes, objectives.value(objective, seatings), space.count(changes), parts,
                              tuple(runs), error_text)
            db.add_trial(study.id, trial)
            trials.append(trial)
            optimiser.tell(changes, REFUSED if trial.value is None else trial.value, trial.changed)
            if on_trial is not None:
                on_trial(trial)
    finally:
        done = not interrupted and len(trials) >= spec.budget
        db.set_study_status(study.id, "finished" if done else "stopped")
    estimate = getattr(optimiser, "estimate", None)
    estimates = {key(t.changes): estimate(t.changes) for t in trials} if estimate else {}
    return StudyResult(study.id, trials, interrupted, len(stored), time.perf_counter() - started, played, estimates)


def shortlist(result: StudyResult, count: int = 3) -> list[Trial]:
    """The best few distinct candidates to re-measure: first the Pareto front of (balance on the
    search's seeds, values changed), best balance first, then the next best by balance.

    A trial's own balance is a paired comparison with the printed data (the same seeds), the
    optimiser's estimate (which pools trials sharing a value) only breaks ties: in a Windup War
    study the estimate's favourites did worse on fresh seeds than the trials' own best.
    """
    best: dict[str, Trial] = {}
    for trial in result.trials:
        if trial.value is None or not trial.changes:
            continue
        k = key(trial.changes)
        if k not in best or trial.value < best[k].value:  # type: ignore[operator]
            best[k] = trial

    def rank(k: str) -> tuple[float, float, int, int]:
        trial = best[k]
        estimate = result.estimates.get(k, math.inf)
        return (float(trial.value), estimate if math.isfinite(estimate) else math.inf, trial.changed, trial.number)

    ranked = sorted(best, key=rank)
    front: list[str] = []
    for k in ranked:  # keep a candidate only if every better one changes more values
        if all(best[f].changed > best[k].changed for f in front):
            front.append(k)
    picked = front[:count]
    picked += [k for k in ranked if k not in picked][: count - len(picked)]
    return [best[k] for k in picked]


def pareto(trials: Sequence[Trial]) -> list[Trial]:
    """Trials no other trial beats on both balance and values changed (for the trade-off chart)."""
    valid = [t for t in trials if t.value is not None]
    return sorted(
        (t for t in valid if not any(
            (o.value <= t.value and o.changed <= t.changed) and (o.value < t.value or o.changed < t.changed)
            for o in valid)),
        key=lambda t: t.changed,
    )
