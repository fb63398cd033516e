"""A fixed workload of the simulate path, for comparing two checkouts by instructions, not seconds.

``python tools/simulate_fixed.py GAME SEATS N`` plays N seeded games of random bots through
``Simulator.play`` (the table loop ``tabletop simulate`` runs: a Session per game). Under
``valgrind --tool=callgrind`` its instruction count repeats whatever else the machine is doing:
run it with N and with 0 in each checkout (each with its own virtual environment) and compare
the differences (the work, start-up subtracted), as for ``tools/contract_fixed.py``.
``goofspiel`` is the test game, loaded from the checkout the imported ``tabletop`` comes from.
"""

import sys
from pathlib import Path

import tabletop

sys.path.append(str(Path(tabletop.__file__).parents[1]))  # this checkout's tests (the test game)
from tabletop.engine.registry import build_registry  # noqa: E402
from tabletop.engine.simulate import Simulator  # noqa: E402

name, seats, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
registry = build_registry(extra=["tests.goofspiel.plugin"] if name == "goofspiel" else [])
game = registry.game(name)
simulator = Simulator(game, [registry.bot(name, "random")] * seats, game.resolve_options({}), None)
for seed in range(n):
    simulator.play(seed)
