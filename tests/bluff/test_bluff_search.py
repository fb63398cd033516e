"""Search's belief in Bluff: it reads only what the seat sees, and it learns from how others play."""

import random
from collections import Counter

import pytest

from tabletop.agents.belief import Belief, bot_model
from tabletop.core.decision import Decision
from tests.bluff.bot import HONEST
from tests.bluff.game import rank


def answering_positions(bluff, seed, answers=3):
    """Seat 1's decisions (true state, legal, action) in an honest game, up to its ``answers``-th
    answer to a claim of seat 0."""
    state = bluff.new_state(2, seed=seed)
    bots = [HONEST.factory(bluff, s, random.Random(s)) for s in range(2)]
    seen, count = [], 0
    while bluff.outcome(state) is None:
        seat = bluff.to_act(state)[0]
        legal = bluff.legal_actions(state, seat)
        action = bots[seat].choose(Decision(bluff, state, seat, legal, rng=random.Random(0)))
        if seat == 1:
            seen.append((bluff.copy(state), legal, action))
            if "doubt" in legal:
                count += 1
                if count == answers:
                    return seen
        bluff.apply(state, seat, action)
    raise AssertionError("the game ended first")


def believed(bluff, positions, truth):
    """The worlds seat 1 believes in at its last decision, its decisions made from ``truth(state)``."""
    rng = random.Random(7)
    belief = Belief(bot_model(HONEST.factory, bluff, rng), rng, particles=200)
    for index, (state, legal, action) in enumerate(positions):
        belief.update(Decision(bluff, truth(index, state), 1, legal, rng=random.Random(index)))
        belief.record(action)
    return belief


def hidden(world):
    return (tuple(sorted(world.hands[0])), tuple(world.claim[0]), tuple(sorted(world.aside)))


def test_resampling_the_truth_leaves_the_believed_worlds_unchanged(bluff):
    positions = answering_positions(bluff, seed=3)
    true = believed(bluff, positions, lambda i, state: state)
    other = believed(bluff, positions, lambda i, state: bluff.determinize(state, 1, random.Random(100 + i)))
    assert true.carried and other.carried
    for (state, _, _), i in zip(positions, range(len(positions)), strict=True):
        assert bluff.view(bluff.determinize(state, 1, random.Random(100 + i)), 1) == bluff.view(state, 1)
    assert Counter(map(hidden, true.worlds)) == Counter(map(hidden, other.worlds))


def test_an_honest_players_claim_is_believed_more_than_a_uniform_deal_would(bluff):
    truthful_believed = truthful_uniform = 0
    for seed in range(6):
        positions = answering_positions(bluff, seed=seed, answers=2)
        belief = believed(bluff, positions, lambda i, state: state)
        state, legal, _ = positions[-1]
        call = bluff.view(state, 1)["call"]
        truthful_believed += sum(rank(w.claim[0][0]) == call for w in belief.worlds) / len(belief.worlds)
        rng = random.Random(seed)
        uniform = [bluff.determinize(state, 1, rng) for _ in range(200)]
        truthful_uniform += sum(rank(w.claim[0][0]) == call for w in uniform) / len(uniform)
    assert truthful_believed > 2 * truthful_uniform


def test_a_believed_world_deals_again_only_the_cards_nobody_has_seen(bluff):
    from tabletop.agents.belief import refresh

    state, _, _ = answering_positions(bluff, seed=3)[-1]
    known = {card for card in state.pile if state.known and state.known.get(card)}
    orders = set()
    for seed in range(12):
        world = bluff.copy(state)
        refresh(world, random.Random(seed))
        assert bluff.census(world) == bluff.census(state)
        assert world.hands == state.hands and world.claim == state.claim
        assert all(world.pile[i] == card for i, card in enumerate(state.pile) if card in known)
        orders.add(tuple(world.aside))
    assert len(orders) > 1


@pytest.mark.slow  # a whole game, a fork per decision
def test_search_with_beliefs_and_workers_plays_a_whole_game_legally(registry, bluff):
    from tabletop.engine.match import run_match

    class Checked:
        def __init__(self, agent):
            self.agent, self.carried = agent, 0

        def choose(self, decision):
            action = self.agent.choose(decision)
            assert action in decision.legal
            self.carried += self.agent.belief.carried
            return action

    searcher = Checked(registry.bot("bluff", "ismcts:iterations=30,workers=2,belief=1").factory(bluff, 1, random.Random(3)))
    result = run_match(bluff, [HONEST.factory(bluff, 0, random.Random(0)), searcher], seed=8)
    assert result.outcome is not None and searcher.carried > 0
