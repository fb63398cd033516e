"""The derived legal list (``Game.allowed``: candidates the rules do not refuse) against a legal
list written by hand, side by side on the same positions (issue 37, point 4).

Two games: the scaffold's (the package ``tabletop new`` writes, made in a temporary folder) and
Suitors, the deduction test game (tests/deduction). Positions: every seat asked in random 3-seat
games, copied once; each run asks every position's list ``REPS`` times. Both lists are asked as
a player, bot or search asks them, ``game.legal_actions(state, seat)``: the derived one of the
game as written, the hand-written one of a subclass whose ``legal_actions`` is written out (the
scaffold's candidates behind a test of whose bid it is; Suitors' candidates, which already are
its legal plays, behind ``to_act``). A third list, ``asking``, is the derived one with every
refusal asked (each rule's ``refuses_no_candidate`` claim set aside): what a game whose
candidates are wider than its legal moves pays. All are checked equal on every position first.

``python tools/legal_list_speed.py [RUNS]``: RUNS alternating runs per game (default 15),
printing the ratios to the hand-written list of the medians and of the bests.
``python tools/legal_list_speed.py GAME WHICH N`` (GAME ``scaffold`` or ``suitors``, WHICH
``derived``, ``asking``, ``hand`` or ``none``): N runs of one list only, for ``valgrind
--tool=callgrind``; subtract the count of ``none`` (making the positions) from the others and divide.
"""

import dataclasses
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

    return Auction


def scaffold_hand(self, state, seat):
    if seat not in state.waiting:
        return []
    return [f"bid {card}" for card in sorted(state.hands[seat])]


def suitors_hand(self, state, seat):
    if seat not in self.to_act(state):
        return []
    return self.candidates(state, seat)


def asking(cls):
    """``cls`` with every rule's claim to refuse no candidate set aside (one made before
    the claims existed is itself)."""
    def unclaimed(rule):
        if getattr(rule, "refuses_no_candidate", False):
            rule = dataclasses.replace(rule, refuses_no_candidate=False)
        return rule
    return type(cls.__name__, (cls,), {"rules": {verb: unclaimed(r) for verb, r in cls.rules.items()}})


def games(name):
    """The game as written, as asking every refusal, and with a hand-written list."""
    cls, hand = GAMES[name]
    cls = cls()
    return {"derived": cls(), "asking": asking(cls)(),
            "hand": type(cls.__name__, (cls,), {"legal_actions": hand})()}


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


def run(game, where):
    legal_actions = game.legal_actions
    start = time.perf_counter()
    for _ in range(REPS):
        for state, seat in where:
            legal_actions(state, seat)
    return time.perf_counter() - start


GAMES = {"scaffold": (scaffold_game, scaffold_hand), "suitors": (lambda: Suitors, suitors_hand)}


def compare(runs):
    for name in GAMES:
        made = games(name)
        where = positions(made["derived"], POSITIONS)
        for which, game in made.items():
            assert all(game.legal_actions(s, p) == made["derived"].allowed(s, p) for s, p in where), (name, which)
        times = {which: [] for which in made}
        for _ in range(runs):
            for which, game in made.items():
                times[which].append(run(game, where))
        for which in ("derived", "asking"):
            med = statistics.median(times[which]) / statistics.median(times["hand"])
            best = min(times[which]) / min(times["hand"])
            print(f"{name}: {which} / hand-written, {runs} alternating runs of {REPS}x{len(where)} positions: "
                  f"medians {med:.2f}x, bests {best:.2f}x")


def one(name, which, n):
    made = games(name)
    where = positions(made["derived"], POSITIONS)
    game = made.get(which)
    for _ in range(n if game else 0):
        run(game, where)


if __name__ == "__main__":
    if len(sys.argv) == 4:
        one(sys.argv[1], sys.argv[2], int(sys.argv[3]))
    else:
        compare(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
