"""What ISMCTS needs from Wind Up: how the machines stand, and playouts that build.

From the engineer's knowledge (bots.py): the game's own score as it stands (gears,
sets, decorations, prisms, gold) plus resources still to be turned into points, and a
playout that winds, produces and buys before it ends its turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.plugin_api import SearchKit, win_shares

#: Points an iron (or gold, beyond its own points) is worth while it can still buy parts.
IRON_WORTH = 0.3
#: A lead of this many points makes a seat e times as likely to win.
SCALE = 4.0
#: How often a playout takes some other action than ending its turn.
BUSY = 0.85
#: Search's default budget here: about 0.1 s a decision (12 of 20 against the engineer;
#: 800 iterations won 14 of 20 at 0.24 s a decision).
ITERATIONS = 300


def search_kit(game) -> SearchKit:
    """What ISMCTS may use of Wind Up, made once per game."""
    return SearchKit(evaluation=evaluation(game), rollout=rollout_policy(game), guide=guide(game),
                     iterations=ITERATIONS)


def evaluation(game):
    """The score so far plus unspent resources, as win shares."""

    def evaluate(state, seat: int) -> list[float]:
        scores = game.scores(state)
        strengths = [m["total"] + IRON_WORTH * (state.iron[s] + state.gold[s]) for s, m in enumerate(scores)]
        return win_shares(strengths, scale=SCALE)

    return evaluate


def guide(game):
    """The engineer's move: search overrides it only where it is sure (``trust``)."""
    from tabletop_games.windup_machines.bots import Engineer

    def suggest(decision) -> str | None:
        return Engineer(game, decision.seat, random.Random(0)).choose(decision)

    return suggest


def rollout_policy(game):
    """Do something (wind, produce, buy, install) rather than end the turn, mostly."""

    def policy(state, seat: int, legal: Sequence[str], rng: random.Random) -> str:
        if "done" in legal and len(legal) > 1 and rng.random() < BUSY:
            busy = [a for a in legal if a != "done" and a != "restart"]
            if busy:
                return rng.choice(busy)
        return rng.choice(legal)

    return policy
