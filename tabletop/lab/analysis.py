"""From the games of a stored run to the figures a report shows: win rates, lengths, plugin statistics.

The figures ``tabletop simulate`` also prints come from :func:`tabletop.lab.figures.figures`,
the same function, fed here by the database's rows. Everything is plain data (dicts and lists,
JSON-safe) so the terminal, the HTML report and ``--json`` show the same numbers.
"""

from __future__ import annotations

from typing import Any

from tabletop.lab.db import ResultsDB, Run
from tabletop.lab.figures import StatGroups, figures, tally_of_run
from tabletop.lab.statistics import holm, proportion_vs

#: The per-game figure counting each game by the reason its end gave.
ENDING = "how the game ended"


def _fair_share(seat_wins: list[float], n: int, equal: float) -> list[dict[str, Any]]:
    """Each seat's wins against an equal share, Holm-corrected over the seats."""
    tests = holm([proportion_vs(f"seat {s + 1}", wins, n, equal) for s, wins in enumerate(seat_wins)])
    return [t.__dict__ | {"seat": i + 1, "significant": t.significant} for i, t in enumerate(tests)]


def analyse(db: ResultsDB, run: Run) -> dict[str, Any]:
    """Every figure of one run's report."""
    seats = len(run.seats)
    tally, winners = tally_of_run(db, run)
    found = figures(tally, run.seats, rotate=run.rotate)
    n = found["games"]
    seat_wins = [float(w) for w in tally.wins]
    # With the same bot in every seat, a fair game gives each seat the same share of the wins.
    equal = sum(seat_wins) / (n * seats) if n else 1 / seats
    fair = _fair_share(seat_wins, n, equal) if len(set(run.seats)) == 1 and n else []
    stats = StatGroups()
    for idx, seat, name, value in db.stats(run.id):
        if idx in winners:
            stats.add(winners[idx], seat, name, value, game=idx)
    for g in db.games(run.id):   # the game's own reason: how many ended by a limit, for one
        if g.idx in winners and g.reason:
            stats.add(g.winners, None, ENDING, g.reason)
    return {
        "run": run.to_dict(),
        **found,
        "equal_share": equal,
        "fair_share": fair,
        "seat_stats": stats.seat_stats(),
        "game_stats": stats.game_stats(),
    }
