import json
import random

import pytest

from tabletop.core.errors import RecordError
from tabletop.core.random_agent import RandomAgent
from tabletop.core.record import GameRecord
from tabletop.engine.match import run_match


def play(game, seed=7):
    agents = [RandomAgent(random.Random(seed * 10 + s)) for s in range(2)]
    return run_match(game, agents, seed=seed, names=["Ann", "Bo"], agent_names=["random", "random"])


def test_same_seed_and_actions_give_the_same_record_byte_for_byte(goofspiel):
    assert play(goofspiel).record.to_json() == play(goofspiel).record.to_json()
    assert play(goofspiel, 7).record.to_json() != play(goofspiel, 8).record.to_json()


def test_a_saved_record_loads_and_verifies(goofspiel, tmp_path):
    result = play(goofspiel)
    path = result.record.save(tmp_path / "deep" / "game.json")
    loaded = GameRecord.load(path)
    assert loaded == result.record
    final = loaded.verify(goofspiel)
    assert goofspiel.outcome(final) == result.outcome


def test_a_tampered_outcome_is_caught(goofspiel, tmp_path):
    data = play(goofspiel).record.to_dict()
    data["outcome"]["winners"] = [1 - data["outcome"]["winners"][0]] if data["outcome"]["winners"] else [0]
    with pytest.raises(RecordError, match="altered"):
        GameRecord.from_dict(data).verify(goofspiel)


def test_a_tampered_action_names_the_action(goofspiel):
    data = play(goofspiel).record.to_dict()
    data["actions"][1][1] = "99"
    with pytest.raises(RecordError, match="Action 2 \\('99' by seat .\\) is rejected by the rules"):
        GameRecord.from_dict(data).verify(goofspiel)


def test_an_action_holding_a_newline_is_refused_in_one_line(goofspiel):
    data = play(goofspiel).record.to_dict()
    data["actions"][0][1] = "\n"
    with pytest.raises(RecordError) as caught:
        GameRecord.from_dict(data).verify(goofspiel)
    assert str(caught.value).startswith("Action 1 ('\\x0a' by seat 0) is rejected by the rules")
    assert "\n" not in str(caught.value)


def test_an_action_by_a_seat_not_to_act_is_caught(goofspiel):
    record = play(goofspiel).record
    seat, action = record.actions[0]
    record.actions[1] = (seat, action)
    with pytest.raises(RecordError, match="was not to act|rejected"):
        record.verify(goofspiel)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[]", "not a JSON object"),
        ('{"game": "goofspiel"}', "'version' is missing"),
        ('{"game": "g", "version": "1", "options": {}, "seed": "x", "seats": [], "actions": []}', "'seed'"),
        ('{"game": "g", "version": "1", "options": {}, "seed": 1, "seats": [{"name": "a"}], "actions": [[5, "x"]]}', "action 1"),
    ],
)
def test_malformed_records_get_one_sentence(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(RecordError, match=message):
        GameRecord.load(path)


def test_a_record_of_another_game_is_refused(goofspiel):
    record = play(goofspiel).record
    record.game = "chess"
    with pytest.raises(RecordError, match="of 'chess', not 'goofspiel'"):
        record.replay(goofspiel)


def test_records_are_json_with_the_documented_keys(goofspiel):
    data = json.loads(play(goofspiel).record.to_json())
    assert {"game", "version", "options", "seed", "seats", "actions", "outcome"} <= set(data)


def test_a_record_of_another_version_says_so_in_one_sentence_before_any_action(goofspiel):
    data = play(goofspiel).record.to_dict()
    data["version"] = "0.9"
    data["actions"][0][1] = "not even notation"
    with pytest.raises(RecordError) as caught:
        GameRecord.from_dict(data).replay(goofspiel)
    message = str(caught.value)
    assert message == (
        "This record was made with goofspiel version 0.9, but the installed goofspiel is version 1.0, "
        "whose rules may differ, so it cannot be replayed."
    )
