"""Faults and attacks a stranger or a bad disk brings (issue 34's findings 8-10 and the save that
fails): each gets one sentence or a close, never a broken game. Real sockets on 127.0.0.1, every
wait bounded and on a frame, a close or a condition."""

from __future__ import annotations

import asyncio
import base64
import errno
import json
import os
import socket
import struct

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.net import protocol, server_journal  # noqa: E402
from tabletop.net.server import UNSAVED, Server  # noqa: E402
from tabletop.net.server_store import Store  # noqa: E402
from tests.core.hidden_hand import HiddenHand  # noqa: E402
from tests.net.helpers import Games, hosting, join, next_of, people  # noqa: E402

GAME = HiddenHand()
REGISTRY = Games(GAME)


def hosted(tmp_path, **server):
    return hosting(tmp_path / "data", GAME, people(2), seed=5, registry_=REGISTRY, **server)


def test_a_lone_surrogate_is_refused_in_one_sentence_and_the_connection_stays(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            ws = await join(url, codes[0])
            table = await next_of(ws, "table")
            await ws.send('{"type": "act", "seq": %d, "action": "play \\ud800"}' % table["seq"])
            refused = await next_of(ws, "refused")
            assert "lone surrogate" in refused["reason"] and refused["reason"].count(".") == 1
            await ws.send(protocol.encode(protocol.act(table["seq"], table["legal"][0])))  # the same connection
            assert not (await next_of(ws, "table"))["legal"]
            assert not server.games[game_id].table.broken
            await ws.close()
    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_move_the_disk_cannot_save_is_refused_and_the_game_goes_on(tmp_path, monkeypatch):
    told = []
    opened = os.open

    def no_descriptor(path, *args, **kwargs):
        if str(path).endswith(server_journal.JOURNAL):
            raise OSError(errno.EMFILE, "Too many open files")
        return opened(path, *args, **kwargs)

    async def scenario():
        async with hosted(tmp_path, report=told.append) as (server, url, game_id, codes):
            table = server.games[game_id].table
            ws = await join(url, codes[0])
            asked = await next_of(ws, "table")
            steps = table.session.steps
            monkeypatch.setattr(server_journal.os, "open", no_descriptor)
            await ws.send(protocol.encode(protocol.act(asked["seq"], asked["legal"][0])))
            assert (await next_of(ws, "refused"))["reason"] == UNSAVED
            assert table.session.steps == steps and not table.broken, "not taken, and the game is not broken"
            monkeypatch.setattr(server_journal.os, "open", opened)
            await ws.send(protocol.encode(protocol.act(asked["seq"], asked["legal"][0])))  # try again: taken
            assert not (await next_of(ws, "table"))["legal"]
            await ws.close()
            return table.session.record.actions

    actions = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert len(told) == 1 and "Too many open files" in told[0] and "the game goes on" in told[0]
    saved = Store(tmp_path / "data").record("1")
    assert saved.actions == actions and len(actions) == 1
    saved.replay(GAME)


def _handshake(port: int) -> socket.socket:
    """A raw socket that opens a WebSocket and then never reads again (a tiny receive buffer)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(20)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1024)
    assert answer.startswith(b"HTTP/1.1 101")
    return sock


def _frame(opcode: int, payload: bytes) -> bytes:
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return struct.pack("!BB", 0x80 | opcode, 0x80 | len(payload)) + mask + masked


def test_pings_from_a_socket_that_never_reads_its_pongs_are_cut_off_before_they_pile_up(tmp_path):
    """Each ping is answered with a pong the peer never reads: the server drops it once a
    bounded amount waits to be sent (not after its keepalive gives up, 40 s and many MB later)."""
    budget = 24 * 1024 * 1024
    batch = _frame(0x9, b"p" * 125) * 500

    def flood(port: int, code: str) -> int:
        sock = _handshake(port)
        sock.sendall(_frame(0x1, protocol.encode(protocol.hello(code)).encode()))
        sent = 0
        try:
            while sent < budget:
                sock.sendall(batch)
                sent += len(batch)
        except OSError:
            return sent  # the server closed it
        finally:
            sock.close()
        return sent

    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            sent = await asyncio.to_thread(flood, int(url.rsplit(":", 1)[1]), codes[1])
            ws = await join(url, codes[0])  # the game goes on
            assert (await next_of(ws, "table"))["legal"]
            await ws.close()
            return sent

    sent = asyncio.run(asyncio.wait_for(scenario(), 120))
    assert sent < budget, "the server kept answering pings nobody read"


def _host_and_stop(folder):
    async def run():
        server = Server(REGISTRY, Store(folder))
        server.host(GAME, people(2), seed=4)
        await server.start()
        await server.stop()
    asyncio.run(run())


def _files(folder) -> dict:
    return {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("damage, words", [
    (lambda s: s["seats"].append({"name": "P3", "kind": "human"}), "'seats' must list the record's 2 seats"),
    (lambda s: s["codes"].append({"seat": -1, "hash": "0" * 64}), "code 4 opens seat -1"),
    (lambda s: s["codes"].append({"seat": True, "hash": "0" * 64}), "code 4 opens seat True"),
    (lambda s: s["codes"].__setitem__(0, {**s["codes"][0], "hash": "xyz"}), "hash is not 64 hexadecimal"),
    (lambda s: (s["seats"][1].__setitem__("kind", "nobody"), s.__setitem__("codes", s["codes"][::2])), "No bot 'nobody'"),
    (lambda s: s.__setitem__("away", {"bot": "random", "seconds": True}), "'away' must be null"),
    (lambda s: s.__setitem__("run", "3"), "'run' must be a whole number"),
    (lambda s: s["seats"][0].__setitem__("name", "Mallory"), "seat 1's name is not the record's"),
])
def test_a_damaged_settings_json_is_refused_in_one_sentence_changing_no_file(tmp_path, damage, words):
    folder = tmp_path / "data"
    _host_and_stop(folder)
    path = folder / "games" / "1" / "settings.json"
    settings = json.loads(path.read_text())
    damage(settings)
    path.write_text(json.dumps(settings))
    before = _files(folder)
    with pytest.raises(TabletopError) as refused:
        Server(REGISTRY, Store(folder)).resume()
    assert words in str(refused.value) and "\n" not in str(refused.value)
    assert _files(folder) == before, "a refused resume changed a file"


def test_a_kill_in_the_middle_of_a_save_loses_only_that_unacknowledged_move(tmp_path):
    folder = tmp_path / "data"
    _host_and_stop(folder)
    store = Store(folder)
    record = store.record("1")
    journal = folder / "games" / "1" / server_journal.JOURNAL
    with journal.open("a") as handle:
        handle.write('{"actions":[[0,"play r1"]],"he')  # the kill came before the newline
    again = Store(folder).record("1")
    assert again.actions == record.actions and again.held == record.held
    again.replay(GAME)
