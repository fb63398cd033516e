"""The test game's own rules, so the core is proven on a game that is itself right."""

import random

import pytest

from tabletop.core.errors import IllegalAction, InvalidAction
from tabletop.testing import Scenario


def start(game, seed=1):
    return game.new_state(2, seed=seed)


def test_the_higher_bid_takes_the_point_card(goofspiel):
    state = Scenario(goofspiel, seed=1).top("table", [5]).state
    goofspiel.apply(state, 0, "9")
    (event,) = goofspiel.apply(state, 1, "4")
    assert goofspiel.view(state, None)["scores"] == (5, 0)
    assert event.render(["Ann", "Bo"]) == "Ann bids 9, Bo bids 4: Ann takes the 5."


def test_equal_bids_discard_the_point_card(goofspiel):
    state = start(goofspiel)
    goofspiel.apply(state, 0, "7")
    goofspiel.apply(state, 1, "7")
    view = goofspiel.view(state, None)
    assert view["scores"] == (0, 0) and view["table"][1:3] == ["7", "7"]


def test_a_spent_card_and_a_non_card_are_refused_and_change_nothing(goofspiel):
    state = start(goofspiel)
    goofspiel.apply(state, 0, "7")
    goofspiel.apply(state, 1, "2")
    before = goofspiel.view(state, 0)
    with pytest.raises(IllegalAction, match="already bid your 7"):
        goofspiel.apply(state, 0, "7")
    with pytest.raises(InvalidAction, match="'ace' is not a card"):
        goofspiel.apply(state, 0, "ace")
    assert goofspiel.view(state, 0) == before


def test_a_pending_bid_is_secret_until_both_have_bid(goofspiel):
    state = start(goofspiel)
    goofspiel.apply(state, 1, "13")
    view = goofspiel.view(state, 0)
    assert view["bids"] == [[], [None]] and len(view["table"]) == 1
    assert goofspiel.view(state, 1)["bids"] == [[], ["13"]]
    rng = random.Random(0)
    for _ in range(20):
        assert goofspiel.view(goofspiel.determinize(state, 0, rng), 0) == view


def test_the_higher_total_wins_after_thirteen_bids(goofspiel):
    # Point cards stacked 13, 12, ... 1: seat 0 bids 13 down to 1, seat 1 bids 1 up to 13.
    state = Scenario(goofspiel, seed=1).top("table", [13]).top("prizes", list(range(12, 0, -1))).state
    for card in range(13, 0, -1):
        goofspiel.apply(state, 0, str(card))
        goofspiel.apply(state, 1, str(14 - card))
    outcome = goofspiel.outcome(state)
    assert outcome.scores == (13 + 12 + 11 + 10 + 9 + 8, 6 + 5 + 4 + 3 + 2 + 1)  # the 7 is bid 7 to 7
    assert outcome.winners == (0,)


def test_the_hand_written_legal_list_is_the_bids_no_rule_refuses(goofspiel):
    rng = random.Random(4)
    for seed in range(40):
        state = start(goofspiel, seed)
        while goofspiel.outcome(state) is None:
            for seat in (0, 1):
                assert goofspiel.legal_actions(state, seat) == goofspiel.allowed(state, seat)
                sample = goofspiel.determinize(state, 1 - seat, rng)  # hands in another order
                assert sorted(goofspiel.legal_actions(sample, seat)) == sorted(goofspiel.allowed(sample, seat))
            seat = goofspiel.to_act(state)[0]
            goofspiel.apply(state, seat, rng.choice(goofspiel.legal_actions(state, seat)))
        assert goofspiel.legal_actions(state, 0) == goofspiel.allowed(state, 0) == []


def test_a_seat_that_has_bid_waits_and_a_finished_game_takes_no_bid(goofspiel):
    state = start(goofspiel)
    goofspiel.apply(state, 0, "7")
    assert goofspiel.refusal(state, 0, "8") == "Seat 1 is not to bid now."
    while goofspiel.outcome(state) is None:
        seat = goofspiel.to_act(state)[0]
        goofspiel.apply(state, seat, goofspiel.legal_actions(state, seat)[0])
    with pytest.raises(IllegalAction, match="^The game is over.$"):
        goofspiel.apply(state, 1, "13")
