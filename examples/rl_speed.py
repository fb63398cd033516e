"""Environment steps per second for each bundled game against the table loop's own decisions
per second (what `tabletop simulate` runs), on one core: what the learning adapter costs.

    python examples/rl_speed.py [--seconds 3] [--repeat 3] [--env aec|parallel|gym] [--against OTHER_CHECKOUT]

A simulated decision: the random bot's choice and the game's legal actions and apply, through
Session.play. An environment step (``--env aec``, the default): ``env.last()`` (the observation:
numbers and mask), a masked random choice, ``env.step``; "mask only" reads the info's mask
instead of the observation. ``--env parallel``: a step of the parallel environment, a masked
random choice for every agent, counted as the actions it took (a round of secret choices is one
step of several actions). ``--env gym``: a step of one seat's Gymnasium environment against
random bots, the bots' actions not counted. The adapter's cost is the difference, per decision,
in simulated decisions.
Times are the process's CPU time (a shared machine's other work does not count), and
measurements are interleaved and repeated (the median shown), as its load still moves caches
and clocks. ``--against DIR`` measures another checkout's ``tabletop`` (say, main's) the same
way, alternating with this one, each in its own process, and adds the ratio of their steps;
its games too, if it has them (``plugins``), so each side runs the games of its own time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

if __name__ == "__main__" and os.environ.get("RL_SPEED_TABLETOP"):
    # A measuring process for --against: the other checkout's ``tabletop`` and games.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "tools"))
    from other_checkout import use

    use(os.environ["RL_SPEED_TABLETOP"])

import tabletop.rl as rl  # noqa: E402
from tabletop.engine.registry import build_registry  # noqa: E402
from tabletop.engine.session import Session  # noqa: E402
from tabletop.engine.table import SeatSpec  # noqa: E402

GAMES = ("castlewars", "windupwar", "windup_machines", "wms")


def simulate_rate(game, players, seconds):
    bot = build_registry().bot(game.name, "random")
    seats = [SeatSpec(f"Seat {s + 1}", "random", bot=bot) for s in range(players)]
    decisions, spent, seed = 0, 0.0, 0
    while spent < seconds:
        start = time.process_time()
        result = Session(game, seats, seed=seed, keep_log=False).play()
        spent += time.process_time() - start
        decisions += result.steps
        seed += 1
    return decisions / spent


def env_rate(game, players, seconds, *, observe=True, kind="aec"):
    if kind == "parallel":
        return parallel_rate(game, players, seconds, observe=observe)
    if kind == "gym":
        return gym_rate(game, players, seconds, observe=observe)
    env = rl.env(game, players=players)
    rng = random.Random(0)
    steps, spent, seed = 0, 0.0, 0
    while spent < seconds:
        start = time.process_time()
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
            legal = mask.nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        spent += time.process_time() - start
        seed += 1
        del table
    return steps / spent


def _pick(rng, mask):
    """A masked random action (0 for an agent with nothing to do: the parallel env ignores it)."""
    legal = mask.nonzero()[0]
    return int(legal[rng.randrange(len(legal))]) if len(legal) else 0


def parallel_rate(game, players, seconds, *, observe=True):
    """Actions per second through the parallel environment (every asked agent acts each step)."""
    env = rl.parallel_env(game, players=players)
    rng = random.Random(0)
    actions, spent, seed = 0, 0.0, 0
    while spent < seconds:
        start = time.process_time()
        observations, infos = env.reset(seed=seed)
        while env.agents:
            shown = observations if observe else infos
            observations, _, _, _, infos = env.step({a: _pick(rng, shown[a]["action_mask"]) for a in env.agents})
        spent += time.process_time() - start
        actions += len(env.table.session.record.actions)
        seed += 1
    return actions / spent


def gym_rate(game, players, seconds, *, observe=True):
    """The learner's steps per second through the Gymnasium environment, seat 0 against random bots."""
    env = rl.gym_env(game, seat=0, opponents=["random"] * (players - 1))
    rng = random.Random(0)
    steps, spent, seed = 0, 0.0, 0
    while spent < seconds:
        start = time.process_time()
        observation, info = env.reset(seed=seed)
        done = False
        while not done:
            mask = observation["action_mask"] if observe else info["action_mask"]
            observation, _, terminated, truncated, info = env.step(_pick(rng, mask))
            done = terminated or truncated
            steps += 1
        spent += time.process_time() - start
        seed += 1
    return steps / spent


def measure(name: str, seconds: float, kind: str = "aec") -> tuple[float, float, float]:
    """Simulated decisions, mask-only steps and observed steps per second, for one game."""
    game = build_registry().game(name)
    players = game.min_players
    return (simulate_rate(game, players, seconds), env_rate(game, players, seconds, observe=False, kind=kind),
            env_rate(game, players, seconds, kind=kind))


def measure_in(checkout: str | None, name: str, seconds: float, kind: str = "aec") -> tuple[float, float, float]:
    """:func:`measure` in a fresh process, importing ``tabletop`` from ``checkout`` (None: this one)."""
    env = dict(os.environ)
    env.pop("RL_SPEED_TABLETOP", None)
    if checkout is not None:
        env["RL_SPEED_TABLETOP"] = os.path.abspath(checkout)
    run = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", name, "--seconds", str(seconds),
                          "--env", kind], env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        raise SystemExit(f"Measuring {name} with {checkout or 'this checkout'} failed (its error is above).")
    return tuple(json.loads(run.stdout.splitlines()[-1]))


def cost(runs: list[tuple[float, float, float]]) -> str:
    """The adapter's cost per step in simulated decisions, mask only / with observation: the
    median of each run's ratio to its own simulate (a slower moment hurts both alike)."""
    return " / ".join(f"{statistics.median(r[0] / r[i] - 1 for r in runs):.2f}" for i in (1, 2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements of each, interleaved; the median is shown")
    parser.add_argument("--against", metavar="DIR", help="another checkout to measure alternately (say, main's)")
    parser.add_argument("--games", nargs="*", default=GAMES, help="games to measure")
    parser.add_argument("--env", choices=("aec", "parallel", "gym"), default="aec", help="the environment measured")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.seconds, args.env)))
        return
    print("| game | seats | simulate decisions/s | env steps/s (mask only) | env steps/s (observation) "
          "| adapter per step, in simulated decisions: mask only / observation |"
          + (" against DIR: same | ratio of steps/s, mask only / observation |" if args.against else ""))
    print("|---|---|---|---|---|---|" + ("---|---|" if args.against else ""))
    for name in args.games:
        players = build_registry().game(name).min_players
        ours, theirs = [], []
        for _ in range(args.repeat):
            ours.append(measure_in(None, name, args.seconds, args.env))
            if args.against:
                theirs.append(measure_in(args.against, name, args.seconds, args.env))
        sim, bare, full = (statistics.median(r[i] for r in ours) for i in range(3))
        line = f"| {name} | {players} | {sim:,.0f} | {bare:,.0f} | {full:,.0f} | {cost(ours)} |"
        if theirs:
            gain = [statistics.median(a[i] / b[i] for a, b in zip(ours, theirs, strict=True)) for i in (1, 2)]
            line += f" {cost(theirs)} | {gain[0]:.2f} / {gain[1]:.2f} |"
        print(line, flush=True)


if __name__ == "__main__":
    main()
