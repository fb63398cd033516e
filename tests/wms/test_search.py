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


def _guide_says(state, seat):
    from tabletop_games.wms.search import guide

    return guide(GAME)(Decision(GAME, state, seat, GAME.legal_actions(state, seat)))


def test_mid_play_the_guide_finishes_an_answer_that_already_equals_or_beats():
    # A Renegade (3 RC) answers a Marine's 3 RC: it already equals, so the guide finishes it
    # rather than add Disrupt, equipment or a sacrifice of a unit it may need later.
    state = fight(["marine"], ["renegade", "evil-marine", "combi-bolter", "possessed"])
    play(state, MARINES, "play marine", "style rc")
    play(state, EVIL, "play renegade")
    assert "done" in GAME.legal_actions(state, EVIL)
    assert _guide_says(state, EVIL) == "done"


def test_mid_play_the_guide_adds_the_equipment_that_makes_a_short_answer_reach():
    # A Renegade's 3 RC falls short of a Sergeant's 4 RC; the Combi-bolter (+2 RC, Light
    # only) makes it reach, so the guide equips it, then finishes.
    state = fight(["sergeant"], ["renegade", "combi-bolter", "possessed", "hellish-brute"])
    play(state, MARINES, "play sergeant", "style rc")
    play(state, EVIL, "play renegade")
    assert "done" not in GAME.legal_actions(state, EVIL)
    assert _guide_says(state, EVIL) == "equip combi-bolter"
    play(state, EVIL, "equip combi-bolter")
    assert _guide_says(state, EVIL) == "done"


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
