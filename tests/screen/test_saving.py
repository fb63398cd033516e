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


def test_stopping_before_a_table_is_set_saves_nothing_and_says_so(tmp_path):
    from io import StringIO

    import pytest
    import typer
    from rich.console import Console

    from tabletop.cli.play_cmd import play_saving
    from tabletop.terminal.output import Output

    out = StringIO()
    output = Output(Console(file=out, width=100), Console(file=StringIO(), width=100))

    def chooser_interrupted():
        raise KeyboardInterrupt

    with pytest.raises(typer.Exit) as stopped:
        play_saving(output, chooser_interrupted, table=lambda: None)
    assert stopped.value.exit_code == 130
    assert out.getvalue() == "\nStopped by Ctrl-C.\n"
    assert list(tmp_path.iterdir()) == []
