"""The observations of seeded games, pinned to stored hashes: an encoder made faster must give
the very same numbers (every seat looked at after every move of two masked random games, in
order, so the encoder's memos of shared slots are met as a learner meets them)."""

from __future__ import annotations

import hashlib
import random

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import numpy as np  # noqa: E402

import tabletop.rl as rl  # noqa: E402


def digest(name: str, players: int, egocentric: bool) -> str:
    env = rl.env(name, players=players, egocentric=egocentric)
    rng = random.Random(7)
    seen = hashlib.sha256()
    for seed in (3, 4):
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            for agent in env.possible_agents:
                looked = env.observe(agent)
                seen.update(looked["observation"].tobytes())
                seen.update(looked["action_mask"].tobytes())
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return seen.hexdigest()[:16]


PINNED = {
    ('castlewars', 2, False): 'd4781e01ea612984',
    ('castlewars', 2, True): '08e8eff01a8b4493',
    ('castlewars', 3, False): 'b9f54cda4c13dd65',
    ('castlewars', 3, True): '7fb125ff7c0f814d',
    ('windupwar', 2, False): 'e54813fe7ed1c068',
    ('windupwar', 2, True): '08e786af6c256228',
    ('windupwar', 3, False): '6180685b014d48b7',
    ('windupwar', 3, True): '6ff6db328883d612',
    ('windup_machines', 2, False): '6386434bbc17c3c3',
    ('windup_machines', 2, True): 'b718e5be20d773e7',
    ('wms', 2, False): 'a7ac7be790728a2f',
    ('wms', 2, True): 'ec97708ddec0a41c',
}


@pytest.mark.parametrize(("name", "players", "egocentric"), sorted(PINNED))
def test_seeded_observations_are_the_pinned_numbers(name, players, egocentric, installed):
    assert digest(name, players, egocentric) == PINNED[(name, players, egocentric)]


@pytest.mark.parametrize("egocentric", [False, True])
@pytest.mark.parametrize("name", ["castlewars", "windupwar", "windup_machines", "wms"])
def test_an_observation_does_not_depend_on_what_the_encoder_read_before(name, egocentric, installed):
    """The encoder writes again only what changed since a seat's last observation: positions
    read in a shuffled order give the numbers they gave in the order of play."""
    env = rl.env(name, players=2, egocentric=egocentric)
    table, rng = env.table, random.Random(5)
    states = []
    env.reset(seed=9)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        states.append(table.session.seen_by(0, lambda state, _seat: installed.game(name).copy(state)))
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    encode = table.encoder.encode
    in_order = [[encode(state, seat) for seat in range(2)] for state in states]
    shuffled = [(i, seat) for i in range(len(states)) for seat in range(2)]
    rng.shuffle(shuffled)
    assert len(states) > 20
    for i, seat in shuffled:
        assert np.array_equal(encode(states[i], seat), in_order[i][seat]), (i, seat)
