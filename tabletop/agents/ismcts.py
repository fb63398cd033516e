"""Information-set Monte Carlo tree search: a strong bot for any game, from the contract.

Each iteration samples a state consistent with what the seat knows (one of the worlds its
:class:`~.belief.Belief` keeps, weighted by how likely the others' play was; else
``Decision.sample_state``), walks one tree per seat (see :mod:`.search_tree`: other
seats' secret choices stay hidden in each tree, each seat selecting by UCB or, with
``regret``, regret matching), adds one node, plays on for at most
``depth`` actions and then asks the game's evaluation how things stand (to the end when
the game offers none; earlier, where a new round opens, if its kit asks for that), and
credits every mover on the path with its share.

* The game's search kit (``Game.search``, a :class:`~tabletop.core.facets.SearchKit`, read
  through :func:`~tabletop.engine.facet_hooks.search_kit` so a plugin's own search hooks
  still win) may offer an evaluation and a rollout policy; without them playouts
  are random and run to the end of the game. A kit's ``redraw(state, seat, rng)`` also redraws, in each sample, the other seats' hidden choices
  already made (a secret program, say) as it would have made them: a uniform draw of
  them is the least likely opponent of all. With a kit's ``choices``, what the seat saw the
  others choose overrides that model where they repeat themselves (:mod:`.opponents`).
* Progressive widening: a decision point grows a new branch only while it has fewer
  than ``1 + widen * sqrt(passes)``, the rollout policy choosing which one first, so
  large action sets are searched where the policy points before everywhere at once.
* Tree reuse: when the seat decides again right after its own action, and every sample
  that reached that point showed it exactly the view it now has, the search goes on
  from there instead of from scratch.
* Budget: ``iterations`` (the default, reproducible: same seed and budget, same move;
  :data:`DEFAULT_ITERATIONS` unless the game's kit sets ``iterations``, its
  author's choice to keep a decision well under a second on one core)
  or ``time`` in seconds (opt-in: how far a timed search gets depends on the machine,
  so a timed game does not replay from its seed; a record still replays its actions).
  Given both, the search stops at whichever comes first.
* Workers: ``workers`` independent trees in forked processes, root visits summed
  (:mod:`.parallel`); the move still depends only on the seed, budget and worker count.
* Guide: a kit's ``guide(decision)`` names a move a rule-based bot
  would make (or None). The search then plays its own choice only when it visited it at
  least ``trust`` times as often as the guide's, or when every playout through its choice
  was won and not every one through the guide's; otherwise, and when it never tried the
  guide's move, it plays the guide's. A game whose bot is strong keeps that bot's judgement
  where a few hundred noisy playouts cannot tell the moves apart.
"""

from __future__ import annotations

import random
import time as _time
from collections.abc import Callable, Mapping
from typing import Any

from tabletop.agents.belief import DEFAULT_FLOOR, DEFAULT_PARTICLES, Belief, Model, refresh
from tabletop.agents.opponents import Habits
from tabletop.agents.parallel import search_in_workers
from tabletop.agents.search_tree import Node, descend, edge, match_regrets
from tabletop.core.decision import Decision
from tabletop.core.facets import Evaluation, RolloutPolicy, SearchKit

DEFAULT_ITERATIONS = 400
DEFAULT_DEPTH = 12
#: With a guide: how much more often search must visit its own move to play it. 3 won
#: 58.5% of 400 WMS games against the veteran, 2 won 53.8% (same seeds); with 3, Windup War
#: and Wind Up won 73.5% and 73.9% against their bots (56.2% and 57.6% unguided).
DEFAULT_TRUST = 3.0
#: With a guide: search's own move also stands when every one of at least this many playouts
#: through it was won and the guide's move cannot say as much (a lethal attack now, not later).
SURE_VISITS = 8
#: The others' predictability (:meth:`.opponents.Habits.confidence`) from which search's own
#: move stands without the guide: every seat after its first round; after that a script
#: repeating its line stays above it, the tactician falls below (2-seat Windup War).
PREDICTABLE = 0.5
#: Distinct views recorded at a node for tree reuse, and the passes during which they are.
VIEW_SAMPLES = 16


def _fingerprint(view: Mapping[str, Any]) -> str:
    return repr(view)


