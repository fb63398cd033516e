"""Driving the full screen in tests: a table of people and bots, and a pilot that plays it."""

from __future__ import annotations

import random

from tabletop.core.board import board_for
from tabletop.engine.registry import Registry
from tabletop.engine.session import Session
from tabletop.engine.table import HUMAN, SeatSpec
from tabletop.screen.app import TableApp
from tabletop.screen.dialogs import HandOver
from tabletop.screen.game_screen import GameScreen

SIZE = (80, 24)


def session(registry: Registry, game: str, kinds: list[str], *, seed: int, names: list[str] | None = None) -> Session:
    found = registry.game(game)
    names = names or [f"P{i + 1}" if k == HUMAN else f"{k[:3]}{i + 1}" for i, k in enumerate(kinds)]
    seats = [SeatSpec(n, k, None if k == HUMAN else registry.bot(game, k)) for n, k in zip(names, kinds, strict=True)]
    return Session(found, seats, seed=seed, pm=registry.pm)


def app_for(registry: Registry, table: Session, **kwargs) -> TableApp:
    return TableApp(table, board_for(registry.pm, table.game), **kwargs)


async def settle(app: TableApp, pilot) -> None:
    """Wait until bots have acted and the screen shows what comes next."""
    for _ in range(50):
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, HandOver) or not isinstance(screen, GameScreen):
            return
        if screen.deciding is not None or screen.session.outcome() is not None:
            return
    raise AssertionError("the screen never settled")


async def take_the_screen(app: TableApp, pilot) -> None:
    """The next person, at the hand-over page, types their name and Enter."""
    page = app.screen
    assert isinstance(page, HandOver)
    await pilot.press(*page.word, "enter")
    await settle(app, pilot)


async def decide(app: TableApp, pilot, rng: random.Random, turn: int) -> str:
    """One decision as a person makes it, alternating the ways: type the action (Tab completes
    it), type its number, or pick it from the list of choices with the arrow keys."""
    screen = app.screen
    action = rng.choice(screen.legal)
    index = screen.legal.index(action)
    taken = screen.session.steps
    way = turn % 3
    if way == 0 and _completes(action, screen.legal):
        await pilot.press(*action[:2])
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("tab", "enter")
    elif way == 0:
        await pilot.press(*action, "enter")
    elif way == 1:
        await pilot.press(*str(index + 1), "enter")
    else:
        choices = screen.query_one("#choices")
        choices.focus()
        choices.highlighted = index
        await pilot.press("enter")
    await settle(app, pilot)
    assert screen.session.record.actions[taken] == (screen.session.record.actions[taken][0], action), \
        f"the screen did not take {action!r}"
    return action


def _completes(action: str, legal: list[str]) -> bool:
    """Tab completes the first suggestion: test it only where that is this action."""
    head = action[:2].casefold()
    return next((a for a in legal if a.casefold().startswith(head)), None) == action and " " not in action[:2]


async def play_out(app: TableApp, pilot, *, seed: int = 0, limit: int = 400) -> int:
    """Decide randomly, the three ways in turn, until the game ends; pass hand-overs on."""
    rng = random.Random(seed)
    turns = 0
    while turns < limit:
        await settle(app, pilot)
        screen = app.screen
        if isinstance(screen, HandOver):
            await take_the_screen(app, pilot)
            continue
        if screen.session.outcome() is not None:
            return turns
        await decide(app, pilot, rng, turns)
        turns += 1
    raise AssertionError("the game did not end")
