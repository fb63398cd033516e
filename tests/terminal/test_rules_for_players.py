"""`tabletop rules` is for players: RULES.md's pointers to test files and test names, kept
there for developers, are left out; the rules and interpretations themselves stay."""

from __future__ import annotations

import re

import pytest

from tabletop.terminal.for_players import rules_for_players

BUNDLED = ["windupwar", "castlewars", "wms", "windup_machines"]


@pytest.mark.parametrize("game", BUNDLED)
def test_rules_show_no_test_files_or_test_names(cli, game):
    out = cli("rules", game).out
    assert out.strip()
    assert not re.search(r"tests/|test_\w", out)
    assert "Interpretation" in out
    assert not re.search(r"\b\w+\.py\b", out)   # source modules mean nothing to a player


def test_headings_lose_their_module_names_and_the_module_map_goes():
    text = ("# A game\n\nPlayers say things.\n\nEach heading names the module that holds its rules;\n"
            "`game.py` lists them.\n\n## A fight (playing.py, fight.py)\n\nRules (cards.toml, cards.py) stay.\n")
    assert rules_for_players(text) == "# A game\n\nPlayers say things.\n\n## A fight\n\nRules (cards.toml, cards.py) stay.\n"


def test_each_kind_of_pointer_is_taken_out_and_the_sentence_kept():
    text = (
        "Each is marked, quotes the sentence it reads, and has a test in `tests/g/` (test names in brackets).\n"
        "Each is decided once, here, and tested in `tests/g/`.\n"
        "- A rule. Tests: `test_one`,\n  `test_two`.\n"
        "- Another rule [test_three,\n  test_four].\n"
    )
    assert rules_for_players(text) == (
        "Each is marked, quotes the sentence it reads.\n"
        "Each is decided once, here.\n"
        "- A rule.\n"
        "- Another rule.\n"
    )
