"""A fixed workload of learning-environment steps, for comparing two checkouts by instructions.

``python tools/rl_steps_fixed.py GAME N [obs|mask] [--egocentric]`` plays masked random AEC steps
(2 seats, games reset with seeds 0, 1, ...): 300 to warm up (each seat's observation writer is
made at its first look), then N between two calls of ``os.getppid()``. Under callgrind, those
calls split the count, so the work alone is measured, start-up and imports left out::

    valgrind --tool=callgrind --dump-before=getppid --callgrind-out-file=cg.out \\
        python tools/rl_steps_fixed.py windupwar 2000 obs
    # cg.out.2 holds the N steps: its "totals:" line divided by N is instructions per step

``obs`` reads ``env.last()`` (the observation and mask) at each step, ``mask`` the info's mask.
``RL_STEPS_TABLETOP=DIR`` measures another checkout's ``tabletop`` and games (``plugins``) with
this environment's packages, as ``examples/rl_speed.py --against`` does. The same count repeats
whatever else the machine is doing (with ``PYTHONHASHSEED=0``), which seconds never do here.
"""

import os
import random
import sys

if other := os.environ.get("RL_STEPS_TABLETOP"):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from other_checkout import use

    use(other)

import tabletop.rl as rl  # noqa: E402
from tabletop.engine.registry import build_registry  # noqa: E402

name, steps = sys.argv[1], int(sys.argv[2])
observe = (sys.argv[3] if len(sys.argv) > 3 else "obs") == "obs"
game = build_registry().game(name)
env = rl.env(game, players=game.min_players, **({"egocentric": True} if "--egocentric" in sys.argv else {}))
rng, seed = random.Random(0), 0


def play(count: int) -> None:
    global seed
    taken = 0
    while taken < count:
        env.reset(seed=seed)
        seed += 1
        while env.agents and taken < count:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            mask = env.last()[0]["action_mask"] if observe else env.infos[agent]["action_mask"]
            legal = mask.nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            taken += 1


play(300)
os.getppid()
play(steps)
os.getppid()
