"""Between people at one screen, the hand-over page and the log keep every seat's secrets:
resampling what the next person may not see changes nothing shown, and no secret line appears."""

from __future__ import annotations

import asyncio
import random

import pytest
from rich.console import Console

from tabletop.engine.table import Turn
from tabletop.screen.dialogs import HandOver
from tabletop.screen.game_screen import GameScreen
from tests.screen.helpers import SIZE, app_for, decide, session, settle, take_the_screen

TABLES = [
    ("windupwar", ["human", "human", "tactician"], 5),
    ("castlewars", ["human", "human", "captain"], 6),
    ("wms", ["human", "human"], 2),
    ("windup_machines", ["human", "human", "engineer"], 4),
]


def text_of(renderable) -> str:
    console = Console(width=80, color_system=None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def shown(page: HandOver) -> str:
    return text_of(page.table) + "\n".join(page.public_lines)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "kinds", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_hand_overs_never_show_the_last_persons_secrets(registry, game, kinds, seed):
    table = session(registry, game, kinds, seed=seed, names=["Ann", "Bob", "Cid"][:len(kinds)])
    app = app_for(registry, table)
    checked = logged = 0

    async def play():
        nonlocal checked, logged
        rng = random.Random(seed)
        async with app.run_test(size=SIZE) as pilot:
            for turn in range(24):
                await settle(app, pilot)
                if table.outcome() is not None:
                    break
                if isinstance(app.screen, HandOver):
                    page = app.screen
                    game_screen = app.screen_stack[-2]
                    incoming = table.human_to_act()
                    secrets = [item.event.render(table.names) for item in table.log if item.event.visible_to]
                    assert not any(line in page.public_lines for line in secrets)
                    real = table._state
                    for resample in range(3):
                        table._loop.state = table.game.determinize(real, incoming, random.Random(resample))
                        since = tuple(table.visible_log(None, since=table.last_step_of(incoming)))
                        assert shown(game_screen.hand_over(Turn(incoming, True, since))) == shown(page)
                    table._loop.state = real
                    checked += 1
                    await take_the_screen(app, pilot)
                    others = {item.event.render(table.names) for item in table.log
                              if item.event.visible_to and incoming not in item.event.visible_to}
                    assert not others & set(app.screen.log_lines)
                    logged += bool(app.screen.log_lines)
                    continue
                assert isinstance(app.screen, GameScreen)
                await decide(app, pilot, rng, turn)

    asyncio.run(play())
    assert checked >= 3 and logged >= 2


# ---- type-ahead: nothing typed before the next person's page, nor a stray Enter, passes it ----

class Keyboard:
    """Three people at one plain prompt, as a script. Each person's move may come with lines
    typed ahead (as a person expecting to move again would: Castle Wars places a seat's last
    Units for it); they wait in the terminal's buffer until read or discarded. At each hand-over
    page a stray Enter and the same move arrive again after the page appeared, then the name."""

    def __init__(self, table, out, rng, *, pages: int):
        self.table, self.out, self.rng, self.pages = table, out, rng, pages
        self.buffer: list[str] = []  # typed, not read yet
        self.discarded: list[str] = []
        self.ahead: list[str] = []  # every line typed ahead, in order
        self.moves: list[tuple[int, str]] = []  # what the people meant to play
        self.asked: list[tuple[str, str, int]] = []  # prompt, line, output length when asked
        self.auto_placed = 0  # hand-overs right after a seat's last Units were placed for it
        self._late: str | None = None

    def discard(self) -> None:
        self.discarded += self.buffer
        self.buffer.clear()

    def ask(self, prompt: str) -> str:
        at = len(self.out.getvalue())
        try:
            line = self.buffer.pop(0) if self.buffer else self._person(prompt)
        except EOFError:
            self.asked.append((prompt, "", at))  # Ctrl-D: the person leaves
            raise
        self.asked.append((prompt, line, at))
        return line

    def _person(self, prompt: str) -> str:
        table = self.table
        if "type your name" in prompt:
            if self._late is not None:  # the last person's stray Enter and move, after the page appeared
                self.buffer.append(self._late)
                self._late = None
                return ""
            return table.names[table.at_screen]
        assert prompt.endswith(" > "), prompt
        seat = table.human_to_act()
        assert prompt == f"{table.names[seat]} > "
        legal = list(table.decision(seat).legal)
        action = self.rng.choice(legal)
        after = table.game.copy(table._state)
        table.game.apply(after, seat, action)
        self.moves.append((seat, action))
        if table.game.outcome(after) is None and table.game.to_act(after)[0] != seat:
            if self.pages == 0:
                raise EOFError  # enough pages seen: the person leaves (the game is saved)
            self.pages -= 1
            again = next((a for a in legal if a.startswith("place") and a != action), action)
            self.auto_placed += action.startswith("place")
            self.buffer += [again, ""]
            self.ahead += [again, ""]
            self._late = again
        return action


def test_plain_hand_over_drops_type_ahead_and_a_stray_enter_with_three_people(registry, tmp_path):
    from io import StringIO

    from tabletop.core.board import board_for
    from tabletop.terminal.output import THEME, Output
    from tabletop.terminal.plain_table import PlainTable
    from tabletop.terminal.prompt import GameAbandoned

    table = session(registry, "castlewars", ["human", "human", "human"], seed=4, names=["Ann", "Bob", "Cid"])
    out = StringIO()
    console = Console(file=out, width=80, theme=THEME, color_system=None)
    keys = Keyboard(table, out, random.Random(4), pages=18)
    board = board_for(registry.pm, table.game)
    plain = PlainTable(Output(console), keys.ask, table, board, save=tmp_path / "game.json", discard=keys.discard)
    with pytest.raises(GameAbandoned):
        plain.play()
    text = out.getvalue()
    assert keys.auto_placed >= 2  # Castle Wars placed someone's last Units and passed the screen on
    # Everything typed ahead of a page was dropped there, never read as anyone's answer ...
    assert keys.discarded == keys.ahead
    # ... nobody played a move they did not mean ...
    assert table.record.actions == keys.moves[:len(table.record.actions)]
    # ... and on each page only the name went on: a stray Enter or a late move was refused there,
    # and nothing of the next person (their hand, their prompt) was printed before it.
    refused = seated = 0
    for i, (prompt, line, at) in enumerate(keys.asked):
        if "type your name" not in prompt:
            continue
        name = prompt.split(",")[0]
        if line != name:
            assert keys.asked[i + 1][0] == prompt  # asked again: the page stays
            refused += 1
            continue
        seated += 1
        page = text[text.rindex("Hand over", 0, at):at]
        assert f"{name} > " not in page and "Your hand" not in page
        assert keys.asked[i + 1][0] == f"{name} > "  # and then their decision
    assert seated == 19 and refused == 2 * 18  # each page after a move refused the Enter and the move
    assert text.count("Only Bob goes on from here: type Bob and press Enter.") >= 2
    assert "│ > Bob takes an Archer." in text and "\\x0a" not in text  # one narrated line a line


def _to_a_last_placement(registry):
    """Castle Wars with three people, played up to a person whose next `place` leaves one Unit,
    so the game places it and the screen passes on: (table, that move, the move
    the person would type next, expecting to place again)."""
    table = session(registry, "castlewars", ["human", "human", "human"], seed=4, names=["Ann", "Bob", "Cid"])
    rng = random.Random(4)
    while (turn := table.advance()) is not None:
        seat = turn.seat
        legal = list(table.decision(seat).legal)
        for action in (a for a in legal if a.startswith("place")):
            after = table.game.copy(table._state)
            table.game.apply(after, seat, action)
            others = [a for a in legal if a.startswith("place") and a != action]
            if table.game.to_act(after)[0] != seat and others:
                return table, action, others[0]
        table.submit(seat, rng.choice(legal))
    raise AssertionError("no last placement")


def test_full_screen_hand_over_drops_type_ahead_and_a_stray_enter_with_three_people(registry):
    from textual import events

    table, move, again = _to_a_last_placement(registry)
    mover = table.human_to_act()
    app = app_for(registry, table)

    def keys(text: str) -> list[str]:
        return ["space" if char == " " else char for char in text]

    def typed(*pressed: str) -> list[events.Key]:
        return [events.Key(key, "\r" if key == "enter" else " " if key == "space" else key) for key in pressed]

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen) and screen.deciding == mover
            steps = table.steps
            await pilot.press(*keys(move))
            # The mover presses Enter and, expecting to place again, types on: the screen is busy
            # and reads those keys only once the next person's page is up.
            enter, *ahead = typed("enter", *keys(again), "enter", "enter")
            app._driver.send_message(enter)
            await settle(app, pilot)
            page = app.screen
            incoming = table.human_to_act()
            assert isinstance(page, HandOver) and incoming != mover and page.seat_name == table.names[incoming]
            for key in ahead:
                app._driver.send_message(key)
            await pilot.pause()
            assert app.screen is page and page.query_one("#name").value == ""
            assert "Only" not in str(page.query_one("#press").render())  # dropped, never typed
            assert table.record.actions[steps:] == [(mover, move)]
            assert screen.deciding is None  # nothing of the next person drawn beneath the page
            # The last person's stray Enter and move, after the page appeared, do not pass it.
            await pilot.press("enter")
            await pilot.press(*keys(again), "enter")
            await pilot.pause()
            assert app.screen is page and table.steps == steps + 1
            assert "Only " + table.names[incoming] + " goes on" in str(page.query_one("#press").render())
            await take_the_screen(app, pilot)
            assert app.screen is screen and screen.deciding == incoming

    asyncio.run(play())
