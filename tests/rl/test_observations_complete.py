"""An observation holds everything its seat sees: in every bundled game and the scaffolded one,
positions whose views differ for a seat never share its (observation, mask); and, as ever,
resampling what a seat cannot see moves neither a number nor the mask."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import numpy as np  # noqa: E402

import tabletop.rl as rl  # noqa: E402
from tabletop.engine.leaks import resamplers  # noqa: E402
from tests.rl.conftest import BUNDLED  # noqa: E402


def aliased(env, games, seed):
    """Looks at every seat after every move of ``games`` masked random games: how many found
    an (observation, mask) already met with another view of that seat."""
    met: dict[tuple, str] = {}
    clashes = looks = 0
    rng = random.Random(seed)
    for game in range(games):
        env.reset(seed=seed + game)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            for seat, name in enumerate(env.possible_agents):
                seen = env.observe(name)
                key = (seat, seen["observation"].tobytes(), seen["action_mask"].tobytes())
                view = env.table.view_text(seat)
                looks += 1
                clashes += met.setdefault(key, view) != view
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return clashes, looks


@pytest.mark.parametrize(("name", "players", "games"), [(name, 2, 6) for name in BUNDLED]
                         + [("castlewars", 3, 3), ("windupwar", 3, 3)])
def test_different_views_never_share_an_observation_and_mask(name, players, games, installed):
    clashes, looks = aliased(rl.env(name, players=players), games, seed=100)
    assert looks > 100 and clashes == 0


@pytest.mark.parametrize(("name", "players"), [("castlewars", 2), ("castlewars", 3), ("windupwar", 2),
                                               ("windup_machines", 3)])
def test_a_layout_for_four_seats_holds_the_view_at_fewer(name, players, installed):
    clashes, looks = aliased(rl.env(name, players=players, layout_seats=4), 3, seed=300)
    assert looks > 100 and clashes == 0


def test_the_scaffolded_games_views_never_share_one_either(scaffolded_game):
    clashes, looks = aliased(rl.env(scaffolded_game, players=2), 6, seed=100)
    assert looks > 20 and clashes == 0


@pytest.mark.parametrize(("name", "layout_seats"), [(name, None) for name in BUNDLED]
                         + [("castlewars", 4), ("windupwar", 4), ("windup_machines", 4)])
def test_resampling_what_a_seat_cannot_see_moves_no_number_and_no_mask(name, layout_seats, installed):
    """The mask too: a resampled position's legal actions for the seat, read through a session
    made for it, are the same (laid out for two seats, and for four at a table of two)."""
    game = installed.game(name)
    env = rl.env(name, players=2, layout_seats=layout_seats)
    rng = random.Random(5)
    checked = 0
    env.reset(seed=7)
    for step, agent in enumerate(env.agent_iter()):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if step % 3 == 0:
            seat = env.possible_agents.index(agent)
            state = env.table.session.seen_by(seat, lambda state, _seat: game.copy(state))
            legal = sorted(game.legal_actions(state, seat)) if seat in game.to_act(state) else []
            for sample in resamplers(game, state, seat, rng):
                assert np.array_equal(env.table.encoder.encode(sample.state, seat), observation["observation"])
                other = sorted(game.legal_actions(sample.state, seat)) if seat in game.to_act(sample.state) else []
                assert other == legal
                checked += 1
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert checked >= 4


def test_a_declared_domain_gives_every_faction_a_place(installed):
    """Windup War declares its factions: each has a one-hot place in every seat's faction slot,
    whether or not the random games that lay out the numbers dealt it there."""
    game = installed.game("windupwar")
    env = rl.env("windupwar", players=2)
    node = next(node for name, _private, node in env.table.encoder._values if name == "factions")
    for seat_node in node.items:
        assert set(game.data.faction_by_id) <= set(seat_node.texts)


@pytest.mark.parametrize(("name", "players"), [("castlewars", 3), ("windupwar", 3), ("wms", 2)])
def test_egocentric_observations_hold_the_view_too(name, players, installed):
    clashes, looks = aliased(rl.env(name, players=players, egocentric=True), 3, seed=200)
    assert looks > 100 and clashes == 0


def test_egocentric_puts_the_seats_own_blocks_first(installed):
    plain = rl.env("castlewars", players=3)
    turned = rl.env("castlewars", players=3, egocentric=True)
    for env in (plain, turned):
        env.reset(seed=4)
        for _ in range(12):
            env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    parts = plain.table.encoder.parts
    mine, absolute = turned.observe("seat_1")["observation"], plain.observe("seat_1")["observation"]
    for relative in range(3):
        block = parts[f"units[{relative}]"]
        of = parts[f"units[{(1 + relative) % 3}]"]
        assert np.array_equal(mine[block], absolute[of])
    hp = parts["hp"]  # the list's length, then each seat's hit points
    assert mine[hp][0] == absolute[hp][0] == 3
    assert list(mine[hp][1:]) == list(np.roll(absolute[hp][1:], -1))
    assert turned.metadata["layout_version"] != plain.metadata["layout_version"]
