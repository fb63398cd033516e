"""`tabletop join URL` at a server with a lobby: the room in a line-by-line prompt, then each
seat taken played as `tabletop join` plays one (full screen, --plain or --bot), then the room again."""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core.errors import TabletopError
from tabletop.core.names import seat_name
from tabletop.terminal.safe_text import fmt

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime
    from tabletop.net.lobby_client import LobbyClient, Sat

PROMPT = "lobby> "


def read_secret(path: Path | None, what: str) -> str | None:
    """A password from a file's first line (kept off the command line), else None."""
    if path is None:
        return None
    try:
        text = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise TabletopError(f"Cannot read the {what} file {path}: {getattr(error, 'strerror', None) or error}.") from None
    if not text or not text[0].strip():
        raise TabletopError(f"The {what} file {path} is empty; write the {what} on its first line.")
    return text[0].strip()


def enter(rt: Runtime, url: str, *, name: str | None, password_file: Path | None,
          play: Callable[[str], None]) -> None:
    """The room at ``url``, until `quit` or the end of input; ``play(code)`` plays a seat taken."""
    from tabletop.net.lobby_client import LobbyClient, room_lines

    interactive = sys.stdin.isatty()
    who = seat_name(name or (rt.ask("Your name: ") if interactive else getpass.getuser()))[:40] or "?"
    password = read_secret(password_file, "password")
    try:
        client = LobbyClient(url, who, password).connect()
    except TabletopError as error:
        if password is not None or not interactive or "has a password" not in str(error):
            raise
        password = getpass.getpass("The room's password: ")
        client = LobbyClient(url, who, password).connect()
    out = rt.output
    out.print(fmt("In the room at [title]{}[/] as {}.", url, who), soft_wrap=True)
    for line in room_lines(client.room):
        out.print(fmt("{}", line), soft_wrap=True)
    _kept_seats(rt, client)
    out.print("Type `help` for the commands.")
    last: str | None = None  # the code of the last seat played, for `again`
    try:
        while True:
            try:
                line = rt.ask(PROMPT)
            except EOFError:
                return
            sat = _command(rt, client, line, last)
            if sat is False:
                return
            if isinstance(sat, str):  # `back N`: a seat of a running table, kept here
                last = sat
            elif sat is not None and _wait(rt, client, sat):
                _keep(rt, url, sat)
                last = sat.code
            else:
                continue
            play(last)
            if client.lost is not None:  # the server went away meanwhile (and came back for the game)
                client.close()
                client = LobbyClient(url, who, password).connect()
            out.print("Back in the room: `again` plays that table again with the same people; `list` shows the tables.")
    finally:
        client.close()


def _command(rt: Runtime, client: LobbyClient, line: str, last: str | None) -> Sat | str | bool | None:
    """Do one typed command: the seat it took (or a kept seat's code), False to leave, None otherwise."""
    from tabletop.net.lobby_client import COMMANDS, game_lines, parse, room_lines

    out = rt.output
    kind, words = parse(line)
    try:
        if kind in ("quit", "exit", "leave"):
            return False
        if kind in ("", "list"):
            for text in room_lines(client.room):
                out.print(fmt("{}", text), soft_wrap=True)
            _kept_seats(rt, client)
        elif kind == "back" and len(words) == 1 and words[0].isdigit():
            from tabletop.net.client_codes import stored_code

            code = stored_code(_key(client.url, int(words[0])))
            if code is None:
                raise TabletopError(f"No seat at table {words[0]} is kept here; `sit CODE` takes a free one.")
            return code
        elif kind == "games":
            for text in game_lines(client.room):
                out.print(fmt("{}", text), soft_wrap=True)
        elif kind == "new" and len(words) >= 2:
            sat = client.create(words[0], words[1], words[2:])
            out.print(fmt("Table {} is set up; you sit in seat {}. Pass its code on: {}", sat.table, sat.seat + 1,
                          sat.table_code or "-"), soft_wrap=True)
            return sat
        elif kind == "sit" and len(words) == 1:
            sat = client.sit(words[0])
            out.print(fmt("You sit at table {}, seat {}.", sat.table, sat.seat + 1), soft_wrap=True)
            return sat
        elif kind == "again" and not words:
            if last is None:
                raise TabletopError("Play a table first: `again` seats the same people at a new game of it.")
            sat = client.again(last)
            out.print(fmt("You sit at table {} (again), seat {}.", sat.table, sat.seat + 1), soft_wrap=True)
            return sat
        elif kind == "stand" and len(words) == 1 and words[0].isdigit():
            client.stand(int(words[0]))
        else:
            out.print(COMMANDS)
    except TabletopError as error:
        out.print(fmt("[warning]{}[/]", error), soft_wrap=True)
    return None


def _key(url: str, table: int) -> str:
    """Where a seat's code at a room's table is kept (beside the codes of served games, by address)."""
    return f"{url}#table-{table}"


def _keep(rt: Runtime, url: str, sat: Sat) -> None:
    """Keep the seat's code (user-only file), so a terminal closed mid-game takes it `back`."""
    from tabletop.net.client_codes import store_code

    try:
        store_code(_key(url, sat.table), sat.code)
    except TabletopError as error:
        rt.output.warn(str(error))


def _kept_seats(rt: Runtime, client: LobbyClient) -> None:
    """Say which running tables have this person's seat kept here."""
    from tabletop.net.client_codes import stored_code

    for table in client.room.get("tables") or []:
        number = table.get("table")
        if table.get("state") == "playing" and type(number) is int and stored_code(_key(client.url, number)):
            rt.output.print(fmt("Your seat at table {} is kept here: `back {}` takes it again.", number, number))


def _wait(rt: Runtime, client: LobbyClient, sat: Sat) -> bool:
    """Until the table's game starts (True); Ctrl-C stands up (False). Each change is shown."""
    from tabletop.net.lobby_client import table_line

    out = rt.output
    shown = None
    try:
        while not client.wait_started(sat.table, 0.5):
            if client.lost is not None:
                raise TabletopError(f"You are no longer in the room: {client.lost}.")
            table = client.table(sat.table)
            line = None if table is None else table_line(table)
            if line is not None and line != shown:
                out.print(fmt("Waiting for the table to fill: {}", line), soft_wrap=True)
                shown = line
    except KeyboardInterrupt:
        client.stand(sat.table)
        out.print("You stood up.")
        return False
    out.print(fmt("Table {} starts.", sat.table))
    return True
