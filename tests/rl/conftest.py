"""Fixtures of the learning environments' tests; each test module skips, saying why, without the rl extra."""

import importlib
import sys

import pytest

from tabletop.engine.registry import build_registry
from tests.goofspiel import plugin as goofspiel_plugin
from tests.sealed import plugin as sealed_plugin

BUNDLED = ("castlewars", "windupwar", "windup_machines", "wms")


@pytest.fixture(scope="session")
def installed():
    return build_registry()


@pytest.fixture(scope="session")
def test_games():
    """The installed games and the test games: Goofspiel (simultaneous bids, applied as they
    come) and Sealed Draw (simultaneous bids the game seals: held until every seat has bid)."""
    return build_registry(extra=[goofspiel_plugin, sealed_plugin])


@pytest.fixture
def scaffolded_game(cli, tmp_path, monkeypatch):
    """The game `tabletop new` writes, loaded as a plugin (not installed)."""
    assert cli("new", "rlbid", "--dir", str(tmp_path / "rlbid")).exit_code == 0
    monkeypatch.syspath_prepend(str(tmp_path / "rlbid"))
    plugin = importlib.import_module("rlbid.plugin")
    registry = build_registry(load_entry_points=False, extra=[plugin])
    assert registry.failures == []
    yield registry.game("rlbid")
    for name in [m for m in sys.modules if m == "rlbid" or m.startswith("rlbid.")]:
        del sys.modules[name]
