"""The play command's new ways in: --plain with undo and card, --resume, and `records`."""

from __future__ import annotations

import json
import os

import pytest

from tabletop.terminal.prompt import match_choice
from tests.attack.helpers import flat


def test_records_lists_saved_games_finished_or_not(cli, tmp_path):
    cli("play", "goofspiel", "--seats", "random,random", "--seed", "3", "--save", str(tmp_path / "done.json"))
    cli("play", "goofspiel", "--players", "2", "--seed", "2", "--save", str(tmp_path / "half.json"),
        input=["3", "quit", "y"])
    (tmp_path / "junk.json").write_text("{")
    result = cli("records", "--folder", str(tmp_path), "--json")
    assert result.exit_code == 0, result.err
    found = {item["file"].rsplit("/", 1)[-1]: item for item in json.loads(result.out)}
    assert found["done.json"]["finished"] is True and found["done.json"]["game"] == "goofspiel"
    assert found["half.json"]["finished"] is False and found["half.json"]["actions"] >= 1
    assert "not valid JSON" in found["junk.json"]["error"]
    table = cli("records", "--folder", str(tmp_path)).out
    assert "unfinished" in table and "finished" in table


def test_records_print_names_from_files_safely_and_survive_a_dangling_link(cli, tmp_path):
    path = tmp_path / "odd.json"
    cli("play", "goofspiel", "--seats", "random,random", "--seed", "3", "--save", str(path))
    data = json.loads(path.read_text())
    data["seats"][0]["name"] = "[red]Ann[/] \x1b[2J"
    path.write_text(json.dumps(data))
    (tmp_path / "gone.json").symlink_to(tmp_path / "nowhere.json")
    result = cli("records", "--folder", str(tmp_path))
    assert result.exit_code == 0, result.err
    # The record's loader makes the name safe (brackets to parentheses, controls replaced);
    # the table prints it as it is, and a dangling link is one line, not a crash.
    assert "(red)Ann(/)" in flat(result.out) and "\x1b" not in result.out
    assert "gone.json" in result.out


def test_a_quit_game_resumes_with_the_same_bots_and_ends(cli, tmp_path):
    path = tmp_path / "game.json"
    first = cli("play", "goofspiel", "--players", "2", "--seed", "5", "--plain", "--save", str(path),
                input=["1", "2", "quit", "y"])
    assert "--resume" in first.out
    actions = json.loads(path.read_text())["actions"]
    assert [a for s, a in actions if s == 0] == ["1", "2"]  # the person's two bids (the bot bids without waiting)
    answers = [str(c) for c in range(3, 14)]
    resumed = cli("play", "--resume", str(path), "--plain", input=answers)
    assert resumed.exit_code == 0, resumed.err
    assert "Game over" in resumed.out
    assert "Replaying the actions gives the recorded outcome" in cli("replay", str(path)).out


def test_resume_accepts_the_names_and_numbers_records_shows(cli, records):
    """What `tabletop records` shows is what --resume takes: the number, the name, the file."""
    records.mkdir(parents=True)
    for name in ("older.json", "newer.json"):
        cli("play", "goofspiel", "--players", "2", "--seed", "5", "--plain", "--save", str(records / name),
            input=["1", "quit", "y"])
    newer = records / "newer.json"
    os.utime(records / "older.json", (1_000_000, 1_000_000))  # the listing is newest first
    listed = cli("records").out
    assert "--resume 1" in listed and "--resume 2" in listed
    answers = [str(c) for c in range(2, 14)]
    for given in ("1", "newer.json", "newer"):
        before = newer.read_text()
        resumed = cli("play", "--resume", given, "--plain", input=["quit", "y"])
        assert resumed.exit_code == 0, (given, resumed.err)
        assert "--resume" in resumed.out and newer.read_text() == before  # the same game, nothing taken
    finished = cli("play", "--resume", "2", "--plain", input=answers)
    assert finished.exit_code == 0 and "Game over" in finished.out
    for wrong, sentence in (("7", "no saved game number 7"), ("nothere", "No saved game nothere")):
        refused = cli("play", "--resume", wrong, "--plain")
        assert refused.exit_code != 0 and sentence in flat(refused.err) and "Traceback" not in refused.err


