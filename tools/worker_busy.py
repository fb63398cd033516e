"""Each worker's busy time against a run's wall time, and the run's results, for several worker counts.

    python tools/worker_busy.py GAME BOTS GAMES WORKERS... [--plugin MODULE]
    python tools/worker_busy.py windupwar random,random,random,random 6000 1 2 3
    python tools/worker_busy.py castlewars ismcts:iterations=60,captain 24 1 2 3

For each worker count: the wall time of the whole stream (pool start to last result), each worker's
seconds playing its chunks, their share of the wall time, and a digest of every game's result in
game order, which must be the same for every worker count.
"""

from __future__ import annotations

import hashlib
import sys
import time

from tabletop.engine.registry import build_registry
from tabletop.lab.backends import make_job, stream


def main(argv: list[str]) -> None:
    plugins = [argv[i + 1] for i, a in enumerate(argv) if a == "--plugin"]
    args = [a for i, a in enumerate(argv) if a != "--plugin" and (i == 0 or argv[i - 1] != "--plugin")]
    name, bots, games, counts = args[0], args[1].split(","), int(args[2]), [int(a) for a in args[3:]]
    registry = build_registry(extra=plugins)
    game = registry.game(name)
    specs = [registry.bot(name, bot) for bot in bots]
    for workers in counts:
        job = make_job(registry, game, specs, options=game.resolve_options({}), seed=1, games=games)
        busy: dict[int, float] = {}
        began = time.perf_counter()
        results = sorted(stream(job, workers=workers, busy=busy))
        wall = time.perf_counter() - began
        digest = hashlib.sha256(repr([tuple(r) for _, r in results]).encode()).hexdigest()[:16]
        shares = " ".join(f"{seconds:.2f}s ({seconds / wall:.0%})" for seconds in sorted(busy.values(), reverse=True))
        print(f"{workers} worker(s): wall {wall:.2f}s; busy {shares or 'this process alone'}; "
              f"results {digest} ({len(results)} games)")


if __name__ == "__main__":
    main(sys.argv[1:])
