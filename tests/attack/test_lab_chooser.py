"""Class 14: the chooser's remembered settings are checked field by field: nulls, wrong types and
values a game no longer allows are dropped, the rest kept, and the page opens without a crash."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from tabletop.screen.app import TableApp
from tabletop.screen.chooser import Chooser, TableSetup
from tabletop.screen.settings import last_table
from tests.screen.helpers import SIZE

BROKEN = [
    None,
    {"seats": None, "names": None, "options": None},
    {"seats": [1, None, {"a": 1}], "names": [None, 3, ["x"]], "options": [1, 2]},
    {"seats": "human,random", "names": "Ann", "options": {"rounds": None}},
    {"seats": ["human"] * 500, "names": ["A" * 10_000], "options": {"edition": {"x": 1}}},
    {"seats": ["human", "captain", "captain"], "names": ["Ann", None], "options": {"no_such": 1, "x": None}},
]


@pytest.mark.parametrize("table", BROKEN, ids=[f"broken-{i}" for i in range(len(BROKEN))])
def test_remembered_settings_of_any_shape_open_the_table_page(registry, tmp_path, monkeypatch, table):
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path))
    (tmp_path / "tables.json").write_text(json.dumps({"castlewars": table}))
    app = TableApp(chooser=Chooser(registry, lambda game, seed: Path(tmp_path) / "x.json"))

    async def open_page():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            setup = app.screen
            assert isinstance(setup, TableSetup)
            count = setup.query_one("#players", Select).value
            assert 2 <= count <= 4
            for i in range(count):
                assert isinstance(setup.query_one(f"#name-{i}", Input).value, str)

    asyncio.run(open_page())


def test_what_can_be_used_is_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_CONFIG_DIR", str(tmp_path))
    (tmp_path / "tables.json").write_text(json.dumps({"castlewars": BROKEN[-1]}))
    assert last_table("castlewars") == {"seats": ["human", "captain", "captain"], "names": ["Ann", ""],
                                        "options": {"no_such": 1}}
