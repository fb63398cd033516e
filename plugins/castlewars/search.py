"""What ISMCTS needs from Castle Wars: how the castles stand, and playouts that fight well.

From the captain's knowledge (bots.py): hit points are what counts, a Tower stops
``absorbs`` attack power a battle, Units are attack power to come, and a Unit placed
in front of the one it beats wins the clash.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.plugin_api import SearchKit, win_shares
from tabletop_games.castlewars.cards import TOWER

#: What a Tower and a point of Unit attack power are worth, in hit points.
TOWER_WORTH = 0.6
POWER_WORTH = 0.4
#: A lead of this many hit points makes a seat e times as likely to win.
SCALE = 3.0
#: Search's default budget here: about 0.06 s a decision, and it still wins 20 of 20 against
#: the captain (800 took 0.17 s for no more).
ITERATIONS = 300


def evaluation(game):
    """Hit points, Towers and Units held, as win shares; a castle at 0 is out."""
    cards = game.cards
    power, absorbs = cards.power, cards.absorbs

    def evaluate(state, seat: int) -> list[float]:
        strengths = []
        out = []
        for s in range(state.seats):
            units = sum(power[u] for u in state.units[s])  # placed Units stay in units
            strengths.append(state.hp[s] + TOWER_WORTH * absorbs * len(state.towers[s]) + POWER_WORTH * units)
            out.append(state.hp[s] <= 0)
        return win_shares(strengths, scale=SCALE, out=out)

    return evaluate


def rollout_policy(game):
    """Draft Units and Towers at random but prefer taking to swapping; place a counter first."""
    beats = game.cards.beats

    def policy(state, seat: int, legal: Sequence[str], rng: random.Random) -> str:
        first = legal[0]
        if first.startswith("place") and rng.random() < 0.5:
            # Lead with a Unit that beats something the others hold.
            held = set()
            for s in state.in_play:
                if s != seat:
                    held.update(state.units[s])
            counters = [a for a in legal if beats[a[6:]] in held]
            if counters:
                return rng.choice(counters)
        if first.startswith(("take", "swap")):
            takes = [a for a in legal if a.startswith("take") and (a != f"take {TOWER}" or rng.random() < 0.5)]
            if takes:
                return rng.choice(takes)
        return rng.choice(legal)

    return policy


def search_kit(game) -> SearchKit:
    """What search may use of Castle Wars, made once per game (``CastleWars.search``)."""
    return SearchKit(
        evaluation=evaluation(game),
        rollout=rollout_policy(game),
        iterations=ITERATIONS,
        # A battle's result (hit points, Towers, Units left) is what the evaluation judges best.
        at_round_start=True,
    )
