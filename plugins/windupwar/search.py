"""What ISMCTS needs from Windup War: how a war stands, and a playout that plays sensibly.

Both use the tactician's knowledge (bots.py): a unit should program cards it can play
(another colour is broken unless attacked, and three broken cards forfeit), hearts
left in the army are how long it lasts, and points are the other way to win.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.agents.estimates import win_shares
from tabletop_games.windupwar.state import IN_PLAY

#: Strength of one point, and of one broken card (three forfeit), in hearts.
POINT = 2.5
BROKEN = -1.5
#: A lead of this many hearts makes a seat e times as likely to win.
SCALE = 2.0
#: How often a playout programs a card its active unit can play, when it has one.
SENSIBLE = 0.9


def evaluation(game):
    """Hearts left in each army, points scored and cards broken, as win shares."""
    units = game.data.unit_by_id

    def evaluate(state, seat: int) -> list[float]:
        strengths = []
        out = []
        for s in range(state.n):
            army, active = state.army[s], state.active[s]
            life = 0
            if active < len(army):
                life = state.hearts[s] + sum(units[u].hearts for u in army[active + 1:])
            points = len(state.centre[s])
            strengths.append(life + POINT * points / state.target * 3 + BROKEN * len(state.broken[s]))
            out.append(state.status[s] != IN_PLAY)
        return win_shares(strengths, scale=SCALE, out=out)

    return evaluate


def rollout_policy(game):
    """Program a card the active unit can play (mostly); anything else uniformly."""
    colour = {c.notation: c.colour for c in game.data.actions}
    active_unit = game.active_unit

    def policy(state, seat: int, legal: Sequence[str], rng: random.Random) -> str:
        first = legal[0]
        if first in colour and rng.random() < SENSIBLE:
            unit = active_unit(state, seat)
            if unit is not None:
                playable = [a for a in legal if colour[a] in unit.allowed]
                if playable:
                    return rng.choice(playable)
        return rng.choice(legal)

    return policy
