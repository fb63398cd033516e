"""The derived legal list (``Game.allowed``: candidates the rules do not refuse) against a legal
list written by hand, side by side on the same positions (issue 37, point 4).

Two games: the scaffold's (the package ``tabletop new`` writes, made in a temporary folder) and
Suitors, the deduction test game (tests/deduction). Positions: every seat asked in random 3-seat
games, copied once; each run asks every position's list ``REPS`` times. The hand-written list of
the scaffold is its candidates behind a test of whose bid it is; Suitors' candidates already
are its legal plays, so its hand-written list is them behind ``to_act``. Both lists are checked
equal on every position before timing.

``python tools/legal_list_speed.py [RUNS]``: RUNS alternating pairs per game (default 15),
printing the ratio derived / hand-written of the medians and of the bests.
``python tools/legal_list_speed.py GAME WHICH N`` (GAME ``scaffold`` or ``suitors``, WHICH
``derived``, ``hand`` or ``none``): N runs of one list only, for ``valgrind --tool=callgrind``;
subtract the count of ``none`` (making the positions) from the other two and divide.
"""

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import tabletop

ROOT = Path(tabletop.__file__).parents[1]
sys.path.append(str(ROOT))  # this checkout's tests (Suitors)
from tabletop import scaffold  # noqa: E402
from tests.deduction.game import Suitors  # noqa: E402

SEATS, POSITIONS, REPS = 3, 2000, 3


def scaffold_game():
    """The game ``tabletop new auction`` writes, imported from a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="legal-list-")) / "auction"
    scaffold.write("auction", folder)
    sys.path.insert(0, str(folder))
    from auction.game import Auction

    return Auction()


def scaffold_hand(game, state, seat):
    if seat not in state.waiting:
        return []
    return [f"bid {card}" for card in sorted(state.hands[seat])]


def suitors_hand(game, state, seat):
    if seat not in game.to_act(state):
        return []
    return game.candidates(state, seat)


def derived(game, state, seat):
    return game.allowed(state, seat)


def positions(game, n):
    """Every seat asked, over seeded random games, until there are ``n``."""
    found, seed = [], 0
    while len(found) < n:
        seed += 1
        rng = random.Random(seed)
        state = game.new_state(SEATS, seed=seed)
        while game.outcome(state) is None:
            asked = game.to_act(state)
            found += [(game.copy(state), s) for s in asked]
            seat = asked[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return found[:n]


def run(lister, game, where):
    start = time.perf_counter()
    for _ in range(REPS):
        for state, seat in where:
            lister(game, state, seat)
    return time.perf_counter() - start


GAMES = {"scaffold": (scaffold_game, scaffold_hand), "suitors": (Suitors, suitors_hand)}


def compare(runs):
    for name, (make, hand) in GAMES.items():
        game = make()
        where = positions(game, POSITIONS)
        assert all(game.allowed(s, p) == hand(game, s, p) for s, p in where), name
        times = {"derived": [], "hand": []}
        for _ in range(runs):
            times["derived"].append(run(derived, game, where))
            times["hand"].append(run(hand, game, where))
        med = statistics.median(times["derived"]) / statistics.median(times["hand"])
        best = min(times["derived"]) / min(times["hand"])
        print(f"{name}: derived / hand-written, {runs} alternating runs of {REPS}x{len(where)} positions: "
              f"medians {med:.2f}x, bests {best:.2f}x")


def one(name, which, n):
    make, hand = GAMES[name]
    game = make()
    where = positions(game, POSITIONS)
    lister = {"derived": derived, "hand": hand}.get(which)
    for _ in range(n if lister else 0):
        run(lister, game, where)


if __name__ == "__main__":
    if len(sys.argv) == 4:
        one(sys.argv[1], sys.argv[2], int(sys.argv[3]))
    else:
        compare(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
