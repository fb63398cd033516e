"""At 80x24, at every decision of a whole game of each bundled game, the table, the whole hand
and the choices are on the screen at once: nothing of the board is cut, every row of the hand is
in view, and choices are listed (the tables are the issue's: a person and bots)."""

from __future__ import annotations

import asyncio
import random

import pytest
from rich.console import Console

from tabletop.screen.dialogs import HandOver
from tabletop.screen.game_screen import GameScreen
from tests.screen.helpers import SIZE, app_for, decide, session, settle, take_the_screen

TABLES = [
    ("windupwar", ["human", "tactician", "tactician", "random"], 3),
    ("castlewars", ["human", "captain", "captain", "random"], 2),
    ("wms", ["human", "veteran"], 1),
    ("windup_machines", ["human", "engineer", "engineer", "random"], 4),
]


def board_lines(screen: GameScreen) -> int:
    """How many lines the board's drawing takes at the width it is given."""
    board = screen.query_one("#board")
    console = Console(width=board.content_region.width, color_system=None)
    view = screen._decision.view
    drawing = screen.board.render(view, names=screen.session.names, width=max(40, screen.size.width - 2))
    return len(console.render_lines(drawing, console.options, pad=False))


def check_in_view(screen: GameScreen) -> None:
    board = screen.query_one("#board")
    assert board_lines(screen) <= board.content_region.height, "the board is cut"
    hand = screen.query_one("#hand")
    if hand.display and hand.row_count:
        assert hand.row_count <= hand.scrollable_content_region.height, "part of the hand is out of view"
    choices = screen.query_one("#choices")
    assert choices.scrollable_content_region.height >= min(len(screen.legal), 3), "no room for the choices"
    assert screen.region.height == SIZE[1]


async def in_view_once_drawn(screen: GameScreen, pilot) -> None:
    """check_in_view once Textual has laid out what the screen was just given: on a busy machine
    the layout can lag the content by a few idle cycles, so wait on the condition (a bounded number
    of cycles, generous: on CI under load twenty were once too few), never on a clock."""
    for _ in range(200):
        try:
            check_in_view(screen)
            return
        except AssertionError:
            await pilot.pause()
    check_in_view(screen)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "kinds", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_table_hand_and_choices_are_in_view_at_every_decision(registry, game, kinds, seed):
    table = session(registry, game, kinds, seed=seed)
    app = app_for(registry, table)
    decisions = 0

    async def play():
        nonlocal decisions
        rng = random.Random(seed)
        async with app.run_test(size=SIZE) as pilot:
            for turn in range(400):
                await settle(app, pilot)
                if table.outcome() is not None:
                    return
                if isinstance(app.screen, HandOver):
                    await take_the_screen(app, pilot)
                    continue
                await in_view_once_drawn(app.screen, pilot)
                decisions += 1
                await decide(app, pilot, rng, turn)
            raise AssertionError("the game did not end")

    asyncio.run(play())
    assert decisions > 5
