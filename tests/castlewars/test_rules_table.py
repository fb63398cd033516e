"""The rules are stated once: the fast legal lists are exactly what the refusals allow, every
refusal is the sentence apply raises, and the plugin registers only the game and its bot."""

import random

import pytest

from tabletop.core import IllegalAction
from tabletop.testing import assert_refusals_agree
from tabletop_games.castlewars import draft, plugin
from tabletop_games.castlewars.state import DRAFT
from tests.castlewars.helpers import GAME, orders, staged


def _positions(seats, seed):
    """Every position of one random game (with the captain's kind of variety: random play)."""
    rng = random.Random(seed)
    state = GAME.new_state(seats, seed=seed)
    while GAME.outcome(state) is None:
        yield state
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    yield state


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_fast_legal_actions_are_what_the_refusals_allow(seats):
    compared = 0
    for seed in range(12):
        for state in _positions(seats, seed):
            for seat in range(seats):
                assert GAME.legal_actions(state, seat) == GAME.allowed(state, seat)
                compared += 1
    assert compared > 2000


@pytest.mark.parametrize("seats", [2, 4])
def test_a_seat_is_passed_over_exactly_when_no_take_or_exchange_is_allowed(seats):
    for seed in range(8):
        for state in _positions(seats, seed):
            if state.phase != DRAFT:
                continue
            for seat in state.in_play:
                by_rules = (any(draft.refuse_take(GAME, state, seat, c) is None for c in state.row)
                            or any(draft.refuse_swap(GAME, state, seat, give, get) is None
                                   for give in GAME.cards.units for get in GAME.cards.units))
                assert draft.can_draft(GAME, state, seat) == by_rules


def test_every_refusal_is_the_sentence_apply_raises():
    assert_refusals_agree(GAME, list(_positions(3, 5)), 3)


def test_the_plugin_registers_the_game_and_its_bot_and_nothing_else():
    hooks = sorted(name for name in vars(plugin) if name.startswith("tabletop_"))
    assert hooks == ["tabletop_register_bots", "tabletop_register_games"]
    game = plugin.tabletop_register_games()[0]
    assert game.board is not None and game.search.evaluation is not None and game.search.rollout is not None


def test_a_seat_number_in_other_digits_is_not_notation():
    from tabletop.core import InvalidAction

    state = GAME.new_state(3, seed=1)
    with pytest.raises(InvalidAction, match="is not Castle Wars notation"):
        GAME.apply(state, 0, "attack ²")


def _refused(state, seat, action):
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, action)
    return str(error.value)


def test_a_seat_not_asked_is_told_which_phase_it_is():
    state = GAME.new_state(3, seed=2)
    drafter = GAME.to_act(state)[0]
    other = (drafter + 1) % 3
    assert _refused(state, other, "take K") == f"It is not seat {other + 1}'s turn to draft."
    building = "It is the Build Phase: take a face-up card, swap a kept Unit for one, or pass."
    assert _refused(state, other, "attack 1") == building
    assert _refused(state, drafter, "place K") == building
    state = staged([["K", "A"], ["M"], ["A"]])
    assert _refused(state, 0, "take K") == "The draft is over: give your battle orders."
    orders(state, 0, "defend", ["K", "A"])
    assert _refused(state, 0, "place K") == "Seat 1 has no orders to give now."
    assert _refused(state, 0, "pass") == "The draft is over: give your battle orders."
