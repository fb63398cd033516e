"""Saved records replay to the same events and views. The records were first saved before the
game was built from zones (rules 0.2.0); the part data changed in 0.3.0, so they were played
again with the same kinds of seats (random agents seeded game seed * 10 + seat, engineers) and
saved at 0.3.0; a record of 0.2.0 is refused like any record of other rules."""

import hashlib
import json
from pathlib import Path

import pytest

from tabletop.core.errors import RecordError
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


def test_a_record_of_other_rules_is_refused_with_one_sentence():
    record = GameRecord.from_dict({**FIXTURE[0]["record"], "version": "0.2.0"})
    with pytest.raises(RecordError, match="version 0.2.0.*cannot be replayed"):
        record.verify(GAME)
