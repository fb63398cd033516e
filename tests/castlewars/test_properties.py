"""Random games end, conserve every card, replay exactly, and pass the core's conformance check."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.testing import assert_conforms, assert_replays, random_match
from tests.castlewars.helpers import GAME


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=2, max_value=4))
def test_random_games_end_and_conserve_cards(seed, seats):
    rng = random.Random(seed)
    state = GAME.new_state(seats, seed=seed)
    cards = GAME.census(state)
    steps = 0
    while GAME.outcome(state) is None:
        assert steps < GAME.step_limit(seats)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal and len(legal) == len(set(legal))
        GAME.apply(state, seat, rng.choice(legal))
        steps += 1
        assert GAME.census(state) == cards
        assert all(len(state.units[s]) + len(state.towers[s]) <= 5 for s in range(seats))
    outcome = GAME.outcome(state)
    assert outcome.winners and set(outcome.winners) <= set(range(seats))
    json.dumps(GAME.view(state, None))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=2, max_value=4))
def test_records_replay_the_same_game(seed, seats):
    assert_replays(GAME, random_match(GAME, seats, seed=seed))


@pytest.mark.slow
def test_conformance_check_passes_for_the_installed_game_and_its_bot(tabletop_game):
    report = assert_conforms(tabletop_game("castlewars"), games=18, seed=11)  # as `tabletop check castlewars`
    assert report.games == 18
