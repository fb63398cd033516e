"""Fixed Windup War lines that beat the tactician: how tests/scripts' ``script-found`` lines were found.

``python tools/find_script_lines.py SEED CANDIDATES`` draws CANDIDATES random lines (three units;
five cards the first unit can play, a Charge! and the Reload among them, in random order), plays
each 6 two-seat games against the tactician (seats alternating, from seed 20000), and replays
the best 8 over 30 games (from seed 30000). Prints: wins of 6, wins of 30, army, line.
``script-found`` and ``script-found2`` are the two that won 30 of 30 with seed 3 and 800 lines.
Run from the checkout's root.
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.engine.match import run_match  # noqa: E402
from tabletop.engine.registry import build_registry  # noqa: E402
from tests.scripts.bots import Script  # noqa: E402

registry = build_registry()
game = registry.game("windupwar")
units = [u.id for u in game.data.units]


def score(army, line, games: int, seed: int) -> float:
    wins = 0.0
    for i in range(games):
        seat = i % 2
        agents = [None, None]
        agents[seat] = Script(army, line)
        agents[1 - seat] = registry.bot("windupwar", "tactician").factory(game, 1 - seat, random.Random(i))
        wins += run_match(game, agents, seed=seed + i).outcome.share(seat)
    return wins / games


def candidate(rng: random.Random):
    army = tuple(rng.sample(units, 3))
    allowed = game.data.unit_by_id[army[0]].allowed
    playable = [c.notation for c in game.data.actions if c.colour in allowed]
    charges = [c for c in playable if c.startswith("CH")]
    if not charges:
        return None
    others = [c for c in playable if c not in charges and c != "RL.k"]
    line = [rng.choice(charges), "RL.k", *rng.sample(others + charges, 3)]
    rng.shuffle(line)
    line = tuple(dict.fromkeys(line))
    return (army, line) if len(line) == 5 else None


def main() -> None:
    rng = random.Random(int(sys.argv[1]))
    found = [c for c in (candidate(rng) for _ in range(int(sys.argv[2]))) if c is not None]
    ranked = sorted(((score(army, line, 6, 20000), army, line) for army, line in found), reverse=True)
    for first, army, line in ranked[:8]:
        print(f"{first:.2f} {score(army, line, 30, 30000):.2f} {' '.join(army)}; {' '.join(line)}", flush=True)


if __name__ == "__main__":
    main()
