"""The Textual application: the chooser and table setup when no game is named, then the game."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from tabletop.core.board import Board
from tabletop.engine.table import GameTable
from tabletop.screen.dialogs import Confirm
from tabletop.screen.game_screen import GameScreen


class TableApp(App):
    """Plays one session full screen; ``run()`` returns the outcome, or None if the game was left."""

    TITLE = "tabletop"
    ENABLE_COMMAND_PALETTE = False
    #: Ctrl+Q asks before leaving a game (Textual's own Ctrl+Q would leave at once).
    BINDINGS = [Binding("ctrl+q", "leave", "Quit", priority=True)]

    def __init__(self, session: GameTable | None = None, board: Board | None = None, *,
                 save: Path | None = None, chooser=None, quit_question: str | None = None):
        super().__init__()
        self.session = session
        self.board = board
        self.save_path = save
        self.chooser = chooser
        self.quit_question = quit_question

    def on_mount(self) -> None:
        if self.session is not None and self.board is not None:
            extra = {} if self.quit_question is None else {"quit_question": self.quit_question}
            self.push_screen(GameScreen(self.session, self.board, save=self.save_path, **extra))
        elif self.chooser is not None:
            self.push_screen(self.chooser)

    def action_leave(self) -> None:
        screen = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if screen is None:
            self.exit(None)
        elif not isinstance(self.screen, Confirm):
            screen.action_quit_game()

    def start(self, session: GameTable, board: Board, save: Path | None) -> None:
        """Begin a game set up (or joined) on the first screen."""
        self.session, self.board, self.save_path = session, board, save
        extra = {} if self.quit_question is None else {"quit_question": self.quit_question}
        self.switch_screen(GameScreen(session, board, save=save, **extra))
