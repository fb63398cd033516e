"""Where a random game's time goes on the way through ``tabletop simulate``, layer by layer, in this process.

    python tools/simulate_breakdown.py GAME SEATS GAMES [PLUGIN ...]
    python tools/simulate_breakdown.py goofspiel 2 4000 tests.goofspiel.plugin

Each layer is timed over the same seeds, 7 rounds interleaved, CPU time, medians; a layer's cost is its
time less the layer below's. The bare loop draws with ``rng.choice`` from two generators made once, as
the random bot draws, so it plays other games than the bots but the same amount of work.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tabletop.core.random_agent import RANDOM, RandomAgent
from tabletop.engine.registry import build_registry
from tabletop.engine.session import Session
from tabletop.engine.simulate import Simulator
from tabletop.engine.table import SeatSpec, bot_rng
from tabletop.lab.backends import make_job
from tabletop.lab.db import ResultsDB
from tabletop.lab.runner import run_simulation


def main(name: str, seats: int, games: int, plugins: list[str]) -> None:
    registry = build_registry(extra=plugins)
    game = registry.game(name)
    options = game.resolve_options({})
    bots = [RANDOM] * seats
    seeds = range(1, games + 1)
    fixed = [random.Random(seat) for seat in range(seats)]
    folder = Path(tempfile.mkdtemp())

    def deal() -> None:
        for seed in seeds:
            game.setup(seats, options, seed)

    def generators() -> None:
        for seed in seeds:
            for seat in range(seats):
                bot_rng(seed, seat)

    def bare() -> None:
        setup, outcome, to_act, legal, apply = game.setup, game.outcome, game.to_act, game.legal_actions, game.apply
        for seed in seeds:
            state = setup(seats, options, seed)
            while outcome(state) is None:
                seat = to_act(state)[0]
                apply(state, seat, fixed[seat].choice(legal(state, seat)))

    def match() -> None:
        table = [SeatSpec(f"Seat {seat + 1}", "random", agent=RandomAgent(rng)) for seat, rng in enumerate(fixed)]
        for seed in seeds:
            Session(game, table, seed=seed, options=options, keep_log=False).play()

    def simulator(pm=registry.pm) -> None:
        play = Simulator(game, bots, options, pm).play
        for seed in seeds:
            play(seed)

    def unobserved() -> None:
        simulator(None)

    def run(db: ResultsDB | None = None) -> None:
        job = make_job(registry, game, bots, options=options, seed=1, games=games)
        run_simulation(job, db=db)

    def run_db() -> None:
        with ResultsDB(folder / f"{time.perf_counter_ns()}.sqlite3") as db:
            run(db)

    layers = [deal, generators, bare, match, unobserved, simulator, run, run_db]
    times: dict[str, list[float]] = {layer.__name__: [] for layer in layers}
    for _ in range(7):
        for layer in layers:
            started = time.process_time()
            layer()
            times[layer.__name__].append((time.process_time() - started) * 1e6 / games)
    us = {k: statistics.median(v) for k, v in times.items()}
    rows = [
        ("deal (game.setup: its generator and shuffle)", us["deal"]),
        (f"bots' seeded generators ({seats} per game)", us["generators"]),
        ("rules and random draws (bare contract loop less the deal)", us["bare"] - us["deal"]),
        ("table loop (Session): decisions, record, bookkeeping", us["match"] - us["bare"]),
        ("simulator: bots made, result (less the generators)", us["unobserved"] - us["match"] - us["generators"]),
        ("statistics: events kept, the plugins' statistics hook", us["simulator"] - us["unobserved"]),
        ("run: stream, tally", us["run"] - us["simulator"]),
        ("results database", us["run_db"] - us["run"]),
    ]
    for label, cost in rows:
        print(f"{cost:7.1f} us  {label}")
    print(f"{us['run_db']:7.1f} us  a game through simulate, in all ({games} games, medians of 7 rounds)")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:])
