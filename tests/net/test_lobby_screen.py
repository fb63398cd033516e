"""The room on the full screen (what a browser tab of `serve --web` shows): a name, no password,
a table set up by a typed command, then the seat's table on the same screen."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from textual.widgets import Input, Static  # noqa: E402

from tabletop.core.board import board_for  # noqa: E402
from tabletop.screen.game_screen import GameScreen  # noqa: E402
from tabletop.screen.lobby_app import LobbyApp  # noqa: E402
from tests.net.helpers import registry  # noqa: E402
from tests.net.test_client_screen import until  # noqa: E402
from tests.net.test_lobby import RoomThread  # noqa: E402


def test_a_table_set_up_on_the_rooms_screen_opens_its_seat(tmp_path):
    room = RoomThread(tmp_path / "data")
    app = LobbyApp(room.url, registry().game, lambda game: board_for(registry().pm, game))

    async def scenario():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press(*"Iris", "enter", "enter")  # a name, and no password
            command = app.screen.query_one("#command", Input)
            await until(pilot, lambda: not command.disabled, "the room lets Iris in")
            assert "No tables yet" in str(app.screen.query_one("#room", Static).render())
            await pilot.press(*"sit NOSUCHCO", "enter")
            message = app.screen.query_one("#message", Static)
            await until(pilot, lambda: "No open table has that code" in str(message.render()), "a wrong code is said")
            await pilot.press(*"new castlewars human,random", "enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen), "the seat's table opens", rounds=1500)
            assert app.table is not None and app.table.names == ["Iris", "random 2"]

    try:
        asyncio.run(scenario())
    finally:
        if app.table is not None:
            app.table.close()
        room.stop()
    assert room.lines[:2] == ["Table 1 created by Iris: castlewars, seats human,random.",
                              "Table 1 started: castlewars as game 1 (Iris, random 2)."]
