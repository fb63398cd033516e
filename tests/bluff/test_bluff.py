"""Bluff's own rules and honest bot, and search calling bluffs in a game it was never tuned for."""

import random

import pytest

from tabletop.core.decision import Decision
from tabletop.core.errors import IllegalAction
from tabletop.engine.check import check_game
from tests.bluff.bot import HONEST
from tests.bluff.game import CARDS, BluffState


def dealt(first, second, seed=1):
    """A state whose seats hold these six cards each (the rest set aside)."""
    rest = [c for c in CARDS if c not in first and c not in second]
    return BluffState([*first, *second, *rest], seed)


def test_a_doubted_false_claim_sends_the_pile_to_its_player(bluff):
    state = dealt(["1a", "2a", "3a", "4a", "5a", "5b"], ["1b", "2b", "3b", "4b", "4c", "5c"])
    bluff.apply(state, 0, "play 1")
    bluff.apply(state, 1, "accept")
    bluff.apply(state, 1, "play 4")  # the call is 2: a bluff
    (event,) = bluff.apply(state, 0, "doubt")
    assert event.data == {"seat": 0, "card": "4b", "truthful": False, "loser": 1}
    assert sorted(state.hands[1]) == sorted(["1a", "1b", "2b", "3b", "4b", "4c", "5c"])
    assert bluff.view(state, 0)["turn"] == 0 and bluff.view(state, 0)["call"] == 3


def test_a_doubted_true_claim_sends_the_pile_to_the_doubter(bluff):
    state = dealt(["1a", "2a", "3a", "4a", "5a", "5b"], ["1b", "2b", "3b", "4b", "4c", "5c"])
    bluff.apply(state, 0, "play 1")
    bluff.apply(state, 1, "doubt")
    assert "1a" in state.hands[1] and len(state.hands[0]) == 5
    assert bluff.view(state, 1)["hands"][0].count(None) == 5  # seat 0's hand stays hidden


def test_an_empty_hand_wins_when_its_last_claim_stands(bluff):
    state = dealt(["1a", "2a", "3a", "4a", "5a", "5b"], ["1b", "2b", "3b", "4b", "4c", "5c"])
    state.hands[0] = ["1a"]  # the last card
    bluff.apply(state, 0, "play 1")
    bluff.apply(state, 1, "accept")
    assert bluff.outcome(state).winners == (0,)


def test_only_a_held_rank_may_be_laid_and_a_claim_must_be_answered_first(bluff):
    state = dealt(["1a", "2a", "3a", "5a", "5b", "1b"], ["2b", "3b", "4a", "4b", "4c", "5c"])
    with pytest.raises(IllegalAction, match="no card of rank 4"):
        bluff.apply(state, 0, "play 4")
    bluff.apply(state, 0, "play 2")
    with pytest.raises(IllegalAction, match="Seat 1 is not to play now"):
        bluff.apply(state, 0, "play 1")


def test_the_game_and_its_honest_bot_pass_the_check(bluff):
    report = check_game(bluff, games=12, bots=[HONEST])
    assert report.ok, report.problems


def test_the_honest_bot_tells_the_truth_when_it_can_and_doubts_the_impossible(bluff):
    state = dealt(["1a", "2a", "3a", "4a", "5a", "5b"], ["2b", "2c", "3b", "4b", "4c", "5c"])
    legal = bluff.legal_actions(state, 0)
    assert HONEST.factory(bluff, 0, random.Random(0)).choose(Decision(bluff, state, 0, legal)) == "play 1"
    bluff.apply(state, 0, "play 1")
    bluff.apply(state, 1, "accept")  # now seat 1 lays, the call is 2
    bluff.apply(state, 1, "play 2")
    bluff.apply(state, 0, "accept")
    bluff.apply(state, 0, "play 5")  # the call is 3: seat 0 holds a 3, yet lays a 5
    bot = HONEST.factory(bluff, 1, random.Random(0))
    assert bot.choose(Decision(bluff, state, 1, bluff.legal_actions(state, 1))) == "accept"  # it holds one 3


@pytest.mark.parametrize("seed", range(4))
def test_search_always_doubts_a_claim_its_own_cards_make_impossible(registry, bluff, seed):
    # Seat 1 holds every 1: seat 0's claim of a 1 is a bluff, whatever seat 0 holds.
    state = dealt(["2a", "2b", "3a", "4a", "5a", "5b"], ["1a", "1b", "1c", "3b", "4b", "5c"], seed=seed)
    bluff.apply(state, 0, "play 3")
    agent = registry.bot("bluff", "ismcts:iterations=200").factory(bluff, 1, random.Random(seed))
    assert agent.choose(Decision(bluff, state, 1, bluff.legal_actions(state, 1), rng=random.Random(seed))) == "doubt"
