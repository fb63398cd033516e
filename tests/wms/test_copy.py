"""The hand-written copy: equal to the original and to the engine's derived copy, and independent of
the original, hidden parts included."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.fingerprint import fingerprint
from tests.wms.helpers import GAME


def _positions(seed):
    """Every position of one random game."""
    rng = random.Random(seed)
    state = GAME.new_state(2, options={}, seed=seed)
    while GAME.outcome(state) is None:
        yield state
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    yield state


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_copy_equals_the_original_and_the_derived_copy(seed):
    for state in _positions(seed):
        picture = fingerprint(state)
        assert fingerprint(GAME.copy(state)) == picture
        assert fingerprint(state._copy()) == picture


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_playing_on_or_changing_a_copy_leaves_the_original_alone(seed):
    rng = random.Random(seed)
    for i, state in enumerate(_positions(seed)):
        if i % 5:
            continue
        picture = fingerprint(state)
        trial = GAME.copy(state)
        while GAME.outcome(trial) is None:   # the rest of a game on the copy
            seat = GAME.to_act(trial)[0]
            GAME.apply(trial, seat, rng.choice(GAME.legal_actions(trial, seat)))
        changed = GAME.copy(state)
        for name in (*changed.ZONES, "battle", "commander", "wounds", "tokens", "recycle_left", "recycle_queue"):
            part = getattr(changed, name)
            for item in part if name in (*changed.ZONES, "battle") else (part,):
                item.append("x")   # every list a copy owns: hands and decks too
        assert fingerprint(state) == picture