class ISMCTSAgent:
    def __init__(
        self,
        rng: random.Random,
        *,
        iterations: int | None = DEFAULT_ITERATIONS,
        time: float | None = None,
        depth: int = DEFAULT_DEPTH,
        exploration: float = 0.7,
        widen: float = 2.0,
        reuse: bool = True,
        evaluation: Evaluation | None = None,
        policy: RolloutPolicy | None = None,
        trust: float = DEFAULT_TRUST,
        kit: SearchKit | None = None,
        model: Model | None = None,
        particles: int = DEFAULT_PARTICLES,
        floor: float = DEFAULT_FLOOR,
        workers: int = 1,
        regret: bool = False,
        learn: bool = True,
    ):
        """``kit`` is the game's search kit (see :class:`~tabletop.core.facets.SearchKit`); without
        one, ``evaluation`` and ``policy`` may be given alone, their options as attributes.
        ``model``: the opponent model weighting the worlds searched (see :mod:`.belief`; None:
        uniform worlds). ``workers``: independent trees in that many processes, visits summed.
        ``learn``: with a kit's ``choices``, learn what the others repeat (see :mod:`.opponents`)."""
        if kit is None:
            kit = SearchKit(evaluation=evaluation, rollout=policy, guide=getattr(evaluation, "guide", None),
                            redraw=getattr(policy, "redraw", None),
                            at_round_start=bool(getattr(evaluation, "at_round_start", False)))
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        self.rng = rng
        self.iterations = iterations
        self.time = time
        self.depth = depth
        self.exploration = exploration
        self.widen = widen
        self.reuse = reuse
        self.evaluation = kit.evaluation
        self.policy = kit.rollout
        self.guide: Callable[[Decision], str | None] | None = kit.guide
        self.at_round_start = kit.at_round_start
        self.trust = trust
        #: The policy's model of the other seats' hidden choices already made (see the module).
        self.redraw = kit.redraw
        #: What the others were seen to choose (None: the kit names no choices, or learn=False).
        self.habits = Habits(kit.choices) if learn and kit.choices is not None and kit.redraw is not None else None
        #: The worlds this seat believes in, kept between its decisions (None: uniform draws).
        self.belief = None if model is None else Belief(model, rng, particles=particles, floor=floor)
        self.workers = max(1, int(workers))
        #: Regret matching instead of UCB where several seats decide at once (see the module).
        self.regret = regret
        self._worlds: list[Any] = []
        #: (roots, seat, action, secret) of the last search, for tree reuse.
        self._kept: tuple[dict[int, Node], int, str, bool] | None = None
        #: Iterations of the last decision, and whether it went on from the kept tree.
        self.last_iterations = 0
        self.last_reused = False
        #: The trees of the last decision, one per seat seen (for tests).
        self.trees: dict[int, Node] = {}

    # ---- a decision --------------------------------------------------------------------

    def choose(self, decision: Decision) -> str:
        legal = list(decision.legal)
        started = _time.perf_counter()  # a time budget counts the belief's update too
        self._worlds = []
        if self.habits is not None:
            self.habits.watch(decision.view, decision.seat)
        if self.belief is not None:
            worlds = self.belief.update(decision)
            if self.belief.carried:  # else per-iteration uniform draws are the more varied
                self._worlds = worlds
        if len(legal) == 1:
            self._kept = None
            return self._chose(legal[0])
        seat = decision.seat
        if self.workers > 1:
            self._kept = None
            self.last_reused = False
            visits, won, self.last_iterations = search_in_workers(self, decision, self.workers, self._left(started))
            self.trees = {}
            return self._chose(self._pick(decision, legal, visits, won))
        reused = self._reused(decision)
        self.last_reused = reused is not None
        roots = reused or {seat: Node()}
        visits, won, secret = self._search(decision, roots, self.iterations, self._left(started))
        action = self._pick(decision, legal, visits, won)
        self._kept = (roots, seat, action, secret) if self.reuse else None
        self.trees = roots
        return self._chose(action)

    def _left(self, started: float) -> float | None:
        """Seconds left of a time budget (None: no time budget); at least one iteration runs."""
        return None if self.time is None else max(0.0, self.time - (_time.perf_counter() - started))

    def _chose(self, action: str) -> str:
        if self.belief is not None:
            self.belief.record(action)
        return action

    def _search(self, decision: Decision, roots: dict[int, Node], budget: int | None,
                seconds: float | None) -> tuple[dict[str, int], dict[str, bool], bool]:
        """Run iterations in ``roots``: each root action's visits, whether every playout through
        it was won, and whether the root decision is secret."""
        seat = decision.seat
        deadline = None if seconds is None else _time.perf_counter() + seconds
        done = 0
        secret = False
        while budget is None or done < budget:
            secret = self._iterate(decision, roots) or secret
            done += 1
            if deadline is not None and _time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        root = roots[seat]
        visits, won = {}, {}
        for action in decision.legal:
            node = root.children.get((seat, action))
            visits[action] = -1 if node is None else node.visits
            won[action] = node is not None and node.visits >= SURE_VISITS and node.reward >= node.visits
        return visits, won, secret

    def _pick(self, decision: Decision, legal: list[str], visits: dict[str, int], won: dict[str, bool]) -> str:
        """The most visited move, unless the guide's stands (see the module)."""
        action = max(legal, key=visits.__getitem__)
        if self.guide is not None and not (self.habits is not None
                                           and self.habits.confidence(decision.seat) >= PREDICTABLE):
            expert = self.guide(decision)
            if expert in visits and expert != action and not (
                (visits[expert] > 0 and visits[action] >= self.trust * visits[expert])
                or (won[action] and not won[expert])
            ):
                action = expert
        return action

    def _reused(self, decision: Decision) -> dict[int, Node] | None:
        """The trees below the last action, if this decision is where all its samples led."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        roots, seat, action, secret = kept
        if seat != decision.seat:
            return None
        mine = roots[seat].children.get((seat, action))
        if mine is None or mine.views is None or len(mine.views) != 1:
            return None
        if _fingerprint(decision.view) not in mine.views:
            return None
        reused = {seat: mine}
        for other, root in roots.items():
            if other != seat:
                reused[other] = root.child(edge(other, seat, action, secret))
        return reused

    # ---- one iteration -----------------------------------------------------------------

    def _iterate(self, decision: Decision, roots: dict[int, Node]) -> bool:
        """Sample, select and expand, play out, back up. True if the root decision is secret."""
        game, rng, seat = decision.game, self.rng, decision.seat
        outcome, to_act, legal_actions, apply = game.outcome, game.to_act, game.legal_actions, game.apply
        policy, exploration, widen = self.policy, self.exploration, self.widen
        worlds = self._worlds
        if worlds:
            state = game.copy(worlds[rng.randrange(len(worlds))])
            if hasattr(state, "randomness"):  # the world's future shuffles are not known either
                state.randomness = (f"resampled:{rng.getrandbits(64)}", 0)
                refresh(state, rng)
        else:
            state = decision.sample_state(rng)
        if self.redraw is not None and not worlds:
            if self.habits is None:
                self.redraw(state, seat, rng)
            else:
                predict = self.habits.predict
                self.redraw(state, seat, rng, lambda other, situation: predict(other, situation, rng))
        current = dict(roots)
        history: list[tuple[int, str, bool]] = []
        path: list[tuple[Node, int]] = []
        matched: list[tuple[Node, list[str], list[Node], int]] = []  # regret matching's draws
        regret = self.regret
        root_secret = False
        while outcome(state) is None:
            acting = to_act(state)
            mover = acting[0]
            secret = len(acting) > 1
            node = current.get(mover)
            if node is None:
                node = current[mover] = descend(roots.setdefault(mover, Node()), mover, history)
            if len(path) == 1 and mover == seat and node.passes < VIEW_SAMPLES:
                if node.views is None:
                    node.views = set()
                node.views.add(_fingerprint(game.view(state, seat)))
            node.passes += 1
            legal = legal_actions(state, mover)
            children = node.children
            tried: list[tuple[Node, str]] = []
            untried: list[str] = []
            for action in legal:
                child = children.get((mover, action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
                    tried.append((child, action))
            expand = bool(untried) and (not tried or len(tried) < 1 + widen * node.passes ** 0.5)
            if expand:
                action = policy(state, mover, untried, rng) if policy is not None else rng.choice(untried)
            elif regret and secret:
                action = match_regrets(node, tried, mover, rng, matched)
            else:
                best = max(tried, key=lambda pair: pair[0].ucb(exploration))
                action = best[1]
            if not path:
                root_secret = secret
            apply(state, mover, action)
            history.append((mover, action, secret))
            for observer, at in current.items():
                current[observer] = at.child(edge(observer, mover, action, secret))
            moved = current[mover]
            if expand:
                moved.available += 1
            path.append((moved, mover))
            if expand:
                break
        value = self._playout(game, state, seat)
        for node, mover in path:
            node.visits += 1
            node.reward += value(mover)
        for node, actions, children, mover in matched:
            won = value(mover)
            regrets = node.regrets
            for action, child in zip(actions, children, strict=True):
                # regret of not having played each action: its mean so far against this playout's
                regrets[action] = regrets.get(action, 0.0) + (child.reward / child.visits if child.visits else won) - won
        return root_secret

    def _playout(self, game: Any, state: Any, seat: int) -> Callable[[int], float]:
        """Play on from ``state``: each seat's share of the result, or the evaluation's estimate."""
        outcome, to_act, legal_actions, apply = game.outcome, game.to_act, game.legal_actions, game.apply
        rng, policy, evaluation = self.rng, self.policy, self.evaluation
        depth = self.depth if evaluation is not None else game.step_limit(game.max_players)
        boundary = game.round_event if self.at_round_start else None
        steps = 0
        while (result := outcome(state)) is None:
            if steps >= depth:
                if evaluation is None:
                    return lambda mover: 0.0
                return evaluation(state, seat).__getitem__
            mover = to_act(state)[0]
            legal = legal_actions(state, mover)
            events = apply(state, mover, policy(state, mover, legal, rng) if policy is not None else rng.choice(legal))
            steps += 1
            if boundary is not None and any(e.kind == boundary for e in events):
                steps = depth  # a new round opens: the evaluation judges where the last one left things
        return result.share
