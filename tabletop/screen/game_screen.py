"""The game screen: the table at a glance and the decision in front of you, in 80x24.

Layout, top to bottom: a status line; the game's board; the hand (each card's legality, its
text when selected) and the choices on the left, the compass of seats and the log on the right;
a detail line (card text, what a choice does, hints, mistakes); the prompt; the keys.
What is cut to fit (the detail line, the log, a choice's description) opens whole on a page:
F3/`more`, F4/`log`, `list`; `view` shows the game's own full picture of the table.
Those pages are :mod:`~tabletop.screen.reading_keys`; what the person types, picks, takes back
or quits is handled here, a typed line and a takeback read by :mod:`~tabletop.screen.player_input`.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.widgets.option_list import Option

from tabletop.core.board import Board
from tabletop.core.errors import TabletopError
from tabletop.engine.table import GameTable, Turn, UndoPlan
from tabletop.screen.dialogs import Confirm, HandOver
from tabletop.screen.pages import choice_label
from tabletop.screen.player_input import card_line, read_line, takeback
from tabletop.screen.reading_keys import ReadingKeys
from tabletop.screen.save_points import RecordWriter
from tabletop.screen.text import COMMANDS, end_text, first_sentence, saved_quit_question, status_line
from tabletop.screen.widgets import Choices, Compass, HandGrid, Prompt, TableLog, compass

#: What a key typed while others decide gets (it goes nowhere: the prompt opens at your decision).
WAITING_KEYS = "Not your turn yet: what you type now is not kept."


class TableChanged(Message):
    """The table changed while this screen waits (posted from the table's own thread)."""


class GameScreen(ReadingKeys, Screen[None]):
    #: The prompt takes the keys first: were the hand focused on arrival, its first card's text
    #: would take the detail line from the decision's hint.
    AUTO_FOCUS = "#prompt"
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("f2", "rules", "Rules"),
        Binding("f3", "more", "Full text"),
        Binding("f4", "log", "Log"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+q", "quit_game", "Quit"),
    ]
    DEFAULT_CSS = """
    GameScreen #status { height: 1; background: $primary; color: $text; padding: 0 1; }
    GameScreen #board { height: auto; max-height: 11; padding: 0 1; }
    GameScreen #middle { height: 1fr; }
    GameScreen #left { width: 1fr; }
    GameScreen #right { width: 30; }
    GameScreen #hand { height: auto; max-height: 6; border: none; border-top: solid $secondary; padding: 0;
                       scrollbar-size-vertical: 1; }
    GameScreen #choices { height: 1fr; border: none; border-top: solid $secondary; padding: 0; }
    GameScreen #compass { height: auto; border-top: solid $secondary; }
    GameScreen #log { height: 1fr; border: none; border-top: solid $secondary; scrollbar-size-vertical: 1; }
    GameScreen #detail { height: auto; min-height: 2; max-height: 4; padding: 0 1; background: $boost; }
    GameScreen #prompt { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self, session: GameTable, board: Board, *, save: Path | None = None,
                 quit_question: str | None = None):
        super().__init__()
        #: The table, used only through :class:`GameTable` (a local session or a network seat).
        self.session = session
        self.board = board
        self.quit_question = quit_question or saved_quit_question()
        session.on_save = RecordWriter(self, save)
        session.on_change = lambda: self.post_message(TableChanged())  # thread-safe, never blocks
        self.lost: str | None = None
        self.deciding: int | None = None
        #: Lines of a paste still to be taken, one per decision (see Prompt.Burst).
        self.burst: list[str] = []
        self.legal: list[str] = []
        #: The whole of what the detail area shows (it may cut it at four lines).
        self.detail_message = ""

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield Static(id="board")
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                hand = HandGrid(id="hand")
                hand.border_title = "Your hand"
                yield hand
                choices = Choices(id="choices")
                choices.border_title = "Choices"
                yield choices
            with Vertical(id="right"):
                yield Compass(id="compass")
                log = TableLog(id="log")
                log.border_title = "Log"
                yield log
        yield Static(id="detail")
        yield Prompt(id="prompt", placeholder="type an action, its number, or ? for help")
        yield Footer()

    def on_mount(self) -> None:
        self.advance()

    def on_resize(self, event) -> None:
        """The compass and log get a third of a wide screen, 30 columns of a narrow one; once
        laid out again, the board, hand, choices and log are drawn for the new width."""
        self.query_one("#right").styles.width = max(30, event.size.width // 3)
        self.call_after_refresh(self.refit)

    def refit(self) -> None:
        if self.session.outcome() is not None and self.lost is None:
            self.show_end()
        elif self.deciding is not None:
            highlighted = self.query_one(Choices).highlighted
            self.show_decision(self.deciding, keep_detail=True)
            self.query_one(Choices).highlighted = highlighted
        self.query_one(TableLog).rewrap()

    # ---- the flow of the game ------------------------------------------------------

    def advance(self) -> None:
        """Show what comes next: the end, bots thinking (in a worker: they may think a while),
        a hand-over, or a decision; the session's :class:`Turn` says which."""
        session = self.session
        if session.outcome() is None and session.human_to_act() is None:
            self.deciding = None
            self.detail(session.waiting())
            self.play_bots()
            return
        self.after_bots(session.advance())

    @work(thread=True, exclusive=True, group="bots")
    def play_bots(self) -> None:
        try:
            turn = self.session.advance()
        except TabletopError as error:  # the table cannot go on (a network table lost for good)
            self.app.call_from_thread(self.show_lost, str(error))
            return
        self.app.call_from_thread(self.after_bots, turn)

    def after_bots(self, turn: Turn | None) -> None:
        if turn is None:
            self.show_end()
        elif turn.hand_over:  # the log is written again for them once they are seated
            self.app.push_screen(self.hand_over(turn), lambda _: self.seated(turn.seat))
        else:
            self.refresh_log()
            self.show_decision(turn.seat)

    def hand_over(self, turn: Turn) -> HandOver:
        """The page between people: the public table and public narration, nobody's secrets."""
        session = self.session
        public = session.public_view()
        table = self.board.render(public, names=session.names, width=max(40, self.size.width - 2))
        return HandOver(session.names[turn.seat], turn.since, table)

    def seated(self, seat: int) -> None:
        self.query_one(Prompt).value = ""  # nothing the last person typed ahead is left for this one
        self.refresh_log(rewrite=True)
        self.show_decision(seat)

    def show_decision(self, seat: int, *, keep_detail: bool = False) -> None:
        session, board = self.session, self.board
        decision = self._decision = session.decision(seat)
        view = decision.view
        self.deciding = seat
        self.legal = board.ordered(view, decision.legal)  # numbered as at the plain prompt
        name = session.names[seat]
        status = board.status(view)
        self.query_one("#status", Static).update(
            status_line(f"{name} to decide", status, session.game.title, self.size.width - 2))
        self._draw_board(view)
        hand = self.query_one("#hand", HandGrid)
        cards = board.hand(view, self.legal)
        hand.show(cards, width=self.query_one("#left").size.width or self.size.width - 30)
        hand.display = bool(cards)
        hand.border_title = board.hand_title
        self.call_after_refresh(self._fit_hand)
        choices = self.query_one("#choices", Choices)
        choices.clear_options()
        room = max(20, (choices.size.width or self.size.width - 30) - 3)
        choices.add_options([Option(choice_label(n, action, decision.describe(action), room), id=action)
                             for n, action in enumerate(self.legal, start=1)])
        choices.highlighted = None
        self.query_one("#compass", Compass).update(
            compass(session.names, me=seat, to_act=seat, humans=session.humans))
        self.refresh_log()
        if not keep_detail:
            self.detail(board.hint(view, self.legal) or first_sentence(session.game.notation_help))
        prompt = self.query_one(Prompt)
        prompt.offer(self.legal + list(COMMANDS))
        prompt.placeholder = f"{name}: type an action or its number (Tab completes, ? helps)"
        prompt.disabled = False
        if not keep_detail or not choices.has_focus:
            prompt.focus()
        if self.burst:
            self.call_after_refresh(self._next_of_burst)

    def _draw_board(self, view) -> None:
        """The board as the seat sees it, drawn for the screen's width (a decision, or waiting)."""
        width = max(40, self.size.width - 2)
        self.query_one("#board", Static).update(self.board.render(view, names=self.session.names, width=width))

    def _fit_hand(self) -> None:
        """A tall board leaves the hand fewer rows, so the choices keep room to decide."""
        tall = self.query_one("#board").size.height > 8
        hand = self.query_one("#hand")
        hand.styles.max_height = 3 if tall else 6
        hand.refresh(layout=True)  # its new rows' height, even when the bound stays the same

    def show_lost(self, sentence: str) -> None:
        self.deciding = None
        self.lost = sentence
        self.refresh_log()
        self.detail(sentence + "  Press Enter to leave.", style="bold red")
        self._prompt_to_leave("Press Enter to leave")

    def show_end(self) -> None:
        session = self.session
        outcome = session.outcome()
        self.deciding = None
        seat = session.at_screen
        view = session.view(seat)
        self.query_one("#status", Static).update(Text(f"{session.game.title} \u00b7 game over", style="bold"))
        self.query_one("#board", Static).update(self.board.render(view, names=session.names, width=self.size.width - 2))
        self.query_one("#hand", HandGrid).display = False
        choices = self.query_one("#choices", Choices)
        choices.clear_options()
        self.query_one("#compass", Compass).update(compass(session.names, me=seat, to_act=None, humans=session.humans))
        self.refresh_log()
        self.detail(end_text(outcome, session.names) + "  Press Enter to leave.", style="bold green")
        self._prompt_to_leave("Game over: press Enter to leave")

    def _prompt_to_leave(self, placeholder: str) -> None:
        """The prompt once nothing is left to decide here: Enter leaves."""
        prompt = self.query_one(Prompt)
        prompt.placeholder = placeholder
        prompt.offer([])
        prompt.disabled = False
        prompt.focus()

    # ---- what the person does: a line typed, a choice or a card picked, a takeback, quitting ----

    def on_input_submitted(self, event: Prompt.Submitted) -> None:
        self.query_one(Prompt).value = ""
        self.burst = []
        self.enter(event.value)

    def on_prompt_burst(self, event: Prompt.Burst) -> None:
        """A paste of several lines: the first answers this decision, each next one the next."""
        self.burst = list(event.lines[1:])
        self.enter(event.lines[0])

    def on_key(self, event) -> None:
        """A key typed while another decides is not silently lost: the person is told."""
        if self.deciding is None and event.is_printable and self.lost is None and self.session.outcome() is None:
            self.detail(f"{WAITING_KEYS} {self.session.waiting()}", style="yellow")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No Undo in the footer where the table refuses every takeback (a network seat)."""
        if action == "undo" and not getattr(self.session, "can_undo", True):
            return False
        return True

    def _next_of_burst(self) -> None:
        if self.burst and self.deciding is not None:
            self.enter(self.burst.pop(0))

    def enter(self, text: str) -> None:
        """A line the person typed (or pasted), read as at the plain prompt."""
        prompt = self.query_one(Prompt)
        if self.session.outcome() is not None:
            self.app.exit(self.session.outcome())
            return
        if self.lost is not None:
            self.app.exit(None)
            return
        if self.deciding is None:
            return
        prompt.remember(text.strip())
        typed = read_line(text, self.legal, self.board, self._decision.refusal, pages=self.WORDS)
        if typed.asks == "page":
            self.open_page(typed.text)
        elif typed.asks == "quit":
            self.action_quit_game()
        elif typed.asks == "undo":
            self.action_undo()
        elif typed.asks == "take":
            self.take(typed.text)
        else:
            self.burst = []  # a refused line ends the paste: the rest was meant after it
            self.detail(typed.text, style="yellow" if typed.asks == "refused" else "")

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
            self.detail(card_line(card))

    def take(self, action: str) -> None:
        seat = self.deciding
        if seat is None:
            return
        try:
            self.session.submit(seat, action)
        except TabletopError as error:
            self.burst = []
            self.detail(str(error), style="yellow")
            return
        self.stop_deciding()
        self.refresh_log()
        self.advance()

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

    # ---- helpers ----------------------------------------------------------------------

    def detail(self, message: str, *, style: str = "") -> None:
        """The detail area: two lines, up to four for a longer message (an undo refusal, a long
        card text), taken from the choices for as long as it is shown; F3/`more` shows ``message``
        whole."""
        self.detail_message = message
        self.query_one("#detail", Static).update(Text(message, style=style))

    def stop_deciding(self) -> None:
        """The decision is answered or taken back: the prompt waits for the next one."""
        self.deciding = None
        self.query_one(Prompt).disabled = True

    def refresh_log(self, *, rewrite: bool = False) -> None:
        """Add what the seat at the screen may see (public lines only between people)."""
        self.query_one(TableLog).catch_up(self.session, rewrite=rewrite)

    @property
    def log_lines(self) -> list[str]:
        """What the log shows, line by line (before wrapping)."""
        return self.query_one(TableLog).lines_shown

    def on_table_changed(self, _: TableChanged) -> None:
        """News from a table held elsewhere: while waiting, show it; while deciding, a decision
        the table no longer asks (a newer one, the end) is replaced."""
        session = self.session
        if self.lost is not None or session.outcome() is not None and self.deciding is None:
            return
        if self.deciding is not None:
            seat = session.human_to_act()
            if seat is None:
                self.stop_deciding()
                self.advance()
            elif list(session.decision(seat).legal) != self.legal:
                self.show_decision(seat)
            else:
                self.refresh_log()
            return
        seat = session.at_screen
        if session.outcome() is None:
            view = session.view(seat)
            status = self.board.status(view)
            self.query_one("#status", Static).update(status_line(None, status, session.game.title, self.size.width - 2))
            self._draw_board(view)
            self.query_one("#choices", Choices).clear_options()
            self.query_one("#compass", Compass).update(compass(session.names, me=seat, to_act=None,
                                                               humans=session.humans))
            self.detail(session.waiting())
        self.refresh_log()
