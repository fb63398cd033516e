"""A fixed search workload: ``python tools/search_fixed.py GAME POSITIONS ITERATIONS [show]``.

ISMCTS with a fixed budget decides at POSITIONS seeded positions of two-seat games (``show``
prints the moves, which two checkouts must share). Under ``valgrind --tool=callgrind``, run with
POSITIONS and with 0 in each checkout, it compares search speed by instructions (see
``tools/contract_fixed.py``).
"""
import random
import sys

try:
    from tabletop.core.decision import Decision
    from tabletop.engine.registry import build_registry
except ImportError:
    from tabletop.agents.base import Decision
    from tabletop.core.plugins import build_registry
name, positions, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
registry = build_registry()
game = registry.game(name)
spec = registry.bot(name, f"ismcts:iterations={iterations}")
rng = random.Random(0)
show = len(sys.argv) > 4
done = game_seed = 0
while done < positions:
    state = game.setup(2, game.resolve_options({}), game_seed)
    game_seed += 1
    for _ in range(rng.randrange(3, 25)):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    if game.outcome(state) is not None:
        continue
    seat = game.to_act(state)[0]
    agent = spec.factory(game, seat, random.Random(game_seed))
    move = agent.choose(Decision(game, state, seat, game.legal_actions(state, seat), rng=random.Random(game_seed)))
    if show:
        print(move)
    done += 1
