"""The issue's scripted check, over real sockets on 127.0.0.1: in a served four-seat Windup War,
seats 1 to 3 pick their armies and then think; seat 4, answering everything it is offered,
picks its army and programs its whole row while they still think. Then they answer, and the
game goes on. Every wait is on a frame or an event, bounded."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.net import protocol  # noqa: E402
from tests.net.helpers import hosting, join, people  # noqa: E402

SLOTS = 5
ARMY = 3


class Player:
    """One seat over the wire: reads every frame as it comes (a thinking player still reads, so
    the server never finds it slow), and answers each decision once, with its first legal move.
    With ``think`` set up, it answers army picks at once and waits on ``think`` before anything else."""

    def __init__(self, ws, think: asyncio.Event | None = None):
        self.ws = ws
        self.think = think
        self.latest: dict[str, Any] | None = None
        self.news = asyncio.Condition()
        self.answers = 0

    async def read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            if message["type"] == "table":
                async with self.news:
                    self.latest = message
                    self.news.notify_all()

    async def play(self) -> None:
        answered = None

        def asked() -> bool:
            frame = self.latest
            return frame is not None and (frame["outcome"] is not None
                                          or bool(frame["legal"]) and frame["decision"] != answered)
        while True:
            async with self.news:
                await self.news.wait_for(asked)
                frame = self.latest
            if frame["outcome"] is not None:
                return
            if self.think is not None and not self.think.is_set() and not frame["legal"][0].startswith("unit "):
                await self.think.wait()  # thinking: the frames keep coming in meanwhile
                continue  # then it looks at the table again
            answered = frame["decision"]
            self.answers += 1
            await self.ws.send(protocol.encode(protocol.act(frame["seq"], frame["legal"][0])))

    async def until(self, condition, seconds: float = 60) -> dict[str, Any]:
        """The first frame (the latest one now, or one to come) for which ``condition`` holds."""
        async def wait():
            async with self.news:
                await self.news.wait_for(lambda: self.latest is not None and condition(self.latest))
                return self.latest
        return await asyncio.wait_for(wait(), seconds)


def test_a_seat_programs_its_whole_row_while_the_others_still_think(tmp_path):
    async def scenario():
        async with hosting(tmp_path / "data", "windupwar", people(4), seed=12) as (server, url, game_id, codes):
            session = server.games[game_id].table.session
            think = asyncio.Event()
            players = [Player(await join(url, codes[i]), None if i == 3 else think) for i in range(4)]
            tasks = [asyncio.create_task(task) for p in players for task in (p.read(), p.play())]
            try:
                fourth = players[3]
                programmed = await fourth.until(lambda f: len(f["view"]["seats"][3]["row"]) == SLOTS)
                assert not think.is_set()
                mine = programmed["view"]["seats"][3]
                assert mine["units_picked"] == ARMY and len(mine["army"]) == ARMY
                assert programmed["view"]["phase"] == "windup" and programmed["legal"] == []
                assert [s["row"] for s in programmed["view"]["seats"][:3]] == [[], [], []]  # they still think
                assert programmed["to_act"] == [1, 2, 3]
                assert sum(1 for seat, _ in session.record.actions if seat == 3) == ARMY + SLOTS
                assert [sum(1 for seat, _ in session.record.actions if seat == s) for s in range(3)] == [ARMY] * 3
                for player in players[:3]:  # each of them is still asked to program its first slot
                    frame = await player.until(lambda f: f["view"]["phase"] == "windup")
                    assert frame["legal"] and frame["view"]["seats"][frame["view"]["seat"]]["row"] == []
                think.set()  # they answer now, and the war goes on
                await fourth.until(lambda f: f["outcome"] is not None or f["view"]["round"] >= 2, seconds=120)
                assert all(p.answers >= ARMY + SLOTS for p in players)
            finally:
                for task in tasks:
                    task.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)
                for player in players:
                    await player.ws.close()

    asyncio.run(asyncio.wait_for(scenario(), 240))
