"""Balancing studies: reproducible whatever the worker count, resumable, and able to find a
planted imbalance (tests/lopsided: the giant's power is 8 against 3 for every other unit)."""

import pytest

from tabletop.engine.registry import build_registry
from tabletop.lab.balance import StudySpec, pareto, run_study, shortlist
from tabletop.lab.db import ResultsDB
from tabletop.lab.ntbea import NTBEA
from tests.lopsided import plugin as lopsided_plugin


@pytest.fixture
def lop_registry():
    return build_registry(extra=[lopsided_plugin])


def spec(**changes):
    base = dict(game="lopsided", seatings=(("random",) * 3,), options={}, objective="unit-spread", budget=6,
                games=60, seed=11)
    return StudySpec(**{**base, **changes})


def figures(trials):
    return [(t.number, t.changes, t.value, t.components) for t in trials]


def test_ntbea_is_a_seeded_ask_tell_search():
    def run(seed):
        search = NTBEA([5, 5, 5], seed, start=(0, 0, 0))
        for _ in range(30):
            point = search.ask()
            search.tell(point, abs(point[0] - 3) + abs(point[1] - 1) + abs(point[2] - 4))
        return search

    one, two = run(1), run(1)
    assert one.told == two.told and one.told[0][0] == (0, 0, 0)
    assert run(2).told != one.told
    best, estimate = one.ranking()[0]
    assert one.estimate(best) <= one.estimate((0, 0, 0)) and sum(v == 0 for _, v in one.told) >= 1
    with pytest.raises(ValueError, match="must answer the point"):
        one.tell((4, 4, 4), 1.0)


def test_the_same_seed_gives_the_same_study_with_one_and_two_workers(lop_registry, tmp_path):
    results = []
    for workers in (1, 2):
        with ResultsDB(tmp_path / f"w{workers}.sqlite3") as db:
            results.append(run_study(lop_registry, spec(), db, workers=workers))
    one, two = results
    assert figures(one.trials) == figures(two.trials) and len(one.trials) == 6
    assert one.trials[0].changes == {} and one.trials[0].value > 0.3  # the printed data first: lopsided
    assert len({str(t.changes) for t in one.trials}) > 1


def test_a_stopped_study_resumes_to_the_same_result(lop_registry, tmp_path, monkeypatch):
    from tabletop.lab import backends

    with ResultsDB(tmp_path / "whole.sqlite3") as db:
        whole = run_study(lop_registry, spec(), db)
    real, calls = backends.stream_local, []

    def stopping(job):  # Ctrl-C in the fourth candidate's games
        calls.append(job)
        for n, pair in enumerate(real(job)):
            if len(calls) == 4 and n == 20:
                raise KeyboardInterrupt
            yield pair

    path = tmp_path / "stopped.sqlite3"
    monkeypatch.setattr(backends, "stream_local", stopping)
    with ResultsDB(path) as db:
        stopped = run_study(lop_registry, spec(), db)
        assert stopped.interrupted and len(stopped.trials) == 3
        assert db.study(stopped.study_id).status == "stopped"
    monkeypatch.setattr(backends, "stream_local", real)
    with ResultsDB(path) as db:
        resumed = run_study(lop_registry, spec(), db)
        assert db.study(resumed.study_id).status == "finished"
    assert resumed.study_id == stopped.study_id and resumed.resumed == 3
    assert figures(resumed.trials) == figures(whole.trials)
    with ResultsDB(path) as db:  # a larger budget continues the same study
        more = run_study(lop_registry, spec(budget=8), db)
    assert more.study_id == stopped.study_id and more.resumed == 6 and len(more.trials) == 8


def test_the_search_finds_the_planted_giant_within_a_small_budget(lop_registry, tmp_path):
    with ResultsDB(tmp_path / "lab.sqlite3") as db:
        result = run_study(lop_registry, spec(budget=25, games=150), db)
    printed = result.trials[0].value
    best = shortlist(result, 3)
    assert best, "no candidate proposed"
    top = best[0]
    assert top.value < printed / 2, (printed, top)
    power = {unit: top.changes.get(f"unit.{unit}.power", 3) for unit in ("knight", "archer", "mage")}
    giant = top.changes.get("unit.giant.power", 8)
    assert giant - sum(power.values()) / 3 <= 1, top.changes  # the giant is no longer the strong one
    front = pareto(result.trials)
    assert front[0].changes == {} and all(a.changed < b.changed for a, b in zip(front, front[1:], strict=False))


def test_a_version_3_database_gains_the_study_tables_in_place(tmp_path):
    path = tmp_path / "v3.sqlite3"
    with ResultsDB(path) as db:
        run = db.new_run(game="g", version="1", options={}, seats=["a"], seed=0, games=1)
        db.conn.execute("DROP TABLE trials")
        db.conn.execute("DROP TABLE studies")
        db.conn.execute("PRAGMA user_version = 3")
    with ResultsDB(path) as db:
        assert db.version == 4 and [r.id for r in db.runs()] == [run]
        study = db.new_study(game="g", spec="{}")
        assert db.find_study("{}") == study and db.trials(study.id) == []


@pytest.mark.parametrize("name", ["tpe", "nsga2"])
def test_optuna_optimisers_serve_the_same_interface_reproducibly(lop_registry, tmp_path, name):
    pytest.importorskip("optuna", reason="the optuna optimisers need the balance extra: pip install 'tabletop[balance]'")
    runs = []
    for workers in (1, 2):
        with ResultsDB(tmp_path / f"{name}{workers}.sqlite3") as db:
            runs.append(run_study(lop_registry, spec(optimiser=name, budget=5), db, workers=workers))
    assert figures(runs[0].trials) == figures(runs[1].trials)
    assert runs[0].trials[0].changes == {}  # the printed data first, as with NTBEA


def test_an_unknown_optimiser_or_missing_optuna_is_one_sentence(lop_registry, tmp_path, monkeypatch):
    import sys

    from tabletop.lab.optimisers import OptimiserError

    with ResultsDB(tmp_path / "lab.sqlite3") as db:
        with pytest.raises(OptimiserError, match="No optimiser 'magic'"):
            run_study(lop_registry, spec(optimiser="magic"), db)
        monkeypatch.setitem(sys.modules, "optuna", None)
        with pytest.raises(OptimiserError, match=r"pip install 'tabletop\[balance\]'"):
            run_study(lop_registry, spec(optimiser="tpe"), db)
