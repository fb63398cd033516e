"""A server's room of tables on the full screen (each browser tab of `tabletop serve --web` when
the server is a lobby): your name (and the room's password, if it has one), then the tables and
the same commands as the terminal's lobby prompt; the seat taken opens the usual table."""

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
from tabletop.core.names import seat_name
from tabletop.net.client import RemoteTable
from tabletop.net.lobby_client import COMMANDS, LobbyClient, game_lines, parse, room_lines
from tabletop.screen.join_app import JoinApp

#: The commands this screen takes (a table's seat opens the table on this screen, for good).
HERE = "\n".join(line for line in COMMANDS.splitlines() if line.split()[0] in ("Commands:", "new", "sit", "list", "games"))


class LobbyScreen(Screen[None]):
    """Name and password, then the room: its tables (kept up to date) and a command line."""

    DEFAULT_CSS = """
    LobbyScreen > Vertical { padding: 1 2; }
    LobbyScreen #title { text-style: bold; }
    LobbyScreen #room { height: auto; border: round $secondary; padding: 0 1; }
    LobbyScreen #message { height: auto; min-height: 1; color: $warning; }
    """

    def __init__(self, url: str, game_for: Callable[[str], Game]):
        super().__init__()
        self.url = url
        self.game_for = game_for
        self.client: LobbyClient | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"The room at {self.url}", style="bold"), id="title")
            yield Input(placeholder="your name, then Enter", id="name")
            yield Input(placeholder="the room's password, if it has one, then Enter", password=True, id="password")
            yield Static(id="room")
            yield Input(placeholder="new GAME SEATS | sit CODE | games | help", id="command", disabled=True)
            yield Static(id="message")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "name":
            if not event.value.strip():
                self.say("Type your name, then Enter.")
                return
            self.query_one("#password", Input).focus()
        elif event.input.id == "password":
            name = seat_name(self.query_one("#name", Input).value.strip()[:40]) or "?"
            self.say("Entering the room...", style="")
            self.enter(name, event.value or None)
        else:
            line, event.input.value = event.value, ""
            self.command(line)

    @work(thread=True, exclusive=True)
    def enter(self, name: str, password: str | None) -> None:
        try:
            client = LobbyClient(self.url, name, password).connect()
        except TabletopError as error:
            self.app.call_from_thread(self.say, str(error))
            return
        client.on_change = lambda: self.app.call_from_thread(self.show_room)
        self.client = client
        self.app.call_from_thread(self.entered)

    def entered(self) -> None:
        for field in ("#name", "#password"):
            self.query_one(field, Input).disabled = True
        command = self.query_one("#command", Input)
        command.disabled = False
        command.focus()
        self.show_room()
        self.say("In the room: set up a table with `new GAME SEATS`, or sit at one with `sit CODE`.", style="")

    def show_room(self) -> None:
        if self.client is not None:
            self.query_one("#room", Static).update(Text("\n".join(room_lines(self.client.room))))

    @work(thread=True, exclusive=True)
    def command(self, line: str) -> None:
        client = self.client
        kind, words = parse(line)
        try:
            if kind == "new" and len(words) >= 2:
                sat = client.create(words[0], words[1], words[2:])
                said = f"Table {sat.table} is set up; you sit in seat {sat.seat + 1}. Pass its code on: {sat.table_code}"
            elif kind == "sit" and len(words) == 1:
                sat = client.sit(words[0])
                said = f"You sit at table {sat.table}, seat {sat.seat + 1}."
            elif kind == "games":
                self.app.call_from_thread(self.say, "\n".join(game_lines(client.room)), style="")
                return
            else:
                self.app.call_from_thread(self.say, "" if kind in ("", "list") else HERE, style="")
                return
            self.app.call_from_thread(self.say, said + " Waiting for the table to fill...", style="")
            if not client.wait_started(sat.table):
                raise TabletopError(f"You are no longer in the room: {client.lost}.")
            table = RemoteTable(self.url, sat.code, game_for=self.game_for).connect()
        except TabletopError as error:
            self.app.call_from_thread(self.say, str(error))
            return
        self.app.call_from_thread(self.app.joined, table)

    def say(self, sentence: str, *, style: str = "bold") -> None:
        self.query_one("#message", Static).update(Text(sentence, style=style))


class LobbyApp(JoinApp):
    """The room, then the table of the seat taken there (as :class:`JoinApp`, the room for its code page)."""

    def __init__(self, url: str, game_for: Callable[[str], Game], board_for: Callable[[Game], Board]):
        super().__init__(url, game_for, board_for)
        self.lobby = self.chooser = LobbyScreen(url, game_for)

    def on_unmount(self) -> None:
        super().on_unmount()
        if self.lobby.client is not None:
            self.lobby.client.on_change = None  # the screen is gone: nothing to redraw
            self.lobby.client.close()
