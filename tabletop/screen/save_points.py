"""The record written at the session's save points, for the full screen.

The session calls its ``on_save`` after every decision, a takeback and the end, sometimes from
the thread the bots think on; the file is written on the app's own thread, where Ctrl-C and
SIGTERM wait until it is whole. A failed save is said in a notice and the game goes on (the
next save point tries again).
"""

from __future__ import annotations

import threading
from pathlib import Path

from textual.screen import Screen

from tabletop.core.errors import TabletopError
from tabletop.core.record import GameRecord
from tabletop.terminal.interrupts import shielded


class RecordWriter:
    """``on_save`` for a table shown on ``screen``: writes each record to ``path`` (None: the
    game is not saved here, as a seat at a network table)."""

    def __init__(self, screen: Screen, path: Path | None):
        self.screen = screen
        self.path = path

    def __call__(self, record: GameRecord) -> None:
        if self.path is None:
            return
        app = self.screen.app
        if threading.current_thread() is not threading.main_thread():
            app.call_from_thread(self, record)
            return
        try:
            with shielded():
                record.save(self.path)
        except TabletopError as error:
            app.notify(f"Not saved: {error}", severity="error", markup=False)
