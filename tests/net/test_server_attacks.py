"""Attacks on a served game: each gets a clear refusal or a close, and the game goes on for
everyone else. Real sockets on 127.0.0.1; every wait is on a frame or a close, bounded."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from websockets.exceptions import ConnectionClosed  # noqa: E402

from tabletop.engine.table import ALREADY_CHOSEN, STALE  # noqa: E402
from tabletop.net import protocol  # noqa: E402
from tabletop.net.server import FLOOD, MALFORMED, NO_HELLO, RECODED, REPLACED, UNKNOWN_CODE  # noqa: E402
from tabletop.net.server_connection import TOO_SLOW  # noqa: E402
from tests.core.hidden_hand import HiddenHand  # noqa: E402
from tests.net.helpers import Games, hosting, join, next_of, people, registry  # noqa: E402
from tests.net.wire_client import play_seat  # noqa: E402
from tests.sealed.game import SealedDraw  # noqa: E402

GAME = HiddenHand()
REGISTRY = Games(GAME)


def hosted(tmp_path, **server):
    return hosting(tmp_path / "data", GAME, people(3), seed=5, registry_=REGISTRY, **server)


async def closed(ws, *, seconds: float = 60.0) -> int:
    """Wait until the server closes ``ws``; its close code."""
    async def wait():
        with pytest.raises(ConnectionClosed):
            while True:
                await ws.recv()
    await asyncio.wait_for(wait(), seconds)
    return ws.close_code


async def first_table(ws) -> dict:
    await next_of(ws, "welcome")
    return await next_of(ws, "table")


async def still_playable(url, codes) -> None:
    """The game goes on: seat 1 (whose turn it is) makes a move and gets the next table."""
    ws = await join(url, codes[0])
    table = await first_table(ws)
    assert table["legal"], "seat 1 should be asked"
    await ws.send(protocol.encode(protocol.act(table["seq"], table["legal"][0])))
    after = await next_of(ws, "table")
    assert after["seq"] == table["seq"] + 1 and not after["legal"]
    await ws.close()


def test_a_forged_code_gets_a_bye_and_the_game_goes_on(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            ws = await join(url, "A" * 22)
            bye = await next_of(ws, "bye")
            assert bye["reason"] == UNKNOWN_CODE
            assert await closed(ws) == protocol.CLOSE_POLICY
            await still_playable(url, codes)
    asyncio.run(scenario())


def test_a_seats_code_opens_that_seat_only_and_a_second_connection_replaces_the_first(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            first = await join(url, codes[1])
            assert (await next_of(first, "welcome"))["seat"] == 2
            table = await next_of(first, "table")
            # Acting for another seat is not a thing the protocol can say: the seat is the code's.
            await first.send(json.dumps({"type": "act", "seq": table["seq"], "action": "play r1", "seat": 1}))
            refused = await next_of(first, "refused")
            assert refused["reason"].startswith(("Seat 2 is not to play now", "'play r1'", "You do not hold"))
            second = await join(url, codes[1])
            assert (await next_of(second, "welcome"))["seat"] == 2
            assert (await next_of(first, "bye"))["reason"] == REPLACED
            await closed(first)
            assert (await next_of(second, "table"))["view"]["seat"] == 1
            await second.close()
            await still_playable(url, codes)
    asyncio.run(scenario())


def test_an_old_code_is_refused_once_the_seat_changes_hands(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            holder = await join(url, codes[2])
            await first_table(holder)
            fresh = server.new_code(game_id, 2)
            assert (await next_of(holder, "bye"))["reason"] == RECODED
            await closed(holder)
            again = await join(url, codes[2])
            assert (await next_of(again, "bye"))["reason"] == UNKNOWN_CODE
            newcomer = await join(url, fresh)
            assert (await next_of(newcomer, "welcome"))["seat"] == 3
            await newcomer.close()
        settings = json.loads((tmp_path / "data" / "games" / game_id / "settings.json").read_text())
        assert codes[2] not in json.dumps(settings) and fresh not in json.dumps(settings)
    asyncio.run(scenario())


def test_malformed_frames_are_refused_then_closed(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            ws = await join(url, codes[0])
            await first_table(ws)
            for frame in ["{", "[]", '{"type":"shout"}', '{"type":"act","seq":"x","action":"play r1"}', b"\x00\x01"]:
                await ws.send(frame)
                refused = await next_of(ws, "refused")
                assert refused["reason"].endswith(".") and "\n" not in refused["reason"]
            await ws.send("nonsense")
            assert (await next_of(ws, "bye"))["reason"] == MALFORMED
            assert await closed(ws) == protocol.CLOSE_PROTOCOL
            bad_hello = await join(url, codes[1])
            await bad_hello.send("{}")
            await still_playable(url, codes)
    asyncio.run(scenario())


def test_an_oversized_frame_closes_with_1009(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            ws = await join(url, codes[0])
            await first_table(ws)
            await ws.send(json.dumps({"type": "ping", "pad": "x" * protocol.MAX_FRAME}))
            assert await closed(ws) == protocol.CLOSE_TOO_BIG
            await still_playable(url, codes)
    asyncio.run(scenario())


def test_out_of_turn_stale_and_repeated_moves_get_a_refusal(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            one, two = await join(url, codes[0]), await join(url, codes[1])
            t1, t2 = await first_table(one), await first_table(two)
            state = GAME.new_state(3, seed=5)
            card = sorted(state.hands[1])[0]
            await two.send(protocol.encode(protocol.act(t2["seq"], f"play {card}")))
            assert (await next_of(two, "refused"))["reason"] == GAME.refusal(state, 1, f"play {card}")
            await one.send(protocol.encode(protocol.act(t1["seq"], t1["legal"][0])))
            await one.send(protocol.encode(protocol.act(t1["seq"], t1["legal"][1])))  # a double click
            assert (await next_of(one, "refused"))["reason"] == STALE
            moved = await next_of(two, "table")
            assert moved["legal"] and moved["seq"] == t2["seq"] + 1
            await two.send(protocol.encode(protocol.act(t2["seq"], moved["legal"][0])))  # the old frame's seq
            assert (await next_of(two, "refused"))["reason"] == STALE
            await two.send(protocol.encode(protocol.act(moved["seq"], "play nothing")))
            assert "is not an action" in (await next_of(two, "refused"))["reason"]
            await two.send(protocol.encode(protocol.act(moved["seq"], moved["legal"][0])))
            assert (await next_of(two, "table"))["seq"] == moved["seq"] + 1
            await one.close()
            await two.close()
        record = server.games[game_id].table.session.record
        assert [seat for seat, _ in record.actions] == [0, 1]
    asyncio.run(scenario())


def test_a_flood_gets_a_bye_and_the_game_goes_on(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            ws = await join(url, codes[1])
            await first_table(ws)
            for _ in range(200):
                try:
                    await ws.send(protocol.encode(protocol.ping()))
                except ConnectionClosed:
                    break
            assert (await next_of(ws, "bye"))["reason"] == FLOOD
            await closed(ws)
            await still_playable(url, codes)
    asyncio.run(scenario())


def test_no_hello_gets_a_bye(tmp_path):
    async def scenario():
        from websockets.asyncio.client import connect
        async with hosted(tmp_path, hello_timeout=0.3) as (server, url, game_id, codes):
            ws = await connect(url)
            assert (await next_of(ws, "bye"))["reason"] == NO_HELLO
            await closed(ws)
            late = await connect(url)
            await late.send(protocol.encode(protocol.ping()))
            assert (await next_of(late, "bye"))["reason"] == NO_HELLO
    asyncio.run(scenario())


def test_a_spectator_cannot_act_and_sees_no_legal_actions(tmp_path):
    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            ws = await join(url, codes[None])
            assert (await next_of(ws, "welcome"))["seat"] is None
            table = await next_of(ws, "table")
            assert table["legal"] == [] and table["view"] == json.loads(json.dumps(
                server.games[game_id].table.session.public_view()))
            await ws.send(protocol.encode(protocol.act(table["seq"], "play r1")))
            assert "spectator" in (await next_of(ws, "refused"))["reason"]
            await ws.close()
    asyncio.run(scenario())


def test_a_client_that_never_reads_is_dropped_and_the_game_goes_on(tmp_path):
    async def scenario():
        from websockets.asyncio.client import connect
        async with hosting(tmp_path / "data", "windup_machines", people(3), seed=2, send_queue=4) as (
                server, url, game_id, codes):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
            sock.connect(("127.0.0.1", int(url.rsplit(":", 1)[1])))
            sleeper = await connect(url, sock=sock, max_queue=1)
            await sleeper.send(protocol.encode(protocol.hello(codes[None])))
            sleeper.transport.pause_reading()  # it never reads again
            hosted_game = server.games[game_id]
            while not hosted_game.spectators:
                await asyncio.sleep(0.01)
            # Small buffers on the server's side of this one connection, so the frames it never
            # reads fill them within one game instead of megabytes of kernel memory.
            (conn,) = hosted_game.spectators
            conn.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            conn.ws.transport.set_write_buffer_limits(high=4096)
            deadline = time.monotonic() + 120
            logs = await asyncio.gather(*[play_seat(url, codes[i], rng=random.Random(i), deadline=deadline)
                                          for i in range(3)])
            assert all(log.outcome is not None for log in logs), "the game did not go on"
            assert conn.closing and conn.closer is not None, "the client that never reads was not dropped"
            await asyncio.wait_for(conn.closer, 60)
            sleeper.transport.resume_reading()
            await closed(sleeper, seconds=60)
            assert sleeper.close_reason == TOO_SLOW[:120] or sleeper.close_code in (1006, protocol.CLOSE_POLICY)
    asyncio.run(scenario())


def test_simultaneous_moves_are_taken_as_they_arrive_whoever_sends_first(tmp_path):
    async def scenario():
        async with hosting(tmp_path / "data", "windupwar", people(3), seed=4) as (server, url, game_id, codes):
            conns = [await join(url, codes[i]) for i in range(3)]
            tables = [await first_table(ws) for ws in conns]
            assert all(t["to_act"] == [1, 2, 3] and t["legal"] for t in tables)
            third, second, first = tables[2], tables[1], tables[0]
            record = server.games[game_id].table.session.record
            await conns[2].send(protocol.encode(protocol.act(third["seq"], third["legal"][-1])))
            mine = await next_of(conns[2], "table")
            assert mine["legal"] and mine["decision"] == mine["seq"] == third["seq"] + 1  # its next pick, at once
            assert record.actions == [(2, third["legal"][-1])]  # taken as it arrived: nobody waits for seat 1
            await conns[2].send(protocol.encode(protocol.act(third["seq"], third["legal"][0])))
            assert (await next_of(conns[2], "refused"))["reason"] == STALE  # the first pick's frame answers no more
            await conns[1].send(protocol.encode(protocol.act(second["seq"], second["legal"][0])))
            while (await next_of(conns[1], "table"))["decision"] == second["decision"]:
                pass  # seat 2's own pick is taken: its next pick is offered
            await conns[0].send(protocol.encode(protocol.act(first["seq"], first["legal"][0])))  # its first frame
            while (after := await next_of(conns[0], "table"))["decision"] == first["decision"]:
                pass  # frames showing the others' picks leave seat 1's decision open
            assert after["legal"] and first["legal"][0] not in after["legal"]
            assert record.actions == [(2, third["legal"][-1]), (1, second["legal"][0]), (0, first["legal"][0])]
            # The same seats play on (their codes replace these connections) to the end.
            deadline = time.monotonic() + 120
            logs = await asyncio.gather(*[play_seat(url, codes[i], rng=random.Random(i), deadline=deadline)
                                          for i in range(3)])
            assert all(log.outcome is not None for log in logs)
            return record
    record = asyncio.run(scenario())
    record.verify(registry().game("windupwar"))


def test_a_sealed_choice_is_held_and_a_second_one_refused_until_everyone_has_chosen(tmp_path):
    game = SealedDraw()

    async def scenario():
        async with hosting(tmp_path / "data", game, people(3), seed=4, registry_=Games(game)) as (
                server, url, game_id, codes):
            conns = [await join(url, codes[i]) for i in range(3)]
            tables = [await first_table(ws) for ws in conns]
            assert all(t["to_act"] == [1, 2, 3] and t["chosen"] == [] and t["legal"] for t in tables)
            record = server.games[game_id].table.session.record
            await conns[2].send(protocol.encode(protocol.act(tables[2]["seq"], "5")))
            status = await next_of(conns[0], "status", words="has chosen")
            assert status["chosen"] == [3] and status["text"] == "P3 has chosen."
            held = await next_of(conns[2], "table")
            assert held["chosen"] == [3] and held["to_act"] == [1, 2, 3] and held["legal"] == []
            assert record.actions == [] and record.held == [(2, "5")]  # held, not applied: nobody learns the bid
            for seq in (tables[2]["seq"], held["seq"]):  # a second bid, from either frame: nothing changes
                await conns[2].send(protocol.encode(protocol.act(seq, "1")))
                assert (await next_of(conns[2], "refused"))["reason"] == ALREADY_CHOSEN.format(name="P3")
            assert record.actions == [] and record.held == [(2, "5")]
            await conns[1].send(protocol.encode(protocol.act(tables[1]["seq"], "2")))
            assert (await next_of(conns[0], "status", words="has chosen"))["chosen"] == [2, 3]
            await conns[0].send(protocol.encode(protocol.act(tables[0]["seq"], "3")))
            while not (turned := await next_of(conns[0], "table"))["events"]:
                pass
            assert any(e["text"].startswith("Bids: P1 3, P2 2, P3 5; P3 takes") for e in turned["events"])
            assert turned["chosen"] == [] and turned["legal"] and turned["view"]["round"] == 2
            assert record.actions == [(0, "3"), (1, "2"), (2, "5")] and record.held == []  # in seat order
            for ws in conns:
                await ws.close()
    asyncio.run(scenario())


def test_a_bot_answering_every_decision_at_once_is_no_flood(tmp_path, monkeypatch):
    """Accepted moves are not counted: with a bucket of 5 messages and almost no refill, a whole
    game of moves still goes through, while 6 pings would not."""
    from tabletop.net import server_connection

    monkeypatch.setattr(server_connection, "FLOOD_BURST", 5)
    monkeypatch.setattr(server_connection, "FLOOD_RATE", 0.001)

    async def scenario():
        async with hosting(tmp_path / "data", "castlewars", people(2), seed=3) as (server, url, game_id, codes):
            deadline = time.monotonic() + 120
            logs = await asyncio.gather(*[play_seat(url, codes[i], rng=random.Random(i), deadline=deadline)
                                          for i in range(2)])
            assert all(log.outcome is not None and not log.byes for log in logs)
            assert all(log.acts > 5 for log in logs)
            ws = await join(url, codes[0])
            await first_table(ws)
            for _ in range(6):
                await ws.send(protocol.encode(protocol.ping()))
            assert (await next_of(ws, "bye"))["reason"] == FLOOD
    asyncio.run(scenario())


def test_the_spectator_code_opens_a_bounded_number_of_places(tmp_path, monkeypatch):
    from tabletop.net import server as server_module

    monkeypatch.setattr(server_module, "MAX_SPECTATORS", 2)

    async def scenario():
        async with hosted(tmp_path) as (server, url, game_id, codes):
            watching = [await join(url, codes[None]) for _ in range(2)]
            for ws in watching:
                await first_table(ws)
            extra = await join(url, codes[None])
            assert (await next_of(extra, "bye"))["reason"] == server_module.FULL
            await watching[0].close()
            while len(server.games[game_id].spectators) > 1:  # its place is free once it has gone
                await asyncio.sleep(0.005)
            again = await join(url, codes[None])
            assert (await next_of(again, "welcome"))["seat"] is None
            await still_playable(url, codes)
    asyncio.run(scenario())
