"""Review finding on the away bot: while it plays for an absent person, that person coming back
takes the seat at the next move, not once the bot has played the rest of the game."""

from __future__ import annotations

import asyncio
import threading
import time

from tabletop.core.decision import BotSpec
from tabletop.net.server_table import Away
from tests.core.hidden_hand import HiddenHand
from tests.net.helpers import Games, drop_in, hosting, join, next_of, people

GAME = HiddenHand()


class Ponders:
    """An away bot that thinks a little over each move (the first legal one)."""

    reads = "legal"

    def __init__(self, *_):
        self.never = threading.Event()

    def choose(self, decision):
        self.never.wait(0.1)
        return decision.legal[0]


def test_a_person_returning_while_the_away_bot_plays_takes_the_seat_at_the_next_move(tmp_path):
    async def scenario():
        away = Away(BotSpec("ponders", Ponders), 0)
        async with hosting(tmp_path / "data", GAME, people(2), seed=9, registry_=Games(GAME), away=away) as (
                server, url, game_id, codes):
            for code in (codes[0], codes[1]):  # the away clock starts at a seat's first join
                await drop_in(url, code)
            record = server.games[game_id].table.session.record
            deadline = time.monotonic() + 60
            while not record.actions:  # the away bot has begun playing for both absent seats
                assert time.monotonic() < deadline
                await asyncio.sleep(0.01)
            one = await join(url, codes[0])
            await next_of(one, "welcome", seconds=60)
            table = await next_of(one, "table", seconds=60)
            await one.close()
            return table

    table = asyncio.run(asyncio.wait_for(scenario(), 90))
    assert table["outcome"] is None, "the away bot kept the table until it had played the whole game"
