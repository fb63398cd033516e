"""What a seat believes the others hold: worlds weighted by how likely the others' play was.

A uniform determinization deals every hidden card as if the other seats played at random: in
a game of claims, every claim looks as likely false as true. :class:`Belief` is a particle
filter over the worlds a seat cannot tell apart, kept by one seat's search for one game:

* at the seat's first decision the worlds are uniform draws (``Decision.sample_state``);
* at each later decision every world is carried forward: the seat's own last action is taken
  in it, then every other seat's moves up to the seat's next decision are tried, each
  weighted by the opponent model, and a continuation is kept only if it shows the seat
  exactly the view it now has. A world survives with the likelihood of the play it explains;
  which continuation it takes (which card was laid face down, which order was given in
  secret) is drawn by that likelihood, so cards and secret choices are inferred alike;
* the model is the game's rule-based bot (or the search's rollout policy), asked from the
  mover's own decision in that world; its choice gets ``1 - floor`` of the probability and
  every legal action an equal share of ``floor``, so a bluff never rules a world out.

It reads only what the seat's decisions give it (their views and samples consistent with
them) and its own actions, never the true state. Where no world explains what the seat sees
(a draw from a deck the world ordered otherwise, a reshuffle), it starts again from uniform
draws: the belief falls back to today's determinization, never below it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.core.decision import Decision
from tabletop.core.errors import ActionError
from tabletop.core.zones import NOBODY

#: ``model(state, mover, legal)``: the action the opponent model would choose for ``mover``
#: in ``state`` (a world the searching seat imagines), or None for no opinion.
Model = Callable[[Any, int, Sequence[str]], str | None]

DEFAULT_PARTICLES = 32
DEFAULT_FLOOR = 0.1
#: States tried per world when carrying it from one of the seat's decisions to the next.
STEP_BUDGET = 40


def _fingerprint(view: Any) -> str:
    return repr(view)


class Belief:
    """The worlds one seat keeps between its decisions in one game."""

    def __init__(self, model: Model | None, rng: random.Random, *, particles: int = DEFAULT_PARTICLES,
                 floor: float = DEFAULT_FLOOR, budget: int = STEP_BUDGET):
        self.model = model
        self.rng = rng
        self.size = particles
        self.floor = floor
        self.budget = budget
        #: Worlds at the last decision (before the seat's action), and that action.
        self.worlds: list[Any] = []
        self.action: str | None = None
        self.seat: int | None = None
        #: Whether the worlds of the last update were carried forward (not drawn afresh).
        self.carried = False

    def update(self, decision: Decision) -> list[Any]:
        """The worlds at this decision, equally weighted (draw one per search iteration)."""
        game, seat = decision.game, decision.seat
        candidates: list[tuple[Any, float]] = []
        if self.worlds and self.action is not None and seat == self.seat and self.model is not None:
            target = _fingerprint(decision.view)
            for world in self.worlds:
                candidates += self._carry(game, world, seat, self.action, target)
        self.seat, self.action = seat, None
        total = sum(weight for _, weight in candidates)
        if total <= 0.0:
            self.carried = False
            self.worlds = [decision.sample_state(self.rng) for _ in range(self.size)]
        else:
            self.carried = True
            self.worlds = _resample(candidates, total, self.size, self.rng)
        return self.worlds

    def record(self, action: str) -> None:
        """The action the seat took at the decision last updated."""
        self.action = action

    def _carry(self, game: Any, world: Any, seat: int, action: str, target: str) -> list[tuple[Any, float]]:
        """The continuations of ``world`` after ``action`` that show ``seat`` the view ``target``."""
        state = game.copy(world)
        try:
            game.apply(state, seat, action)
        except ActionError:
            return []
        found: list[tuple[Any, float]] = []
        self._search(game, state, seat, target, 1.0, found, [self.budget])
        return found

    def _search(self, game: Any, state: Any, seat: int, target: str, weight: float,
                found: list[tuple[Any, float]], budget: list[int]) -> None:
        if game.outcome(state) is not None:
            return
        acting = game.to_act(state)
        mover = acting[0]
        if mover == seat:
            if _fingerprint(game.view(state, seat)) == target:
                found.append((state, weight))
            return
        legal = game.legal_actions(state, mover)
        if len(legal) == 1:
            shares = {legal[0]: 1.0}
        else:
            choice = self.model(state, mover, legal)
            share = self.floor / len(legal)
            shares = {a: share + (1.0 - self.floor if a == choice else 0.0) for a in legal}
            if choice not in shares:
                shares = {a: 1.0 / len(legal) for a in legal}
        for act in sorted(legal, key=lambda a: -shares[a]):
            if budget[0] <= 0:
                return
            budget[0] -= 1
            after = game.copy(state)
            try:
                game.apply(after, mover, act)
            except ActionError:
                continue
            self._search(game, after, seat, target, weight * shares[act], found, budget)


def refresh(state: Any, rng: random.Random) -> None:
    """Deal again, in a believed world, the cards no seat has seen (face-down zones, cards nobody
    learnt), each among its pool's places: no one's play can have depended on them, so the
    belief says nothing about them, and a few dozen worlds need not share one deck order. A
    deal that breaks a public constraint in force is taken back (the world keeps its own)."""
    zones = getattr(state, "ZONES", None)
    if not zones:
        return
    known = state.known or {}
    spots: dict[str, list[tuple[list, int]]] = {}
    for name, spec in zones.items():
        if spec.visibility != NOBODY:
            continue
        part = getattr(state, name)
        for owner, cards in (enumerate(part) if spec.per_seat else ((None, part),)):
            pool = spots.setdefault(spec.pool_of(owner), [])
            pool += [(cards, i) for i, card in enumerate(cards) if not known.get(card, 0)]
    rules = state.constraints_in_force() if getattr(state, "constraints", None) else ()
    for places in spots.values():
        if len(places) < 2:
            continue
        was = [zone[i] for zone, i in places]
        cards = was[:]
        rng.shuffle(cards)
        for (zone, i), card in zip(places, cards, strict=True):
            zone[i] = card
        if rules and not all(rule.holds(state) for rule in rules):  # what events ruled out stays out
            for (zone, i), card in zip(places, was, strict=True):
                zone[i] = card
    if rules:
        state.carry(rules)


def _resample(candidates: list[tuple[Any, float]], total: float, size: int, rng: random.Random) -> list[Any]:
    """``size`` worlds drawn by weight (systematic resampling: one random number)."""
    step = total / size
    point = rng.random() * step
    out: list[Any] = []
    acc = 0.0
    index = 0
    for state, weight in candidates:
        acc += weight
        while point < acc and len(out) < size:
            out.append(state)
            point += step
        index += 1
    while len(out) < size:  # rounding at the very end
        out.append(candidates[-1][0])
    return out


def bot_model(factory: Callable[[Any, int, random.Random], Any], game: Any, rng: random.Random) -> Model:
    """A model from a bot's factory: the bot of each seat is made once and asked from the mover's
    own decision in the imagined world (a copy determinized for the mover)."""
    bots: dict[int, Any] = {}

    def model(state: Any, mover: int, legal: Sequence[str]) -> str | None:
        bot = bots.get(mover)
        if bot is None:
            bot = bots[mover] = factory(game, mover, random.Random(rng.random()))
        try:
            return bot.choose(Decision(game, state, mover, list(legal), rng=rng))
        except Exception:  # a bot that cannot read an imagined world has no opinion on it
            return None

    return model


def policy_model(policy: Callable[[Any, int, Sequence[str], random.Random], str], rng: random.Random) -> Model:
    """A model from a rollout policy: one draw of what it would play."""
    return lambda state, mover, legal: policy(state, mover, list(legal), rng)
