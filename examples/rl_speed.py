"""Environment steps per second for each bundled game against the table loop's own decisions
per second (what `tabletop simulate` runs), on one core: what the learning adapter costs.

    python examples/rl_speed.py [--seconds 3]

A simulated decision: the random bot's choice and the game's legal actions and apply, through
Session.play. An environment step: ``env.last()`` (the observation: numbers and mask), a
masked random choice, ``env.step``; "mask only" reads the info's mask instead of the
observation. The adapter's cost is the difference, per decision, in simulated decisions.
Measurements are interleaved and repeated (the median shown), as a shared machine's load
moves.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

import tabletop.rl as rl
from tabletop.engine.registry import build_registry
from tabletop.engine.session import SeatSpec, Session

GAMES = ("castlewars", "windupwar", "windup_machines", "wms")


def simulate_rate(game, players, seconds):
    bot = build_registry().bot(game.name, "random")
    seats = [SeatSpec(f"Seat {s + 1}", "random", bot=bot) for s in range(players)]
    decisions, spent, seed = 0, 0.0, 0
    while spent < seconds:
        start = time.perf_counter()
        result = Session(game, seats, seed=seed, keep_log=False).play()
        spent += time.perf_counter() - start
        decisions += result.steps
        seed += 1
    return decisions / spent


def env_rate(game, players, seconds, *, observe=True):
    env = rl.env(game, players=players)
    rng = random.Random(0)
    steps, spent, seed = 0, 0.0, 0
    while spent < seconds:
        start = time.perf_counter()
        env.reset(seed=seed)
        table = env.table
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            if observe:
                observation, *_ = env.last()
                mask = observation["action_mask"]
            else:
                mask = env.infos[agent]["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        spent += time.perf_counter() - start
        seed += 1
        del table
    return steps / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements of each, interleaved; the median is shown")
    args = parser.parse_args()
    registry = build_registry()
    print("| game | seats | simulate decisions/s | env steps/s (mask only) | env steps/s (observation) | adapter per step, in simulated decisions |")
    print("|---|---|---|---|---|---|")
    for name in GAMES:
        game = registry.game(name)
        players = game.min_players
        runs = [(simulate_rate(game, players, args.seconds), env_rate(game, players, args.seconds, observe=False),
                 env_rate(game, players, args.seconds)) for _ in range(args.repeat)]
        sim, bare, full = (statistics.median(r[i] for r in runs) for i in range(3))
        print(f"| {name} | {players} | {sim:,.0f} | {bare:,.0f} | {full:,.0f} | {sim / full - 1:.2f} |")


if __name__ == "__main__":
    main()
