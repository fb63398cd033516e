"""ISMCTS at Castle Wars leads with the Unit that beats a front it knows."""

import random

from tabletop.core.decision import Decision
from tabletop.engine.registry import build_registry
from tests.castlewars.helpers import GAME, staged


def test_search_leads_with_the_counter_to_a_known_front():
    # Two castles must attack each other; the foe holds only Knights, so its front is a Knight,
    # and the Mage beats Knights.
    state = staged([["M", "A"], ["K", "K"]])
    assert GAME.cards.beats["M"] == "K"
    search = build_registry().bot("castlewars", "ismcts:iterations=200").factory(GAME, 0, random.Random(0))
    action = search.choose(Decision(GAME, state, 0, GAME.legal_actions(state, 0)))
    assert action == "place M"
