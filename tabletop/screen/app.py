"""The Textual application: the chooser and table setup when no game is named, then the game."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding

from tabletop.core.board import Board
from tabletop.engine.table import GameTable
from tabletop.screen.dialogs import Confirm
from tabletop.screen.game_screen import GameScreen
from tabletop.terminal.prompt import GameAbandoned


class TableApp(App):
    """Plays one session full screen; ``run()`` returns the outcome, or None if the game was left."""

    TITLE = "tabletop"
    ENABLE_COMMAND_PALETTE = False
    #: Ctrl+Q asks before leaving a game (Textual's own Ctrl+Q would leave at once); Ctrl+C
    #: saves and leaves at once, as at the plain prompt (Textual's own only shows a hint).
    BINDINGS = [
        Binding("ctrl+q", "leave", "Quit", priority=True),
        Binding("ctrl+c", "interrupt", "Save and leave", priority=True, show=False),
    ]

    def __init__(self, session: GameTable | None = None, board: Board | None = None, *,
                 save: Path | None = None, chooser=None, quit_question: str | None = None):
        super().__init__()
        self.session = session
        self.board = board
        self.save_path = save
        self.chooser = chooser
        self.quit_question = quit_question
        #: How the game was left by Ctrl+C, raised by :meth:`run` once the screen is restored.
        self.left: BaseException | None = None

    def run(self, *args, **kwargs):
        """Play; a game left with Ctrl+C raises GameAbandoned (a person left) or
        KeyboardInterrupt (nobody was deciding) after the terminal is restored, so the
        command says it is saved and how to go on, as at the plain prompt."""
        result = super().run(*args, **kwargs)
        self.raise_if_left()
        return result

    def raise_if_left(self) -> None:
        if self.left is not None:
            raise self.left

    def on_mount(self) -> None:
        if self.session is not None and self.board is not None:
            extra = {} if self.quit_question is None else {"quit_question": self.quit_question}
            self.push_screen(GameScreen(self.session, self.board, save=self.save_path, **extra))
        elif self.chooser is not None:
            self.push_screen(self.chooser)

    def _game_screen(self) -> GameScreen | None:
        return next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)

    def action_interrupt(self) -> None:
        """Ctrl+C: save and leave without asking, whatever is on the screen."""
        screen = self._game_screen()
        session = self.session
        if screen is None or session is None:
            self.left = KeyboardInterrupt()
            self.exit(None)
            return
        if session.outcome() is not None:
            self.exit(session.outcome())
            return
        seat = screen.deciding if screen.deciding is not None else session.at_screen
        self.left = GameAbandoned(f"{session.names[seat]} left the game.") if seat is not None else KeyboardInterrupt()
        screen.quit_now()

    def action_leave(self) -> None:
        screen = self._game_screen()
        if screen is None:
            self.exit(None)
        elif not isinstance(self.screen, Confirm):
            screen.action_quit_game()

    def start(self, session: GameTable, board: Board, save: Path | None) -> None:
        """Begin a game set up (or joined) on the first screen."""
        self.session, self.board, self.save_path = session, board, save
        extra = {} if self.quit_question is None else {"quit_question": self.quit_question}
        self.switch_screen(GameScreen(session, board, save=save, **extra))
