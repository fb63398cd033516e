"""Property tests of the core primitives and of determinism."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.random_agent import RandomAgent
from tabletop.core.seat_ring import SeatRing
from tabletop.engine.match import run_match


@st.composite
def rings(draw):
    seats = draw(st.integers(2, 10))
    gone = draw(st.sets(st.integers(0, seats - 1), max_size=seats - 1))
    return SeatRing(seats).without(*gone)


@given(rings(), st.data())
def test_left_and_right_undo_each_other(ring, data):
    seat = data.draw(st.sampled_from(ring.in_play))
    spaces = data.draw(st.integers(0, 12))
    assert ring.right(ring.left(seat, spaces), spaces) == seat
    assert ring.left(seat, len(ring)) == seat


@given(rings(), st.data())
def test_within_is_symmetric(ring, data):
    a = data.draw(st.sampled_from(ring.in_play))
    b = data.draw(st.sampled_from(ring.in_play))
    k = data.draw(st.integers(1, 4))
    assert (b in ring.within(a, k, include_self=True)) == (a in ring.within(b, k, include_self=True))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31))
def test_same_seed_same_game(seed):
    from tests.goofspiel.game import Goofspiel

    game = Goofspiel()

    def once():
        agents = [RandomAgent(random.Random(f"{seed}:{s}")) for s in range(2)]
        return run_match(game, agents, seed=seed).record.to_json()

    assert once() == once()
