"""The screens that cover the table: hand-over between people, yes/no questions, help and rules."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text
from textual import _time, events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Markdown, RichLog, Static

from tabletop.terminal.prompt import confirms_hand_over, hand_over_word


class NameField(Input):
    """The line the next person types their name on. Keys pressed before its page appeared
    (the last person's extra Enter, their next move typed ahead) are dropped, never typed."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        #: When the page was first drawn (None: not yet); keys made earlier are dropped.
        self.shown_at: float | None = None

    def stale(self, event: events.Event) -> bool:
        return self.shown_at is None or event.time <= self.shown_at

    async def _on_key(self, event: events.Key) -> None:
        if self.stale(event):  # before Input's own handler and the Enter binding see it
            event.prevent_default()
            event.stop()

    async def _on_paste(self, event: events.Paste) -> None:
        if self.stale(event):
            event.prevent_default()
            event.stop()


class HandOver(Screen[None]):
    """Pass the screen to the next person: nobody's secrets, only the public narration since
    that person last acted, so they can follow what happened while they looked away. It goes
    on only when that person types their name: a stray Enter or a move typed ahead by the last
    person cannot show their hand (and keys pressed before the page appeared are dropped)."""

    DEFAULT_CSS = """
    HandOver { align: center middle; }
    HandOver #who { height: auto; padding: 0 1; background: $primary; width: 100%; }
    HandOver #table { height: auto; max-height: 11; padding: 0 1; }
    HandOver #since { height: 1fr; border: round $secondary; }
    HandOver #press { height: 1; padding: 0 1; }
    HandOver #name { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self, name: str, public_lines: Sequence[str], table: RenderableType = ""):
        super().__init__()
        self.seat_name = name
        self.public_lines = list(public_lines)
        self.table = table
        self.word = hand_over_word(name)

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Pass the screen to {self.seat_name}. Everybody else, look away!", style="bold"),
                     id="who")
        yield Static(self.table, id="table")
        log = RichLog(id="since", wrap=True, markup=False, min_width=10)
        log.border_title = f"What happened since {self.seat_name} last played"
        yield log
        yield Static(self._asking(), id="press")
        yield NameField(id="name", placeholder=self.word if self.word != self.seat_name else "your name")

    def _asking(self) -> Text:
        what = "your name" if self.word == self.seat_name else self.word
        return Text(f"{self.seat_name}, type {what} and press Enter to go on.")

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.public_lines or ["Nothing public happened."]:
            log.write(Text(line))
        field = self.query_one(NameField)
        field.focus()
        self.call_after_refresh(self._shown)

    def _shown(self) -> None:
        # Textual stamps each event with this clock when it is read from the terminal.
        self.query_one(NameField).shown_at = _time.get_time()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        field = self.query_one(NameField)
        field.value = ""
        if confirms_hand_over(self.seat_name, event.value):
            self.dismiss(None)
            return
        self.query_one("#press", Static).update(
            Text(f"Only {self.seat_name} goes on from here: type {self.word} and press Enter.", style="bold yellow"))


class Confirm(ModalScreen[bool]):
    """A yes/no question: y or Enter says yes, n or Escape says no."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes", priority=True),
        Binding("n,escape", "answer(False)", "No", priority=True),
    ]
    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Static { width: 60; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    """

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(Text(f"{self.question}\n\n[y] yes   [n] no"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Reading(ModalScreen[None]):
    """A page to read over the table: help or rules (Markdown), or ``body``, something the table
    already holds shown whole (a message, the log, every choice, the game's picture), drawn as it
    is and never read as Markdown. Escape goes back to the table."""

    BINDINGS = [Binding("escape,q", "close", "Back to the table", priority=True)]
    DEFAULT_CSS = """
    Reading { align: center middle; }
    Reading > Vertical { width: 100%; height: 100%; border: round $primary; background: $surface; }
    """

    def __init__(self, title: str, markdown: str = "", *, body: RenderableType | None = None):
        super().__init__()
        self.title_text = title
        self.markdown = markdown
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = f"{self.title_text} (Escape: back)"
            with VerticalScroll():
                yield Markdown(self.markdown) if self.body is None else Static(self.body, id="body")

    def action_close(self) -> None:
        self.dismiss(None)
