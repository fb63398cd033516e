"""Root-parallel search: independent trees in worker processes, their root visits summed.

Each worker searches the same decision (the same believed worlds) from a seed the agent's own
generator draws, with its share of the iteration budget (or the whole time budget), so the
move depends on the seed, the budget and the number of workers, never on how the processes
were scheduled. Workers are forked, so nothing of the game or its kit needs pickling: only
each tree's root statistics come back. Where forking is not offered the same trees are searched
one after the other in this process, with the same result.
"""

from __future__ import annotations

import multiprocessing
import random
from typing import Any

from tabletop.agents.search_tree import Node
from tabletop.core.decision import Decision

Stats = tuple[dict[str, int], dict[str, bool], int]


def _shares(budget: int | None, workers: int) -> list[int | None]:
    if budget is None:
        return [None] * workers
    base, extra = divmod(budget, workers)
    return [max(1, base + (1 if i < extra else 0)) for i in range(workers)]


def _one_tree(agent: Any, decision: Decision, seed: int, budget: int | None, seconds: float | None) -> Stats:
    saved = agent.rng
    agent.rng = random.Random(seed)
    try:
        visits, won, _ = agent._search(decision, {decision.seat: Node()}, budget, seconds)
    finally:
        agent.rng = saved
    return visits, won, agent.last_iterations


def _child(conn: Any, agent: Any, decision: Decision, seed: int, budget: int | None, seconds: float | None) -> None:
    try:
        conn.send(_one_tree(agent, decision, seed, budget, seconds))
    except BaseException as error:  # the parent reports it; a child never prints a traceback
        conn.send(error)
    finally:
        conn.close()


def search_in_workers(agent: Any, decision: Decision, workers: int, seconds: float | None = None) -> Stats:
    """Summed root visits of ``workers`` trees (-1: no tree tried the move), whether every tree
    tried the move enough and won every playout through it, and the iterations run in all."""
    seeds = [agent.rng.getrandbits(64) for _ in range(workers)]
    budgets = _shares(agent.iterations, workers)
    try:
        context = multiprocessing.get_context("fork")
    except ValueError:
        context = None
    results: list[Stats] = []
    if context is None:
        results = [_one_tree(agent, decision, seed, budget, seconds) for seed, budget in zip(seeds, budgets, strict=True)]
    else:
        pipes, processes = [], []
        for seed, budget in zip(seeds, budgets, strict=True):
            receive, send = context.Pipe(duplex=False)
            process = context.Process(target=_child, args=(send, agent, decision, seed, budget, seconds), daemon=True)
            process.start()
            send.close()
            pipes.append(receive)
            processes.append(process)
        for receive, process in zip(pipes, processes, strict=True):
            result = receive.recv()
            process.join()
            if isinstance(result, BaseException):
                raise result
            results.append(result)
    visits: dict[str, int] = {}
    won: dict[str, bool] = {}
    for action in decision.legal:
        counts = [tree[0][action] for tree in results]
        visits[action] = sum(c for c in counts if c > 0) if any(c >= 0 for c in counts) else -1
        won[action] = all(tree[1][action] for tree in results)
    return visits, won, sum(done for _, _, done in results)
