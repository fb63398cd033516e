"""Screenshots of the key screens at 80x24 (pytest-textual-snapshot). After a deliberate change
of a screen, look at the new pictures and accept them with ``pytest --snapshot-update``."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Input

from tabletop.screen.app import TableApp
from tabletop.screen.chooser import Chooser
from tabletop.screen.dialogs import HandOver
from tests.screen.helpers import app_for, decide, session, settle, take_the_screen

DECISIONS = [
    ("windupwar", ["human", "tactician", "tactician", "random"], 3, 4),
    ("castlewars", ["human", "captain", "random"], 2, 3),
    ("wms", ["human", "veteran"], 1, 3),
    ("windup_machines", ["human", "engineer", "engineer", "engineer"], 4, 2),
]
NAMES = ["Ann", "Bob", "Cid", "Dee"]


def played_to(decisions: int):
    async def run_before(pilot) -> None:
        app = pilot.app
        rng = random.Random(decisions)
        for _ in range(decisions):
            await settle(app, pilot)
            if isinstance(app.screen, HandOver):
                await take_the_screen(app, pilot)
            await decide(app, pilot, rng, 1)
        await settle(app, pilot)
        for prompt in app.screen.query(Input):  # the prompt, or the hand-over's name field
            prompt.cursor_blink = False  # a blinking cursor would make the picture differ run to run
        await pilot.pause()

    return run_before


@pytest.mark.parametrize(("game", "kinds", "seed", "decisions"), DECISIONS, ids=[d[0] for d in DECISIONS])
def test_a_decision_of_each_game(snap_compare, registry, game, kinds, seed, decisions):
    table = session(registry, game, kinds, seed=seed, names=NAMES[:len(kinds)])
    assert snap_compare(app_for(registry, table), run_before=played_to(decisions))


def test_the_hand_over_between_two_people(snap_compare, registry):
    table = session(registry, "castlewars", ["human", "human", "captain"], seed=6, names=["Ann", "Bob", "Cid"])
    assert snap_compare(app_for(registry, table), run_before=played_to(1))


def test_the_chooser(snap_compare, registry, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path))
    app = TableApp(chooser=Chooser(registry, lambda game, seed: Path(tmp_path) / f"{game}.json"))
    assert snap_compare(app)


def test_the_table_setup(snap_compare, registry, tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path))
    app = TableApp(chooser=Chooser(registry, lambda game, seed: Path(tmp_path) / f"{game}.json"))
    assert snap_compare(app, press=["down", "down", "enter"])
