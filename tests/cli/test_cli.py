"""Every command, on the test game, through Typer's runner with fixed-width consoles."""

import json
import re

import pytest


def test_list_shows_games_with_players_version_and_bots(cli):
    result = cli("list")
    assert result.exit_code == 0
    assert "goofspiel" in result.out and "Goofspiel" in result.out
    row = next(line for line in result.out.splitlines() if "goofspiel" in line)
    assert "│ 2 " in row and "2-2" not in row  # one seat count reads as one number
    assert "human" not in row  # a person is no bot


def test_list_json_has_the_documented_fields(cli):
    entries = json.loads(cli("list", "--json").out)
    goof = next(e for e in entries if e["name"] == "goofspiel")
    assert goof == {
        "name": "goofspiel", "title": "Goofspiel", "min_players": 2, "max_players": 2,
        "version": "1.0", "options": [], "bots": ["ismcts", "random"],
    }


def test_list_reports_a_broken_plugin_by_name(tmp_path):
    from tabletop.engine.registry import build_registry
    from tests.conftest import Cli
    from tests.goofspiel import plugin

    broken = tmp_path / "broken_game.py"
    broken.write_text("raise RuntimeError('card data is on fire')\n")
    registry = build_registry(load_entry_points=False, extra=[plugin, str(broken)])
    result = Cli(registry)("list", "--json")
    entries = json.loads(result.out)
    assert {"name": str(broken), "error": "RuntimeError: card data is on fire"} in entries
    assert any(e["name"] == "goofspiel" for e in entries)


def test_rules_renders_the_rules_file(cli):
    result = cli("rules", "goofspiel")
    assert result.exit_code == 0 and "Goofspiel (test game)" in result.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "chess"), "No game named 'chess'. Installed games:"),
        (("play", "goofspiel", "--seats", "random,random,random"), "Goofspiel is for 2 players, not 3."),
        (("play", "goofspiel", "--seats", "random,robot"), "No bot 'robot' for goofspiel."),
        (("play", "goofspiel", "--option", "speed=9"), "'goofspiel' has no option 'speed'"),
        (("simulate", "goofspiel", "--seats", "human,random"), "Only bots can sit in a simulation"),
        (("check", "goofspiel", "--seats", "x"), "--seats takes seat counts like 2,3,4"),
        (("bench", "goofspiel", "--seats", "5"), "Goofspiel is for 2 players, not 5."),
    ],
)
def test_user_mistakes_get_one_sentence_and_no_traceback(cli, args, message):
    result = cli(*args)
    assert result.exit_code == 2
    assert message in result.err.replace("\n", " ")
    assert "Traceback" not in result.err + result.out


def test_play_against_a_bot_saves_a_record_that_replays(cli, records):
    answers = ["zap", "?"] + [str(c) for c in range(1, 14)]
    result = cli("play", "goofspiel", "--seats", "human,random", "--seed", "4", "--names", "Ann,Bot", input=answers)
    assert result.exit_code == 0, result.err
    assert "'zap' is not a legal action now" in result.out
    assert "How to answer" in result.out
    assert "Game over" in result.out
    saved = list(records.glob("goofspiel-*.json"))
    assert len(saved) == 1
    # An unfinished game's file is listed by `tabletop records`: its name must not give the seed away.
    assert re.fullmatch(r"goofspiel-\d{8}-\d{6}\.json", saved[0].name)
    replay = cli("replay", str(saved[0]))
    assert replay.exit_code == 0 and "Replaying the actions gives the recorded outcome" in replay.out
    assert "Ann bids 1" in replay.out


def test_hot_seat_hands_over_between_people_and_hides_pending_bids(cli, tmp_path):
    path = tmp_path / "hot.json"
    answers = []
    for card in range(1, 14):
        answers += ["Player 1", str(card), "Player 2", str(14 - card)]  # names at the hand-over
    result = cli("play", "goofspiel", "--seats", "human,human", "--seed", "1", "--save", str(path), input=answers)
    assert result.exit_code == 0, result.err
    assert result.out.count("Pass the screen to Player 2") == 13
    first_handover = result.out.index("Pass the screen to Player 2")
    seen_by_player_2 = result.out[first_handover:result.out.index("Player 2 >")]
    assert "'bids': [[None], []]" in seen_by_player_2 and "['1']" not in seen_by_player_2
    assert path.exists()


def test_quitting_keeps_the_game_so_far(cli, tmp_path):
    path = tmp_path / "quit.json"
    result = cli("play", "goofspiel", "--players", "2", "--seed", "2", "--save", str(path), input=["3", "quit"])
    assert result.exit_code == 0
    assert "quit the game" in result.out
    assert json.loads(path.read_text())["outcome"] is None
    assert "before the game ended" in cli("replay", str(path)).out


def test_replay_reports_a_tampered_record(cli, tmp_path):
    path = tmp_path / "game.json"
    cli("play", "goofspiel", "--seats", "random,random", "--seed", "3", "--save", str(path))
    data = json.loads(path.read_text())
    data["actions"][0][1] = "14"
    path.write_text(json.dumps(data))
    result = cli("replay", str(path))
    assert result.exit_code == 2
    assert "Action 1 ('14' by seat 0) is rejected by the rules" in result.err.replace("\n", " ")


def test_replay_of_an_unreadable_file_is_one_sentence(cli, tmp_path):
    path = tmp_path / "junk.json"
    path.write_text("not json")
    result = cli("replay", str(path))
    assert result.exit_code == 2 and "junk.json is not valid JSON" in result.err


