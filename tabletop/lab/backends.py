"""Where games are played: this process, a pool of worker processes, or a Ray cluster.

Each backend turns a :class:`Job` (what to play) into a stream of ``(index, result)``
pairs, in whatever order games finish, each result's statistics packed as JSON (sending
dozens of small objects per game between processes would cost more than the game). Work is handed
out in chunks sized to the work (:mod:`tabletop.lab.chunking`: about a fifth of a second each,
shrinking near the end so no worker idles while another finishes) with only a few in flight, so
memory does not grow with the number of games, progress is smooth and a Ctrl-C stops everything
within a chunk. Workers ignore Ctrl-C (the terminal
sends it to all of them): the parent stops them, so no worker prints a traceback.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pluggy

from tabletop.core.decision import BotSpec
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.tunables import canonical, variant_game
from tabletop.engine.registry import CORE_PLUGINS, Registry, build_registry, installed_plugins
from tabletop.engine.simulate import GameResult, Simulator
from tabletop.lab.chunking import Chunk, Chunker

BACKENDS = ("local", "ray")
#: A chunk played: its games' results, the worker's seconds playing them, and the worker's pid.
Played = tuple[list[tuple[int, GameResult]], float, int]


class BackendError(TabletopError):
    """A backend cannot start (Ray not installed, no cluster at the address)."""


class WorkerDied(BackendError):
    """A worker process ended in the middle of a run (killed, or a plugin ended it)."""


def _death(exitcode: int) -> str:
    if exitcode < 0:
        number = -exitcode
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        oom = " (as the out-of-memory killer does)" if number == signal.SIGKILL else ""
        return f"was killed by {name}{oom}"
    return f"exited with status {exitcode}"


@dataclass(frozen=True)
class Job:
    """What to play, described by names so a fresh process (a Ray worker) can rebuild it."""

    game: str
    bots: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    games: int
    #: Plugins beyond the installed ones, as module names or absolute .py paths.
    plugins: tuple[str, ...] = ()
    first: int = 0  # index of the first game, for a run that continues another
    #: Game ``i`` seats the bots moved ``i`` places clockwise, so each bot plays each seat equally.
    rotate: bool = False
    #: Card values that differ from the printed data (``tunables.canonical`` JSON; "" = as printed).
    cards: str = ""
    resolved: Any = field(default=None, compare=False, repr=False)

    def rotation(self, index: int) -> int:
        return index % len(self.bots) if self.rotate else 0


_CACHE: dict[tuple[str, tuple[str, ...]], tuple[Game, list[BotSpec], pluggy.PluginManager]] = {}


def extra_plugins(registry: Registry) -> tuple[str, ...]:
    """The plugins of ``registry`` that were not found through entry points, by importable name."""
    installed = {ep.name for ep in installed_plugins()} | set(CORE_PLUGINS)
    specs = []
    for name, plugin in registry.pm.list_name_plugin():
        if name in installed or plugin is None:
            continue
        module_file = getattr(plugin, "__file__", None)
        module_name = getattr(plugin, "__name__", name)
        if module_name.startswith("tabletop_local_") and module_file:
            specs.append(str(Path(module_file).resolve()))
        elif isinstance(plugin, type(sys)):
            specs.append(module_name)
    return tuple(specs)


def make_job(
    registry: Registry,
    game: Game,
    bots: list[BotSpec],
    *,
    options: dict[str, Any],
    seed: int,
    games: int,
    rotate: bool = False,
    cards: dict[str, Any] | None = None,
) -> Job:
    """A job for these bots, already resolved for this process and its forked workers;
    ``cards``: card values (checked) that differ from the printed data."""
    played = variant_game(game, cards or {})
    return Job(
        game=game.name, bots=tuple(b.name for b in bots), options=dict(options), seed=seed, games=games,
        plugins=extra_plugins(registry), rotate=rotate, cards=canonical(cards or {}),
        resolved=(played, list(bots), registry.pm),
    )


def resolve(job: Job) -> tuple[Game, list[BotSpec], pluggy.PluginManager]:
    """The game, bots and plugin manager of a job, built once per process."""
    if job.resolved is not None:
        return job.resolved
    key = (job.game, job.plugins)
    if key not in _CACHE:
        registry = build_registry(extra=job.plugins)
        broken = [f for f in registry.failures if f.plugin in job.plugins and not f.conflict]
        if job.game not in registry.games and broken:
            raise BackendError(f"the plugin '{broken[0].plugin}' did not load there: {broken[0].reason}")
        _CACHE[key] = (registry.game(job.game), list(registry.bots), registry.pm)
    game, bots, pm = _CACHE[key]
    if job.cards:
        game = variant_game(game, json.loads(job.cards))
    by_name = {b.name: b for b in bots if b.game in (None, game.name)}
    return game, [by_name[name] for name in job.bots], pm


def simulator(job: Job) -> Simulator:
    """The job's games' shared set-up, made once per process."""
    game, bots, pm = resolve(job)
    return Simulator(game, bots, job.options, pm)


def play_chunk(job: Job, chunk: Chunk) -> Played:
    play = simulator(job).play
    start, count = chunk
    began = time.perf_counter()
    results = [(i, play(job.seed + i, rotation=job.rotation(i)).packed()) for i in range(start, start + count)]
    return results, time.perf_counter() - began, os.getpid()


def _count(played: Played, chunker: Chunker, busy: dict[int, float] | None) -> list[tuple[int, GameResult]]:
    """A chunk's results; its timing goes to the chunker (and to ``busy``, by worker)."""
    results, seconds, worker = played
    chunker.timed(len(results), seconds)
    if busy is not None:
        busy[worker] = busy.get(worker, 0.0) + seconds
    return results


