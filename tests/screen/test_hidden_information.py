"""Between people at one screen, the hand-over page and the log keep every seat's secrets:
resampling what the next person may not see changes nothing shown, and no secret line appears."""

from __future__ import annotations

import asyncio
import random

import pytest
from rich.console import Console

from tabletop.engine.session import Turn
from tabletop.screen.dialogs import HandOver
from tabletop.screen.game_screen import GameScreen
from tests.screen.helpers import SIZE, app_for, decide, session, settle

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
                    real = table.state
                    for resample in range(3):
                        table.state = table.game.determinize(real, incoming, random.Random(resample))
                        since = tuple(table.visible_log(None, since=table.last_step_of(incoming)))
                        assert shown(game_screen.hand_over(Turn(incoming, True, since))) == shown(page)
                    table.state = real
                    checked += 1
                    await pilot.press("enter")
                    await settle(app, pilot)
                    others = {item.event.render(table.names) for item in table.log
                              if item.event.visible_to and incoming not in item.event.visible_to}
                    assert not others & set(app.screen.log_lines)
                    logged += bool(app.screen.log_lines)
                    continue
                assert isinstance(app.screen, GameScreen)
                await decide(app, pilot, rng, turn)

    asyncio.run(play())
    assert checked >= 3 and logged >= 2
