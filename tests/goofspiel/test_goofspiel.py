"""The test game's own rules, so the core is proven on a game that is itself right."""

import random

import pytest

from tabletop.core.errors import IllegalAction, InvalidAction


def start(game, seed=1):
    return game.new_state(2, seed=seed)


def test_the_higher_bid_takes_the_point_card(goofspiel):
    state = start(goofspiel)
    (prize,) = goofspiel.view(state, None)["table"]
    goofspiel.apply(state, 0, "9")
    (event,) = goofspiel.apply(state, 1, "4")
    assert goofspiel.view(state, None)["scores"] == (prize, 0)
    assert event.render(["Ann", "Bo"]) == f"Ann bids 9, Bo bids 4: Ann takes the {prize}."


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
    state = start(goofspiel)
    for card in range(13, 0, -1):
        goofspiel.apply(state, 0, str(card))
        goofspiel.apply(state, 1, str(14 - card))
    outcome = goofspiel.outcome(state)
    scores = goofspiel.view(state, None)["scores"]
    assert outcome.scores == tuple(scores)
    assert outcome.winners == ((0,) if scores[0] > scores[1] else (1,) if scores[1] > scores[0] else ())
