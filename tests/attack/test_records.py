"""Class 5: records are read defensively. Any malformed file is one sentence and exit status 2;
devices and huge files are refused unread; replay says what it proves."""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core.errors import OptionError, RecordError
from tabletop.core.options import Option
from tabletop.core.record import MAX_RECORD_BYTES, GameRecord
from tests.attack.helpers import flat


@pytest.fixture
def good(cli, tmp_path) -> dict:
    path = tmp_path / "good.json"
    assert cli("play", "goofspiel", "--seats", "random,random", "--seed", "6", "--save", str(path)).exit_code == 0
    return json.loads(path.read_text())


def _with(data: dict, **changes) -> str:
    return json.dumps({**data, **changes})


BAD_FIELDS = [
    {"outcome": []},
    {"outcome": {}},
    {"outcome": {"winners": "0", "reason": "x"}},
    {"outcome": {"winners": [0, 0], "reason": "x"}},
    {"outcome": {"winners": [7], "reason": "x"}},
    {"outcome": {"winners": [True], "reason": "x"}},
    {"outcome": {"winners": [0], "reason": {"a": 1}}},
    {"outcome": {"winners": [0], "reason": ""}},
    {"outcome": {"winners": [0], "reason": "x", "scores": ["1", "2"]}},
    {"outcome": {"winners": [0], "reason": "x", "scores": [1]}},
    {"outcome": {"winners": [0], "reason": "x", "ranks": [1.5, 2]}},
    {"seed": "1"},
    {"seed": 1.5},
    {"seed": None},
    {"seats": []},
    {"seats": [{"name": 1}, {"name": "b"}]},
    {"seats": [{"name": "N" * 41}, {"name": "b"}]},
    {"seats": "ab"},
    {"actions": [[True, "1"]]},
    {"actions": [[0, 5]]},
    {"actions": [[0, "1" * 501]]},
    {"actions": {"0": "1"}},
    {"options": {"speed": [1]}},
    {"options": []},
    {"game": ""},
    {"game": "g" * 101},
    {"version": 1},
    {"format": 99},
]


@pytest.mark.parametrize("change", BAD_FIELDS, ids=[json.dumps(c)[:40] for c in BAD_FIELDS])
def test_a_field_of_the_wrong_shape_is_one_sentence_and_status_2(cli, tmp_path, good, change):
    path = tmp_path / "bad.json"
    path.write_text(_with(good, **change))
    result = cli("replay", str(path))
    assert result.exit_code == 2
    assert result.err.startswith("Error: ") and "Traceback" not in result.err
    assert len(flat(result.err)) < 300


RAW = {
    "empty": b"",
    "deep": b"[" * 200_000,
    "deep object": b'{"a":' * 100_000,
    "invalid UTF-8": b'{"game": "\xff\xfe"}',
    "lone surrogate": b'{"game": "\\ud800", "version": "1"}',
    "huge integer": b'{"seed": ' + b"9" * 5000 + b"}",
    "NaN": b'{"seed": NaN}',
    "non-ASCII digits": '{"seed": ١٢}'.encode(),
    "BOM": b"\xef\xbb\xbf{}",
}


@pytest.mark.parametrize("name", list(RAW))
def test_hostile_bytes_are_one_sentence_and_status_2(cli, tmp_path, name):
    path = tmp_path / "raw.json"
    path.write_bytes(RAW[name])
    result = cli("replay", str(path))
    assert result.exit_code == 2, result.err
    assert result.err.startswith("Error: ") and len(flat(result.err)) < 300


def test_a_lone_surrogate_name_in_a_record_prints_safely(cli, tmp_path, good):
    path = tmp_path / "s.json"
    path.write_text(_with(good, seats=[{"name": "\ud800x"}, {"name": "[/]"}]))
    result = cli("replay", str(path))
    assert result.exit_code == 0, result.err
    assert "\ufffdx" in result.out and "(/)" in result.out


def test_devices_pipes_and_folders_are_refused_before_reading(cli, tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for target, said in (("/dev/zero", "not a regular file"), (str(fifo), "not a regular file"), (str(tmp_path), "is a folder")):
        result = cli("replay", target)
        assert result.exit_code == 2 and said in flat(result.err), target


def test_a_file_above_the_limit_is_refused_unread(cli, tmp_path, monkeypatch):
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_RECORD_BYTES + 1)  # sparse: no disk used
    reads = []
    real_open = type(path).open
    monkeypatch.setattr(type(path), "open", lambda self, *a, **k: (reads.append(self), real_open(self, *a, **k))[1])
    result = cli("replay", str(path))
    assert result.exit_code == 2 and "it is not a record" in flat(result.err)
    assert reads == []


def test_replay_says_what_it_proves_and_not_verified(cli, tmp_path, good):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(good))
    result = cli("replay", str(path))
    assert "Replaying the actions gives the recorded outcome" in result.out
    assert "Verified" not in result.out


def test_a_record_of_another_version_says_so(cli, tmp_path, good):
    path = tmp_path / "v.json"
    path.write_text(_with(good, version="0.9"))
    result = cli("replay", str(path))
    assert result.exit_code == 2
    assert "made with goofspiel version 0.9, but the installed goofspiel is version 1.0" in flat(result.err)


def test_option_numbers_take_ascii_digits_only():
    with pytest.raises(OptionError, match="takes a whole number"):
        Option("rounds", 3).parse("٣")
    assert Option("rounds", 3).parse("+3") == 3


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*prefix, i))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_single_mutation_of_a_record_is_read_or_refused_in_one_sentence(goofspiel, good, data):
    record = json.loads(json.dumps(good))
    path = data.draw(st.sampled_from(list(_paths(record))[1:]))
    value = data.draw(json_values)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        GameRecord.from_dict(json.loads(json.dumps(record))).verify(goofspiel)
    except RecordError as error:
        assert str(error).endswith((".", "?")) and "\n" not in str(error)
