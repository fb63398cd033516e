"""Property tests of the core primitives and of determinism."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.random_agent import RandomAgent
from tabletop.core.table import Table
from tabletop.engine.match import run_match


@st.composite
def tables(draw):
    seats = draw(st.integers(2, 10))
    gone = draw(st.sets(st.integers(0, seats - 1), max_size=seats - 1))
    return Table(seats).without(*gone)


@given(tables(), st.data())
def test_left_and_right_undo_each_other(table, data):
    seat = data.draw(st.sampled_from(table.in_play))
    spaces = data.draw(st.integers(0, 12))
    assert table.right(table.left(seat, spaces), spaces) == seat
    assert table.left(seat, len(table)) == seat


@given(tables(), st.data())
def test_within_is_symmetric(table, data):
    a = data.draw(st.sampled_from(table.in_play))
    b = data.draw(st.sampled_from(table.in_play))
    k = data.draw(st.integers(1, 4))
    assert (b in table.within(a, k, include_self=True)) == (a in table.within(b, k, include_self=True))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31))
def test_same_seed_same_game(seed):
    from tests.goofspiel.game import Goofspiel

    game = Goofspiel()

    def once():
        agents = [RandomAgent(random.Random(f"{seed}:{s}")) for s in range(2)]
        return run_match(game, agents, seed=seed).record.to_json()

    assert once() == once()
