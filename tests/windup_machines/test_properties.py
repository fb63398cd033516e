"""Random games end, conserve every card, replay exactly, and pass the core's conformance check."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.engine.check import check_game
from tabletop.testing import assert_replays, random_match
from tabletop_games.windup_machines.machine import NEIGHBOURS
from tests.windup_machines.helpers import GAME


def _touching(parts):
    """True if the machine's parts are one orthogonally connected group (it fits the 3x3 frame by
    construction: the frame is nine cells)."""
    cells = {c for c in range(9) if parts[c] is not None}
    if not cells:
        return True
    seen, todo = set(), [min(cells)]
    while todo:
        cell = todo.pop()
        if cell in seen:
            continue
        seen.add(cell)
        todo.extend(nb for nb in NEIGHBOURS[cell] if nb in cells)
    return seen == cells


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=2, max_value=4))
def test_random_games_end_and_conserve_cards(seed, seats):
    rng = random.Random(seed)
    state = GAME.new_state(seats, seed=seed)
    cards = GAME.census(state)
    assert sum(cards.values()) == 51 + 24 + 7 + 17 + 4
    steps = 0
    while GAME.outcome(state) is None:
        assert steps < GAME.step_limit(seats)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal and len(legal) == len(set(legal))
        GAME.apply(state, seat, rng.choice(legal))
        steps += 1
        assert GAME.census(state) == cards
        assert min(state.iron) >= 0 and min(state.gold) >= 0 and min(state.prisms) >= 0
        for s in range(seats):
            kinds = [GAME.cards.parts[p].kind for p in state.parts[s] if p]
            assert kinds.count("generator") <= 2
            assert _touching(state.parts[s])      # every part touches the machine left-right or top-bottom
    outcome = GAME.outcome(state)
    assert outcome.winners and set(outcome.winners) <= set(range(seats))
    assert state.round == 12 and len(state.gear_discard) == 24
    json.dumps(GAME.view(state, None))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=2, max_value=4))
def test_records_replay_the_same_game(seed, seats):
    assert_replays(GAME, random_match(GAME, seats, seed=seed))


@pytest.mark.slow
def test_conformance_check_passes():
    report = check_game(GAME, games=15, seed=11)
    assert report.ok, report.problems
    assert report.games == 15
