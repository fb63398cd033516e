"""ISMCTS at WMS does not spend its strongest unit when a weaker one wins the fight."""

import random

from tabletop.core.decision import Decision
from tabletop.engine.registry import build_registry
from tests.wms.helpers import EVIL, GAME, MARINES, fight, play


def test_search_answers_with_a_weaker_unit_that_wins_and_keeps_its_strongest():
    # The Marines have only plain Marines (3 CC, 3 RC) left in hand and deck, the rest is in
    # their graveyard: the Evil Marine's 4 RC wins the fight as surely as the Hellish Brute's 7.
    state = fight(["marine"], ["hellish-brute", "renegade", "evil-marine", "possessed"])
    play(state, MARINES, "play marine", "style rc")
    for pile in (state.hand[MARINES], state.deck[MARINES]):
        state.graveyard[MARINES].extend(c for c in pile if c != "marine")
        pile[:] = [c for c in pile if c == "marine"]
    search = build_registry().bot("wms", "ismcts:iterations=300").factory(GAME, EVIL, random.Random(0))
    action = search.choose(Decision(GAME, state, EVIL, GAME.legal_actions(state, EVIL)))
    # the Renegade's 3 RC equals the Marine's, the veteran's cheapest answer; the Evil Marine's 4
    # beats it: either keeps the Hellish Brute
    assert action in ("play renegade", "play evil-marine")
