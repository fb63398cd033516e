"""What the host and a returning player see of a served game (issue 34's findings 2-4): the host's
terminal has one line per join, leave, drop, stand-in and game over (with the record's path) and
never a hidden card; the away clock starts at a seat's first join; a connection joining a game
under way gets its seat's log so far, and a client reconnecting does not see it twice."""

from __future__ import annotations

import asyncio
import random
import re
import threading
import time

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.record import GameRecord  # noqa: E402
from tabletop.net import protocol  # noqa: E402
from tabletop.net.server import Server  # noqa: E402
from tabletop.net.server_store import Store  # noqa: E402
from tabletop.net.server_table import Away  # noqa: E402
from tests.core.hidden_hand import CARDS, HiddenHand  # noqa: E402
from tests.net.client_server import BOUND, ServerThread  # noqa: E402
from tests.net.helpers import Games, hosting, join, next_of, people, registry  # noqa: E402
from tests.net.wire_client import play_seat  # noqa: E402

GAME = HiddenHand()
REGISTRY = Games(GAME)


def test_the_host_sees_who_came_and_went_and_the_record_of_the_game_over_and_no_card(tmp_path):
    lines: list[str] = []

    async def scenario():
        async with hosting(tmp_path / "data", GAME, people(2), seed=6, registry_=REGISTRY, room=lines.append) as (
                server, url, game_id, codes):
            ws = await join(url, codes[0])
            await next_of(ws, "table")
            await ws.close()  # left
            ws = await join(url, codes[1])
            await next_of(ws, "table")
            ws.transport.abort()  # dropped: no close frame
            while not any("dropped" in line for line in lines):
                await asyncio.sleep(0.01)
            deadline = time.monotonic() + 60
            await asyncio.gather(*[play_seat(url, codes[i], rng=random.Random(i), deadline=deadline) for i in (0, 1)])
            while not any(" is over: " in line for line in lines):
                await asyncio.sleep(0.01)

    asyncio.run(asyncio.wait_for(scenario(), 90))
    assert lines[:4] == ["game 1: P1 joined seat 1.", "game 1: P1 (seat 1) left.", "game 1: P2 joined seat 2.",
                         "game 1: P2 (seat 2) dropped (connection lost)."]
    over = next(line for line in lines if " is over: " in line)
    path = over.rsplit("Record: ", 1)[1]
    assert GameRecord.load(path).outcome is not None
    for line in lines:  # names, seats and public sentences only: no card anyone holds
        assert not re.search(r"\b(" + "|".join(CARDS) + r")\b", line.replace(path, "")), line


def test_the_away_clock_starts_at_a_seats_first_join_and_the_host_is_told(tmp_path):
    lines: list[str] = []
    server = Server(REGISTRY, Store(tmp_path / "data"), room=lines.append)
    game_id, _ = server.host(GAME, people(2), seed=2, away=Away(registry().bot("hiddenhand", "random"), 0))
    table = server.games[game_id].table
    assert table.play_away([]) is None, "nobody stands in for a person who has not arrived"
    _, _, line = table.arrive(table.seat_viewers[0])
    assert line == "P1 joined seat 1. Their away clock starts now: away 0 s while asked, random plays for them."
    table.leave(0)
    sent = table.play_away([])
    assert sent is not None and sent.room == ["P1 is away: random plays for them until they are back."]
    assert table.session.record.actions and {seat for seat, _ in table.session.record.actions} == {0}


def test_a_connection_joining_a_game_under_way_gets_its_seats_log_so_far(tmp_path):
    async def scenario():
        async with hosting(tmp_path / "data", "castlewars", people(2), seed=3) as (server, url, game_id, codes):
            seen: list[dict] = []
            seats = [await join(url, codes[i]) for i in (0, 1)]
            for _ in range(4):  # a few moves, each seat's events kept as they come
                for i, ws in enumerate(seats):
                    table = await next_of(ws, "table")
                    if i == 1:
                        seen += table["events"]
                    if table["legal"]:
                        await ws.send(protocol.encode(protocol.act(table["seq"], table["legal"][0])))
            await seats[1].close()
            late = await join(url, codes[1])  # a new client process on the same seat
            first = await next_of(late, "table")
            for ws in (seats[0], late):
                await ws.close()
            return seen, first

    seen, first = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert first["first_event"] == 0 and first["events"] and first["events"][:len(seen)] == seen


def test_a_client_that_reconnects_does_not_see_its_log_twice(tmp_path):
    castle = ServerThread(tmp_path / "data", "castlewars", people(2), seed=3)
    try:
        table, other = castle.join(0, delays=(0.05, 0.1, 0.2)), castle.join(1)
        for each in (table, other):
            assert each.advance() is not None
            each.submit(each.seat, each.decision(each.seat).legal[0])
        def events(client=table):
            return [i.event.text for i in client.log if i.event.kind not in ("status", "refused")]

        deadline = time.monotonic() + BOUND  # both moves reach this seat first (the draft is public)
        while events() != events(other) and time.monotonic() < deadline:
            time.sleep(0.01)
        before = events()
        back = threading.Event()
        table.on_change = lambda: back.set() if table.connections == 2 and not table._outdated else None
        table._loop.call_soon_threadsafe(table._ws.transport.abort)
        assert back.wait(BOUND), "the client did not reconnect"
        assert before and events() == before, "the seat's log was shown twice"
        table.close()
        other.close()
    finally:
        castle.stop()
