"""`tabletop join` as real processes against `tabletop serve`: a person at the plain prompt (its
input scripted) and `--bot random` play a game to its end; the record on the server replays."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.record import GameRecord  # noqa: E402
from tests.net.helpers import registry  # noqa: E402

TABLETOP = [sys.executable, "-m", "tabletop"]
BOUND = 120


def serve(tmp_path: Path, *args: str) -> tuple[subprocess.Popen, dict]:
    """`tabletop serve` in a process of its own, once it has printed its codes (read from its file)."""
    codes = tmp_path / "codes.json"
    process = subprocess.Popen([*TABLETOP, "serve", *args, "--codes", str(codes), "--data", str(tmp_path / "data")],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment(tmp_path))
    for line in process.stdout:  # each line as it is printed: the last one says how to continue it
        if line.startswith("Ctrl-C stops;"):
            return process, json.loads(codes.read_text())
    raise AssertionError(f"serve did not start: {process.wait(BOUND)}")


def environment(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / "player"), "COLUMNS": "100", "NO_COLOR": "1"}


@pytest.mark.slow
def test_a_plain_prompt_and_a_remote_bot_play_a_served_game_to_its_end(tmp_path):
    server, codes = serve(tmp_path, "castlewars", "--players", "2", "--seed", "5")
    url = codes["url"]
    code_file = tmp_path / "seat2"
    code_file.write_text(codes["seats"][1]["code"])
    try:
        bot = subprocess.Popen([*TABLETOP, "join", url, "--code-file", str(code_file), "--bot", "random"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=environment(tmp_path))
        person = subprocess.run([*TABLETOP, "join", url, "--code", codes["seats"][0]["code"], "--plain"],
                                input="help\n" + "1\n" * 400, capture_output=True, text=True, timeout=BOUND,
                                env=environment(tmp_path))
        bot_out = bot.communicate(timeout=BOUND)[0]
    finally:
        server.terminate()
        server.wait(BOUND)
    assert person.returncode == 0, person.stdout + person.stderr
    assert bot.returncode == 0, bot_out
    shown = person.stdout
    assert shown.startswith("Joined Castle Wars as Player 1")
    assert "How to answer" in shown  # the prompt's own help, over the wire
    assert "Player 1 >" in shown and "Game over" in shown and "Game over" in bot_out
    assert "random plays" in bot_out
    record = GameRecord.load(tmp_path / "data" / "games" / "1" / "record.json")
    assert record.outcome is not None
    record.verify(registry().game("castlewars"))
    winner = record.seats[record.outcome["winners"][0]]["name"] if record.outcome["winners"] else None
    assert winner is None or f"{winner} wins" in shown
    # The code is kept for the next join, readable by its owner alone.
    kept = tmp_path / "player" / "join-codes.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and url in json.loads(kept.read_text())


def test_join_without_a_code_enters_the_room_and_says_when_none_answers(tmp_path):
    result = subprocess.run([*TABLETOP, "join", "ws://127.0.0.1:9"], capture_output=True, text=True, timeout=BOUND,
                            env=environment(tmp_path))
    assert result.returncode == 2
    assert "Could not reach ws://127.0.0.1:9" in result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
