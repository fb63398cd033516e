"""Bluff is registered as an installed plugin would be, next to Goofspiel, for these tests."""

import pytest

from tabletop.engine.registry import build_registry
from tests.bluff import plugin as bluff_plugin
from tests.goofspiel import plugin as goofspiel_plugin


@pytest.fixture
def registry():
    return build_registry(extra=[goofspiel_plugin, bluff_plugin])


@pytest.fixture
def bluff(registry):
    return registry.game("bluff")
