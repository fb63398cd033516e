"""A person in a server's lobby: :class:`LobbyClient` (the connection) and the room in words.

The terminal's lobby prompt and the full screen's lobby (a browser tab's too) drive the same
client and read the same commands (:func:`parse`), so both say the same sentences. The seat a
person takes is played over its own connection afterwards (:class:`~tabletop.net.client.RemoteTable`
with the seat's code, which this client hands over once the table starts).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.net import lobby_protocol as lp
from tabletop.net import protocol
from tabletop.net.client_frames import safe_text

#: Seconds to wait for the server to answer a lobby request.
ANSWER = 30.0

COMMANDS = """Commands:
  new GAME SEATS [KEY=VALUE ...]   set up a table: seats as `human,human,random` (people and bots)
  sit CODE                         take the next free seat of a table by its code
  again                            play your last table again, with the same people (each says again)
  back TABLE                       take your seat again at a running table (its code is kept here)
  stand TABLE                      stand up from a table that has not started
  list                             the tables in the room (it also changes by itself)
  games                            the games this server offers, with options and bots
  quit                             leave the room"""


@dataclass(frozen=True, slots=True)
class Sat:
    """A seat taken: the table's number, the seat (from 0), its join code (this person's alone)
    and the table's code to pass on (for its creator; None otherwise)."""

    table: int
    seat: int
    code: str
    table_code: str | None


class LobbyClient:
    """A connection to a server's lobby, read by a thread of its own (``websockets``' sync client)."""

    def __init__(self, url: str, name: str, password: str | None = None):
        self.url, self.name, self._password = url, name, password
        self.room: dict[str, Any] = {"games": [], "tables": []}
        self.started: set[int] = set()
        self.lost: str | None = None
        #: Called (from the reading thread) whenever the room changes.
        self.on_change: Callable[[], None] | None = None
        self._reply: dict[str, Any] | None = None
        self._cond = threading.Condition()
        self._ws: Any = None
        self._thread: threading.Thread | None = None

    def connect(self) -> LobbyClient:
        """Enter the room; one sentence (TabletopError) if the server refuses or has no lobby."""
        from websockets.exceptions import InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        try:
            ws = connect(self.url, max_size=protocol.MAX_FRAME, open_timeout=15, compression=None, proxy=None)
            self._ws = ws.__enter__()  # closed by close(): the reading thread holds it meanwhile
        except InvalidURI:
            raise TabletopError(f"{self.url} is not a WebSocket address; write it as ws://HOST:PORT.") from None
        except (OSError, TimeoutError, InvalidHandshake) as error:
            raise TabletopError(f"Could not reach {self.url}: {safe_text(getattr(error, 'strerror', None) or error, 200)}.") from None
        self._ws.send(protocol.encode(lp.hello(self.name, self._password)))
        self._thread = threading.Thread(target=self._read, name="tabletop-lobby", daemon=True)
        self._thread.start()
        with self._cond:
            self._cond.wait_for(lambda: self.room["games"] or self.lost is not None, ANSWER)
        if self.lost is not None or not self.room["games"]:
            reason = self.lost or "it did not answer"
            self.close()
            if "hello, act, ping" in reason:
                reason = "it hosts a game and has no lobby; join with the code its host gave you (--code-file FILE)"
            raise TabletopError(f"The room at {self.url} did not let you in: {reason.rstrip('.')}.")
        return self

    def close(self) -> None:
        if self._ws is not None:
            self._ws.close()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            for raw in self._ws:
                self._receive(lp.decode_server(raw))
        except ConnectionClosed:
            pass
        except protocol.ProtocolError as error:
            self._lose(f"the server sent a frame this client cannot read: {error}")
        self._lose("the connection to the room closed")

    def _lose(self, reason: str) -> None:
        with self._cond:
            self.lost = self.lost or reason
            self._cond.notify_all()
        if self.on_change is not None:
            self.on_change()

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        with self._cond:
            if kind == "room":
                self.room = message
            elif kind == "started":
                self.started.add(message["table"])
            elif kind in ("sat", "refused"):
                self._reply = message
            elif kind == "bye":
                self.lost = safe_text(message["reason"])
            self._cond.notify_all()
        if self.on_change is not None and kind in ("room", "started"):
            self.on_change()

    def _ask(self, message: dict[str, Any]) -> Sat:
        with self._cond:
            if self.lost is not None:
                raise TabletopError(f"You are no longer in the room: {self.lost}.")
            self._reply = None
        try:
            self._ws.send(protocol.encode(message))
        except Exception:
            raise TabletopError("The connection to the room dropped; join again.") from None
        with self._cond:
            if not self._cond.wait_for(lambda: self._reply is not None or self.lost is not None, ANSWER):
                raise TabletopError("The room did not answer; try again.")
            reply, self._reply = self._reply, None
        if reply is None:
            raise TabletopError(f"You are no longer in the room: {self.lost}.")
        if reply["type"] == "refused":
            raise TabletopError(safe_text(reply["reason"]))
        return Sat(reply["table"], reply["seat"] - 1, reply["code"],
                   None if not isinstance(reply.get("table_code"), str) else safe_text(reply["table_code"], 20))

    def create(self, game: str, seats: str, options: list[str]) -> Sat:
        return self._ask(lp.create(game, seats, options))

    def sit(self, code: str) -> Sat:
        return self._ask({"type": "sit", "code": code})

    def again(self, code: str) -> Sat:
        return self._ask({"type": "again", "code": code})

    def stand(self, table: int) -> None:
        self._ws.send(protocol.encode({"type": "stand", "table": table}))

    def wait_started(self, table: int, timeout: float | None = None) -> bool:
        """Wait until ``table``'s game starts (True), or the room is lost or ``timeout`` passes."""
        with self._cond:
            self._cond.wait_for(lambda: table in self.started or self.lost is not None, timeout)
            return table in self.started

    def table(self, number: int) -> dict[str, Any] | None:
        return next((t for t in self.room["tables"] if t.get("table") == number), None)


