"""The issue's closing scene with bots at the seats, every one a process: a Windup War game of four
`tabletop join --bot random` clients (each its own machine: its own data folder), one of them
killed and joined again without its code (kept in its 0600 file) while the other three are
paused (SIGSTOP, so the game cannot race to its end), then the server killed (SIGKILL) mid-game,
the three let go, and the server started again with the very command it printed (`--resume DIR`:
the folder keeps its address and port): the clients come back by themselves, without their codes,
the game finishes, and the record replays."""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.record import GameRecord  # noqa: E402
from tabletop.net.client import RemoteTable  # noqa: E402
from tabletop.net.client_codes import stored_code  # noqa: E402
from tests.net.helpers import registry, saved  # noqa: E402
from tests.net.processes import ROOT, program_here  # noqa: E402

TABLETOP = [sys.executable, "-m", "tabletop"]
BOUND = 180


def started(command: list[str], env: dict) -> tuple[subprocess.Popen, list[str]]:
    """`tabletop serve` once it has printed how to continue it: (the process, that command)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    for line in process.stdout:
        if line.startswith("Ctrl-C stops;"):
            return process, shlex.split(line.split("`")[1])
    raise AssertionError(f"serve did not start (exit {process.wait(BOUND)})")


def actions(data: Path) -> int:
    try:
        return len(saved(data).actions)
    except Exception:  # noqa: BLE001 (not written yet)
        return 0


def wait_for(condition, what: str, every: float = 0.05) -> None:
    """Until another process's file or exit says so (bounded; no event crosses processes)."""
    end = time.monotonic() + BOUND
    while not condition():
        assert time.monotonic() < end, f"never: {what}"
        time.sleep(every)


@pytest.mark.slow
def test_a_client_and_the_server_killed_mid_game_and_the_game_still_finishes(tmp_path):
    data = tmp_path / "data"
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / "host")}
    serve = [*TABLETOP, "serve", "windupwar", "--players", "4", "--seed", "3",  # a port picked by the server
             "--codes", str(tmp_path / "codes.json"), "--data", str(data)]
    server, again = started(serve, env)
    assert again == [*program_here(), "serve", "--resume", str(data)]  # as `python -m tabletop` is typed here
    codes = json.loads((tmp_path / "codes.json").read_text())
    url = codes["url"]

    def join(seat: int, *code: str) -> subprocess.Popen:
        machine = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / f"player{seat}")}
        return subprocess.Popen([*TABLETOP, "join", url, *code, "--bot", "random"], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, env=machine)

    watcher = RemoteTable(url, codes["spectator"], game_for=registry().game).connect()
    joined = lambda name="Player 2": sum(item.event.text == f"{name} joined." for item in list(watcher.log))  # noqa: E731
    for seat, entry in enumerate(codes["seats"]):
        (tmp_path / f"code{seat}").write_text(entry["code"])
    clients = {seat: join(seat, "--code-file", str(tmp_path / f"code{seat}")) for seat in range(len(codes["seats"]))}
    killed = []
    paused = (0, 2, 3)
    try:
        wait_for(lambda: all(joined(f"Player {s + 1}") for s in range(4)), "everyone at the table")
        wait_for(lambda: actions(data) >= 1, "the first move", every=0.01)
        kept = tmp_path / "player1" / "join-codes.json"  # written just after the client's handshake, so a
        wait_for(lambda: stored_code(url, kept) is not None, "Player 2's code kept")  # busy disk may lag the move
        for seat in paused:  # the other machines pause, so the game is still on when the host dies
            clients[seat].send_signal(signal.SIGSTOP)
        clients[1].send_signal(signal.SIGKILL)  # a player's machine drops out ...
        killed.append(clients[1].wait(BOUND))
        clients[1] = join(1)  # ... and joins again with the code it kept
        back = clients[1]
        wait_for(lambda: joined() == 2 or back.poll() is not None, "Player 2 back at the table")
        assert joined() == 2, f"the client joining again stopped (exit {back.returncode}): {back.communicate()[0]}"
        watcher.close()
        server.send_signal(signal.SIGKILL)  # the host's machine dies mid-game
        server.wait(BOUND)
        taken = saved(data)
        assert taken.outcome is None, "the game ended before the server was killed"
        for seat in paused:
            clients[seat].send_signal(signal.SIGCONT)
        server, _ = started(again, env)  # the very command it printed
        outputs = {seat: client.communicate(timeout=BOUND)[0] for seat, client in clients.items()}
    finally:
        for client in clients.values():
            if client.poll() is None:
                client.send_signal(signal.SIGCONT)
                client.kill()
        server.terminate()
        server.wait(BOUND)
    assert killed == [-signal.SIGKILL]
    for seat, client in clients.items():
        assert client.returncode == 0, outputs[seat]
        assert "Game over" in outputs[seat]
    final = GameRecord.load(data / "games" / "1" / "record.json")  # written whole at the end
    assert final.outcome is not None
    assert final.actions[:len(taken.actions)] == taken.actions  # nothing accepted was lost
    final.verify(registry().game("windupwar"))
