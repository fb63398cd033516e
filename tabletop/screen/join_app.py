"""Joining a network table on the full screen when the code is asked on the screen itself (a
browser tab served by ``tabletop serve --web``): a small code page, then the usual table."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from tabletop.core.board import Board
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.net.client import RemoteTable
from tabletop.screen.app import TableApp

#: What Ctrl+Q asks at a network table: the game goes on at the server.
LEAVE = "Leave the table? The game goes on at the server; join again with the same code to take your seat."


class CodeEntry(Screen[None]):
    """Asks for the join code (shown as dots), connects, and says in one sentence what went wrong."""

    DEFAULT_CSS = """
    CodeEntry { align: center middle; }
    CodeEntry > Vertical { width: 64; height: auto; border: round $secondary; padding: 1 2; }
    CodeEntry #title { text-style: bold; }
    CodeEntry #message { height: auto; min-height: 1; color: $warning; }
    """

    def __init__(self, url: str, game_for: Callable[[str], Game]):
        super().__init__()
        self.url = url
        self.game_for = game_for

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Join a game", style="bold"), id="title")
            yield Static(Text(f"Type the join code the host gave you for {self.url}."))
            yield Input(placeholder="join code", password=True, id="code")
            yield Static(id="message")

    def on_mount(self) -> None:
        self.query_one("#code", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip()
        if not code:
            self.say("Type the code, then Enter.")
            return
        event.input.disabled = True
        self.say("Joining...", style="")
        self.join(code)

    @work(thread=True, exclusive=True)
    def join(self, code: str) -> None:
        try:
            table = RemoteTable(self.url, code, game_for=self.game_for).connect()
        except TabletopError as error:
            self.app.call_from_thread(self.refused, str(error))
            return
        self.app.call_from_thread(self.app.joined, table)

    def refused(self, sentence: str) -> None:
        field = self.query_one("#code", Input)
        field.value = ""
        field.disabled = False
        field.focus()
        self.say(sentence)

    def say(self, sentence: str, *, style: str = "bold") -> None:
        self.query_one("#message", Static).update(Text(sentence, style=style))


class JoinApp(TableApp):
    """The code page, then the table of the seat that code opens (``run()`` returns its outcome)."""

    def __init__(self, url: str, game_for: Callable[[str], Game], board_for: Callable[[Game], Board]):
        super().__init__(chooser=CodeEntry(url, game_for), quit_question=LEAVE)
        self.board_for = board_for
        self.table: RemoteTable | None = None

    def joined(self, table: RemoteTable) -> None:
        self.table = table
        self.start(table, self.board_for(table.game), None)

    def on_unmount(self) -> None:
        if self.table is not None:
            self.table.close()
