"""One run of random play through the public game contract, for comparing two checkouts.

``python tools/contract_run.py GAME SEATS SECONDS SEED`` prints one JSON object: games/s,
decisions/s, state copy+apply/s, and a digest of the first 20 seeded games' actions (so two
checkouts can show they play identical games). It uses only what every version of the
contract has (setup, to_act, legal_actions, apply, copy, outcome), so an older checkout runs it.
"""

import hashlib
import json
import random
import sys
import time

try:
    from tabletop.engine.registry import build_registry
except ImportError:  # a checkout from before the engine layer
    from tabletop.core.plugins import build_registry


def main() -> None:
    name, seats, seconds, seed = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    game = build_registry().game(name)
    options = game.resolve_options({})
    outcome, to_act, legal, apply, setup = game.outcome, game.to_act, game.legal_actions, game.apply, game.setup

    digest = hashlib.sha256()
    rng = random.Random(seed)
    for g in range(20):
        state, actions = setup(seats, options, seed + g), []
        while outcome(state) is None:
            seat = to_act(state)[0]
            action = rng.choice(legal(state, seat))
            apply(state, seat, action)
            actions.append(action)
        digest.update("|".join(actions).encode())

    choice = random.Random(seed).choice
    games = decisions = 0
    start = now = time.perf_counter()
    while now < start + seconds or games == 0:
        state = setup(seats, options, seed + games)
        while outcome(state) is None:
            seat = to_act(state)[0]
            apply(state, seat, choice(legal(state, seat)))
            decisions += 1
        games += 1
        now = time.perf_counter()
    elapsed = now - start

    rng, samples, game_seed = random.Random(seed), [], seed
    while len(samples) < 500:
        state = setup(seats, options, game_seed)
        game_seed += 1
        while outcome(state) is None and len(samples) < 500:
            seat = to_act(state)[0]
            action = rng.choice(legal(state, seat))
            samples.append((game.copy(state), seat, action))
            apply(state, seat, action)
    copy, done = game.copy, 0
    start = now = time.perf_counter()
    while now < start + seconds or done == 0:
        for state, seat, action in samples:
            apply(copy(state), seat, action)
        done += len(samples)
        now = time.perf_counter()
    print(json.dumps({
        "games": round(games / elapsed, 2), "decisions": round(decisions / elapsed, 1),
        "copy_apply": round(done / (now - start), 1), "digest": digest.hexdigest()[:12],
    }))


if __name__ == "__main__":
    main()
