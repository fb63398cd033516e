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
#: Playout weights of the cards a unit can play (times damage), as the tactician ranks them:
#: in a small war every attack hits; blocks and reloads are worth less on average.
EFFECT_WEIGHT = {"attack": 3.0, "alpha_strike": 2.0, "block": 1.0, "block_retaliate": 1.5,
                 "retaliate": 1.0, "reload": 0.5, "set_bomb": 0.7}
#: A card the active unit cannot play breaks unless the unit is attacked.
ILLEGAL_WEIGHT = 0.05


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

    evaluate.at_round_start = True  # a war's result (hearts, points, broken cards) is what the evaluation judges best
    return evaluate


def rollout_policy(game):
    """Program cards the active unit can play, weighted as the tactician values them; pick
    strong units; score and choose factions uniformly."""
    data = game.data
    card = data.by_notation
    active_unit = game.active_unit
    playable_count = {u.id: sum(1 for c in data.actions if c.colour in u.allowed) for u in data.units}
    unit_weight = {f"unit {u.id}": float(2 * u.hearts + playable_count[u.id]) ** 2 for u in data.units}

    def weight(notation: str, state, seat: int, allowed) -> float:
        c = card[notation]
        if c.colour not in allowed:
            return ILLEGAL_WEIGHT
        effect = c.effect
        if effect == "detonate":
            return 2.0 * c.damage if any(card[d].effect == "set_bomb" for d in state.discard[seat]) else 0.2
        if effect == "charge":
            return 1.5 if state.discard[seat] else 0.2
        return EFFECT_WEIGHT.get(effect, 1.0) * max(1, c.damage)

    def policy(state, seat: int, legal: Sequence[str], rng: random.Random) -> str:
        first = legal[0]
        if first in card:
            unit = active_unit(state, seat)
            if unit is not None:
                weights = [weight(a, state, seat, unit.allowed) for a in legal]
                return rng.choices(legal, weights)[0]
        elif first in unit_weight:
            return rng.choices(legal, [unit_weight[a] for a in legal])[0]
        return rng.choice(legal)

    return policy
