"""Bad input over the wire, each refused in one sentence with nothing changed (the record on disk,
its held sealed choices included, is as it was): a move from a seat not asked, a second move to a
sealed decision already answered, a move answering a frame from before a reconnection or a
restart. Real sockets on 127.0.0.1; every wait is on a frame, bounded."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.engine.table import ALREADY_CHOSEN, STALE  # noqa: E402
from tabletop.net import protocol  # noqa: E402
from tabletop.net.server import Server  # noqa: E402
from tabletop.net.server_store import Store  # noqa: E402
from tests.core.hidden_hand import HiddenHand  # noqa: E402
from tests.net.helpers import Games, hosting, join, next_of, people, saved  # noqa: E402
from tests.sealed.game import SealedDraw  # noqa: E402


def on_disk(folder, game_id: str) -> tuple[list, list]:
    record = saved(folder, game_id)
    return list(record.actions), list(record.held)


async def answer(ws) -> dict:
    """The next refusal or table frame (statuses skipped)."""
    while (message := json.loads(await asyncio.wait_for(ws.recv(), 30)))["type"] not in ("refused", "table"):
        pass
    return message


async def seated(url: str, code: str):
    """A seat's connection and its first table frame (after the welcome)."""
    ws = await join(url, code)
    await next_of(ws, "welcome")
    return ws, await next_of(ws, "table")


def one_sentence(text: str) -> bool:
    return text.endswith(".") and "\n" not in text and len(text) < 300


def test_a_move_from_a_seat_not_asked_is_refused_in_the_games_words(tmp_path):
    game = HiddenHand()

    async def scenario():
        async with hosting(tmp_path / "data", game, people(3), seed=5, registry_=Games(game)) as (
                server, url, game_id, codes):
            session = server.games[game_id].table.session
            two, table = await seated(url, codes[1])
            assert table["to_act"] == [1] and table["legal"] == []  # seat 1 plays first
            card = table["view"]["hands"][1][0]  # a card of its own hand
            before = on_disk(tmp_path / "data", game_id)
            await two.send(protocol.encode(protocol.act(table["seq"], f"play {card}")))
            refused = await answer(two)
            assert refused["type"] == "refused" and refused["reason"] == session.refusal(1, f"play {card}")
            assert one_sentence(refused["reason"]) and refused["seq"] == table["seq"]
            assert on_disk(tmp_path / "data", game_id) == before and session.steps == 0
            await two.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_second_move_to_a_sealed_decision_already_answered_is_refused(tmp_path):
    game = SealedDraw()

    async def scenario():
        async with hosting(tmp_path / "data", game, people(2), seed=5, registry_=Games(game)) as (
                server, url, game_id, codes):
            one, first = await seated(url, codes[0])
            await one.send(protocol.encode(protocol.act(first["seq"], "4")))
            held = await answer(one)
            assert held["type"] == "table" and held["chosen"] == [1] and held["legal"] == []
            before = on_disk(tmp_path / "data", game_id)
            assert before == ([], [(0, "4")])  # on disk before anyone heard
            for seq, bid in ((first["seq"], "1"), (held["seq"], "4"), (held["seq"], "nonsense")):
                await one.send(protocol.encode(protocol.act(seq, bid)))
                refused = await answer(one)
                assert refused == {"type": "refused", "reason": ALREADY_CHOSEN.format(name="P1"), "seq": held["seq"]}
            assert on_disk(tmp_path / "data", game_id) == before
            await one.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_move_answering_a_frame_from_before_a_reconnection_is_stale(tmp_path):
    game = SealedDraw()

    async def scenario():
        async with hosting(tmp_path / "data", game, people(2), seed=5, registry_=Games(game)) as (
                server, url, game_id, codes):
            one, old = await seated(url, codes[0])
            assert old["legal"]
            await one.close()
            again, fresh = await seated(url, codes[0])
            assert fresh["legal"] == old["legal"] and fresh["decision"] == fresh["seq"] > old["seq"]
            before = on_disk(tmp_path / "data", game_id)
            await again.send(protocol.encode(protocol.act(old["seq"], old["legal"][0])))
            assert await answer(again) == {"type": "refused", "reason": STALE, "seq": fresh["seq"]}
            assert one_sentence(STALE) and on_disk(tmp_path / "data", game_id) == before
            await again.send(protocol.encode(protocol.act(fresh["seq"], fresh["legal"][0])))
            assert (await answer(again))["chosen"] == [1]  # the new connection's frame is answered as ever
            await again.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_move_answering_a_frame_from_before_a_restart_is_stale_and_the_held_choice_stays(tmp_path):
    game = SealedDraw()
    folder = tmp_path / "data"

    async def scenario():
        server = Server(Games(game), Store(folder))
        game_id, codes = server.host(game, people(2), seed=5)
        url = await server.start()
        one, two = await join(url, codes[0]), await join(url, codes[1])
        await next_of(one, "welcome")
        await next_of(two, "welcome")
        first, second = await next_of(one, "table"), await next_of(two, "table")
        await one.send(protocol.encode(protocol.act(first["seq"], "5")))
        assert (await next_of(two, "status", words="has chosen"))["chosen"] == [1]
        await one.close()
        await two.close()
        await server.stop()

        again = Server(Games(game), Store(folder))
        assert again.resume() == [game_id]
        url = await again.start()
        try:
            before = on_disk(folder, game_id)
            assert before == ([], [(0, "5")])
            two = await join(url, codes[1])
            await two.send(protocol.encode(protocol.act(second["seq"], "3")))  # answers the old server's frame
            await next_of(two, "welcome")
            fresh = await next_of(two, "table")
            assert fresh["chosen"] == [1] and fresh["legal"]
            assert await answer(two) == {"type": "refused", "reason": STALE, "seq": fresh["seq"]}
            assert on_disk(folder, game_id) == before
            await two.send(protocol.encode(protocol.act(fresh["seq"], "3")))
            while not (turned := await answer(two))["events"]:
                pass
            assert any(e["text"].startswith("Bids: P1 5, P2 3; P1 takes") for e in turned["events"])
            assert on_disk(folder, game_id) == ([(0, "5"), (1, "3")], [])
            await two.close()
        finally:
            await again.stop()

    asyncio.run(asyncio.wait_for(scenario(), 60))
