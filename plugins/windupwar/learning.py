"""What reinforcement learning may use of Windup War (its learning facet): the action list,
the domains of factions, units and phases, how many units each seat has picked, and a
shaped reward."""

from __future__ import annotations

from tabletop.plugin_api import LearningKit
from tabletop_games.windupwar.state import (
    ARMY_PICK,
    CHARGE,
    ELIMINATED,
    FACTION,
    FORFEITED,
    IN_PLAY,
    OVER,
    WAR,
    WINDUP,
)
from tabletop_games.windupwar.vocabulary import vocabulary

#: The most seats a table has (the features' size is fixed).
SEATS = 16


def domains(game, seats, options):
    """Every faction and unit has its place, whether or not a random game met it."""
    units = sorted(game.data.unit_by_id)
    return {"factions": sorted(game.data.faction_by_id), "picks": units, "army": units,
            "phase": (FACTION, ARMY_PICK, WINDUP, WAR, CHARGE, OVER), "status": (IN_PLAY, ELIMINATED, FORFEITED)}


def picked(game, state, seat) -> list[float]:
    """How many units each seat has picked so far: public (each pick is a turn everyone sees),
    though the units themselves stay secret until every army is complete."""
    picks = state.picks
    counts = [0.0] * SEATS
    if picks is not None:
        for s, value in enumerate(picks.values):
            counts[s] = float(len(value or ()))
    return counts


def lead(game, state, seat) -> float:
    """The shaped reward's potential: the seat's points (cards in its centre) less the best
    other seat's, as a share of the points that win."""
    points = [len(centre) for centre in state.centre]
    return (points[seat] - max(p for s, p in enumerate(points) if s != seat)) / state.target


#: Values indexed by seat (an egocentric observation turns them: the observing seat first).
SEAT_VALUES = ("factions", "active", "hearts", "army", "row_broken", "reload_at", "status")
#: Where values hold seat numbers (an egocentric observation makes them relative to its seat).
#: ``reveals`` is a tuple of the War's steps as ``war.record`` keeps them: (round, step, the
#: step's cards, notes by seat, damage dealt, taken, hearts, active unit, armies, per seat); in
#: the cards, each play, target, source, blocker... is a seat, listed in seat order.
SEAT_NUMBERS = (
    "charger", "pending{}", "table.in_play{}", "result.winners{}", "result.scores[seat]",
    "reveals[].2.plays{}.0", "reveals[].2.incoming.keys()", "reveals[].2.incoming[]{}.0",
    "reveals[].2.blockers{}", "reveals[].2.retaliators{}.0", "reveals[].2.illegal{}", "reveals[].2.broken{}",
    "reveals[].2.reloads{}", "reveals[].2.chargers{}", "reveals[].2.hits{}.0", "reveals[].2.hits{}.1",
    "reveals[].3.keys()", "reveals[].4[seat]", "reveals[].5[seat]", "reveals[].6[seat]", "reveals[].7[seat]",
    "reveals[].8[seat]",
)

LEARNING = LearningKit(vocabulary=vocabulary, seat_values=SEAT_VALUES, seat_numbers=SEAT_NUMBERS, domains=domains, features=picked, features_size=SEATS, reward=lead)
