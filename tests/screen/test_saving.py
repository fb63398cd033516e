"""The full screen saves after every decision; a save that fails is said, and the game goes on."""

from __future__ import annotations

import asyncio
import random

from tabletop.core.errors import RecordError
from tabletop.core.record import GameRecord
from tests.screen.helpers import SIZE, app_for, decide, session, settle


def test_a_failed_save_is_a_notice_not_a_crash(registry, tmp_path, monkeypatch):
    def disk_full(self, path):
        raise RecordError("Cannot write the record: No space left on device.")

    monkeypatch.setattr(GameRecord, "save", disk_full)
    table = session(registry, "castlewars", ["human", "captain"], seed=2)
    app = app_for(registry, table, save=tmp_path / "g.json")

    async def play():
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await decide(app, pilot, random.Random(1), 1)
            notices = [n.message for n in app._notifications]
            assert any("No space left on device" in m for m in notices)
            assert app.screen.deciding is not None  # still playing

    asyncio.run(play())