def test_simulate_json_reports_wins_per_seat_and_bot(cli):
    result = cli("simulate", "goofspiel", "-n", "60", "--seats", "random,random", "--seed", "5", "--json")
    summary = json.loads(result.out)
    assert summary["game"] == "goofspiel" and summary["games"] == 60 and summary["seed"] == 5
    wins = sum(s["wins"] for s in summary["by_seat"])
    assert wins + summary["no_winner"] == 60
    assert summary["mean_length"] == 26
    low, high = summary["by_seat"][0]["ci95"]
    assert low <= summary["by_seat"][0]["rate"] <= high
    assert summary["by_bot"]["random"]["games"] == 120 and summary["by_bot"]["random"]["seats"] == [1, 2]


def test_simulate_gives_the_same_results_with_more_workers(cli):
    one = json.loads(cli("simulate", "goofspiel", "-n", "40", "--seed", "9", "--json").out)
    two = json.loads(cli("simulate", "goofspiel", "-n", "40", "--seed", "9", "--workers", "2", "--json").out)
    assert (one.pop("run"), two.pop("run")) == (1, 2)  # two runs kept in the database
    assert one == two


def test_simulate_table_output(cli):
    result = cli("simulate", "goofspiel", "-n", "20", "--seats", "random,random")
    assert result.exit_code == 0 and "By bot" in result.out and "95% CI" in result.out


def test_check_passes_the_test_game(cli):
    result = cli("check", "goofspiel", "-n", "10")
    assert result.exit_code == 0 and "pass" in result.out


def test_bench_json_has_the_documented_fields(cli):
    figures = json.loads(cli("bench", "goofspiel", "--runs", "1", "--seconds", "0.1", "--json").out)
    assert figures["game"] == "goofspiel" and figures["seats"] == 2
    assert figures["games_per_s"] > 0 and figures["decisions_per_s"] > figures["games_per_s"]
    assert figures["copy_apply_per_s"] > 0 and figures["python"].startswith("CPython")


def test_bench_reports_the_simulate_path_with_its_spread(cli):
    figures = json.loads(cli("bench", "goofspiel", "--runs", "2", "--seconds", "0.05", "--json").out)
    assert figures["simulate_games_per_s"] > 0 and len(figures["simulate"]["runs"]) == 2
    assert figures["contract"]["min"] <= figures["contract"]["median"] <= figures["contract"]["max"]


def test_bench_bots_times_each_bot_per_decision(cli):
    timed = json.loads(cli("bench", "goofspiel", "--bots", "ismcts:iterations=5,random", "--json").out)
    rows = {row["bot"]: row for row in timed["bots"]}
    assert set(rows) == {"ismcts:iterations=5", "random"}
    assert rows["ismcts:iterations=5"]["decisions"] > 0
    assert rows["ismcts:iterations=5"]["median_s"] <= rows["ismcts:iterations=5"]["p90_s"]


def test_bench_compare_runs_two_set_ups_side_by_side(cli):
    figures = json.loads(cli("bench", "goofspiel", "--compare", "goofspiel", "--runs", "1", "--seconds", "0.05",
                             "--json").out)
    assert figures["first"]["game"] == figures["second"]["game"] == "goofspiel"
    assert figures["ratio"]["games_per_s"] > 0


def test_help_names_values_in_words_not_python_types(cli):
    for command in ("play", "simulate", "check", "bench", "replay", "records"):
        out = cli(command, "--help").out
        assert "<bool>" not in out and "<list[str]>" not in out and "<str>" not in out, command
    play = " ".join(cli("play", "--help").out.split())
    assert "--option -o KEY=VALUE" in play and "--seed N" in play and "--save FILE" in play


def test_leaving_at_the_prompt_says_so_on_a_line_of_its_own(cli, tmp_path):
    result = cli("play", "goofspiel", "--seats", "human,random", "--save", str(tmp_path / "g.json"), input=[])
    assert result.exit_code == 0
    assert "Player 1 > \n" in result.out and "left the game" in result.out


def test_help_text_shows_every_bracket_it_is_written_with(registry):
    """Help is read as Rich markup: an unescaped ``[ray]`` in ``pip install 'tabletop[ray]'`` would vanish."""
    import typer
    from rich.markup import render

    from tabletop.cli.app import Runtime, make_app

    command = typer.main.get_command(make_app(Runtime(registry=registry)))
    helps = [(command.name, command.help or "")]
    for name, sub in command.commands.items():
        helps.append((name, sub.help or ""))
        helps += [(f"{name} {param.name}", getattr(param, "help", None) or "") for param in sub.params]
    for where, text in helps:
        assert render(text).plain == text.replace("\\[", "["), where


def test_report_tables_line_figures_up_on_the_right_and_names_on_the_left():
    from tabletop.cli.lab_output import justify

    assert justify(["49", "0"]) == justify(["98.0%"]) == justify(["89.5% - 99.6%", "0.0% - 7.1%"]) == "right"
    assert justify(["tactician", "random"]) == justify(["gladi-8rs"]) == justify(["1", "1,2 (rotated)"]) == "left"


def test_balance_help_breaks_lines_only_between_sentences_and_says_what_budget_counts(cli):
    out = cli("balance", "--help").out
    description = out.split("Example:", 1)[0].split("Usage:", 1)[1]
    lines = [line.strip() for line in description.splitlines()[1:] if line.strip()]
    widest = max(len(line) for line in lines)
    assert all(line.endswith(".") or len(line) > 0.8 * widest for line in lines)   # no break mid-sentence
    words = " ".join(out.replace("│", " ").split())
    assert "printed data first" not in words and "the first is the game's own card data, as printed" in words
