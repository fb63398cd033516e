"""What is legal is stated once, by the rules' refusals: the game's hand-unrolled legal list
(kept for speed) must be exactly what the rules allow (``Game.allowed``), in the same order, and
every text the notation can spell is refused exactly when it is not in that list."""

import random

import pytest

from tabletop.core import IllegalAction, InvalidAction
from tabletop_games.windup_machines.machine import CELL_NAMES, SPOTS
from tests.windup_machines.helpers import CARDS, GAME

SEATS = [f"p{t}" for t in range(1, 5)]


def _busy(legal, rng):
    """Mostly anything but ending the turn, so that games reach rich positions (workers used,
    parts bought, sabotage), not only quick turns."""
    busy = [a for a in legal if a != "done"]
    return rng.choice(busy if busy and rng.random() < 0.85 else legal)


def _spellable():
    """Every text the notation can spell with this card data (any phase, any seat)."""
    texts = ["draw", "pass", "restart", "done", "use tuner"]
    texts += [f"{verb} {c}" for verb in ("wind", "overwind", "produce") for c in CELL_NAMES]
    texts += [f"start {a} {b}" for a in CELL_NAMES for b in CELL_NAMES]
    texts += [f"buy {k}" for k in ("generator", "smelter", "processor", "crafter", "decoration")]
    texts += [f"install {spot}" for spot in SPOTS]
    texts += [f"top {g}" for g in CARDS.gears] + [f"assign {g} {p}" for g in CARDS.gears for p in SEATS]
    texts += [f"unwind {p} {c}" for p in SEATS for c in CELL_NAMES]
    for wid in CARDS.workers:
        texts += [f"use {wid}", f"hire {wid}", *(f"use {wid} {p}" for p in SEATS)]
        texts += [f"use {wid} {p} {c}" for p in SEATS for c in CELL_NAMES]
    return texts


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_fast_legal_list_is_what_the_rules_allow(seats):
    rng = random.Random(seats)
    for seed in range(40):
        state = GAME.new_state(seats, seed=seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            assert legal == GAME.allowed(state, seat)
            GAME.apply(state, seat, _busy(legal, rng) if seed % 2 else rng.choice(legal))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_spellable_text_is_refused_exactly_when_it_is_not_legal(seats):
    rng = random.Random(seats)
    texts = _spellable()
    for seed in range(3):
        state = GAME.new_state(seats, seed=seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            accepted = [t for t in texts if GAME.refusal(state, seat, t) is None]
            assert set(accepted) == set(legal)
            GAME.apply(state, seat, _busy(legal, rng) if seed else rng.choice(legal))


def test_text_outside_the_table_is_refused_with_the_reason():
    state = GAME.new_state(2, seed=0)
    with pytest.raises(IllegalAction, match="starting generator and smelter"):
        GAME.apply(state, 0, "start r1c1 r3c3")
    with pytest.raises(IllegalAction, match="starting generator and smelter"):
        GAME.apply(state, 0, "  START   r9c9 r2c2 ")


@pytest.mark.parametrize("action", ["", "fly away"])
def test_what_is_not_notation_is_refused_as_such(action):
    state = GAME.new_state(2, seed=0)
    with pytest.raises(InvalidAction, match="is not Wind Up notation"):
        GAME.apply(state, 0, action)


@pytest.mark.parametrize("action", [None, ["wind", "r1c1"], 3])
def test_what_is_not_text_is_refused_before_the_rules_run(action):
    state = GAME.new_state(2, seed=0)
    with pytest.raises(InvalidAction, match="An action is text"):
        GAME.apply(state, 0, action)
