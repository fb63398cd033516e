"""Game i has seed S+i whoever plays it: one process, a pool of two, or Ray give the same results."""

import importlib.util
import signal

import pytest

from tabletop.lab.backends import BackendError, Job, make_job, stream


def _job(registry, game, bots, *, games, seed=11, **options):
    found = registry.game(game)
    specs = [registry.bot(game, b) for b in bots]
    return make_job(registry, found, specs, options=found.resolve_options(options), seed=seed, games=games)


def _results(job, **kwargs):
    return sorted(stream(job, **kwargs), key=lambda pair: pair[0])


def test_one_and_two_workers_give_identical_games_and_statistics(registry):
    job = _job(registry, "windupwar", ["tactician", "random", "random"], games=40)
    one = _results(job, workers=1)
    two = _results(job, workers=2)
    assert [i for i, _ in one] == list(range(40))
    assert one == two
    assert all(r.stats_json for _, r in one)  # the game's statistics came back from the workers too


def test_three_workers_give_the_same_games_and_each_worker_is_timed(registry):
    job = _job(registry, "windupwar", ["tactician", "random", "random"], games=40)
    busy = {}
    assert _results(job, workers=3, busy=busy) == _results(job, workers=1)
    assert len(busy) == 3 and all(seconds > 0 for seconds in busy.values())


def test_the_ray_backend_plays_the_same_games(registry):
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install 'tabletop[ray]')")
    job = _job(registry, "windupwar", ["tactician", "random"], games=8, edition="2016")
    before = signal.getsignal(signal.SIGTERM)
    assert _results(job, backend="ray", workers=2) == _results(job, workers=1)
    assert signal.getsignal(signal.SIGTERM) is before  # the Ray it started is gone, and its handlers


def test_an_unknown_backend_is_named(registry):
    job = _job(registry, "windupwar", ["random", "random"], games=2)
    with pytest.raises(BackendError, match="No backend 'spark'"):
        stream(job, backend="spark")


def test_a_job_is_rebuilt_by_name_in_a_fresh_process(registry):
    """What a Ray worker does: no live objects, only names, and the same games."""
    job = _job(registry, "goofspiel", ["random", "random"], games=5)
    by_name = Job(game=job.game, bots=job.bots, options=job.options, seed=job.seed, games=5, plugins=job.plugins)
    assert "tests.goofspiel.plugin" in job.plugins
    assert _results(by_name) == _results(job)


def test_without_ray_the_ray_backend_is_one_sentence_and_no_run_is_kept(cli, lab_db, monkeypatch):
    import importlib.util as util

    real = util.find_spec
    monkeypatch.setattr(util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a))
    result = cli("simulate", "goofspiel", "-n", "3", "--backend", "ray")
    assert result.exit_code == 2
    assert "pip install 'tabletop[ray]'" in " ".join(result.err.split())
    from tabletop.lab.db import ResultsDB

    with ResultsDB(lab_db) as db:
        assert db.runs() == []
