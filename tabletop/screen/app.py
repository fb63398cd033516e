"""The Textual application: the chooser and table setup when no game is named, then the game."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from tabletop.screen.game_screen import GameScreen
from tabletop.screen.kit import Board
from tabletop.screen.session import Session


class TableApp(App):
    """Plays one session full screen; ``run()`` returns the outcome, or None if the game was left."""

    TITLE = "tabletop"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: Session | None = None, board: Board | None = None, *,
                 save: Path | None = None, chooser=None):
        super().__init__()
        self.session = session
        self.board = board
        self.save_path = save
        self.chooser = chooser

    def on_mount(self) -> None:
        if self.session is not None and self.board is not None:
            self.push_screen(GameScreen(self.session, self.board, save=self.save_path))
        elif self.chooser is not None:
            self.push_screen(self.chooser)

    def start(self, session: Session, board: Board, save: Path | None) -> None:
        """Begin a game set up in the chooser."""
        self.session, self.board, self.save_path = session, board, save
        self.switch_screen(GameScreen(session, board, save=save))
