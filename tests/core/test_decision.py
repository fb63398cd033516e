"""Agents see only their seat's information: a Decision never holds the true state."""

import gc
import random

import pytest

from tabletop.core.decision import Decision
from tabletop.core.errors import TabletopError
from tabletop.core.random_agent import RandomAgent
from tabletop.engine.match import run_match
from tests.core.hidden_hand import HiddenHand


def reachable(root, depth=4):
    seen, frontier = {id(root)}, [root]
    for _ in range(depth):
        nxt = []
        for obj in frontier:
            for ref in gc.get_referents(obj):
                if id(ref) not in seen:
                    seen.add(id(ref))
                    nxt.append(ref)
        frontier = nxt
    return seen


def test_a_decision_shows_the_seat_s_view_but_holds_no_reference_to_the_state():
    game = HiddenHand()
    state = game.new_state(2, seed=4)
    decision = Decision(game, state, 0, game.legal_actions(state, 0))
    assert decision.view == game.view(state, 0)
    assert decision.describe(decision.legal[0]) == game.describe_action(state, 0, decision.legal[0])
    assert id(state) not in reachable(decision) and id(state.hands) not in reachable(decision)
    sample = decision.sample_state(random.Random(1))
    assert sample.hands[0] == state.hands[0] and game.view(sample, 0) == decision.view


def test_an_agent_that_reads_only_the_legal_actions_gets_nothing_else():
    seen = []

    class Peeker(RandomAgent):
        def choose(self, decision):
            seen.append(decision)
            return super().choose(decision)

    run_match(HiddenHand(), [Peeker(random.Random(0)), Peeker(random.Random(1))], seed=2)
    with pytest.raises(TabletopError, match="not declare reads = legal"):
        _ = seen[0].view


def test_a_blind_decision_is_the_seat_s_own_and_holds_its_legal_actions_of_the_moment():
    game = HiddenHand()
    seen = []

    class Peeker(RandomAgent):
        def choose(self, decision):
            seen.append((id(decision), decision.seat, list(decision.legal)))
            return super().choose(decision)

    result = run_match(game, [Peeker(random.Random(0)), Peeker(random.Random(1))], seed=2)
    state = game.new_state(2, seed=2)
    for (_, seat, legal), (acted, action) in zip(seen, result.record.actions, strict=True):
        assert seat == acted and legal == list(game.legal_actions(state, seat))
        game.apply(state, seat, action)
    ids = {seat: {i for i, s, _ in seen if s == seat} for seat in (0, 1)}
    assert len(ids[0]) == len(ids[1]) == 1 and ids[0] != ids[1]  # one per seat, never shared


def test_an_agent_that_reads_the_view_gets_it_but_no_copy_of_the_state():
    game = HiddenHand()
    state = game.new_state(2, seed=4)
    decision = Decision.seen(game, state, 0, game.legal_actions(state, 0))
    assert decision.view == game.view(state, 0)
    assert id(state.hands) not in reachable(decision)
    with pytest.raises(TabletopError, match="only the view and legal actions"):
        decision.sample_state(random.Random(0))
