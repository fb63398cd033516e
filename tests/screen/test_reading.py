"""Text cut to fit stays readable on the full screen (#24 items 6 and 9): F3/`more` shows the
detail area whole, F4/`log` the log by round, `list` every choice whole, `view` the game's picture."""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console

from tabletop.core.board import board_for
from tabletop.core.events import Event
from tabletop.engine.table import Logged
from tabletop.screen.dialogs import Reading
from tabletop.screen.pages import log_groups, log_page
from tests.screen.helpers import SIZE, app_for, session, settle


def shown(renderable, width: int = 76) -> str:
    """What a page's body shows at ``width`` columns, lines joined with spaces."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return " ".join(capture.get().split())


def detail(app) -> str:
    return str(app.screen.query_one("#detail").render())


def test_more_and_f3_show_a_card_text_and_an_undo_refusal_whole(registry, tmp_path):
    table = session(registry, "castlewars", ["human", "captain", "random"], seed=9)
    app = app_for(registry, table, save=tmp_path / "game.json")
    board = board_for(registry.pm, table.game)
    longest = max(board.cards(), key=lambda name: len(board.cards()[name]))

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press(*f"card {longest}", "enter")
            await pilot.press("f3")
            assert isinstance(app.screen, Reading)
            assert shown(app.screen.body) == " ".join(board.cards()[longest].split())
            await pilot.press("escape")
            await pilot.press("1", "enter")
            await settle(app, pilot)
            await pilot.press("ctrl+z")
            await settle(app, pilot)
            refusal = app.screen.detail_message
            assert "cannot take that back" in refusal
            await pilot.press(*"more", "enter")
            assert isinstance(app.screen, Reading)
            assert shown(app.screen.body) == " ".join(refusal.split())

    asyncio.run(play())


def test_the_log_page_puts_the_latest_round_first_and_keeps_each_round_in_order():
    def ev(kind, text, to=None):
        return Logged(0, Event(kind, text, visible_to=None if to is None else frozenset(to)))

    log = [ev("setup", "Set up."), ev("round", "Round 1 begins."), ev("play", "{p0} plays."),
           ev("draw", "{p1} draws Ace.", to={1}), ev("round", "Round 2 begins."), ev("play", "{p1} plays.")]
    names = ["Ann", "Bob"]
    assert log_groups(log, 0, names) == [["Set up."], ["Round 1 begins.", "Ann plays."],
                                         ["Round 2 begins.", "Bob plays."]]
    assert "Bob draws Ace." in shown(log_page(log, 1, names))
    page = shown(log_page(log, None, names))
    assert "Ace" not in page
    assert page == "Latest: Round 2 begins. › Bob plays. Round 1 begins. › Ann plays. Set up."


@pytest.mark.slow
def test_f4_and_log_show_every_line_the_log_has_shown_the_latest_round_first(registry):
    table = session(registry, "windupwar", ["human", "tactician"], seed=9)
    app = app_for(registry, table)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            while table.outcome() is None and "war" not in [i.event.kind for i in table.log[1:]]:
                await pilot.press("1", "enter")
                await settle(app, pilot)
            await pilot.press("f4")
            assert isinstance(app.screen, Reading)
            page = shown(app.screen.body, width=200)
            screen_lines = app.screen_stack[-2].log_lines
            for line in screen_lines:
                assert " ".join(line.split()) in page
            latest_war = [i.event.render(table.names) for i in table.log if i.event.kind == "war"][-1]
            assert page.startswith("Latest: " + " ".join(latest_war.split()))
            await pilot.press("escape")
            await pilot.press(*"log", "enter")
            assert isinstance(app.screen, Reading) and shown(app.screen.body, width=200) == page

    asyncio.run(play())


def test_down_on_an_empty_prompt_moves_into_the_choices_and_up_goes_back(registry):
    table = session(registry, "wms", ["human", "veteran"], seed=1)
    app = app_for(registry, table)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            prompt, choices = screen.query_one("#prompt"), screen.query_one("#choices")
            await pilot.press(*"card marine", "enter")  # something to recall
            await pilot.press("up")
            assert prompt.value == "card marine" and prompt.has_focus
            await pilot.press("down")
            assert prompt.value == "" and prompt.has_focus  # back from history first
            await pilot.press("down")
            assert choices.has_focus and choices.highlighted == 0
            await pilot.press("up")
            assert prompt.has_focus
            await pilot.press("down", "down")
            assert choices.highlighted == 1
            second = screen.legal[1]
            taken = len(table.record.actions)
            await pilot.press("enter")
            await settle(app, pilot)
            assert table.record.actions[taken] == (0, second)

    asyncio.run(play())


def test_list_shows_every_choice_whole_and_view_the_games_own_picture(registry):
    table = session(registry, "wms", ["human", "veteran"], seed=1)
    app = app_for(registry, table)

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            decision = table.decision(0)
            await pilot.press(*"list", "enter")
            assert isinstance(app.screen, Reading)
            page = shown(app.screen.body, width=300)
            for n, action in enumerate(screen.legal, start=1):
                assert f"{n} {action} {' '.join(decision.describe(action).split())}".strip() in page
            await pilot.press("escape", *"view", "enter")
            assert isinstance(app.screen, Reading)
            assert shown(app.screen.body) == shown(table.game.render(decision.view, names=table.names))

    asyncio.run(play())


def test_resizing_refits_the_choices_and_the_log(registry):
    table = session(registry, "wms", ["human", "veteran"], seed=1)
    app = app_for(registry, table)

    def longest_label(screen) -> int:
        choices = screen.query_one("#choices")
        return max(len(line) for i in range(choices.option_count)
                   for line in choices.get_option_at_index(i).prompt.plain.splitlines())

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            while not screen.log_lines:  # the set-up choices say nothing yet
                await pilot.press("1", "enter")
                await settle(app, pilot)
            log = screen.query_one("#log")
            narrow_log = max(line.cell_length for line in log.lines)
            narrow = longest_label(screen)
            described = max(len(table.decision(0).describe(a)) + len(a) + 5 for a in screen.legal)
            assert narrow < described  # something goes on over two lines at 80 columns
            await pilot.resize_terminal(160, 40)
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
            assert longest_label(screen) > narrow
            assert max(line.cell_length for line in log.lines) > narrow_log

    asyncio.run(play())


def test_the_help_page_and_the_footer_name_the_new_keys(registry):
    from tabletop.screen.game_screen import GameScreen
    from tabletop.screen.text import help_markdown

    page = help_markdown(registry.game("wms"), "")
    for words in ("`more` (F3)", "`log` (F4)", "`list`", "`view`", "**Down** on an empty prompt"):
        assert words in page, words
    keys = {b.key: b.description for b in GameScreen.BINDINGS}
    assert keys["f3"] == "Full text" and keys["f4"] == "Log"


@pytest.mark.slow
def test_between_people_the_log_page_shows_each_seat_only_what_it_may_see(registry):
    """Two people at one screen: each one's F4 page has their own secrets and the public lines,
    never the other's secrets."""
    from tabletop.screen.dialogs import HandOver
    from tests.screen.helpers import take_the_screen

    table = session(registry, "windupwar", ["human", "human", "tactician"], seed=5, names=["Ann", "Bob", "Cid"])
    app = app_for(registry, table)
    seen: set[int] = set()

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(30):
                await settle(app, pilot)
                if isinstance(app.screen, HandOver):
                    await take_the_screen(app, pilot)
                    continue
                if table.outcome() is not None or len(seen) == 2 and any(i.event.visible_to for i in table.log):
                    break
                seat = app.screen.deciding
                await pilot.press("f4")
                page = shown(app.screen.body, width=400)
                for item in table.log:
                    line = " ".join(item.event.render(table.names).split())
                    if item.event.visible(seat):
                        assert line in page
                    elif line not in " ".join(i.event.render(table.names) for i in table.log
                                              if i.event.visible(seat)):
                        assert line not in page
                seen.add(seat)
                await pilot.press("escape", "1", "enter")
            assert seen == {0, 1}

    asyncio.run(play())
