"""The game screen's pages to read over the table, by key or typed word: help (F1/`help`),
rules (F2), the detail area whole (F3/`more`), the log by round (F4/`log`), every choice whole
(`list`) and the game's own picture of the table (`view`).

A mixin of :class:`~tabletop.screen.game_screen.GameScreen`, kept apart so the screen's module
stays about the flow of the game; it reads the table only through the seat's decision and the
log the screen may show (never the state).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.screen.dialogs import Reading
from tabletop.screen.pages import choices_page, log_page, message_page
from tabletop.screen.text import help_markdown
from tabletop.terminal.for_players import rules_for_players

if TYPE_CHECKING:
    from tabletop.core.board import Board
    from tabletop.core.decision import Decision
    from tabletop.engine.table import GameTable


class ReadingKeys:
    """Pages over the table; Escape on each goes back to the decision."""

    #: Typed words that open a page (besides the keys): word -> action name.
    WORDS = {"?": "help", "help": "help", "rules": "rules", "more": "more", "log": "log",
             "list": "list", "ls": "list", "view": "view"}

    session: GameTable
    board: Board
    deciding: int | None
    legal: list[str]
    detail_message: str
    _decision: Decision

    def open_page(self, word: str) -> bool:
        """Open the page ``word`` names; False if it names none."""
        name = self.WORDS.get(word)
        if name is None:
            return False
        getattr(self, f"action_{name}")()
        return True

    def action_help(self) -> None:
        view = self.session.view(self.deciding) if self.deciding is not None else {}
        hint = self.board.hint(view, self.legal) if self.deciding is not None else ""
        self.app.push_screen(Reading("Help", help_markdown(self.session.game, hint)))

    def action_rules(self) -> None:
        game = self.session.game
        self.app.push_screen(Reading(f"{game.title}: rules",
                                     rules_for_players(game.rules_text() or "This game has no rules text.")))

    def action_more(self) -> None:
        self.app.push_screen(Reading("The full text", body=message_page(self.detail_message)))

    def action_log(self) -> None:
        session = self.session
        self.app.push_screen(Reading("Log: the latest round first",
                                     body=log_page(session.log, session.at_screen, session.names,
                                                   getattr(session.game, "round_event", None))))

    def action_list(self) -> None:
        if self.deciding is not None:
            self.app.push_screen(Reading("Every choice", body=choices_page(self.legal, self._decision.describe)))

    def action_view(self) -> None:
        if self.deciding is not None:
            session = self.session
            self.app.push_screen(Reading(f"{session.game.title}: the table as you see it",
                                         body=session.game.render(self._decision.view, names=session.names)))
