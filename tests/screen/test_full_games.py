"""A whole game of each bundled game through the full screen at 80x24: a person typing and
selecting, bots acting, until the game-over line; the record it saves replays exactly."""

from __future__ import annotations

import asyncio

import pytest

from tabletop.core.record import GameRecord
from tests.screen.helpers import SIZE, app_for, play_out, session

TABLES = [
    ("windupwar", ["human", "tactician", "tactician", "random"], 3),
    ("castlewars", ["human", "captain", "random"], 2),
    ("wms", ["human", "veteran"], 1),
    ("windup_machines", ["human", "random", "random"], 4),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "kinds", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_a_person_plays_a_whole_game_at_80x24(registry, tmp_path, game, kinds, seed):
    table = session(registry, game, kinds, seed=seed)
    path = tmp_path / "game.json"
    app = app_for(registry, table, save=path)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            turns = await play_out(app, pilot, seed=seed)
            assert turns > 0
            assert "Press Enter to leave" in str(app.screen.query_one("#detail").render())
            await pilot.press("enter")

    asyncio.run(play())
    assert app.return_value == table.outcome()
    saved = GameRecord.load(path)
    assert saved.outcome is not None
    saved.verify(registry.game(game))
