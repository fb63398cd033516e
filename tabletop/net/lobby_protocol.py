"""The lobby's frames: a room of tables on a server started without a game (``tabletop serve``).

A lobby connection opens with ``{"type": "lobby", "proto": 1, "name": ..., "password": ...}``
instead of a seat's ``hello``; the server answers ``room`` (the games it offers and its tables)
and sends a new ``room`` whenever a table changes. Then the client may ``create`` a table,
``sit`` at one with its short table code, ask to play ``again`` with its seat's code of a
finished game, ``stand`` up before the game starts, and ``ping``. A seat is answered by ``sat``
with that seat's join code (128 random bits, for this person only); the seat's game is then
played over an ordinary connection (``hello`` with that code, see :mod:`tabletop.net.protocol`).
A ``room`` frame never carries a code, a seed or anything of a game but its result.

Checked here, both ways, with one sentence for what is wrong (as :mod:`tabletop.net.protocol`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.names import MAX_NAME
from tabletop.net.protocol import (
    MAX_CODE,
    MAX_FRAME,
    PROTO,
    ProtocolError,
    _parse,  # the same checks as a seat's frames: one place
    _quote,
    encode,
)

#: What a lobby client may send after its first frame.
CLIENT_TYPES = ("create", "sit", "again", "stand", "ping")
#: What the lobby sends.
SERVER_TYPES = ("room", "sat", "started", "refused", "bye", "pong")
#: Longest room password accepted, in characters.
MAX_PASSWORD = 200
#: Longest text of a table's seats or options as typed (``human,human,random``).
MAX_SETUP = 400
#: Options one table may set.
MAX_OPTIONS = 16
_SURROGATE = re.compile("[\ud800-\udfff]")


def is_lobby(frame: str | bytes) -> bool:
    """Whether a connection's first frame asks for the lobby (cheap: parsed only if it may)."""
    if not isinstance(frame, str) or len(frame) > MAX_FRAME or '"lobby"' not in frame:
        return False
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        return False
    return isinstance(message, dict) and message.get("type") == "lobby"


def _text(message: Mapping[str, Any], key: str, limit: int, *, empty: bool = False) -> str:
    value = message.get(key)
    if not isinstance(value, str) or len(value) > limit or (not value and not empty):
        raise ProtocolError(f"A \"{message['type']}\" frame needs \"{key}\", a text of 1 to {limit} characters.")
    return _unicode(value)


def _unicode(value: str) -> str:
    """``value`` if it is text a reply may quote (no lone surrogate, which no UTF-8 frame holds)."""
    if _SURROGATE.search(value):
        raise ProtocolError("That frame holds text that is not valid Unicode (a lone surrogate); send UTF-8 text.")
    return value


def decode_hello(frame: str) -> dict[str, Any]:
    """The lobby's first frame: the person's name and, for a room with one, its password."""
    message = _parse(frame)
    if message["type"] != "lobby":
        raise ProtocolError("A lobby connection opens with a \"lobby\" frame.")
    if message.get("proto", PROTO) != PROTO or type(message.get("proto", PROTO)) is not int:
        raise ProtocolError(f"This server speaks protocol {PROTO}; update the client.")
    password = message.get("password")
    if password is not None and (not isinstance(password, str) or len(password) > MAX_PASSWORD):
        raise ProtocolError(f"A \"lobby\" frame's \"password\" is a text of at most {MAX_PASSWORD} characters.")
    return {"type": "lobby", "name": _text(message, "name", MAX_NAME), "password": password}


def decode_client(frame: str | bytes) -> dict[str, Any]:
    """A lobby client's frame after the first, with only its known fields."""
    message = _parse(frame)
    kind = message["type"]
    if kind == "create":
        options = message.get("options", [])
        if (not isinstance(options, list) or len(options) > MAX_OPTIONS
                or not all(isinstance(o, str) and 0 < len(o) <= MAX_SETUP for o in options)):
            raise ProtocolError(f"A \"create\" frame's \"options\" is a list of at most {MAX_OPTIONS} KEY=VALUE texts.")
        return {"type": "create", "game": _text(message, "game", 100), "seats": _text(message, "seats", MAX_SETUP),
                "options": [_unicode(o) for o in options]}
    if kind in ("sit", "again"):
        return {"type": kind, "code": _text(message, "code", MAX_CODE)}
    if kind == "stand":
        table = message.get("table")
        if type(table) is not int or table < 1:
            raise ProtocolError("A \"stand\" frame needs \"table\", a table number from 1.")
        return {"type": "stand", "table": table}
    if kind == "ping":
        return {"type": "ping"}
    raise ProtocolError(f"A lobby client may send {', '.join(CLIENT_TYPES)} frames, not {_quote(kind)}.")


def decode_server(frame: str | bytes) -> dict[str, Any]:
    """A lobby frame from the server, checked for what a client relies on."""
    message = _parse(frame)
    kind = message["type"]
    if kind not in SERVER_TYPES:
        raise ProtocolError(f"A lobby sends {', '.join(SERVER_TYPES)} frames, not {_quote(kind)}.")
    if kind == "room" and not (isinstance(message.get("tables"), list) and isinstance(message.get("games"), list)):
        raise ProtocolError("A \"room\" frame needs \"tables\" and \"games\", lists.")
    if kind == "sat":
        _text(message, "code", MAX_CODE)
        for key in ("table", "seat"):
            if type(message.get(key)) is not int:
                raise ProtocolError(f"A \"sat\" frame needs \"{key}\", a number.")
    if kind == "started" and type(message.get("table")) is not int:
        raise ProtocolError("A \"started\" frame needs \"table\", a number.")
    if kind in ("refused", "bye"):
        _text(message, "reason", 2000)
    return message


# ---- builders ---------------------------------------------------------------------------------

def hello(name: str, password: str | None = None) -> dict[str, Any]:
    return {"type": "lobby", "proto": PROTO, "name": name, "password": password}


def create(game: str, seats: str, options: Sequence[str] = ()) -> dict[str, Any]:
    return {"type": "create", "game": game, "seats": seats, "options": list(options)}


def room(games: Sequence[Mapping[str, Any]], tables: Sequence[Mapping[str, Any]]) -> str:
    """The room's frame; when its tables would not fit in one frame, the first listed are left out
    (tables waiting for people are listed last, so they stay)."""
    tables = list(tables)
    while True:
        try:
            return encode({"type": "room", "games": list(games), "tables": tables})
        except ProtocolError:
            if not tables:
                raise
            tables = tables[len(tables) // 4 + 1:]


def sat(table: int, seat: int, code: str, table_code: str | None) -> str:
    """The seat taken (wire number, from 1), its join code, and the table's code to pass on."""
    return encode({"type": "sat", "table": table, "seat": seat + 1, "code": code, "table_code": table_code})
