"""The full screen numbers the choices in the board's order, as the plain prompt does (#24 item
5), and the hint a game without one gets is its notation's first whole sentence (#24 item 9)."""

from __future__ import annotations

import asyncio

import pytest

from tabletop.core.board import board_for
from tabletop.screen.app import TableApp
from tabletop.screen.text import first_sentence
from tests.screen.helpers import SIZE, session, settle


def test_typed_numbers_and_the_list_follow_the_boards_order(registry):
    table = session(registry, "wms", ["human", "veteran"], seed=1)
    board = board_for(registry.pm, table.game)
    board.order = lambda view, legal: list(reversed(legal))  # a game that puts its last action first
    app = TableApp(table, board)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            legal = list(table.decision(0).legal)
            assert len(legal) > 1
            choices = app.screen.query_one("#choices")
            assert [choices.get_option_at_index(i).id for i in range(choices.option_count)] == legal[::-1]
            assert str(choices.get_option_at_index(0).prompt).startswith(f" 1 {legal[-1]}")
            taken = len(table.record.actions)
            await pilot.press("1", "enter")
            await settle(app, pilot)
            assert table.record.actions[taken] == (0, legal[-1])

    asyncio.run(play())


def test_windupwar_choice_1_is_a_card_the_active_unit_can_take(registry):
    """The bundled order reaches the screen: while programming, choice 1 never breaks a card."""
    table = session(registry, "windupwar", ["human", "tactician"], seed=9)
    board = board_for(registry.pm, table.game)
    app = TableApp(table, board)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            for _ in range(40):
                decision = table.decision(0) if app.screen.deciding == 0 else None
                if decision is not None and board.ordered(decision.view, decision.legal) != list(decision.legal):
                    assert app.screen.legal == board.ordered(decision.view, decision.legal)
                    return
                if table.outcome() is not None:
                    break
                await pilot.press("1", "enter")
                await settle(app, pilot)
            pytest.fail("no decision where the board reorders the choices came up")

    asyncio.run(play())


@pytest.mark.parametrize(("notation", "hint"), [
    ("Type a card, e.g. r3. Then its target.", "Type a card, e.g. r3."),
    ("Type its id (i.e. the letters and digits). More text.", "Type its id (i.e. the letters and digits)."),
    ("Type bid and the id of a card in your hand, like bid r3.", "Type bid and the id of a card in your hand, like bid r3."),
    ("Play one card. Or pass.", "Play one card."),
    ("Type a number, 1 to 13", "Type a number, 1 to 13"),
])
def test_the_fallback_hint_is_the_first_whole_sentence(notation, hint):
    assert first_sentence(notation) == hint


def test_a_game_without_hints_shows_its_notations_first_whole_sentence_on_the_screen(registry):
    from tabletop.core.board import Board

    table = session(registry, "wms", ["human", "veteran"], seed=1)
    table.game.notation_help = "Type a unit's name, e.g. marine. Then its target."
    app = TableApp(table, Board(table.game))  # the default board gives no hint

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert str(app.screen.query_one("#detail").render()) == "Type a unit's name, e.g. marine."

    asyncio.run(play())
