"""The wire protocol's checks: every frame a client may send is decoded to its known fields, and
every other frame is refused with one sentence (never a traceback, never accepted)."""

from __future__ import annotations

import json

import pytest

from tabletop.net import protocol as p


def test_client_frames_round_trip():
    assert p.decode_client(p.encode(p.hello("abc"))) == {"type": "hello", "code": "abc", "proto": p.PROTO}
    assert p.decode_client(p.encode(p.act(3, "play 1"))) == {"type": "act", "seq": 3, "action": "play 1"}
    assert p.decode_client(p.encode(p.ping())) == {"type": "ping"}


def test_unknown_fields_are_dropped():
    assert p.decode_client('{"type":"act","seq":0,"action":"x","state":1}') == {"type": "act", "seq": 0, "action": "x"}


@pytest.mark.parametrize("frame, words", [
    (b'{"type":"ping"}', "binary"),
    ("not json", "not JSON"),
    ("[1,2]", "one JSON object"),
    ('{"kind":"ping"}', '"type"'),
    ('{"type":"shout"}', "may send"),
    ('{"type":"hello"}', '"code"'),
    ('{"type":"hello","code":""}', '"code"'),
    ('{"type":"hello","code":"' + "x" * (p.MAX_CODE + 1) + '"}', '"code"'),
    ('{"type":"hello","code":"x","proto":2}', "protocol 1"),
    ('{"type":"act","seq":-1,"action":"x"}', '"seq"'),
    ('{"type":"act","seq":true,"action":"x"}', '"seq"'),
    ('{"type":"act","seq":1.0,"action":"x"}', '"seq"'),
    ('{"type":"act","seq":1,"action":7}', '"action"'),
    ('{"type":"act","seq":1,"action":"' + "x" * 501 + '"}', '"action"'),
    ('{"type":"act","seq":NaN,"action":"x"}', "not JSON"),
    ("[" * 100000, "larger than"),
    ('{"type":"ping","pad":"' + "é" * (p.MAX_FRAME // 2) + '"}', "larger than"),
])
def test_bad_client_frames_are_refused_in_one_sentence(frame, words):
    with pytest.raises(p.ProtocolError) as caught:
        p.decode_client(frame)
    message = str(caught.value)
    assert words in message and "\n" not in message


def test_deep_nesting_is_refused_not_a_crash():
    frame = '{"type":"ping","x":' + "[" * 5000 + "]" * 5000 + "}"
    try:
        assert p.decode_client(frame) == {"type": "ping"}
    except p.ProtocolError as error:
        assert "JSON" in str(error)


def test_table_frame_numbers_seats_from_one():
    frame = p.table(seq=4, view={"hand": [1]}, to_act=[0, 2], chosen=[2], connected=[True, False, True],
                    legal=["a"], describe={"a": "words"}, events=[{"kind": "k", "text": "t"}],
                    outcome={"winners": [2], "reason": "r", "scores": None, "text": "C wins."})
    decoded = p.decode_server(p.encode(frame))
    assert decoded["to_act"] == [1, 3] and decoded["chosen"] == [3]
    assert p.outcome_frame({"winners": [0, 1], "reason": "r", "scores": [1, 2]}, "t")["winners"] == [1, 2]
    assert p.decode_server(p.encode(p.welcome(game="g", version="1", title="G", options={}, seat=0,
                                              names=["A", "B"])))["seat"] == 1
    assert p.welcome(game="g", version="1", title="G", options={}, seat=None, names=[])["seat"] is None


@pytest.mark.parametrize("frame", [
    {"type": "state", "state": {}},
    {"type": "table", "seq": 0},
    {"type": "welcome", "game": "g", "seat": 0, "names": []},
    {"type": "bye"},
    {"type": "status", "connected": True, "chosen": []},
])
def test_bad_server_frames_are_refused(frame):
    with pytest.raises(p.ProtocolError):
        p.decode_server(json.dumps(frame))


def test_encode_refuses_what_the_wire_cannot_carry():
    with pytest.raises(p.ProtocolError):
        p.encode({"type": "x", "n": float("nan")})
    with pytest.raises(p.ProtocolError):
        p.encode({"type": "x", "pad": "x" * p.MAX_FRAME})
    assert len(p.refused("x" * 10_000, 1)["reason"]) == p.MAX_TEXT
