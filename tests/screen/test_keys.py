"""The full screen's commands as a person uses them: undo, quit (asks, then saves), card text."""

from __future__ import annotations

import asyncio
import json

from rich.console import Console
from rich.text import Text

from tabletop.screen.dialogs import Confirm, HandOver, Reading
from tests.screen.helpers import SIZE, app_for, session, settle, take_the_screen


def detail(app) -> str:
    return str(app.screen.query_one("#detail").render())


def test_undo_takes_back_an_army_pick_and_quit_asks_then_saves(registry, tmp_path):
    table = session(registry, "windupwar", ["human", "tactician"], seed=9)
    path = tmp_path / "game.json"
    app = app_for(registry, table, save=path)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+z")
            assert "Nothing to take back" in detail(app)
            first = app.screen.legal[0]
            await pilot.press("1", "enter")
            await settle(app, pilot)
            assert table.record.actions[table.undo_point(0)] == (0, first)
            before = list(table.record.actions)
            await pilot.press(*"undo", "enter")
            await settle(app, pilot)
            assert table.record.actions == before[:before.index((0, first))]
            assert app.screen.deciding == 0
            await pilot.press("f1")
            assert isinstance(app.screen, Reading) and "undo" in app.screen.markdown
            await pilot.press("escape")
            await pilot.press("ctrl+q")
            assert isinstance(app.screen, Confirm)
            await pilot.press("n")
            assert not isinstance(app.screen, Confirm)
            await pilot.press("ctrl+q", "y")
            await pilot.pause()

    asyncio.run(play())
    assert app.return_value is None
    saved = json.loads(path.read_text())
    assert saved["outcome"] is None and [tuple(a) for a in saved["actions"]] == table.record.actions


def test_card_shows_a_cards_text_and_a_hand_card_shows_it_when_selected(registry):
    table = session(registry, "wms", ["human", "veteran"], seed=1)
    app = app_for(registry, table)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press(*"card marine", "enter")
            assert detail(app).startswith("Marine (unit) 3 CC / 3 RC")
            await pilot.press(*"card marien", "enter")
            assert "did you mean marine" in detail(app)
            for _ in range(4):  # set up: a commander, then done
                await pilot.press("1", "enter")
                await settle(app, pilot)
                if app.screen.query_one("#hand").row_count:
                    break
            hand = app.screen.query_one("#hand")
            hand.focus()
            await pilot.press("right", "left")
            await pilot.pause()
            assert "CC" in detail(app) or "(equipment)" in detail(app) or "(power)" in detail(app)

    asyncio.run(play())


def test_undo_after_new_cards_are_turned_up_is_refused_on_the_screen(registry, tmp_path):
    table = session(registry, "castlewars", ["human", "captain", "random"], seed=9,
                    names=["Player 1", "captain 2", "random 3"])   # the plain prompt's names
    app = app_for(registry, table, save=tmp_path / "game.json")

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            if isinstance(app.screen, HandOver):
                await take_the_screen(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)  # the bots took theirs and the row was dealt again
            before = list(table.record.actions)
            await pilot.press("ctrl+z")
            await settle(app, pilot)
            assert "cannot take that back" in detail(app)
            assert table.record.actions == before
            await pilot.pause()
            box = app.screen.query_one("#detail")   # the whole refusal is in view at 80 columns
            console = Console(width=box.content_region.width, color_system=None)
            needed = len(console.render_lines(Text(app.screen.detail_message), console.options, pad=False))
            assert 2 < needed <= box.content_region.height

    asyncio.run(play())


def test_ctrl_c_saves_and_leaves_as_at_the_plain_prompt(registry, tmp_path):
    """The README says Ctrl-C saves: full screen, it leaves at once (Ctrl+Q asks first) and the
    command then says the game is saved, as the plain prompt does when a person leaves."""
    import pytest

    from tabletop.terminal.prompt import GameAbandoned

    table = session(registry, "windupwar", ["human", "tactician"], seed=9, names=["Ann", "Bot"])
    path = tmp_path / "game.json"
    app = app_for(registry, table, save=path)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            await pilot.press(*"att")  # half typed: Ctrl-C at the prompt does not copy, it leaves
            path.unlink()
            await pilot.press("ctrl+c")
            await pilot.pause()

    asyncio.run(play())
    assert app.return_value is None and not app.is_running
    saved = json.loads(path.read_text())
    assert saved["outcome"] is None and [tuple(a) for a in saved["actions"]] == table.record.actions
    with pytest.raises(GameAbandoned, match="^Ann left the game.$"):
        app.raise_if_left()
