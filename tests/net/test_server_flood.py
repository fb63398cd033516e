"""Finding 7 of issue 34: anyone who could reach the port could stop every game for good with raw
TCP connections that never finish the WebSocket handshake (they used up the file descriptors, the
next move could not be saved and the game took that for a bug). Here a `tabletop serve` process
whose descriptor limit is lowered to 200 (RLIMIT_NOFILE, set in that process only) is flooded
with raw sockets from twenty loopback addresses, more than that limit, held open and opened
again as the server closes them, while two client processes play a game to its end (paused while
the flood gets going, so the game is still on)."""

from __future__ import annotations

import contextlib
import resource
import signal
import socket
import threading
import time

import pytest

from tabletop.core.record import GameRecord
from tests.net.helpers import registry
from tests.net.processes import clients, results, serve, stop

LIMIT = 200
#: Raw sockets held at once, and opened in all (bounded).
HELD, ATTEMPTS = 400, 4000


def _low_descriptor_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def _seated(server, count: int) -> bool:
    server.output.seek(0)
    return server.output.read().count(" joined seat ") >= count


class Flood(threading.Thread):
    """Holds up to HELD raw sockets to ``port`` (none ever sends a byte), opening new ones as the
    server closes them, until stopped or ATTEMPTS are used up."""

    def __init__(self, port: int):
        super().__init__(daemon=True)
        self.port = port
        self.stop = threading.Event()
        self.opened = self.refused = 0

    def run(self) -> None:
        held: list[socket.socket] = []
        while not self.stop.is_set() and self.opened < ATTEMPTS:
            while len(held) < HELD and self.opened < ATTEMPTS:
                sock = socket.socket()
                sock.settimeout(2)
                try:
                    sock.bind((f"127.0.0.{2 + self.opened % 20}", 0))
                    sock.connect(("127.0.0.1", self.port))
                except OSError:
                    sock.close()
                    self.refused += 1
                    continue
                finally:
                    self.opened += 1
                held.append(sock)
            alive = []
            for sock in held:
                try:
                    closed = sock.recv(1, socket.MSG_DONTWAIT | socket.MSG_PEEK) == b""
                except BlockingIOError:
                    closed = False
                except OSError:
                    closed = True
                if closed:
                    sock.close()
                else:
                    alive.append(sock)
            held = alive
            self.stop.wait(0.05)
        for sock in held:
            with contextlib.suppress(OSError):
                sock.close()


@pytest.mark.slow
def test_a_flood_of_raw_sockets_past_the_descriptor_limit_stops_no_game(tmp_path):
    data = tmp_path / "data"
    server, codes, _ = serve(tmp_path, "castlewars", "--players", "2", "--data", str(data), "--seed", "4",
                             codes=tmp_path / "codes.json", preexec_fn=_low_descriptor_limit)
    flood = Flood(int(codes["url"].rsplit(":", 1)[1]))
    try:
        players = clients(tmp_path, codes["url"], [s["code"] for s in codes["seats"]], seconds=150)
        deadline = time.monotonic() + 60
        while not _seated(server, 2):
            assert time.monotonic() < deadline, "the players never sat down"
            time.sleep(0.05)
        for player in players:  # paused, so the game is still on when the flood comes
            player.send_signal(signal.SIGSTOP)
        flood.start()
        while flood.opened < 2 * LIMIT:
            assert time.monotonic() < deadline + 60, "the flood did not get going"
            time.sleep(0.05)
        for player in players:
            player.send_signal(signal.SIGCONT)
        found = results(players, seconds=180)
    finally:
        flood.stop.set()
        flood.join(30)
        output = stop(server)
    assert flood.opened > LIMIT, "the flood was not larger than the descriptor limit"
    assert all(f["outcome"] is not None for f in found) and len(found) == 2
    record = GameRecord.load(data / "games" / "1" / "record.json")
    record.verify(registry().game("castlewars"))
    assert "Traceback" not in output and "failed on a move" not in output and "could not save" not in output.lower()
