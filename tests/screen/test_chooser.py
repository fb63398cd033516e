"""Choosing a game and setting the table without a flag; the last table set is remembered."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input, Select

from tabletop.screen.app import TableApp
from tabletop.screen.chooser import Chooser, TableSetup
from tabletop.screen.dialogs import Reading
from tabletop.screen.game_screen import GameScreen
from tabletop.screen.settings import last_table
from tests.screen.helpers import SIZE, settle


def test_choose_castle_wars_set_three_seats_and_play(registry, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path))
    app = TableApp(chooser=Chooser(registry, lambda game, seed: Path(tmp_path) / f"{game}-{seed}.json"))

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            chooser = app.screen
            # The test-only Goofspiel plugin is listed exactly like the bundled games.
            assert [g.name for g in chooser.games] == ["castlewars", "goofspiel", "windup_machines", "windupwar", "wms"]
            await pilot.press("r")
            assert isinstance(app.screen, Reading)
            await pilot.press("escape")
            await pilot.press("enter")
            await pilot.pause()
            setup = app.screen
            assert isinstance(setup, TableSetup)
            setup.query_one("#players", Select).value = 3
            await pilot.pause()
            await pilot.pause()
            setup.query_one("#kind-2", Select).value = "random"
            setup.query_one("#name-0", Input).value = "Ann"
            for typed in ("nope", "[/]", "\u0663"):  # a word, markup, an Arabic-Indic digit
                setup.query_one("#seed", Input).value = typed
                await pilot.press("ctrl+s")
                await pilot.pause()
                assert "whole number" in str(setup.query_one("#error").render())
                assert isinstance(app.screen, type(setup))
            setup.query_one("#seed", Input).value = "11"
            await pilot.press("ctrl+s")
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen)

    asyncio.run(play())
    assert app.session.names == ["Ann", "captain 2", "random 3"]
    assert app.session.seed == 11 and app.save_path == Path(tmp_path) / "castlewars-11.json"
    assert last_table("castlewars") == {"seats": ["human", "captain", "random"], "names": ["Ann", "", ""],
                                        "options": {}}

    again = TableApp(chooser=Chooser(registry, lambda game, seed: Path(tmp_path) / "x.json"))

    async def reopen():
        async with again.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            setup = again.screen
            assert setup.query_one("#players", Select).value == 3
            assert setup.query_one("#name-0", Input).value == "Ann"
            assert setup.query_one("#kind-2", Select).value == "random"

    asyncio.run(reopen())


def _setup(registry, tmp_path, game: str):
    """The set-the-table page of ``game``, opened from the chooser as a person would."""
    app = TableApp(chooser=Chooser(registry, lambda name, seed: Path(tmp_path) / "x.json"))
    return app, sorted(registry.games).index(game)


def test_the_set_the_table_page_starts_focused_and_extra_seats_get_the_games_own_bot(registry, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path))
    app, index = _setup(registry, tmp_path, "windupwar")

    async def look():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(index):
                await pilot.press("down")
            await pilot.press("enter")
            await pilot.pause()
            setup = app.screen
            assert isinstance(setup, TableSetup)
            assert app.focused is setup.query_one("#players", Select)
            players = setup.query_one("#players", Select)
            assert max(value for _, value in players._options) == 16  # Windup War seats up to 16
            players.value = 5
            await pilot.pause()
            await pilot.pause()
            own = next(b.name for b in registry.bots if b.game == "windupwar")
            assert [setup.query_one(f"#kind-{i}", Select).value for i in range(2, 5)] == [own] * 3

    asyncio.run(look())
