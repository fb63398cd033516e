"""Class 1: text from a person, a plugin or a file is printed as plain text, never as Rich markup,
an emoji code or a terminal command; an unexpected error is one sentence plus where the game is."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rich.console import Console

from tabletop.terminal.output import THEME
from tabletop.terminal.prompt import match_choice
from tabletop.terminal.safe_text import clean, fmt, plain

HOSTILE = [
    "[/]",
    "[red]x[/red]",
    "[bold",
    "\x1b[2J\x1b]0;owned\x07",
    ":smile:",
    "back\\",
    "\u202eevil",
    "\ud800",
    "²",
    "٣",
    "x" * 10_000,
]


def _printed(thing) -> str:
    out = StringIO()
    Console(file=out, width=100_000, theme=THEME, force_terminal=False, color_system=None, soft_wrap=True).print(thing)
    return out.getvalue()


@given(st.text())
def test_any_text_prints_exactly_as_its_escaped_self(text):
    assert _printed(plain(text)) == clean(text) + "\n"
    assert _printed(fmt("[error]Error:[/] {}", text)) == "Error: " + clean(text, lines=True) + "\n"


@given(st.text())
def test_escaped_text_holds_no_control_character_or_surrogate(text):
    shown = clean(text)
    assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF for c in shown)
    shown.encode("utf-8")


@given(st.text(), st.lists(st.sampled_from(["1", "2", "10", "a1", "b", "done"]), min_size=1, unique=True))
@example("²", ["1", "2"])
@example("٣", ["1", "2", "3"])
@example("1:", ["1"])
@example("0\n0", ["1"])
def test_any_typed_answer_is_a_legal_action_or_one_sentence(typed, legal):
    try:
        assert match_choice(typed, legal) in legal
    except ValueError as error:
        # one sentence on one line; "did you mean 1?" is a sentence too
        message = str(error)
        assert message.endswith((".", "?")) and "\n" not in message and len(message) < 200


@pytest.mark.parametrize("typed", HOSTILE)
def test_hostile_prompt_input_is_answered_in_plain_text_and_the_game_goes_on(cli, records, typed):
    result = cli("play", "goofspiel", "--seats", "human,random", "--seed", "4", input=[typed] + [str(c) for c in range(1, 14)])
    assert result.exit_code == 0, result.err
    assert "Game over" in result.out
    assert "\x1b" not in result.out and "\ud800" not in result.out and "\u202e" not in result.out
    assert "x" * 41 not in result.out  # the echo is cut, not a screenful
    assert f"'{clean(typed)[:40]}" in result.out  # shown as typed (escaped), not styled or turned into an emoji
    assert "invalid literal" not in result.out


def test_hostile_seat_names_never_reach_the_terminal_or_break_the_record(cli, tmp_path):
    path = tmp_path / "names.json"
    names = "[/]\x1b[31m,:smile:\ud800"
    result = cli("play", "goofspiel", "--seats", "random,random", "--seed", "3", "--names", names, "--save", str(path))
    assert result.exit_code == 0, result.err
    assert "\x1b" not in result.out and "\ud800" not in result.out
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [s["name"] for s in saved["seats"]] == ["(/)\ufffd(31m", ":smile:\ufffd"]
    assert cli("replay", str(path)).exit_code == 0


def test_a_seat_name_too_long_is_refused_before_the_game(cli, records):
    result = cli("play", "goofspiel", "--seats", "random,random", "--names", "N" * 41)
    assert result.exit_code == 2 and "longer than 40 characters" in result.err


def test_an_error_message_echoing_markup_is_printed_plainly(cli):
    result = cli("play", "goofspiel", "--option", "[/]=1")
    assert result.exit_code == 2
    assert "has no option '[/]'" in result.err


CRASHY = """
    from tabletop.core import hookimpl
    from tests.goofspiel.game import Goofspiel

    class Crashy(Goofspiel):
        name = "crashy"

        calls = 0

        def apply(self, state, seat, action):
            self.calls += 1
            if self.calls == 7:
                raise RuntimeError("a rules bug [/]")
            return super().apply(state, seat, action)

    @hookimpl
    def tabletop_register_games():
        return [Crashy()]
"""


def test_an_unexpected_error_is_one_sentence_and_the_game_so_far_is_saved(run_main, plugin_file, tmp_path):
    plugin = plugin_file(CRASHY)
    path = tmp_path / "crash.json"
    result = run_main("--plugin", str(plugin), "play", "crashy", "--seats", "random,random", "--seed", "1", "--save", str(path))
    assert result.code == 1
    assert "Traceback" not in result.out + result.err
    assert "unexpected error (RuntimeError: a rules bug [/])" in result.text
    assert f"The game so far is saved in {path}" in result.text
    assert len(json.loads(path.read_text())["actions"]) == 6


def test_debug_shows_the_traceback(run_main, plugin_file, tmp_path):
    plugin = plugin_file(CRASHY)
    result = run_main("--debug", "--plugin", str(plugin), "play", "crashy", "--seats", "random,random",
                      "--save", str(tmp_path / "c.json"))
    assert result.code == 1 and "Traceback" in result.err


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(typed=st.lists(st.text(max_size=60), max_size=4))
def test_any_typing_at_the_prompt_ends_in_a_finished_or_kept_game(cli, tmp_path, typed):
    path = tmp_path / "fuzz.json"
    answers = typed + [str(c) for c in range(1, 14)]
    result = cli("play", "goofspiel", "--seats", "human,random", "--seed", "8", "--save", str(path), "--force", input=answers)
    assert result.exit_code == 0, result.err
    assert "Game over" in result.out or "left the game" in result.out or "quit the game" in result.out
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "goofspiel"


def test_names_a_terminal_cannot_show_are_escaped_not_a_crash(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "TABLETOP_RECORDS": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "tabletop", "--plugin", "tests.goofspiel.plugin", "play", "goofspiel",
         "--seats", "random,random", "--names", "Zoë,Jürgen"],
        cwd=root, env=env, capture_output=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr.decode()
    assert b"Zo\\xeb" in result.stdout
    (record,) = tmp_path.glob("*.json")
    assert [s["name"] for s in json.loads(record.read_text(encoding="utf-8"))["seats"]] == ["Zoë", "Jürgen"]


def test_bytes_that_are_not_utf8_at_the_prompt_are_an_answer_like_any_other(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    typed = b"\xff\xfe\x1b[2J\n" + b"".join(b"%d\n" % c for c in range(1, 14))
    result = subprocess.run(
        [sys.executable, "-m", "tabletop", "--plugin", "tests.goofspiel.plugin", "play", "goofspiel",
         "--seats", "human,random", "--save", str(tmp_path / "b.json")],
        cwd=root, env={**os.environ, "PYTHONIOENCODING": "utf-8"}, input=typed, capture_output=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr.decode()
    assert "is not a legal action now" in result.stdout.decode()
    assert b"\x1b[2J" not in result.stdout
