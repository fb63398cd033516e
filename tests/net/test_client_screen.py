"""The full screen driving a RemoteTable: the same GameScreen as a local game, over the wire."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.board import board_for  # noqa: E402
from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.core.random_agent import RandomAgent  # noqa: E402
from tabletop.net.client_bot import play_bot  # noqa: E402
from tabletop.screen.app import TableApp  # noqa: E402
from tabletop.screen.dialogs import Confirm  # noqa: E402
from tabletop.screen.game_screen import GameScreen  # noqa: E402
from tabletop.screen.join_app import LEAVE  # noqa: E402
from tests.net.client_server import ServerThread  # noqa: E402
from tests.net.helpers import people, registry  # noqa: E402


async def until(pilot, condition, what: str, rounds: int = 400) -> None:
    """Let the app run until ``condition()`` holds (bounded in rounds, not in seconds)."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"never: {what}")


def test_the_full_screen_plays_a_seat_over_the_wire(tmp_path):
    server = ServerThread(tmp_path / "data", "castlewars", people(2), seed=4)
    me, other = server.join(0), server.join(1)
    def play_other():
        with contextlib.suppress(TabletopError):  # "You left the table." once the test closes it
            play_bot(other, RandomAgent(random.Random(2)))

    bot = threading.Thread(target=play_other, daemon=True)
    bot.start()
    game = me.game
    app = TableApp(me, board_for(registry().pm, game), quit_question=LEAVE)
    actions = lambda: server.run(lambda: [a for s, a in server.session.record.actions if s == 0])  # noqa: E731

    async def scenario():
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for turn in range(3):
                await until(pilot, lambda: screen.deciding == 0, "the screen asks the seat")
                legal = list(screen.legal)
                assert legal == list(me.decision(0).legal)
                assert "P1 to decide" in str(screen.query_one("#status").render())
                pick = legal[turn % len(legal)]
                await pilot.press(*str(legal.index(pick) + 1), "enter")
                await until(pilot, lambda n=turn + 1: len(actions()) >= n, "the move reaches the server")
                assert actions()[turn] == pick
            assert any("P1 takes" in line for line in screen.log_lines)  # the server's narration
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, Confirm), "the leave question")
            assert app.screen.question == LEAVE
            await pilot.press("y")
            await until(pilot, lambda: not app.is_running, "the app leaves")

    try:
        asyncio.run(scenario())
    finally:
        me.close()
        other.close()
        server.stop()


def test_the_code_page_refuses_a_wrong_code_in_one_sentence_then_joins(tmp_path):
    from tabletop.net.server import UNKNOWN_CODE
    from tabletop.screen.join_app import CodeEntry, JoinApp

    server = ServerThread(tmp_path / "data", "castlewars", people(2), seed=6)
    app = JoinApp(server.url, registry().game, lambda game: board_for(registry().pm, game))

    async def scenario():
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, CodeEntry), "the code page")
            await pilot.press(*"wrong-code", "enter")
            message = app.screen.query_one("#message")
            await until(pilot, lambda: UNKNOWN_CODE in str(message.render()), "the server's refusal")
            await pilot.press(*server.codes[0], "enter")
            await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.deciding == 0,
                        "the table of the seat the code opens")
            assert app.table.seat == 0 and app.screen.quit_question == LEAVE
            await pilot.press("1", "enter")
            await until(pilot, lambda: server.run(lambda: len(server.session.record.actions)) == 1, "the move")

    try:
        asyncio.run(scenario())
    finally:
        if app.table is not None:
            app.table.close()
        server.stop()


@pytest.mark.slow
def test_a_spectator_watches_a_whole_game_on_the_full_screen(tmp_path):
    server = ServerThread(tmp_path / "data", "castlewars", people(2), seed=8)
    watcher = server.join(None)
    players = [server.join(0), server.join(1)]
    app = TableApp(watcher, board_for(registry().pm, watcher.game), quit_question=LEAVE)
    boards: list[str] = []

    async def scenario():
        async with app.run_test(size=(80, 24)) as pilot:
            screen = app.screen
            for i, table in enumerate(players):
                threading.Thread(target=play_bot, args=(table, RandomAgent(random.Random(i))), daemon=True).start()

            def over() -> bool:
                boards.append(str(screen.query_one("#board").render()))
                return "game over" in str(screen.query_one("#status").render())
            await until(pilot, over, "the end on the spectator's screen", rounds=3000)
            assert screen.deciding is None and screen.legal == []
            assert any("P1 takes" in line for line in screen.log_lines)
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running, "the app leaves")

    try:
        asyncio.run(scenario())
    finally:
        for table in (watcher, *players):
            table.close()
        server.stop()
    assert len(set(boards)) > 3  # the board followed the game while the spectator waited
    assert server.session.record.outcome is not None and watcher.outcome() is not None
