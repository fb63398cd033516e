"""What ISMCTS needs from Wind Up: how the machines stand, and playouts that build.

From the engineer's knowledge (bots.py) and the rulebook's scoring: each seat's final score
as projected from where it stands. That is the game's own score so far (gears, sets,
decorations, prisms, gold), plus what the machine will still produce in the turns the seat
has left (its generators' energy spent on its producers at their current sides, the way
that makes the most points, fading as parts unwind), plus resources still to be spent, and
the most-prisms bonus shared by the prisms each seat will have, not only the ones it holds.
The playout produces, then buys, then winds or installs before it ends its turn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from tabletop.plugin_api import SearchKit, win_shares
from tabletop_games.windup_machines.cards import MAKES, STOPPED
from tabletop_games.windup_machines.machine import machine_score

#: Points an iron (or gold, beyond its own points) is worth while it can still buy parts.
IRON_WORTH = 0.3
#: A lead of this many points makes a seat e times as likely to win.
SCALE = 4.0
#: How often a playout takes a busy action (see rollout_policy) rather than any legal one.
BUSY = 0.85
#: Search's default budget here. With this evaluation and playout it won 89.1% of 400 games
#: against the engineer (85.7-91.8%; 87.3% / 91.0% by seat), median 0.083-0.086 s of CPU a
#: decision (tools/search_matchups.py --games 200, --seed 1 and --seed 201); the old search won
#: 73.9% of 400.
ITERATIONS = 300

#: Points a resource made in a later turn is worth: iron buys gear points and winds, gold is a
#: point that can also pay as iron, a prism two points (the bonus is reckoned apart).
MADE_WORTH = {"iron": 0.8, "gold": 1.0, "prisms": 2.0}
#: How much of a turn's production is still made a turn later (parts unwind; iron goes on winding).
FADE = 0.8
#: Of the turns left, how much the projection counts at all (it is only a guess).
FUTURE = 0.6
#: The prism lead (projected) worth odds of e to 1 for the most-prisms bonus, plus this much a turn left.
PRISM_SPREAD = 0.5
PRISM_SPREAD_PER_TURN = 0.4
#: Points a free wind a turn is worth for each turn left (a Winder), at most this many turns.
WIND_WORTH = 0.5
WIND_TURNS = 4


def search_kit(game) -> SearchKit:
    """What ISMCTS may use of Wind Up, made once per game."""
    return SearchKit(evaluation=evaluation(game), rollout=rollout_policy(game), guide=guide(game),
                     iterations=ITERATIONS)


def turns_left(state) -> list[int]:
    """Each seat's turns still to start: every round opens with two gear cards (one per seat with
    two players), and a seat after the active one in this round still has this round's turn."""
    seats = state.seats
    rounds = len(state.gear_deck) // 2
    first, active = state.first, state.active
    order = (active - first) % seats
    return [rounds + (1 if (t - first) % seats > order else 0) for t in range(seats)]


def income(game, parts, sides) -> tuple[float, float]:
    """Points one turn of production makes with this machine as it stands, and the prisms in it:
    the generators' energy spent on the activations worth the most points per energy."""
    energy = 0
    offers = []
    energy_of, makes, kind = game.energy, game.makes, game.kind
    for cell in range(9):
        pid = parts[cell]
        if pid is None or sides[cell] == STOPPED:
            continue
        gives = energy_of.get(pid)
        if gives is not None:
            energy += gives[sides[cell]]
            continue
        limits = makes.get(pid)
        if limits is not None:
            cost, made, most = limits[sides[cell]]
            resource = MAKES[kind[pid]]
            worth = MADE_WORTH[resource]
            left = most
            while left > 0:
                gain = min(made, left)
                offers.append((gain * worth / cost, cost, gain * worth, gain if resource == "prisms" else 0))
                left -= gain
    if not offers or not energy:
        return 0.0, 0.0
    offers.sort(reverse=True)
    points = prisms = 0.0
    for _, cost, value, prism in offers:
        if cost <= energy:
            energy -= cost
            points += value
            prisms += prism
    return points, prisms


def projected(game, state) -> list[float]:
    """Each seat's final score as projected from this state (see the module)."""
    rules = game.cards.rules
    left = turns_left(state)
    worker = game.worker
    strengths, prisms = [], []
    for s in range(state.seats):
        turns = left[s]
        m = machine_score(state.parts[s], state.sides[s], game.cards)
        points = (m["gears"] + m["sets"] + m["decorations"] + state.prisms[s] * rules["prism_points"]
                  + state.gold[s] * rules["gold_points"])
        # Iron still buys parts and winds; in the last turns it can only wind.
        points += IRON_WORTH * (state.iron[s] + state.gold[s]) * (1 if turns else 0.5)
        future = FUTURE * (1 - FADE ** turns) / (1 - FADE) if turns else 0.0
        made, crafted = income(game, state.parts[s], state.sides[s])
        points += made * future
        winds = sum(worker[w].winds for w in state.workers[s] if w in game.winders)
        points += WIND_WORTH * winds * min(turns, WIND_TURNS)
        strengths.append(points)
        prisms.append(state.prisms[s] + crafted * future)
    # The most-prisms bonus, shared by how likely each seat is to end with the most.
    bonus = rules["prism_bonus"]
    if max(prisms) > 0:
        spread = PRISM_SPREAD + PRISM_SPREAD_PER_TURN * max(left)
        top = max(prisms)
        weights = [math.exp((p - top) / spread) for p in prisms]
        total = sum(weights)
        strengths = [v + bonus * w / total for v, w in zip(strengths, weights, strict=True)]
    return strengths


def evaluation(game):
    """The projected final scores, as win shares."""

    def evaluate(state, seat: int) -> list[float]:
        return win_shares(projected(game, state), scale=SCALE)

    return evaluate


def guide(game):
    """The engineer's move: search overrides it only where it is sure (``trust``)."""
    from tabletop_games.windup_machines.bots import Engineer

    def suggest(decision) -> str | None:
        return Engineer(game, decision.seat, random.Random(0)).choose(decision)

    return suggest


def rollout_policy(game):
    """Mostly busy, in the engineer's order: produce while anything can (energy not used is
    lost), else buy a part (it scores its gear at once), else wind, install, hire or the like
    (never a worker's ability: a random one mostly wastes gold); now and then anything."""

    def policy(state, seat: int, legal: Sequence[str], rng: random.Random) -> str:
        if len(legal) == 1 or rng.random() >= BUSY:
            return rng.choice(legal)
        produce = [a for a in legal if a.startswith("produce")]
        if produce:
            return rng.choice(produce)
        buy = [a for a in legal if a.startswith("buy")]
        if buy:
            return rng.choice(buy)
        busy = [a for a in legal if a != "done" and a != "restart" and not a.startswith("use")]
        return rng.choice(busy) if busy else rng.choice(legal)

    return policy
