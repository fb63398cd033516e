"""Each bundled game's observation and action spec in the docs is the one its environment has."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import tabletop.rl as rl  # noqa: E402
from tabletop.rl.spec import spec  # noqa: E402
from tests.rl.conftest import BUNDLED  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl-spec"


@pytest.mark.parametrize("name", BUNDLED)
def test_the_docs_spec_is_the_environments(name, installed):
    written = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert written == spec(installed.game(name)), "run: python -m tabletop.rl.spec docs/rl-spec"
    env = rl.env(name)
    assert env.metadata["layout_version"] in written
    for index, word in enumerate(env.table.words):
        assert f"| {index} | `{word}` |" in written


def test_every_place_of_the_observation_is_described(installed):
    text = spec(installed.game("castlewars"))
    described = set()
    for line in text.splitlines():
        cell = line.split("|")[1].strip() if line.startswith("| ") else ""
        if cell and cell[0].isdigit():
            first, _, last = cell.partition("-")
            described.update(range(int(first), int(last or first) + 1))
    assert described == set(range(rl.env("castlewars").table.encoder.size))
