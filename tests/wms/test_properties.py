"""Random games end, conserve every card, replay exactly, and pass the core's conformance check."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import ActionError
from tabletop.testing import assert_conforms, assert_replays, random_match
from tests.wms.helpers import GAME


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), swap=st.booleans())
def test_random_games_end_and_conserve_cards(seed, swap):
    rng = random.Random(seed)
    state = GAME.new_state(2, options={"swap": swap}, seed=seed)
    cards = GAME.census(state)
    assert sum(cards.values()) == 60 + 60 + 4
    steps = 0
    while GAME.outcome(state) is None:
        assert steps < GAME.step_limit(2)
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        assert legal and len(legal) == len(set(legal)) and len(legal) <= 30
        GAME.apply(state, seat, rng.choice(legal))
        steps += 1
        assert GAME.census(state) == cards
        assert all(0 <= w <= 4 for w in state.wounds)
    outcome = GAME.outcome(state)
    assert len(outcome.winners) == 1
    loser = 1 - outcome.winners[0]
    assert state.wounds[loser] == 0 or "depleted" in outcome.reason
    json.dumps(GAME.view(state, None))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_records_replay_the_same_game(seed):
    assert_replays(GAME, random_match(GAME, 2, seed=seed))


def test_conformance_check_passes_for_the_installed_game_and_its_bot(tabletop_game):
    report = assert_conforms(tabletop_game("wms"), games=16, seed=11)  # as `tabletop check wms`
    assert report.games == 16


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), swap=st.booleans())
def test_apply_accepts_exactly_the_legal_actions(seed, swap):
    """apply judges an action without building the legal list: it must agree with that list."""
    rng = random.Random(seed)
    state = GAME.new_state(2, options={"swap": swap}, seed=seed)
    seen: list[str] = []
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        seen.extend(a for a in legal if a not in seen)
        for action in set(rng.sample(seen, min(12, len(seen)))) | set(legal):
            try:
                GAME.apply(GAME.copy(state), seat, action)
                accepted = True
            except ActionError:
                accepted = False
            assert accepted == (action in legal), action
        GAME.apply(state, seat, rng.choice(legal))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), swap=st.booleans())
def test_yield_is_legal_exactly_when_no_play_would_be_accepted(seed, swap):
    """The quick answer (a unit accepted alone) agrees with the full search in every position."""
    rng = random.Random(seed)
    state = GAME.new_state(2, options={"swap": swap}, seed=seed)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if state.phase == "fight":
            assert ("yield" in legal) == (GAME.must_play.acceptable_play(state, seat) is None)
        GAME.apply(state, seat, rng.choice(legal))


def test_setup_shuffles_as_the_standard_generator_does():
    """Records depend on the deal: the plugin's shuffle gives random.shuffle's order."""
    from tabletop_games.wms.set_up import shuffle

    for seed in range(20):
        cards = [f"c{i}" for i in range(seed % 7 * 9)]
        expected = cards[:]
        random.Random(seed).shuffle(expected)
        shuffle(cards, random.Random(seed))
        assert cards == expected
