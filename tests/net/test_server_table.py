"""One game's table on the server, without sockets: frames fit the protocol, and a decision stays
open while only others move."""

from __future__ import annotations

import json

from tabletop.core.game import Outcome
from tabletop.engine.session import Session
from tabletop.engine.table import STALE
from tabletop.net import protocol
from tabletop.net.server_table import ServerTable, _fitted, outcome_sentence
from tests.net.helpers import people, registry


def test_a_frame_with_too_many_events_keeps_the_latest_that_fit():
    events = [{"kind": "k", "text": f"{i} " + "x" * 1500} for i in range(100)]
    message = protocol.table(seq=0, view={}, to_act=[], chosen=[], connected=[], legal=[], describe={},
                             events=events, outcome=None)
    text = _fitted(message)
    kept = json.loads(text)["events"]
    assert len(text.encode()) <= protocol.MAX_FRAME and kept and kept[-1] == events[-1]


def test_outcome_sentence_names_winners_and_scores():
    names = ["Ana", "Bo"]
    assert outcome_sentence(Outcome((1,), "last castle standing", (0, 12)), names) == \
        "Bo wins: last castle standing. (Ana 0, Bo 12)"
    assert outcome_sentence(Outcome((), "all fell"), names) == "No winner: all fell."


def test_a_co_submitters_move_leaves_a_decision_open_and_an_own_move_closes_it():
    game = registry().game("windupwar")
    table = ServerTable("1", Session(game, people(3), seed=2), save=lambda s: None)
    table.start()
    viewers = table.seat_viewers
    frames = [json.loads(table.frame(v)) for v in viewers]
    assert all(f["decision"] == f["seq"] == 0 for f in frames)
    refusal, sent = table.act(0, 0, frames[0]["legal"][0], viewers)
    assert refusal is None
    after = {v.seat: json.loads(text) for v, text in sent.frames}
    for seat in (1, 2):  # seat 1 moved: the others' decisions are still the ones they were offered
        if seat in after:
            assert after[seat]["decision"] == 0
    assert table.act(1, 0, frames[1]["legal"][0], viewers)[0] is None  # answered from its first frame: taken
    assert table.session.record.actions == [(0, frames[0]["legal"][0]), (1, frames[1]["legal"][0])]
    mine = after[0]
    assert mine["decision"] == mine["seq"] == 1  # seat 1's own move opened a new decision
    assert table.act(0, 0, mine["legal"][0], viewers)[0] == STALE
    assert len(table.session.record.actions) == 2  # nothing changed


def test_a_seat_makes_all_its_secret_decisions_in_a_row_while_the_others_think():
    """Windup War's army picks: seat 3 picks its three units while seats 1 and 2 have not picked."""
    game = registry().game("windupwar")
    table = ServerTable("1", Session(game, people(3), seed=2), save=lambda s: None)
    table.start()
    viewer = table.seat_viewers[2]
    frame = json.loads(table.frame(viewer))
    picks = []
    while frame["legal"] and frame["legal"][0].startswith("unit "):
        picks.append(frame["legal"][0])
        refusal, sent = table.act(2, frame["seq"], frame["legal"][0], [viewer])
        assert refusal is None
        [(shown, text)] = sent.frames
        assert shown is viewer
        frame = json.loads(text)
    assert len(picks) == 3 and not frame["legal"] and frame["to_act"] == [1, 2]
    assert table.session.record.actions == [(2, pick) for pick in picks]
