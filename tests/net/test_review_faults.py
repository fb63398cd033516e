"""Review of faults the attack tests did not cover: a client killed in the middle of sending a
frame, and a storm of reconnections racing for one seat. Both were found handled; these tests
keep them so. Real sockets on 127.0.0.1; every wait is on a frame, bounded."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from websockets.exceptions import ConnectionClosed  # noqa: E402

from tabletop.net import protocol  # noqa: E402
from tabletop.net.server import REPLACED  # noqa: E402
from tests.core.hidden_hand import HiddenHand  # noqa: E402
from tests.net.helpers import Games, hosting, join, next_of, people  # noqa: E402

GAME = HiddenHand()


def test_a_client_killed_mid_frame_is_shown_disconnected_and_rejoins_where_it_was(tmp_path):
    async def scenario():
        async with hosting(tmp_path / "data", GAME, people(2), seed=2, registry_=Games(GAME)) as (
                server, url, game_id, codes):
            other = await join(url, codes[1])
            await next_of(other, "table")
            one = await join(url, codes[0])
            asked = await next_of(one, "table")
            await next_of(other, "status", words="P1 joined")
            # Half a masked text frame (a header promising 200 bytes, 10 sent), then the socket dies.
            one.transport.write(bytes([0x81, 0x80 | 126, 0, 200, 1, 2, 3, 4]) + b"x" * 10)
            one.transport.abort()
            await next_of(other, "status", words="P1 disconnected, waiting")
            again = await join(url, codes[0])
            table = await next_of(again, "table")
            assert table["legal"] == asked["legal"] and table["view"] == asked["view"]
            await again.send(protocol.encode(protocol.act(table["seq"], table["legal"][0])))
            assert not (await next_of(again, "table"))["legal"]
            assert len(server.games[game_id].table.session.record.actions) == 1
            for ws in (again, other):
                await ws.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_storm_of_reconnections_leaves_one_voice_for_the_seat_and_the_game_goes_on(tmp_path):
    async def scenario():
        async with hosting(tmp_path / "data", GAME, people(2), seed=2, registry_=Games(GAME)) as (
                server, url, game_id, codes):
            hosted = server.games[game_id]
            storm = await asyncio.gather(*[join(url, codes[0]) for _ in range(30)])
            byes, firsts = 0, {}
            for ws in storm:  # each was welcomed, and all but the one holding the seat said bye to
                with contextlib.suppress(ConnectionClosed):
                    await next_of(ws, "welcome")
                    firsts[ws] = await next_of(ws, "table")
            holder = next(ws for ws in storm if hosted.seats[0].ws.remote_address == ws.local_address)
            for ws in storm:
                if ws is not holder:
                    with contextlib.suppress(ConnectionClosed):
                        byes += (await next_of(ws, "bye"))["reason"] == REPLACED
            assert byes == len(storm) - 1
            table = await next_of(await join(url, codes[1]), "table")
            assert table["to_act"] == [1] and table["connected"] == [True, True]
            asked = firsts[holder]
            await holder.send(protocol.encode(protocol.act(asked["seq"], asked["legal"][0])))
            assert not (await next_of(holder, "table"))["legal"]  # the one left is heard
            assert len(hosted.table.session.record.actions) == 1
            for ws in storm:
                await ws.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
