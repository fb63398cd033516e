"""The first screen a person sees, at 80x24: the detail line shows the decision's hint (not the
first hand card's text, as it did while the hand took the focus), and every choice says what it
does."""

from __future__ import annotations

import asyncio

import pytest

from tabletop.screen.dialogs import HandOver
from tests.screen.helpers import SIZE, app_for, session, settle, take_the_screen

TABLES = [
    ("windupwar", ["human", "tactician"], "Pick your next unit"),
    ("windup_machines", ["human", "engineer"], "Place your starting generator and smelter"),
    ("castlewars", ["human", "captain"], None),
    ("wms", ["human", "veteran"], None),
]


@pytest.mark.parametrize(("game", "kinds", "hint"), TABLES, ids=[t[0] for t in TABLES])
def test_the_first_screen_shows_the_decisions_hint_and_describes_every_choice(registry, game, kinds, hint):
    async def run():
        app = app_for(registry, session(registry, game, kinds, seed=1))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            if isinstance(app.screen, HandOver):
                await take_the_screen(app, pilot)
            screen = app.screen
            decision = screen._decision
            expected = screen.board.hint(decision.view, screen.legal)
            assert screen.detail_message == (expected or screen.detail_message)
            if hint:
                assert screen.detail_message.startswith(hint)
            assert screen.focused is screen.query_one("#prompt")
            assert all(decision.describe(action) for action in screen.legal if action not in ("done", "yield"))

    asyncio.run(run())


def test_a_long_choice_description_goes_on_over_more_lines_never_cut():
    from tabletop.screen.pages import choice_label

    description = "send your Units against seat 2 (15 hit points, 1 Tower)"
    for room in (30, 45, 76):
        lines = choice_label(2, "attack 2", description, room).plain.splitlines()
        assert all(len(line) <= room for line in lines) and "\u2026" not in "".join(lines)
        assert " ".join(" ".join(lines).split()) == f"2 attack 2 {description}"
    long_action = choice_label(10, "unit a-very-long-action-name-indeed", "what it does", 30).plain
    assert long_action.splitlines()[1].strip() == "what it does"


@pytest.mark.parametrize(("first", "expected"), [("infantry", "A1R.g"), ("sapper", "A1R.b")])
def test_tab_completes_the_card_the_active_unit_can_take(registry, first, expected):
    """Windup War: `a1r` matches A1R.b and A1R.g; Tab gives the one the active unit can take
    (Infantry: green and purple; Sapper: blue and orange)."""
    async def run():
        app = app_for(registry, session(registry, "windupwar", ["human", "tactician"], seed=1))
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            if isinstance(app.screen, HandOver):
                await take_the_screen(app, pilot)
            for unit in (first, *[u for u in ("tank", "mech") if u != first][:2]):
                await pilot.press(*f"unit {unit}", "enter")
                await settle(app, pilot)
            screen = app.screen
            assert {"A1R.b", "A1R.g"} <= set(screen.legal)
            await pilot.press(*"a1r")
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.press("tab")
            assert screen.query_one("#prompt").value == expected

    asyncio.run(run())
