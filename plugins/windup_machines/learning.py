"""What reinforcement learning may use of Wind Up (its learning facet): the action list, the
phases' domain and a shaped reward."""

from __future__ import annotations

from tabletop.plugin_api import LearningKit
from tabletop_games.windup_machines.scoring import scores
from tabletop_games.windup_machines.state import ASSIGN, INSTALL, OVER, RESPOND, SABOTAGE, START, TUNE, TUNING, TURN
from tabletop_games.windup_machines.vocabulary import vocabulary

PHASES = (START, TUNE, TUNING, ASSIGN, RESPOND, TURN, INSTALL, SABOTAGE, OVER)
#: Victory points that make a potential of 1 (a typical winning score's order).
SCALE = 50.0


def lead(game, state, seat) -> float:
    """The shaped reward's potential: the seat's victory points as they stand less the best
    other seat's (machines, prisms and gold are all public), scaled."""
    totals = [m["total"] for m in scores(game, state)]
    return (totals[seat] - max(t for s, t in enumerate(totals) if s != seat)) / SCALE


#: Values indexed by seat (an egocentric observation turns them: the observing seat first).
SEAT_VALUES = ("sides", "iron", "gold", "prisms", "fresh", "assigned", "restarts")
#: Where values hold seat numbers (an egocentric observation makes them relative to its seat).
#: ``used`` counts abilities used this turn by (seat, worker); ``sabotaged`` holds (seat, cell);
#: ``window`` the seats a Jammer may answer, in the order they are asked.
SEAT_NUMBERS = ("first", "active", "window_owner", "used.keys().0", "sabotaged{}.0", "protected{}", "given{}",
                "window[]", "result.winners{}", "result.scores[seat]", "result.ranks[seat]")

LEARNING = LearningKit(vocabulary=vocabulary, seat_values=SEAT_VALUES, seat_numbers=SEAT_NUMBERS, domains={"phase": PHASES}, reward=lead)
