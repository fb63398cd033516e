"""The same seeds give the same games as before the speed work (commit ad69716): every record's
bytes and every simulated result, for each bundled game and the Goofspiel test game, by random
seats and by the game's own bot (``tools/same_games.py`` wrote the expected fingerprints there)."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[2] / "tools"))
from same_games import fingerprints  # noqa: E402

EXPECTED = json.loads((Path(__file__).parent / "same_games.json").read_text())
FOUND = {}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_fixed_seeds_give_the_games_they_gave_before(game):
    if not FOUND:
        FOUND.update(fingerprints())
    if FOUND[game]["version"] != EXPECTED[game]["version"]:
        pytest.fail(f"{game}'s rules are version {FOUND[game]['version']} now: write its line of same_games.json again")
    assert FOUND[game] == EXPECTED[game]