# ---- this process -------------------------------------------------------------------


def stream_local(job: Job) -> Iterator[tuple[int, GameResult]]:
    play, seed, rotation = simulator(job).play, job.seed, job.rotation
    for i in range(job.first, job.games):
        yield i, play(seed + i, rotation=rotation(i)).packed()


# ---- a pool of forked worker processes ----------------------------------------------

_POOL_JOB: Job | None = None


def _worker_start() -> None:
    """A worker ignores Ctrl-C and SIGTERM (sent to the whole process group, they would print its
    traceback): the parent stops, keeps what finished and ends its workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _pool_context() -> Any:
    """The fork context, whose processes the pool ends with SIGKILL (they ignore its SIGTERM)."""
    import multiprocessing.context

    class Killed(multiprocessing.context.ForkProcess):
        def terminate(self) -> None:
            self.kill()

    class Context(multiprocessing.context.ForkContext):
        Process = Killed

    return Context()


def _pool_chunk(chunk: Chunk) -> Played:
    assert _POOL_JOB is not None  # inherited from the parent through fork
    try:
        return play_chunk(_POOL_JOB, chunk)
    except SystemExit as stop:  # the pool would lose the chunk and wait for it for ever
        raise WorkerDied(f"A plugin ended a worker process (SystemExit: {str(stop.code)[:100]}); the run stopped.") from None


def stream_pool(job: Job, *, workers: int, busy: dict[int, float] | None = None) -> Iterator[tuple[int, GameResult]]:
    import multiprocessing.pool
    import queue

    global _POOL_JOB
    _POOL_JOB = job  # resolved in the parent, inherited by the forked workers
    done: queue.Queue[Any] = queue.Queue()
    todo = Chunker(job.first, job.games, workers)
    pool = multiprocessing.pool.Pool(workers, initializer=_worker_start, context=_pool_context())
    in_flight = 0
    try:
        def submit() -> bool:
            nonlocal in_flight
            chunk = todo.take()
            if chunk is None:
                return False
            pool.apply_async(_pool_chunk, (chunk,), callback=done.put, error_callback=done.put)
            in_flight += 1
            return True

        for _ in range(workers * 2):
            if not submit():
                break
        processes: dict[int, Any] = {}
        _check_workers(pool, processes)
        while in_flight:
            try:
                got = done.get(timeout=0.2)
            except queue.Empty:
                _check_workers(pool, processes)
                continue
            in_flight -= 1
            if isinstance(got, BaseException):
                raise got
            results = _count(got, todo, busy)
            submit()
            yield from results
        pool.close()
    finally:
        pool.terminate()
        pool.join()
        _POOL_JOB = None


def _check_workers(pool: Any, processes: dict[int, Any]) -> None:
    """Raise :class:`WorkerDied` if a worker has ended: the pool would replace it quietly and
    wait for ever for the games it was playing. (The pool's list of processes is not public
    API, but it is the only place a dead worker shows.)"""
    for process in list(getattr(pool, "_pool", ())):
        processes.setdefault(process.pid, process)
    for number, process in enumerate(processes.values(), 1):
        if process.exitcode is not None:
            raise WorkerDied(f"Worker process {number} (pid {process.pid}) {_death(process.exitcode)}; the run stopped.")


# ---- Ray ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RayFailure:
    """A chunk a Ray worker could not play, in one sentence: returned, not raised, so the
    driver never prints Ray's pages of wrapped tracebacks."""

    reason: str