# ---- the room in words ------------------------------------------------------------------------

def parse(line: str) -> tuple[str, list[str]]:
    """A typed lobby command: (its name, its words), or ("", []) for an empty line."""
    words = line.split()
    if not words:
        return "", []
    return words[0].lower(), words[1:]


def table_line(table: dict[str, Any]) -> str:
    """One table as a line: number, game, state, seats (people's names, free seats, bots)."""
    seats = []
    for seat in table.get("seats") or []:
        name = safe_text(seat.get("name") or "", 40)
        kind = safe_text(seat.get("kind") or "", 40)
        seats.append((name or "(free)") if kind == "person" else (name or f"{kind} (bot)"))
    state = safe_text(table.get("state") or "", 20)
    line = f"table {table.get('table')}: {safe_text(table.get('game') or '', 40)}, {state}: {', '.join(seats)}"
    if table.get("again_of"):
        line += f" (table {table['again_of']} again)"
    if state == "over":
        line += f". {safe_text(table.get('result') or '', 300)} Record: {safe_text(table.get('record') or '', 300)}"
    return line


def room_lines(room: dict[str, Any]) -> list[str]:
    tables = [t for t in room.get("tables") or [] if isinstance(t, dict)]
    return [table_line(t) for t in tables] or ["No tables yet: set one up with `new GAME SEATS`."]


def game_lines(room: dict[str, Any]) -> list[str]:
    lines = []
    for game in room.get("games") or []:
        options = ", ".join(f"{o['name']}={o['default']}" + (f" ({'|'.join(map(str, o['choices']))})" if o.get("choices") else "")
                            for o in game.get("options") or [])
        lines.append(safe_text(f"{game['name']} ({game['title']}, {game['min']}-{game['max']} seats): "
                               f"bots {', '.join(game.get('bots') or [])}" + (f"; options {options}" if options else ""), 600))
    return lines
