"""Review findings on a server restarted mid-game: per-seat frame numbers start again, so a move
answering a frame of the server before the restart must not be taken as an answer to a frame of
the new one (a double move from a client that resends, or answers the table it last saw)."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.engine.table import STALE  # noqa: E402
from tabletop.net import protocol  # noqa: E402
from tabletop.net.server import Server  # noqa: E402
from tabletop.net.server_store import Store  # noqa: E402
from tests.core.hidden_hand import HiddenHand  # noqa: E402
from tests.net.helpers import Games, join, next_of, people  # noqa: E402

GAME = HiddenHand()
REGISTRY = Games(GAME)


async def next_answer(ws) -> dict:
    """The next refusal or table frame (statuses skipped)."""
    while (message := json.loads(await asyncio.wait_for(ws.recv(), 30)))["type"] not in ("refused", "table"):
        pass
    return message


def test_a_move_for_a_frame_of_the_server_before_a_restart_is_stale(tmp_path):
    async def scenario():
        folder = tmp_path / "data"
        server = Server(REGISTRY, Store(folder))
        game_id, codes = server.host(GAME, people(2), seed=3)
        url = await server.start()
        one = await join(url, codes[0])
        await next_of(one, "welcome")
        first = await next_of(one, "table")
        assert first["legal"]
        await one.send(protocol.encode(protocol.act(first["seq"], first["legal"][0])))
        assert not (await next_of(one, "table"))["legal"]  # taken and on disk
        await one.close()
        await server.stop()  # the server goes down before seat 1 hears anything more

        again = Server(REGISTRY, Store(folder))
        assert again.resume() == [game_id]
        url = await again.start()
        try:
            two = await join(url, codes[1])
            await next_of(two, "welcome")
            asked = await next_of(two, "table")
            await two.send(protocol.encode(protocol.act(asked["seq"], asked["legal"][0])))
            await next_of(two, "table")
            table = again.games[game_id].table
            steps = table.session.steps
            now_legal = table.session.legal_actions(0)
            assert now_legal, "seat 1 is asked again"
            # Seat 1 comes back and, not having seen its move taken, answers its old frame again.
            one = await join(url, codes[0])
            await one.send(protocol.encode(protocol.act(first["seq"], now_legal[0])))
            await next_of(one, "welcome")
            fresh = await next_of(one, "table")
            assert fresh["legal"] and fresh["seq"] != first["seq"]
            answer = await next_answer(one)
            assert answer == {"type": "refused", "reason": STALE, "seq": fresh["seq"]}
            assert table.session.steps == steps, "the old frame's answer must not move the game"
            await one.send(protocol.encode(protocol.act(fresh["seq"], fresh["legal"][0])))
            assert not (await next_of(one, "table"))["legal"]  # the new frame is answered as ever
            await one.close()
            await two.close()
        finally:
            await again.stop()

    asyncio.run(asyncio.wait_for(scenario(), 60))
