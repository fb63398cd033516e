"""Class 6: every game's API rejects nonsense the same way: a seat that is not an int in range
and an action that is not short text raise the engine's ActionError and change nothing; messages
quote at most a few dozen characters of an action; card data too small to deal a game is refused
at load, by name."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.errors import ActionError, CardDataError
from tabletop.engine.registry import build_registry
from tests.goofspiel import plugin as goofspiel_plugin

REGISTRY = build_registry(extra=[goofspiel_plugin])
GAMES = sorted(REGISTRY.games)
BAD_SEATS = [None, "0", 1.0, True, False, -1, 99, 2**70, [0], object()]


def _midgame(name: str, seed: int):
    """A state some random actions into a game, and a picture of everything any seat can see."""
    game = REGISTRY.game(name)
    rng = random.Random(seed)
    seats = game.min_players
    state = game.new_state(seats, seed=seed)
    for _ in range(rng.randrange(0, 12)):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    return game, state, seats


def _picture(game, state, seats) -> str:
    views = [game.view(state, s) for s in [None, *range(seats)]]
    return json.dumps([views, list(game.to_act(state))], sort_keys=True, default=str)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", BAD_SEATS, ids=[repr(s)[:12] for s in BAD_SEATS])
def test_a_seat_that_is_not_a_seat_is_an_action_error_and_changes_nothing(name, seat):
    game, state, seats = _midgame(name, seed=11)
    if game.outcome(state) is not None:
        pytest.skip("the game ended")
    legal = list(game.legal_actions(state, game.to_act(state)[0]))
    before = _picture(game, state, seats)
    with pytest.raises(ActionError):
        game.apply(state, seat, legal[0])
    assert _picture(game, state, seats) == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("action", [None, 5, b"1", ["1"]], ids=repr)
def test_an_action_that_is_not_text_is_an_action_error(name, action):
    game, state, seats = _midgame(name, seed=12)
    if game.outcome(state) is not None:
        pytest.skip("the game ended")
    with pytest.raises(ActionError):
        game.apply(state, game.to_act(state)[0], action)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 50), text=st.text(st.characters(blacklist_characters="."), min_size=41, max_size=3000))
def test_a_long_nonsense_action_is_quoted_at_most_a_few_dozen_characters(name, seed, text):
    game, state, seats = _midgame(name, seed)
    if game.outcome(state) is not None or text in game.legal_actions(state, game.to_act(state)[0]):
        return
    before = _picture(game, state, seats)
    with pytest.raises(ActionError) as caught:
        game.apply(state, game.to_act(state)[0], text)
    assert text[:41] not in str(caught.value)
    assert len(str(caught.value)) < 400
    assert _picture(game, state, seats) == before


def test_card_data_too_small_to_deal_a_game_is_refused_at_load_by_name(tmp_path):
    from tabletop_games.windup_machines.cards import CARDS_FILE, load_cards
    from tabletop_games.windup_machines.game import WindupMachines

    text = Path(CARDS_FILE).read_text(encoding="utf-8")
    head, _, workers = text.partition("[[worker]]")
    first, *rest = workers.split("[[worker]]")
    after = re.search(r"\n\[", rest[-1])
    small = tmp_path / "one_worker.toml"
    small.write_text(head + "[[worker]]" + first + (rest[-1][after.start():] if after else ""), encoding="utf-8")
    # Wind Up's loader now counts the workers itself (each player starts with one) ...
    with pytest.raises(CardDataError, match="only 1 worker card"):
        load_cards(small)
    # ... and data that gets past a game's loader yet cannot deal a game is still refused by the
    # registry, which sets up the smallest game before offering it.
    full = load_cards(CARDS_FILE)
    cards = dataclasses.replace(full, worker_copies={next(iter(full.worker_copies)): 1})

    class Plugin:
        from tabletop.core import hookimpl

        @staticmethod
        @hookimpl
        def tabletop_register_games():
            return [WindupMachines(cards)]

    registry = build_registry(load_entry_points=False, extra=[Plugin])
    assert "windup_machines" not in registry.games
    (failure,) = registry.failures
    assert failure.reason.startswith(f"{CardDataError.__name__}: its game 'windup_machines' cannot set up a 2-player game")
