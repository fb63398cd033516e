"""A fixed workload for comparing two checkouts by instructions, not seconds.

``python tools/contract_fixed.py GAME SEATS N`` plays N seeded random games through the
contract (setup, to_act, legal_actions, apply; a copy+apply at each step of every fourth game).
Under ``valgrind --tool=callgrind`` its instruction count repeats whatever else the machine is
doing: run it with N and with 0 in each checkout and compare the differences (the work, start-up
subtracted). It uses only what every version of the contract has, so an older checkout runs it;
``goofspiel`` is the test game (run from the checkout's root).
"""
import random
import sys

try:
    from tabletop.engine.registry import build_registry
except ImportError:
    from tabletop.core.plugins import build_registry
name, seats, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
extra = ["tests.goofspiel.plugin"] if name == "goofspiel" else []
game = build_registry(extra=extra).game(name)
options = game.resolve_options({})
outcome, to_act, legal, apply, setup, copy = game.outcome, game.to_act, game.legal_actions, game.apply, game.setup, game.copy
rng = random.Random(0)
for g in range(n):
    state = setup(seats, options, g)
    while outcome(state) is None:
        seat = to_act(state)[0]
        action = rng.choice(legal(state, seat))
        if g % 4 == 0:
            apply(copy(state), seat, action)
        apply(state, seat, action)
