"""Root-parallel efficiency: iterations a second of ``ismcts`` with 1 and with N workers at the
same wall-clock time a decision, on the same positions (issue 23's "every core" figure).

Positions are the decisions of seat 0 in a seeded game of bots; each is searched with
``time=T`` by one tree, then by N trees in forked workers, alternating so a shared machine's
load falls on both alike. Printed: median iterations a second of each and their ratio (2.0
would be perfect with 2 workers on 2 free cores).

    python tools/search_workers.py castlewars --positions 20 --time 0.2 --workers 2
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.core.decision import Decision  # noqa: E402
from tabletop.engine.registry import build_registry  # noqa: E402


def positions(registry, game, count: int, seed: int) -> list:
    """Seat 0's first ``count`` decisions with a choice, in a game of the game's own bots."""
    own = [b for b in registry.bots if b.game == game.name][0]
    bots = [own.factory(game, s, random.Random(seed + s)) for s in range(2)]
    state = game.new_state(2, seed=seed)
    found = []
    while game.outcome(state) is None and len(found) < count:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        decision = Decision(game, state, seat, legal, rng=random.Random(len(found)))
        if seat == 0 and len(legal) > 1:
            found.append((game.copy(state), legal))
        game.apply(state, seat, bots[seat].choose(decision))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--time", type=float, default=0.2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    registry = build_registry()
    game = registry.game(args.game)
    rates: dict[int, list[float]] = {1: [], args.workers: []}
    for index, (state, legal) in enumerate(positions(registry, game, args.positions, args.seed)):
        for workers in (1, args.workers) if index % 2 == 0 else (args.workers, 1):
            agent = registry.bot(game.name, f"ismcts:time={args.time},workers={workers},reuse=0").factory(
                game, 0, random.Random(index))
            agent.choose(Decision(game, state, 0, legal, rng=random.Random(index)))
            rates[workers].append(agent.last_iterations / args.time)
    one, many = statistics.median(rates[1]), statistics.median(rates[args.workers])
    print(f"{game.name}: {len(rates[1])} positions, time={args.time} s: 1 worker {one:.0f} iterations/s, "
          f"{args.workers} workers {many:.0f} iterations/s, ratio {many / one:.2f}")


if __name__ == "__main__":
    main()
