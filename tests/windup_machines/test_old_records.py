"""Records saved by the game before it was built from zones replay to the same events and views."""

import hashlib
import json
from pathlib import Path

import pytest

from tabletop.core.record import GameRecord
from tests.windup_machines.helpers import GAME

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "old_records.json").read_text())


def _digest(record):
    digest = hashlib.sha256()
    state = GAME.new_state(len(record.seats), seed=record.seed)
    for seat, action in record.actions:
        for e in GAME.apply(state, seat, action):
            digest.update(repr((e.kind, e.text, sorted(e.data.items()),
                                None if e.visible_to is None else sorted(e.visible_to))).encode())
    return digest.hexdigest(), state


@pytest.mark.parametrize("saved", FIXTURE, ids=lambda s: f"{len(s['record']['seats'])}p-seed{s['record']['seed']}")
def test_an_old_record_replays_with_the_same_events_and_views(saved):
    record = GameRecord.from_dict(saved["record"])
    record.verify(GAME)
    digest, state = _digest(record)
    assert digest == saved["events"]
    seats = [None, *range(state.seats)]
    assert {str(s): json.loads(json.dumps(GAME.view(state, s))) for s in seats} == saved["final_views"]
