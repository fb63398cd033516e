"""Class 3: saving is safe. --save is checked before the game starts, records are written
atomically, and the game so far is saved on quit, Ctrl-C (also while a bot thinks), SIGTERM
and SIGHUP."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tabletop.core import hookimpl
from tabletop.core.decision import BotSpec
from tabletop.core.errors import RecordError
from tabletop.core.random_agent import RandomAgent
from tabletop.engine.match import run_match
from tabletop.engine.registry import build_registry
from tests.attack.helpers import flat
from tests.conftest import Cli
from tests.goofspiel import plugin as goofspiel_plugin

ROOT = Path(__file__).resolve().parents[2]


def _finished_record(cli, path: Path, seed: int = 3) -> str:
    assert cli("play", "goofspiel", "--seats", "random,random", "--seed", str(seed), "--save", str(path)).exit_code == 0
    return path.read_text()


def test_an_existing_file_that_is_not_a_record_is_never_overwritten(cli, tmp_path):
    path = tmp_path / "thesis.txt"
    path.write_text("three years of work")
    result = cli("play", "goofspiel", "--seats", "human,random", "--save", str(path), input=["1"])
    assert result.exit_code == 2
    assert "exists and is not a game record" in flat(result.err)
    assert "Game over" not in result.out and ">" not in result.out  # refused before the first prompt
    assert path.read_text() == "three years of work"


def test_an_existing_record_is_replaced_only_with_force(cli, tmp_path):
    path = tmp_path / "game.json"
    before = _finished_record(cli, path, seed=3)
    refused = cli("play", "goofspiel", "--seats", "random,random", "--seed", "4", "--save", str(path))
    assert refused.exit_code == 2 and "add --force" in flat(refused.err)
    assert path.read_text() == before
    forced = cli("play", "goofspiel", "--seats", "random,random", "--seed", "4", "--save", str(path), "--force")
    assert forced.exit_code == 0 and json.loads(path.read_text())["seed"] == 4


def test_a_record_of_another_game_is_not_replaced_even_with_force(cli, tmp_path):
    path = tmp_path / "other.json"
    data = json.loads(_finished_record(cli, path))
    data["game"] = "chess"
    path.write_text(json.dumps(data))
    result = cli("play", "goofspiel", "--seats", "random,random", "--save", str(path), "--force")
    assert result.exit_code == 2 and "another game (chess)" in flat(result.err)


@pytest.mark.parametrize(("make", "message"), [
    (lambda tmp: tmp, "is a folder"),
    (lambda tmp: (tmp / "afile").write_text("x") and tmp / "afile" / "game.json", "Cannot save a record in"),
])
def test_an_unusable_save_place_is_refused_before_the_game(cli, tmp_path, make, message):
    result = cli("play", "goofspiel", "--seats", "human,random", "--save", str(make(tmp_path)), input=["1"])
    assert result.exit_code == 2 and message in flat(result.err)
    assert "Game over" not in result.out


def test_a_failed_write_leaves_the_previous_record_whole(goofspiel, tmp_path, monkeypatch):
    path = tmp_path / "keep.json"
    first = run_match(goofspiel, [RandomAgent(random.Random(s)) for s in range(2)], seed=1).record
    first.save(path)
    before = path.read_text()
    second = run_match(goofspiel, [RandomAgent(random.Random(s)) for s in range(2)], seed=2).record

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(RecordError, match="No space left on device"):
        second.save(path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]  # no temporary file left behind


def test_a_record_is_fsynced_before_it_replaces_the_old_one(goofspiel, tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    record = run_match(goofspiel, [RandomAgent(random.Random(s)) for s in range(2)], seed=1).record
    record.save(tmp_path / "r.json")
    assert calls[:2] == ["fsync", "replace"]


class Interrupter:
    """A bot that is stopped from outside while it thinks, on its third decision."""

    def __init__(self, how: str):
        self.how, self.turns = how, 0

    def choose(self, decision):
        self.turns += 1
        if self.turns == 3:
            if self.how == "SIGINT":
                raise KeyboardInterrupt
            os.kill(os.getpid(), getattr(signal, self.how))
            time.sleep(5)  # thinking; the signal arrives meanwhile
        return decision.legal[0]


def _registry_with(how: str):
    class Plugin:
        @staticmethod
        @hookimpl
        def tabletop_register_bots():
            return [BotSpec("stoppable", lambda game, seat, rng: Interrupter(how))]

    return build_registry(load_entry_points=False, extra=[goofspiel_plugin, Plugin])


@pytest.mark.parametrize(("how", "status", "said"), [
    ("SIGINT", 130, "Stopped by Ctrl-C"),
    ("SIGTERM", 143, "Stopped by SIGTERM"),
    ("SIGHUP", 129, "Stopped by SIGHUP"),
])
def test_stopping_while_a_bot_thinks_saves_the_game_so_far(tmp_path, how, status, said):
    if not hasattr(signal, how):
        pytest.skip(f"no {how} here")
    path = tmp_path / "stopped.json"
    result = Cli(_registry_with(how))("play", "goofspiel", "--seats", "random,stoppable", "--seed", "1", "--save", str(path))
    assert result.exit_code == status
    assert said in result.out and str(path) in result.out.replace("\n", "")
    saved = json.loads(path.read_text())
    assert len(saved["actions"]) == 5 and saved["outcome"] is None  # all it had before its third bid
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # handlers are put back


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_real_process_killed_at_the_prompt_saves_its_record(tmp_path, name):
    if not hasattr(signal, name):
        pytest.skip(f"no {name} here")
    path = tmp_path / "killed.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "tabletop", "--plugin", "tests.goofspiel.plugin", "play", "goofspiel",
         "--seats", "human,random", "--seed", "2", "--save", str(path)],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    process.stdin.write(b"5\n")
    process.stdin.flush()
    seen = b""
    deadline = time.monotonic() + 30
    while seen.count(b"> ") < 2 and time.monotonic() < deadline:  # the second prompt: one bid made
        seen += os.read(process.stdout.fileno(), 4096)
    process.send_signal(getattr(signal, name))
    out, err = process.communicate(timeout=30)
    assert process.returncode == 128 + getattr(signal, name), err.decode()
    assert b"Traceback" not in err
    assert [0, "5"] in json.loads(path.read_text())["actions"]  # the bot bids at once; the person's bid is kept


def test_a_second_sigterm_during_the_save_does_not_cut_it(tmp_path, monkeypatch):
    from tabletop.core.record import GameRecord

    real_save = GameRecord.save

    def save_while_signalled(self, path):
        os.kill(os.getpid(), signal.SIGTERM)  # arrives in the middle of saving
        time.sleep(0.05)
        return real_save(self, path)

    monkeypatch.setattr(GameRecord, "save", save_while_signalled)
    path = tmp_path / "twice.json"
    result = Cli(_registry_with("SIGTERM"))("play", "goofspiel", "--seats", "random,stoppable", "--save", str(path))
    assert result.exit_code == 143
    assert len(json.loads(path.read_text())["actions"]) == 5
