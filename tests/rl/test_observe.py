"""The encoder's fast parts give what the plain walk gives: each declared value's compiled filler
the places and weights of ``_Node.fill``, on every position of random games of each game."""

import random

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")

from tabletop.rl.observe import Encoder, Secret  # noqa: E402
from tests.rl.conftest import BUNDLED  # noqa: E402


def seen_values(encoder, state, seat):
    for name, private, node in encoder._values:
        value = getattr(state, name)
        yield name, node, value[seat] if private else value.shown(seat) if type(value) is Secret else value


@pytest.mark.parametrize("name", BUNDLED)
def test_compiled_fillers_give_the_plain_walks_places(name, installed):
    game = installed.game(name)
    options = game.resolve_options(None)
    encoder = Encoder(game, game.min_players, options)
    fills = {value_name: fill for value_name, _private, fill in encoder._fills}
    compared = 0
    for seed in range(2):
        state, rng = game.setup(game.min_players, options, 50 + seed), random.Random(seed)
        for _ in range(120):
            if game.outcome(state) is not None:
                break
            for seat in range(game.min_players):
                for value_name, node, value in seen_values(encoder, state, seat):
                    plain: dict[int, float] = {}
                    node.fill(value, plain)
                    fast: dict[int, float] = {}
                    if value_name in fills:
                        fills[value_name](value, fast)
                    assert fast == plain, (value_name, value)
                    compared += bool(plain)
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert compared > 0


def test_a_part_named_like_a_keyword_is_read_by_getattr_in_a_seats_writer():
    """The generated writer reads each part as ``state.name``, which a keyword cannot be."""
    from tabletop.rl.seat_writer import _read

    assert _read("hands") == "state.hands"
    assert _read("class") == "getattr(state, 'class')"
    assert eval(_read("class"), {"state": type("S", (), {"class": 3})()}) == 3  # noqa: S307
