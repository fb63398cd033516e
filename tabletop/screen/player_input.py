"""What the person at the game screen does: an action typed or picked from the choices, a card
of the hand looked at, a takeback (Ctrl+Z/`undo`) and quitting (Ctrl+Q/`quit`).

A mixin of :class:`~tabletop.screen.game_screen.GameScreen`, kept apart so the screen's module
stays about the flow of the game and what it shows; what the person does reaches the table
only through :class:`~tabletop.engine.table.GameTable` (``submit``, ``plan_undo``, ``undo``, ``save``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work

from tabletop.core.errors import TabletopError
from tabletop.screen.dialogs import Confirm
from tabletop.screen.widgets import Choices, HandGrid, Prompt
from tabletop.terminal.prompt import match_choice

if TYPE_CHECKING:
    from tabletop.core.board import Board
    from tabletop.core.decision import Decision
    from tabletop.engine.table import GameTable, UndoPlan


class PlayerInput:
    """The person's keys, typed words and picks; the screen's own methods show the result."""

    session: GameTable
    board: Board
    deciding: int | None
    legal: list[str]
    lost: str | None
    quit_question: str
    _decision: Decision

    # ---- what the person does ------------------------------------------------------

    def on_input_submitted(self, event: Prompt.Submitted) -> None:
        text = event.value
        prompt = self.query_one(Prompt)
        prompt.value = ""
        if self.session.outcome() is not None:
            self.app.exit(self.session.outcome())
            return
        if self.lost is not None:
            self.app.exit(None)
            return
        if self.deciding is None:
            return
        prompt.remember(text.strip())
        word, _, rest = text.strip().partition(" ")
        word = word.casefold()
        if self.open_page(word):
            return
        if word in ("quit", "exit"):
            self.action_quit_game()
        elif word == "undo":
            self.action_undo()
        elif word == "card":
            self.detail(self.board.card_text(rest) if rest.strip() else "Type card and a card's name, e.g. card "
                        + (next(iter(self.board.cards()), "NAME")))
        else:
            try:
                action = match_choice(text, self.legal)
            except ValueError as error:
                self.detail(self._decision.refusal(text.strip()) or str(error), style="yellow")
                return
            self.take(action)

    def on_prompt_to_choices(self, _: Prompt.ToChoices) -> None:
        choices = self.query_one(Choices)
        if self.deciding is not None and choices.option_count:
            choices.focus()
            choices.highlighted = 0

    def on_choices_to_prompt(self, _: Choices.ToPrompt) -> None:
        prompt = self.query_one(Prompt)
        if not prompt.disabled:
            prompt.focus()

    def on_option_list_option_selected(self, event: Choices.OptionSelected) -> None:
        if event.option_list.id == "choices" and self.deciding is not None and event.option.id:
            self.take(event.option.id)

    def on_option_list_option_highlighted(self, event: Choices.OptionHighlighted) -> None:
        if event.option_list.id == "choices" and event.option.id and self.deciding is not None:
            description = self._decision.describe(event.option.id)
            self.detail(f"{event.option.id}: {description}" if description else event.option.id)

    def on_data_table_cell_highlighted(self, event: HandGrid.CellHighlighted) -> None:
        if event.data_table.has_focus:
            self.show_card(event.coordinate.row, event.coordinate.column)

    def on_data_table_cell_selected(self, event: HandGrid.CellSelected) -> None:
        self.show_card(event.coordinate.row, event.coordinate.column)

    def show_card(self, row: int, column: int) -> None:
        card = self.query_one("#hand", HandGrid).card_at(row, column)
        if card is not None:
            when = {True: " Playable now.", False: " Not playable now.", None: ""}[card.playable]
            self.detail(card.text + when)

    def take(self, action: str) -> None:
        seat = self.deciding
        if seat is None:
            return
        try:
            self.session.submit(seat, action)
        except TabletopError as error:
            self.detail(str(error), style="yellow")
            return
        self.deciding = None
        self.query_one(Prompt).disabled = True
        self.refresh_log()
        self.advance()

    # ---- keys -----------------------------------------------------------------------

    def action_undo(self) -> None:
        seat = self.deciding
        if seat is None:
            return
        session = self.session
        if session.undo_point(seat) is None:
            self.detail("Nothing to take back yet: this is your first decision.", style="yellow")
            return
        plan = session.plan_undo(seat)
        if plan.refusal is not None:
            self.detail(plan.refusal, style="yellow")
        elif plan.others:
            self.app.push_screen(Confirm(plan.question(session.names)),
                                 lambda yes: self.undo(plan) if yes else None)
        else:
            self.undo(plan)

    def undo(self, plan: UndoPlan) -> None:
        self.deciding = None
        self.query_one(Prompt).disabled = True
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
        self.app.push_screen(Confirm(self.quit_question),
                             lambda yes: self.quit_now() if yes else None)

    def quit_now(self) -> None:
        self.session.save()
        self.app.exit(None)
