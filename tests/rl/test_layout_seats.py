"""One layout for every seat count of a game (``layout_seats``): the same numbers' shape, action
list and layout version at 2, 3 and 4 seats, absent seats' blocks empty, and one policy seated
at any of those tables."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import tabletop.rl as rl  # noqa: E402
from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.engine.registry import build_registry  # noqa: E402
from tabletop.engine.session import Session  # noqa: E402
from tabletop.engine.table import SeatSpec  # noqa: E402


@pytest.mark.parametrize("name", ["castlewars", "windupwar", "windup_machines"])
def test_every_seat_count_up_to_the_layout_has_the_same_layout(name, installed):
    envs = [rl.env(name, players=n, layout_seats=4) for n in (2, 3, 4)]
    versions = {env.metadata["layout_version"] for env in envs}
    assert len(versions) == 1
    assert len({env.observation_space(env.possible_agents[0])["observation"].shape for env in envs}) == 1
    assert len({env.action_space(env.possible_agents[0]).n for env in envs}) == 1
    assert len({tuple(env.table.words) for env in envs}) == 1
    # Each seat count alone lays out its own numbers: the option is what makes them one.
    assert rl.env(name, players=2).metadata["layout_version"] not in versions


def test_absent_seats_blocks_are_empty_and_present_seats_are_flagged(installed):
    env = rl.env("castlewars", players=2, layout_seats=4)
    env.reset(seed=3)
    for _ in range(10):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    parts = env.table.encoder.parts
    seen = env.observe("seat_1")["observation"]
    assert list(seen[parts["seat"]]) == [0, 1, 0, 0]
    assert list(seen[parts["present"]]) == [1, 1, 0, 0]
    assert seen[parts["units[0]"]].sum() + seen[parts["units[1]"]].sum() > 0
    for absent in (2, 3):
        assert not seen[parts[f"units[{absent}]"]].any() and not seen[parts[f"towers[{absent}]"]].any()


def test_a_policy_laid_out_for_four_seats_plays_at_two_three_and_four(installed):
    size = rl.env("castlewars", players=2, layout_seats=4).table.encoder.size
    sizes = set()

    def policy(observation, mask):
        sizes.add(observation.shape)
        return int(np.flatnonzero(mask)[0])

    bot = rl.policy_bot("castlewars", policy, name="learnt", layout_seats=4)
    game = build_registry().game("castlewars")
    random_bot = build_registry().bot("castlewars", "random")
    for players in (2, 3, 4):
        seats = [SeatSpec("Learnt", "learnt", bot=bot)] + [SeatSpec(f"Seat {s + 1}", "random", bot=random_bot)
                                                           for s in range(1, players)]
        result = Session(game, seats, seed=players).play()
        assert result.outcome is not None
    assert sizes == {(size,)}


def test_a_layout_for_fewer_seats_than_the_table_or_more_than_the_game_allows_is_refused(installed):
    with pytest.raises(TabletopError, match="at least the table's 3 seats"):
        rl.env("castlewars", players=3, layout_seats=2)
    with pytest.raises(TabletopError):
        rl.env("castlewars", players=2, layout_seats=9)


def test_a_pickled_env_keeps_its_layout(installed):
    import pickle

    env = rl.env("castlewars", players=3, layout_seats=4)
    env.reset(seed=1)
    again = pickle.loads(pickle.dumps(env))
    assert again.metadata["layout_version"] == env.metadata["layout_version"]
    assert np.array_equal(again.observe("seat_0")["observation"], env.observe("seat_0")["observation"])
