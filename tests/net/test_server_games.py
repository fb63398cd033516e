"""Complete games of every bundled game over real sockets, one in-process client per seat: every
client sees the same end, and the record on disk replays to it exactly."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from tabletop.core.record import GameRecord
from tests.net.helpers import BUNDLED, hosting, people, registry
from tests.net.wire_client import play_seat


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_a_complete_game_over_the_wire(name, tmp_path):
    seats = BUNDLED[name]

    async def scenario():
        async with hosting(tmp_path / "data", name, people(seats), seed=7) as (server, url, game_id, codes):
            deadline = time.monotonic() + 60
            logs = await asyncio.gather(*[play_seat(url, codes[i], rng=random.Random(i), deadline=deadline)
                                          for i in range(seats)])
            return server.games[game_id].table.session.record, logs

    record, logs = asyncio.run(scenario())
    assert record.outcome is not None, "the game did not finish"
    outcomes = [log.outcome for log in logs]
    assert all(o == outcomes[0] for o in outcomes)
    assert outcomes[0]["winners"] == [w + 1 for w in record.outcome["winners"]]
    assert [log.welcome["seat"] for log in logs] == list(range(1, seats + 1))
    on_disk = GameRecord.load(tmp_path / "data" / "games" / "1" / "record.json")
    assert on_disk.actions == record.actions and on_disk.outcome == record.outcome
    on_disk.verify(registry().game(name))
    assert sum(log.acts for log in logs) - sum(len(log.refusals) for log in logs) == len(record.actions)
