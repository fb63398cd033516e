"""The same secret choices, arriving in any order, reach the same game: a property of every
bundled game, the test games and the game `tabletop new` writes, played through the Session.

Every seat is a person choosing with its own generator, so it makes the same choices whenever
it is asked; the order in which the seats asked at once answer is drawn by Hypothesis.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.arrival import play_in_order
from tabletop.engine.registry import build_registry
from tests.goofspiel import plugin as goofspiel_plugin
from tests.sealed import plugin as sealed_plugin

#: (game, seats, options): each bundled game at its seat counts, both Windup War editions and
#: its picked factions, and the test games (Sealed Draw's bids are sealed by the engine).
TABLES = [
    ("windupwar", 2, {}), ("windupwar", 4, {}), ("windupwar", 3, {"edition": "2016", "factions": "pick"}),
    ("castlewars", 2, {}), ("castlewars", 4, {}),
    ("wms", 2, {}),
    ("windup_machines", 2, {}), ("windup_machines", 4, {}),
    ("goofspiel", 2, {}), ("sealed-draw", 3, {}),
]

REGISTRY = build_registry(extra=[goofspiel_plugin, sealed_plugin])


def same_game_in_any_order(game, seats, options, seed, order_seed):
    first, picture, _ = play_in_order(game, seats, options, seed, None)
    other, other_picture, arrived = play_in_order(game, seats, options, seed, random.Random(order_seed))
    assert other.outcome() == first.outcome()
    assert other_picture == picture, f"arrived as {arrived[:20]}..."
    assert sorted(other.record.actions) == sorted(first.record.actions)  # the same choices, in another order
    return first, other


@pytest.mark.parametrize(("name", "seats", "options"), TABLES, ids=[f"{t[0]}-{t[1]}" for t in TABLES])
@settings(max_examples=6, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), order_seed=st.integers(0, 10**6))
def test_any_arrival_order_of_the_same_choices_reaches_the_same_game(name, seats, options, seed, order_seed):
    same_game_in_any_order(REGISTRY.game(name), seats, options, seed, order_seed)


def test_the_orders_tried_really_differ_where_seats_decide_at_once():
    """Not a vacuous property: in Windup War and Sealed Draw the records' orders do differ."""
    for name, seats in (("windupwar", 4), ("sealed-draw", 3)):
        first, other = same_game_in_any_order(REGISTRY.game(name), seats, {}, 5, 9)
        if name == "windupwar":
            assert other.record.actions != first.record.actions
        else:  # sealed: the engine applies each round's bids in seat order, whoever bid first
            assert other.record.actions == first.record.actions


def test_the_games_order_matters_where_it_does_not_seal_what_does_not_commute():
    """Sealed Draw's bids each draw a bonus card as they are applied: unsealed, the order of
    arrival changes the game, which is what the property (and `tabletop check`) catches."""
    game = REGISTRY.game("unsealed-draw")
    with pytest.raises(AssertionError):
        for order_seed in range(5):
            same_game_in_any_order(game, 3, {}, 1, order_seed)


def test_the_game_tabletop_new_writes_reaches_the_same_game_in_any_order(scaffold):
    game = build_registry(load_entry_points=False, extra=[scaffold("anyorder")]).game("anyorder")
    for seats in (2, 3, 4):
        for seed in range(4):
            same_game_in_any_order(game, seats, {}, seed, seed + 100)
