"""The trees of information-set MCTS: one per seat, each as that seat sees the game.

A seat's tree has an edge for every action it saw taken. An action given while several
seats had to decide (a simultaneous, secret decision: ``to_act`` named more than one)
is, in every other seat's tree, the edge :data:`HIDDEN`: what that seat cannot know
merges into one branch. So when search plays a seat's secret choice, that seat's
statistics do not depend on what the others chose secretly before it in the same
decision (multiple-observer ISMCTS, Cowling, Powley & Whitehouse 2012).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

#: With regret matching at secret decisions: the share of uniform play mixed in.
REGRET_EXPLORE = 0.1
#: The edge another seat's secret choice takes in a seat's tree.
HIDDEN = "?"

Key = tuple[int, str]


class Node:
    """Statistics of reaching this node by its mover's action, and the edges below it.

    ``visits``/``reward``: playouts through this node and the mover's share of wins in
    them; ``available``: how often the action was legal when its parent was passed (the
    ISMCTS count that replaces the parent's visits in UCB); ``passes``: how often a
    decision was made here (for progressive widening); ``views``: for tree reuse, the
    searching seat's views seen when it was to decide again right here; ``regrets``: with
    regret matching at secret decisions, each action's cumulative regret here.
    """

    __slots__ = ("children", "visits", "available", "reward", "passes", "views", "regrets")

    def __init__(self) -> None:
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.passes = 0
        self.views: set[str] | None = None
        self.regrets: dict[str, float] | None = None

    def child(self, key: Key) -> Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node

    def ucb(self, exploration: float) -> float:
        if not self.visits:
            return math.inf
        return self.reward / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


def edge(observer: int, mover: int, action: str, secret: bool) -> Key:
    """The key under which ``observer``'s tree records ``mover`` playing ``action``."""
    return (mover, HIDDEN if secret and observer != mover else action)


def descend(root: Node, observer: int, history: Iterable[tuple[int, str, bool]]) -> Node:
    """The node of ``observer``'s tree after ``history`` of (mover, action, secret)."""
    node = root
    for mover, action, secret in history:
        node = node.child(edge(observer, mover, action, secret))
    return node


def match_regrets(node: Node, tried: list[tuple[Node, str]], mover: int, rng: random.Random,
                   matched: list[tuple[Node, list[str], list[Node], int]]) -> str:
    """Regret matching at a secret decision: an action drawn in proportion to its positive
    regret (uniformly while none is positive), mixed with :data:`REGRET_EXPLORE` uniform play."""
    if node.regrets is None:
        node.regrets = {}
    actions = [action for _, action in tried]
    positive = [max(node.regrets.get(action, 0.0), 0.0) for action in actions]
    total, count = sum(positive), len(actions)
    shares = [(1 - REGRET_EXPLORE) * (p / total if total > 0 else 1 / count) + REGRET_EXPLORE / count
              for p in positive]
    point, drawn = rng.random(), count - 1
    for index, share in enumerate(shares):
        point -= share
        if point < 0:
            drawn = index
            break
    matched.append((node, actions, [child for child, _ in tried], mover))
    return actions[drawn]
