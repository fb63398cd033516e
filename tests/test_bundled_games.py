"""Every bundled game works through the command line, installed as a plugin like any other."""

import json

import pytest

BUNDLED = {"windupwar": ("tactician", 4), "castlewars": ("captain", 3), "windup_machines": ("engineer", 3), "wms": ("veteran", 2)}


def test_every_bundled_game_loads(cli):
    entries = json.loads(cli("list", "--json").out)
    loaded = {e["name"]: e for e in entries if "error" not in e}
    assert not [e for e in entries if "error" in e]
    for name, (bot, _) in BUNDLED.items():
        assert bot in loaded[name]["bots"] and "random" in loaded[name]["bots"]


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_bots_play_a_bundled_game_whose_record_replays(cli, tmp_path, name):
    bot, seats = BUNDLED[name]
    path = tmp_path / f"{name}.json"
    lineup = ",".join([bot] + ["random"] * (seats - 1))
    played = cli("play", name, "--seats", lineup, "--seed", "12", "--save", str(path))
    assert played.exit_code == 0, played.err
    assert "Game over" in played.out
    replayed = cli("replay", str(path))
    assert replayed.exit_code == 0, replayed.err
    assert "Replaying the actions gives the recorded outcome" in replayed.out


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_rules_of_a_bundled_game_render(cli, name):
    result = cli("rules", name)
    assert result.exit_code == 0 and "Interpretation" in result.out


def test_windup_war_editions_are_an_option_with_a_clear_error(cli):
    result = cli("play", "windupwar", "--seats", "random,random", "-o", "edition=2018")
    assert result.exit_code == 2
    assert "Option 'edition' cannot be '2018'; choose one of: 2017, 2016." in result.err


def test_replay_steps_round_by_round(cli, tmp_path):
    path = tmp_path / "castle.json"
    cli("play", "castlewars", "--seats", "captain,random", "--seed", "3", "--save", str(path))
    result = cli("replay", str(path), "--step", input=[""] * 200)
    assert result.exit_code == 0, result.err
    lines = result.out.splitlines()
    starts = [i for i, line in enumerate(lines) if " begins; " in line]
    assert len(starts) >= 1
    # Each new round is announced right after a pause, and nowhere else is there a pause.
    assert all(lines[i - 1].startswith("(Enter: next round;") for i in starts)
    assert result.out.count("(Enter: next round;") == len(starts)


def test_replay_steps_back_jumps_and_quits(cli, tmp_path):
    path = tmp_path / "castle.json"
    cli("play", "castlewars", "--seats", "captain,random", "--seed", "3", "--save", str(path))
    result = cli("replay", str(path), "--step", input=["", "b", "3", "zz", "q"])
    assert result.exit_code == 0, result.err
    parts = [line.split("-- part ")[1].split(" ")[0] for line in result.out.splitlines() if "-- part " in line]
    assert parts == ["2", "1", "3"]
    assert "Press Enter, b, q or a number" in result.out
    assert result.out.rstrip().endswith("Replay stopped.")


def test_replay_steps_stop_at_the_end_of_input_on_a_line_of_their_own(cli, tmp_path):
    path = tmp_path / "castle.json"
    cli("play", "castlewars", "--seats", "captain,random", "--seed", "3", "--save", str(path))
    result = cli("replay", str(path), "--step", input=[""])
    assert result.exit_code == 0, result.err
    assert result.out.rstrip().endswith("q quit) \nReplay stopped.")


def test_replay_to_shows_the_table_after_that_action(cli, tmp_path):
    path = tmp_path / "castle.json"
    cli("play", "castlewars", "--seats", "captain,random", "--seed", "3", "--save", str(path))
    result = cli("replay", str(path), "--to", "4")
    assert result.exit_code == 0, result.err
    assert "The table after action 4" in result.out
    assert "   5 " not in result.out
    assert "--to must be" in cli("replay", str(path), "--to", "100000").err
