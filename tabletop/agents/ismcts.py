"""Information-set Monte Carlo tree search: a strong-ish bot for any game, from the contract.

Each iteration samples a state consistent with what the seat knows
(``Decision.sample_state``), walks the tree by UCB over the actions legal in that
sample (counting how often each was available), adds one node, plays randomly to
the end and credits every mover on the path with its share of the win
(Cowling, Powley & Whitehouse 2012, single-observer ISMCTS).
"""

from __future__ import annotations

import math
import random
from typing import Any

from tabletop.agents.base import BotSpec, Decision


class _Node:
    __slots__ = ("children", "visits", "available", "reward")

    def __init__(self) -> None:
        self.children: dict[tuple[int, str], _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class ISMCTSAgent:
    def __init__(self, rng: random.Random, *, iterations: int = 200, exploration: float = 0.7):
        self.rng = rng
        self.iterations = iterations
        self.exploration = exploration

    def choose(self, decision: Decision) -> str:
        legal = list(decision.legal)
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        for _ in range(self.iterations):
            self._iterate(decision, root)
        visits = {a: root.children[(decision.seat, a)].visits for a in legal if (decision.seat, a) in root.children}
        return max(legal, key=lambda a: visits.get(a, -1))

    def _iterate(self, decision: Decision, root: _Node) -> None:
        game, rng = decision.game, self.rng
        state = decision.sample_state(rng)
        node, path = root, []
        seat = decision.seat
        while game.outcome(state) is None:
            actions = game.legal_actions(state, seat)
            untried = []
            for action in actions:
                child = node.children.get((seat, action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = node.children[(seat, action)] = _Node()
                child.available = 1
                game.apply(state, seat, action)
                path.append((child, seat))
                break
            action = max(actions, key=lambda a: self._ucb(node.children[(seat, a)]))
            node = node.children[(seat, action)]
            game.apply(state, seat, action)
            path.append((node, seat))
            seat = game.to_act(state)[0] if game.outcome(state) is None else seat
        self._rollout(game, state)
        outcome = game.outcome(state)
        for node, mover in path:
            node.visits += 1
            node.reward += outcome.share(mover) if outcome is not None else 0.0

    def _ucb(self, node: _Node) -> float:
        return node.reward / node.visits + self.exploration * math.sqrt(math.log(node.available) / node.visits)

    def _rollout(self, game: Any, state: Any) -> None:
        choice = self.rng.choice
        limit = game.step_limit(game.max_players)  # a bound for any seat count: random play ends well before
        steps = 0
        while game.outcome(state) is None and steps < limit:
            seat = game.to_act(state)[0]
            game.apply(state, seat, choice(game.legal_actions(state, seat)))
            steps += 1


def _make(game: Any, seat: int, rng: random.Random) -> ISMCTSAgent:
    return ISMCTSAgent(rng)


ISMCTS = BotSpec(
    "ismcts", _make, game=None,
    help="Information-set Monte Carlo tree search, 200 iterations a decision (slow, but plays any game).",
)
