"""Every well-formed action that is not legal is refused with a sentence and changes nothing."""

import json
import random

import pytest

from tabletop.core.errors import ActionError, IllegalAction
from tests.wms.helpers import EVIL, GAME, MARINES, fight, play

VERBS = ("commander", "reserve", "command", "play", "arrive", "equip", "power", "squad", "disrupt", "top",
         "sacrifice", "recycle")
WORDS = sorted(GAME.cards) + ["fear", "squad", "stealth"]


def _snapshot(state):
    return json.dumps([GAME.view(state, s) for s in (0, 1, None)], sort_keys=True), GAME.census(state)


def _candidates(rng):
    out = ["done", "swarm", "cancel", "yield", "retreat", "psych cc", "psych rc", "style cc", "style rc",
           "tide cc", "tide rc"]
    out += [f"{rng.choice(VERBS)} {rng.choice(WORDS)}" for _ in range(25)]
    return out


@pytest.mark.parametrize("seed", range(6))
def test_illegal_actions_are_refused_without_changing_anything(seed):
    rng = random.Random(seed)
    state = GAME.new_state(2, options={"swap": seed % 2 == 1}, seed=seed)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        before = _snapshot(state)
        for action in _candidates(rng):
            for who in (seat, 1 - seat):
                if who == seat and action in legal:
                    continue
                with pytest.raises(ActionError) as error:
                    GAME.apply(state, who, action)
                assert str(error.value).strip().endswith((".", ")"))
        assert _snapshot(state) == before
        GAME.apply(state, seat, rng.choice(legal))


def test_done_on_an_opening_play_asks_for_the_style():
    state = fight(["marine"], ["renegade"])
    play(state, MARINES, "play marine")
    with pytest.raises(IllegalAction, match="Announce the combat style"):
        GAME.apply(state, MARINES, "done")


@pytest.mark.parametrize("action", ["", "   ", "play", "play a b", "style xx", "psych", 7, None, "PLAY"])
def test_text_that_is_not_notation_is_invalid(action):
    state = fight(["marine"], ["renegade"])
    with pytest.raises(ActionError):
        GAME.apply(state, MARINES, action)


def _refusal(state, seat, action):
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, action)
    return str(error.value)


def test_playing_a_hand_card_that_is_not_a_unit_says_what_it_is():
    state = fight(["marine", "power-sword", "hold-the-line"], ["renegade"])
    assert "Power Sword is equipment, not a unit" in _refusal(state, MARINES, "play power-sword")
    assert "Hold the Line is a command card, not a unit" in _refusal(state, MARINES, "play hold-the-line")


def test_refusals_suggest_yield_only_when_the_rules_allow_it():
    state = fight(["sergeant"], ["renegade", "hellish-brute"])
    play(state, MARINES, "play sergeant", "style cc")
    assert "yield" not in GAME.legal_actions(state, EVIL)
    assert "yield" not in _refusal(state, EVIL, "equip power-axe")
    play(state, EVIL, "play renegade")
    said = _refusal(state, EVIL, "done")
    assert "does not equal or beat" in said and "yield" not in said and "'cancel'" in said
    play(state, EVIL, "cancel", "play renegade", "cancel", "play renegade", "cancel")   # no take-back left
    said = _refusal(state, EVIL, "play renegade")             # the Hellish Brute reaches
    assert "play hellish-brute" in said and "yield" not in said and "retreat" in said
    assert "yield" not in GAME.legal_actions(state, EVIL) and "play renegade" not in GAME.legal_actions(state, EVIL)
    alone = fight(["sergeant"], ["renegade"])                 # nothing reaches 4 CC
    play(alone, MARINES, "play sergeant", "style cc")
    for _ in range(3):
        play(alone, EVIL, "play renegade", "cancel")
    play(alone, EVIL, "play renegade")
    said = _refusal(alone, EVIL, "done")
    assert "'cancel'" not in said and "'yield'" in said and "retreat" in said
    assert "yield" in GAME.legal_actions(alone, EVIL) and "yield" in _refusal(alone, EVIL, "cancel")


def test_a_power_card_refused_with_points_left_does_not_say_no_points_are_left():
    state = fight(["librarian", "smite"], ["renegade"])
    play(state, MARINES, "play librarian")
    said = _refusal(state, MARINES, "power warp-bolt")
    assert "No power points left" not in said and "Warp Bolt" in said


def test_disrupt_change_and_recycle_refusals_say_why():
    state = fight(["sergeant", "marine"], ["infiltrator", "renegade"], commanders=("captain", "chaos-lord"))
    play(state, MARINES, "play sergeant")
    assert "no Disrupt" in _refusal(state, MARINES, "disrupt fear")
    assert "no Change" in _refusal(state, MARINES, "top frenzy")
    assert "after a fight" in _refusal(state, MARINES, "recycle marine")
    play(state, MARINES, "style cc")
    play(state, EVIL, "play infiltrator")                     # Disrupt
    assert "Tactical Sergeant has no keyword 'fear'" in _refusal(state, EVIL, "disrupt fear")
    assert "Squad" in _refusal(state, EVIL, "disrupt squad")
