"""A fixture run with known numbers, written straight into a results database."""

from __future__ import annotations

from tabletop.core.stats import Stat
from tabletop.engine.simulate import GameResult
from tabletop.lab.db import ResultsDB


def fixture_run(db: ResultsDB, *, seat0_wins: int, games: int = 100, variant: str = "A") -> int:
    """Two seats of 'random'; seat 1 wins ``seat0_wins`` games, seat 2 the rest.

    Seat 1 opens with 'tank' in the first 50 games and 'infantry' after; games last 10
    actions when seat 1 wins and 20 otherwise; each game scores ``idx % 3`` Charges.
    """
    run = db.new_run(game="goofspiel", version="1.0", options={"variant": variant}, seats=["random", "random"],
                     seed=0, games=games, variant=variant)
    results = []
    for i in range(games):
        won = i < seat0_wins
        stats = (
            Stat("first unit", "tank" if i < 50 else "infantry", seat=0),
            Stat("first unit", "infantry", seat=1),
            Stat("charges", i % 3, seat=0),
            Stat("ending", "points" if won else "elimination"),
        )
        results.append((i, GameResult((0,) if won else (1,), 10 if won else 20, seed=i, reason="r", stats=stats)))
    db.add_games(run, results)
    db.finish_run(run, "finished")
    return run
