"""What reinforcement learning may use of Castle Wars (its learning facet): the action list,
the phases' domain and a shaped reward."""

from __future__ import annotations

from tabletop.plugin_api import LearningKit
from tabletop_games.castlewars.state import DRAFT, ORDERS, OVER
from tabletop_games.castlewars.vocabulary import vocabulary


def lead(game, state, seat) -> float:
    """The shaped reward's potential: the seat's hit points less the best other seat's, as a
    share of the starting hit points (public: every seat sees the towers' damage)."""
    hp = state.hp
    others = max(h for s, h in enumerate(hp) if s != seat)
    return (hp[seat] - others) / game.cards.hit_points


#: Values indexed by seat (an egocentric observation turns them: the observing seat first).
SEAT_VALUES = ("hp", "kept", "lines", "orders")
#: Where values hold seat numbers (an egocentric observation makes them relative to its seat).
SEAT_NUMBERS = ("in_play{}", "turn_order[]", "waiting{}", "orders[]", "last_battle.orders[].seat",
                "last_battle.orders[].target", "last_battle.clashes[].seats[]", "last_battle.clashes[].lost[]",
                "last_battle.strikes[].seat", "last_battle.strikes[].target", "last_battle.results[].seat",
                "last_battle.out[]")

LEARNING = LearningKit(vocabulary=vocabulary, seat_values=SEAT_VALUES, seat_numbers=SEAT_NUMBERS, domains={"phase": (DRAFT, ORDERS, OVER)}, reward=lead)
