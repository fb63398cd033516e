"""Properties of whole random games: they end, conserve cards, replay, and pass the core's check."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.random_agent import RandomAgent
from tabletop.engine.check import check_game
from tabletop.engine.match import run_match
from tabletop.testing import assert_replays, play_randomly, random_match
from tabletop_games.windupwar.game import WindupWar

GAME = WindupWar()
EDITIONS = st.sampled_from(["2017", "2016"])


def play_random(seats, edition, seed, *, factions="deal", each_step=None):
    state = GAME.new_state(seats, options={"edition": edition, "factions": factions}, seed=seed)
    play_randomly(GAME, state, random.Random(seed), seats=seats, each_step=each_step)
    return state


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 8), edition=EDITIONS, seed=st.integers(0, 2**32 - 1),
       factions=st.sampled_from(["deal", "pick"]))
def test_random_games_end(seats, edition, seed, factions):
    state = play_random(seats, edition, seed, factions=factions)
    outcome = GAME.outcome(state)
    assert all(0 <= w < seats for w in outcome.winners) and len(outcome.winners) <= 1


@settings(max_examples=40, deadline=None)
@given(seats=st.integers(2, 6), edition=EDITIONS, seed=st.integers(0, 2**32 - 1))
def test_cards_are_conserved(seats, edition, seed):
    def conserved(state):
        for s in range(seats):
            piles = (state.hands[s], [c for c in state.rows[s] if c is not None], state.program[s], state.hands_seen[s],
                     state.discard[s],
                     state.centre[s], state.broken[s])
            cards = sorted(c for pile in piles for c in pile)
            assert cards == sorted(GAME.deck)  # 22 cards, each exactly once
    play_random(seats, edition, seed, each_step=conserved)


@settings(max_examples=30, deadline=None)
@given(seats=st.integers(2, 5), edition=EDITIONS, seed=st.integers(0, 2**32 - 1))
def test_records_replay_to_the_same_game(seats, edition, seed):
    assert_replays(GAME, random_match(GAME, seats, seed=seed, options={"edition": edition}))


@pytest.mark.slow
@pytest.mark.parametrize("edition", ["2017", "2016"])
def test_conformance_check_passes(edition):
    report = check_game(GAME, games=36, seed=7, seats=[2, 3, 4], options={"edition": edition})
    assert report.ok, report.problems


@settings(max_examples=10, deadline=None)
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32 - 1))
def test_same_seed_and_agents_give_the_same_record(seats, seed):
    def record():
        agents = [RandomAgent(random.Random(seed + i)) for i in range(seats)]
        return run_match(GAME, agents, seed=seed, options={"factions": "pick"}).record.to_json()
    assert record() == record()
