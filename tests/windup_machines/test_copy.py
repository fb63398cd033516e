"""The written-out copy: equal to the original and to the engine's derived copy, and independent
of the original, hidden parts included."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.fingerprint import fingerprint
from tests.windup_machines.helpers import GAME


def _positions(seed, seats):
    """Every position of one random game."""
    rng = random.Random(seed)
    state = GAME.new_state(seats, options={}, seed=seed)
    while GAME.outcome(state) is None:
        yield state
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    yield state


def _change_everything(state):
    """Add to every list, dict and set the state holds (nested lists too)."""
    for name in (*state.ZONES, *state.PUBLIC):
        value = getattr(state, name)
        if isinstance(value, list):
            for item in value:
                if isinstance(item, list):
                    item.append("x")
            value.append("x")
        elif isinstance(value, dict):
            value["x"] = 1
        elif isinstance(value, set):
            value.add("x")


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=2, max_value=4))
def test_a_copy_equals_the_original_and_the_derived_copy(seed, seats):
    for state in _positions(seed, seats):
        picture = fingerprint(state)
        assert fingerprint(GAME.copy(state)) == picture
        assert fingerprint(state._copy()) == picture


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=2, max_value=4))
def test_playing_on_or_changing_a_copy_leaves_the_original_alone(seed, seats):
    rng = random.Random(seed)
    for i, state in enumerate(_positions(seed, seats)):
        if i % 7:
            continue
        picture = fingerprint(state)
        trial = GAME.copy(state)
        while GAME.outcome(trial) is None:   # the rest of a game on the copy
            seat = GAME.to_act(trial)[0]
            GAME.apply(trial, seat, rng.choice(GAME.legal_actions(trial, seat)))
        _change_everything(GAME.copy(state))
        assert fingerprint(state) == picture
