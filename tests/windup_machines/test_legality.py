"""Apply checks one action without building the legal list: it must agree with the list on
every text the notation can spell, in every position random games reach."""

import random

import pytest

from tabletop.core import IllegalAction, InvalidAction
from tests.windup_machines.helpers import GAME


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_apply_accepts_exactly_the_legal_actions(seats):
    rng = random.Random(seats)
    texts = list(GAME._actions)
    for seed in range(2):
        state = GAME.new_state(seats, seed=seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            accepted = {t for t in texts if GAME._allowed(state, seat, t, GAME._actions[t])}
            assert accepted == set(legal)
            GAME.apply(state, seat, rng.choice(legal))


def test_text_outside_the_table_is_refused_with_the_reason():
    state = GAME.new_state(2, seed=0)
    with pytest.raises(IllegalAction, match="starting generator and smelter"):
        GAME.apply(state, 0, "start r1c1 r3c3")
    with pytest.raises(IllegalAction, match="starting generator and smelter"):
        GAME.apply(state, 0, "  START   r9c9 r2c2 ")


@pytest.mark.parametrize("action", ["", "fly away"])
def test_what_is_not_notation_is_refused_as_such(action):
    state = GAME.new_state(2, seed=0)
    with pytest.raises(InvalidAction, match="is not Wind Up notation"):
        GAME.apply(state, 0, action)


@pytest.mark.parametrize("action", [None, ["wind", "r1c1"], 3])
def test_what_is_not_text_is_refused_before_the_rules_run(action):
    state = GAME.new_state(2, seed=0)
    with pytest.raises(InvalidAction, match="An action is text"):
        GAME.apply(state, 0, action)
