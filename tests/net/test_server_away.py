"""The host's away bot (``--away BOT:SECONDS``): a person asked while away that long has a bot
play for them, everyone is told, and the person takes the seat back on return."""

from __future__ import annotations

import asyncio
import random
import time

from tabletop.net.server_table import Away
from tests.core.hidden_hand import HiddenHand
from tests.net.helpers import Games, drop_in, hosting, people, registry
from tests.net.wire_client import SeatLog, play_seat

GAME = HiddenHand()


def test_an_away_seat_is_played_by_the_bot_until_its_person_returns(tmp_path):
    async def scenario():
        away = Away(registry().bot("hiddenhand", "random"), 0.2)
        async with hosting(tmp_path / "data", GAME, people(3), seed=9, registry_=Games(GAME), away=away) as (
                server, url, game_id, codes):
            await drop_in(url, codes[2])  # the away clock starts at the seat's first join
            record = server.games[game_id].table.session.record
            deadline = time.monotonic() + 120
            present = [asyncio.create_task(play_seat(url, codes[i], rng=random.Random(i), deadline=deadline))
                       for i in range(2)]
            while not any(seat == 2 for seat, _ in record.actions):  # the bot has played for seat 3
                assert time.monotonic() < deadline and not any(t.done() for t in present)
                await asyncio.sleep(0.01)
            played_for = len(record.actions)
            back = await play_seat(url, codes[2], rng=random.Random(2), deadline=deadline, log=SeatLog(codes[2]))
            logs = [await task for task in present]
            return record, played_for, logs, back

    record, played_for, logs, back = asyncio.run(scenario())
    assert back.outcome is not None and all(log.outcome == back.outcome for log in logs)
    assert any("P3 is away: random plays for them" in text for text in logs[0].statuses)
    assert any(text == "P3 is back." for text in logs[0].statuses)
    assert back.acts > 0, "the person did not take the seat back"
    assert sum(1 for seat, _ in record.actions[played_for:] if seat == 2) == back.acts - len(back.refusals)