def test_undo_at_the_plain_prompt_is_refused_once_the_bots_bid_is_shown(cli, tmp_path):
    path = tmp_path / "undo.json"
    answers = ["1", "undo"] + [str(c) for c in range(2, 14)]
    result = cli("play", "goofspiel", "--players", "2", "--seed", "8", "--plain", "--save", str(path), input=answers)
    assert result.exit_code == 0, result.err
    assert "cannot take that back" in result.out and "Taken back" not in result.out
    actions = json.loads(path.read_text())["actions"]
    assert [a for s, a in actions if s == 0][0] == "1"  # the bid stands


def test_a_mistyped_action_gets_a_did_you_mean():
    with pytest.raises(ValueError, match="did you mean attack 2, attack 3?"):
        match_choice("atack 2", ["defend", "attack 2", "attack 3"])
    with pytest.raises(ValueError, match="type \\? to see"):
        match_choice("zzz", ["defend", "attack 2"])


def test_card_at_the_plain_prompt_shows_its_text(registry, tmp_path):
    from tabletop.core.board import board_for

    board = board_for(registry.pm, registry.game("castlewars"))
    assert board.card_text("knight").startswith("Knight (K): attack power 3")
    assert board.card_text("knigth") == "No card 'knigth'; did you mean knight?"


def test_a_card_found_under_its_name_and_its_id_is_shown_not_asked_about(registry):
    from tabletop.core.board import board_for

    board = board_for(registry.pm, registry.game("wms"))
    assert {"honour guard", "honour-guard"} <= set(board.cards())
    assert board.card_text("honour").startswith("Honour Guard (unit)")


def test_resuming_a_file_that_is_not_a_record_is_one_sentence(cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    result = cli("play", "--resume", str(bad))
    assert result.exit_code == 2
    assert "not a valid game record" in flat(result.err) and "Traceback" not in result.err


def test_no_game_named_without_a_terminal_says_what_to_do(cli):
    result = cli("play")
    assert result.exit_code == 2
    assert "Name a game to play" in result.err


@pytest.mark.parametrize(("args", "message"), [
    (("play", "windupwr"), "No game named 'windupwr'. Did you mean 'windupwar'?"),
    (("play", "castlewars", "--seats", "human,captian"), "No bot 'captian' for castlewars. Did you mean 'captain'?"),
    (("play", "windupwar", "-o", "editon=2016"), "has no option 'editon' (did you mean 'edition'?); its options"),
])
def test_mistyped_games_bots_and_options_get_a_did_you_mean(cli, args, message):
    result = cli(*args)
    assert result.exit_code == 2
    assert message in result.err.replace("\n", " ")


def test_the_plain_hand_over_repeats_the_public_narration_but_no_pending_bid(cli, tmp_path):
    answers = []
    for card in range(1, 14):
        answers += ["Ann", str(card), "Bob", str(14 - card)]  # each types their name at the hand-over
    result = cli("play", "goofspiel", "--seats", "human,human", "--seed", "1", "--plain",
                 "--names", "Ann,Bob", "--save", str(tmp_path / "hot.json"), input=answers)
    assert result.exit_code == 0, result.err
    pages = result.out.split("Hand over")
    # Ann's second page repeats what was revealed while she looked away ...
    assert "Since you last played" in pages[3] and "Bob bids 13" in pages[3].split("press Enter")[0]
    # ... and Bob's first page never shows the bid Ann just made.
    assert "Ann bids 1" not in pages[2].split("press Enter")[0]


def test_the_prompt_gives_the_games_own_reason_for_a_move_it_refuses(cli, tmp_path):
    """'take T' is Castle Wars notation, refused now: the game says why, not just 'not legal'."""
    result = cli("play", "castlewars", "--seats", "human,captain", "--seed", "1", "--plain",
                 "--save", str(tmp_path / "g.json"), input=["take T"])
    assert "There is no face-up Tower to take." in result.out
    assert "'take T' is not a legal action now" not in result.out


def test_a_decision_refuses_on_the_seats_own_copy_and_never_changes_the_game(registry):
    from tests.screen.helpers import session

    table = session(registry, "castlewars", ["human", "captain"], seed=1)
    view = table.view(0)
    decision = table.decision(0)
    assert decision.refusal("swap K A") == "You hold no Knight to give up."
    assert decision.refusal("take Q") is None  # not notation: the prompt's did-you-mean stands
    assert decision.refusal(decision.legal[0]) is None
    assert table.view(0) == view and not table.record.actions
