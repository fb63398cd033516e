"""Records saved before WMS was built from zones (version 1.1.0) still replay, to the same end.

Version 1.2.0 (no stranding step with no take-back left) and 1.3.0 (gained keywords meet
restrictions) refuse them as they refuse every record of another version; none of these games
spent its take-backs on a play that could not reach, and no bundled card gives a trait, so their
actions are still the same game under the current version, which the tests below check by
replaying each record with its version brought up to date.

``data/records_before_zones.json`` holds random and veteran games of both seatings, each
with the spectator's view of its final position, all made by the code before the port.
Seeded random games are regenerated move for move. Veteran games are only replayed: the
bot plans on ``sample_state``, and the engine's resampler lays hidden cards out differently
from the old hand-written one, so a plan made after drawing on a sample (Dark Rites) may
differ; the game from a given list of actions never does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.core.errors import RecordError
from tabletop.core.record import GameRecord
from tabletop.testing import random_match
from tests.wms.helpers import GAME

SAVED = json.loads(Path(__file__).with_name("data").joinpath("records_before_zones.json").read_text())


@pytest.mark.parametrize("saved", SAVED, ids=lambda g: f"{g['kind']}-{g['seed']}-swap{g['swap']}")
def test_a_record_saved_before_replays_to_the_same_position(saved):
    final = GameRecord.from_dict({**saved["record"], "version": GAME.version}).verify(GAME)
    assert GAME.view(final, None) == saved["view"]


@pytest.mark.parametrize("saved", [g for g in SAVED if g["kind"] == "random"],
                         ids=lambda g: f"seed{g['seed']}-swap{g['swap']}")
def test_a_seeded_random_game_is_the_same_game_as_before(saved):
    result = random_match(GAME, 2, seed=saved["seed"], options={"swap": saved["swap"]})
    assert result.record.to_dict()["actions"] == saved["record"]["actions"]


def test_a_record_of_the_older_rules_is_refused_with_one_sentence():
    record = GameRecord.from_dict(SAVED[0]["record"])
    assert record.version == "1.1.0" != GAME.version
    with pytest.raises(RecordError, match="version 1.1.0.*cannot be replayed"):
        record.verify(GAME)