def _ray_chunk(job: Job, chunk: Chunk) -> Played | RayFailure:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        return play_chunk(job, chunk)
    except (Exception, SystemExit) as error:  # a plugin that loads here but not there, say
        return RayFailure(str(error)[:400] if isinstance(error, TabletopError) else
                          f"{type(error).__name__}: {str(error)[:300]}")


def _start_ray(ray: Any, *, workers: int, address: str | None) -> None:
    path = os.pathsep.join(p for p in (os.getcwd(), os.environ.get("PYTHONPATH", "")) if p)
    try:
        ray.init(
            address=address, num_cpus=None if address else workers, include_dashboard=False,
            log_to_driver=False, logging_level="ERROR", configure_logging=True,
            runtime_env={"env_vars": {"PYTHONPATH": path}},
        )
    except Exception as error:
        raise BackendError(f"Ray could not start ({type(error).__name__}: {error}).") from None


@contextlib.contextmanager
def backend_kept(backend: str, *, workers: int, address: str | None) -> Iterator[None]:
    """Keep Ray up across several runs (a balancing study plays one per candidate): each run
    would otherwise start and stop it (about 5 s and 1.4 s here, docs/lab.md). Other backends: nothing."""
    check_backend(backend)
    if backend != "ray":
        yield
        return
    import ray

    started = not ray.is_initialized()
    if started:
        _start_ray(ray, workers=workers, address=address)
    try:
        yield
    finally:
        if started:
            with contextlib.suppress(Exception):
                ray.shutdown()


def stream_ray(
    job: Job, *, workers: int, address: str | None, busy: dict[int, float] | None = None
) -> Iterator[tuple[int, GameResult]]:
    try:
        import ray
    except ImportError:
        raise BackendError(
            "The Ray backend needs Ray: install it with pip install 'tabletop[ray]'."
        ) from None
    started = not ray.is_initialized()
    # ray.init installs its own SIGTERM handler (and more); a Ray this run starts is shut down at
    # its end, and the process gets its handlers back (a later game's save-on-SIGTERM needs them).
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)} if started else {}
    if started:
        _start_ray(ray, workers=workers, address=address)
    remote = ray.remote(_ray_chunk).options(max_retries=0)
    job_ref = ray.put(dataclasses.replace(job, resolved=None))
    todo = Chunker(job.first, job.games, workers)
    pending: list[Any] = []
    try:
        for _ in range(workers * 2):
            chunk = todo.take()
            if chunk is None:
                break
            pending.append(remote.remote(job_ref, chunk))
        while pending:
            ready, pending = ray.wait(pending, num_returns=1, timeout=0.2)
            for ref in ready:
                got = ray.get(ref)
                if isinstance(got, RayFailure):
                    raise WorkerDied(f"A Ray worker could not play its games ({got.reason}); the run stopped.")
                results = _count(got, todo, busy)
                chunk = todo.take()
                if chunk is not None:
                    pending.append(remote.remote(job_ref, chunk))
                yield from results
    finally:
        # No ray.cancel: force-cancelling a chunk as it completes aborts the driver inside Ray
        # (2.x, "Tried to complete task that was not pending"). Shutting down a Ray we started
        # stops its workers; on a cluster the few chunks in flight finish and are dropped.
        del pending
        if started:
            with contextlib.suppress(Exception):
                ray.shutdown()
            for sig, handler in handlers.items():
                if handler is not None:
                    signal.signal(sig, handler)


def check_backend(backend: str) -> None:
    """Fail before a run starts if its backend cannot be used here."""
    if backend not in BACKENDS:
        raise BackendError(f"No backend '{backend}'; choose one of: {', '.join(BACKENDS)}.")
    if backend == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise BackendError("The Ray backend needs Ray: install it with pip install 'tabletop[ray]'.")


def stream(
    job: Job, *, backend: str = "local", workers: int = 1, address: str | None = None,
    busy: dict[int, float] | None = None,
) -> Iterator[tuple[int, GameResult]]:
    """Every game of ``job`` as ``(index, result)``, in the order they finish; ``busy`` gets each
    worker's seconds of play, by process id (a run in this process has no workers)."""
    check_backend(backend)
    if backend == "ray":
        return stream_ray(job, workers=workers, address=address, busy=busy)
    if workers <= 1 or job.games - job.first < 2 * workers:
        return stream_local(job)
    return stream_pool(job, workers=workers, busy=busy)
