"""What reinforcement learning may use of WMS (its learning facet): the action list, the
domains of the commander and the phase, and a shaped reward."""

from __future__ import annotations

from tabletop.plugin_api import LearningKit
from tabletop_games.wms.cards import MAX_WOUNDS
from tabletop_games.wms.state import FIGHT, OVER, RECYCLE, SETUP
from tabletop_games.wms.vocabulary import vocabulary


def domains(game, seats, options):
    """Every commander of the card data has its place, whether or not a random game chose it."""
    commanders = sorted(card for card, data in game.cards.items() if "commander" in data.keywords)
    return {"commander": commanders, "phase": (SETUP, FIGHT, RECYCLE, OVER)}


def lead(game, state, seat) -> float:
    """The shaped reward's potential: the seat's wounds left less its opponent's, as a share of
    the most a commander takes (public)."""
    return (state.wounds[seat] - state.wounds[1 - seat]) / MAX_WOUNDS


#: Values indexed by seat (an egocentric observation turns them: the observing seat first).
SEAT_VALUES = ("commander", "wounds", "tokens", "battle", "recycle_left", "decks")
#: Where values hold seat numbers (an egocentric observation makes them relative to its seat).
SEAT_NUMBERS = ("setup_seat", "active", "turn", "recycle_queue[]", "last_fight.winner", "last_fight.loser",
                "result.winners{}", "result.scores[seat]")

LEARNING = LearningKit(vocabulary=vocabulary, seat_values=SEAT_VALUES, seat_numbers=SEAT_NUMBERS, domains=domains, reward=lead)
