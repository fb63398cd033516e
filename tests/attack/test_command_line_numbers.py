"""Class 18: numbers and addresses typed on the command line are range-checked where they are
parsed: a billion players, a port past 65535, a 100,000-character host name, a join address
missing its closing bracket, a seed past SQLite's integers are each one sentence and exit
status 2, at once (a billion seats were being made before the game's range was looked at)."""

from __future__ import annotations

import importlib.util
import resource
import subprocess
import sys

import pytest

from tests.attack.helpers import says, says_in_box

GOOF = ("--plugin", "tests.goofspiel.plugin")


def _bounded(*args: str) -> subprocess.CompletedProcess:
    """``tabletop ARGS`` in a process allowed 1.5 GB: seats made before the count is checked end
    in a MemoryError there, not in the test run's memory."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 * 2**20, 1536 * 2**20))

    return subprocess.run([sys.executable, "-m", "tabletop", *GOOF, *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, preexec_fn=limit, timeout=300)


@pytest.mark.parametrize("args", [
    ("play", "goofspiel", "--plain", "--players", "1000000000"),
    ("simulate", "goofspiel", "-n", "1", "--no-db", "--players", "1000000000"),
    pytest.param(("serve", "goofspiel", "--players", "1000000000"), marks=pytest.mark.skipif(
        importlib.util.find_spec("websockets") is None, reason="serve needs the net extra: pip install 'tabletop[net]'")),
], ids=["play", "simulate", "serve"])
def test_a_billion_players_is_one_sentence_at_once(args):
    result = _bounded(*args)
    assert result.returncode == 2, result.stderr
    assert says(result.stdout + result.stderr, "Goofspiel is for 2 players, not 1000000000.")


@pytest.mark.parametrize("option", ["--port", "--web-port"])
def test_a_port_past_65535_is_refused_where_it_is_parsed(run_main, option):
    result = run_main(*GOOF, "serve", "goofspiel", "--web", option, "70000")
    assert result.code == 2
    assert says_in_box(result.text, f"Invalid value for '{option}'") and "65535" in result.text
    assert "unexpected error" not in result.text and "Traceback" not in result.text


@pytest.mark.parametrize("host", ["h" * 100_000, "a..b", "x" * 64 + ".example"], ids=["100000-chars", "empty-label", "long-label"])
def test_a_host_that_cannot_be_an_address_is_one_sentence(run_main, host):
    result = run_main(*GOOF, "serve", "goofspiel", "--host", host)
    assert result.code == 2
    assert says_in_box(result.text, "is not an address of this machine: give one such as 127.0.0.1")
    assert "unexpected error" not in result.text and len(result.text) < 1000


@pytest.mark.parametrize("url", ["ws://[::1:8765", "ws://[::1", "ws://127.0.0.1:70000", "http://127.0.0.1:8765",
                                 "ws://:8765", "ws://" + "h" * 100_000],
                         ids=["no-bracket", "no-bracket-no-port", "port-70000", "http", "no-host", "100000-chars"])
def test_a_join_address_that_is_not_one_is_refused_before_connecting(run_main, url):
    result = run_main("join", url, "--code", "abc")
    assert result.code == 2
    assert says(result.text, "is not an address to join: give the one `tabletop serve` printed")
    assert "Traceback" not in result.text and "did not welcome" not in result.text and len(result.text) < 1000


@pytest.mark.parametrize("command", ["simulate", "sweep"])
def test_a_seed_past_the_databases_integers_is_refused_where_it_is_parsed(run_main, tmp_path, command):
    result = run_main(*GOOF, command, "goofspiel", "-n", "2", "--seed", str(10**23),
                      "--db", str(tmp_path / "lab.sqlite3"))
    assert result.code == 2
    assert says_in_box(result.text, "Invalid value for '--seed'") and "unexpected error" not in result.text


def test_a_balance_seed_past_the_databases_integers_is_refused_where_it_is_parsed(run_main, tmp_path):
    result = run_main("balance", "windupwar", "-n", "2", "--budget", "2", "--seed", str(10**23),
                      "--db", str(tmp_path / "lab.sqlite3"))
    assert result.code == 2
    assert says_in_box(result.text, "Invalid value for '--seed'") and "unexpected error" not in result.text
