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


def test_the_guide_chooses_the_commander_that_fights_best():
    # The Evil Marines' Chaos Lord (7 CC, 4 RC, the opponent's units -1 RC) over the Dark
    # Apostle (5 CC, 3 RC); the Marines' Chapter Master (6/5) over the Captain (6/4).
    from tabletop_games.wms.search import guide

    suggest = guide(GAME)
    state = GAME.new_state(2, seed=0)
    marines = Decision(GAME, state, MARINES, GAME.legal_actions(state, MARINES))
    assert suggest(marines) == "commander chapter-master"
    play(state, MARINES, "commander chapter-master", "done")
    evil = Decision(GAME, state, EVIL, GAME.legal_actions(state, EVIL))
    assert {"commander dark-apostle", "commander chaos-lord"} <= set(evil.legal)
    assert suggest(evil) == "commander chaos-lord"


def test_the_guide_names_only_legal_actions_through_whole_games():
    from tabletop_games.wms.search import guide

    suggest = guide(GAME)
    rng = random.Random(3)
    for seed in range(3):
        state = GAME.new_state(2, seed=seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            said = suggest(Decision(GAME, state, seat, legal))
            assert said is None or said in legal
            GAME.apply(state, seat, rng.choice(legal))
