"""Taking back and leaving the game screen: Ctrl+Z (a takeback, with the others' consent when
it undoes their moves too), Ctrl+Q (quit; the game is saved) and the save points.

A mixin of :class:`~tabletop.screen.game_screen.GameScreen`, as
:mod:`~tabletop.screen.reading_keys` is, kept apart so the screen's module stays about the flow
of the game; it changes the table only through :class:`~tabletop.engine.table.GameTable`.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from textual import work

from tabletop.core.errors import TabletopError
from tabletop.core.program import program
from tabletop.screen.dialogs import Confirm
from tabletop.screen.player_input import takeback
from tabletop.terminal.interrupts import shielded

if TYPE_CHECKING:
    from pathlib import Path

    from tabletop.core.record import GameRecord
    from tabletop.engine.table import GameTable, UndoPlan


def saved_quit_question() -> str:
    """What Ctrl+Q asks at a table saved here (a front end for a table elsewhere says its own),
    naming the command as the person runs it (``.venv/bin/tabletop`` off the PATH)."""
    return f"Quit now? The game is saved; `{program()} play --resume FILE` continues it."


class LeavingKeys:
    """Undo and quit, and writing the record at the session's save points."""

    session: GameTable
    deciding: int | None
    save_path: Path | None
    quit_question: str

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No Undo in the footer where the table refuses every takeback (a network seat)."""
        if action == "undo" and not getattr(self.session, "can_undo", True):
            return False
        return True

    def action_undo(self) -> None:
        seat = self.deciding
        if seat is None:
            return
        plan = takeback(self.session, seat)
        if isinstance(plan, str):
            self.detail(plan, style="yellow")
        elif plan.others:
            self.app.push_screen(Confirm(plan.question(self.session.names)),
                                 lambda yes: self.undo(plan) if yes else None)
        else:
            self.undo(plan)

    def undo(self, plan: UndoPlan) -> None:
        self.stop_deciding()
        self.detail("Taking back: replaying the game so far...")
        self.replay_to(plan)

    @work(thread=True, exclusive=True, group="bots")
    def replay_to(self, plan: UndoPlan) -> None:
        self.session.undo(plan.seat, plan)  # saves, on this screen's thread (see _save)
        self.app.call_from_thread(self.after_undo)

    def after_undo(self) -> None:
        self.refresh_log(rewrite=True)
        self.advance()

    def action_quit_game(self) -> None:
        if self.session.outcome() is not None:
            self.app.exit(self.session.outcome())
            return
        self.app.push_screen(Confirm(self.quit_question), lambda yes: self.quit_now() if yes else None)

    def quit_now(self) -> None:
        self.session.save()
        self.app.exit(None)

    def _save(self, record: GameRecord) -> None:
        """The session's save points (after every decision, a takeback, the end), written on the
        app's own thread, where Ctrl-C and SIGTERM wait until the file is whole; a failed save is
        said in a notice and the game goes on (the next decision tries again)."""
        if self.save_path is None:
            return
        if threading.current_thread() is not threading.main_thread():
            self.app.call_from_thread(self._save, record)
            return
        try:
            with shielded():
                record.save(self.save_path)
        except TabletopError as error:
            self.app.notify(f"Not saved: {error}", severity="error", markup=False)
