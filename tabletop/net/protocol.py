"""The wire protocol of a network table: JSON text frames, one object each, checked both ways.

Shared by the server (``tabletop serve``) and every client (``tabletop join``, the browser
table, a third party's). One module says what a frame may hold so both ends refuse the same
things with the same sentence; docs/network.md describes it for people writing a client.

Seats are numbered from 1 on the wire (as in every user-facing text) and from 0 in the engine:
:func:`wire_seat` and :func:`engine_seat` are the only conversions. A frame never carries the
state, a seed, the record, a code (after ``hello``) or anything another seat may not see: the
server builds each seat's frames from that seat's view alone (see :func:`table`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.rules import MAX_ACTION

#: The protocol version a ``hello`` names; a server refuses any other.
PROTO = 1
#: The largest frame either end accepts, in bytes of UTF-8 (the server sets it as max_size:
#: a larger frame closes the connection with 1009).
MAX_FRAME = 64 * 1024
#: Seconds a new connection has to send its ``hello``.
HELLO_TIMEOUT = 10.0
#: The longest join code accepted (a real one is 22 characters: ``secrets.token_urlsafe(16)``).
MAX_CODE = 64
#: The longest reason, status or event text a frame may hold.
MAX_TEXT = 2000

#: Frames a client sends, and the fields each must have (name -> check).
CLIENT_TYPES = ("hello", "act", "ping")
#: Frames a server sends.
SERVER_TYPES = ("welcome", "table", "refused", "status", "bye", "pong")

# WebSocket close codes the server uses.
CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_PROTOCOL = 1002
CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_TRY_AGAIN = 1013


#: Half of a UTF-16 pair alone: JSON lets ``\\ud800`` through, UTF-8 cannot encode it.
_SURROGATE = re.compile("[\ud800-\udfff]")


class ProtocolError(TabletopError):
    """A frame that is not what the protocol allows: not JSON, too big, an unknown type or a
    field of the wrong kind. The sentence says which, for the peer to fix."""


# ---- seat numbers --------------------------------------------------------------------------

def wire_seat(seat: int | None) -> int | None:
    """An engine seat (0-based, None for a spectator) as the wire numbers it (from 1)."""
    return None if seat is None else seat + 1


def engine_seat(seat: int | None) -> int | None:
    """A wire seat (from 1, None for a spectator) as the engine numbers it (from 0)."""
    return None if seat is None else seat - 1


def wire_seats(seats: Iterable[int]) -> list[int]:
    return [s + 1 for s in seats]


# ---- encoding and decoding ----------------------------------------------------------------

def encode(message: Mapping[str, Any]) -> str:
    """One frame's text: compact JSON, no NaN; raises ProtocolError if it exceeds MAX_FRAME."""
    try:
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise ProtocolError(f"That message cannot be sent as JSON: {error}.") from None
    if len(text.encode("utf-8")) > MAX_FRAME:
        raise ProtocolError(f"That message is larger than {MAX_FRAME} bytes; the protocol refuses it.")
    return text


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a frame may hold")


def _parse(frame: str | bytes) -> dict[str, Any]:
    if isinstance(frame, bytes | bytearray | memoryview):
        raise ProtocolError("Frames are JSON text, not binary; send a text frame.")
    if not isinstance(frame, str):
        raise ProtocolError("Frames are JSON text.")
    if len(frame) > MAX_FRAME or len(frame.encode("utf-8", "replace")) > MAX_FRAME:
        raise ProtocolError(f"That frame is larger than {MAX_FRAME} bytes; send a smaller one.")
    try:
        message = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("That frame is not JSON; send one JSON object per frame.") from None
    if not isinstance(message, dict):
        raise ProtocolError("A frame must be one JSON object with a \"type\".")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("A frame must have a \"type\" text.")
    return message


def _whole(message: Mapping[str, Any], key: str, *, low: int = 0) -> int:
    value = message.get(key)
    if type(value) is not int or value < low:
        raise ProtocolError(f"A \"{message['type']}\" frame needs \"{key}\", a whole number of at least {low}.")
    return value


def _text(message: Mapping[str, Any], key: str, limit: int, *, empty: bool = False) -> str:
    value = message.get(key)
    if not isinstance(value, str) or len(value) > limit or (not value and not empty):
        raise ProtocolError(f"A \"{message['type']}\" frame needs \"{key}\", a text of 1 to {limit} characters.")
    if _SURROGATE.search(value):  # JSON's \ud800 escapes give text no UTF-8 can hold
        raise ProtocolError(f"A \"{message['type']}\" frame's \"{key}\" holds a lone surrogate (\\ud800 to \\udfff), "
                            "which is not text; send valid Unicode.")
    return value


def decode_client(frame: str | bytes) -> dict[str, Any]:
    """A frame a client sent, checked: ``hello`` (code, proto), ``act`` (seq, action) or ``ping``.
    Returns only the known fields; raises ProtocolError with one sentence otherwise."""
    message = _parse(frame)
    kind = message["type"]
    if kind == "hello":
        code = _text(message, "code", MAX_CODE)
        proto = message.get("proto", PROTO)
        if proto != PROTO or type(proto) is not int:
            raise ProtocolError(f"This server speaks protocol {PROTO}; update the client.")
        return {"type": "hello", "code": code, "proto": proto}
    if kind == "act":
        return {"type": "act", "seq": _whole(message, "seq"), "action": _text(message, "action", MAX_ACTION)}
    if kind == "ping":
        return {"type": "ping"}
    raise ProtocolError(f"A client may send {', '.join(CLIENT_TYPES)} frames, not {_quote(kind)}.")


def decode_server(frame: str | bytes) -> dict[str, Any]:
    """A frame a server sent, checked for its type and the fields a client relies on."""
    message = _parse(frame)
    kind = message["type"]
    if kind not in SERVER_TYPES:
        raise ProtocolError(f"A server sends {', '.join(SERVER_TYPES)} frames, not {_quote(kind)}.")
    if kind == "table":
        _whole(message, "seq")
        if not isinstance(message.get("view"), dict):
            raise ProtocolError("A \"table\" frame needs a \"view\" object.")
        for key in ("to_act", "chosen", "connected", "legal", "events"):
            if not isinstance(message.get(key), list):
                raise ProtocolError(f"A \"table\" frame needs \"{key}\", a list.")
        if not isinstance(message.get("describe"), dict):
            raise ProtocolError("A \"table\" frame needs a \"describe\" object.")
        if message.get("outcome") is not None and not isinstance(message["outcome"], dict):
            raise ProtocolError("A \"table\" frame's \"outcome\" is null or an object.")
    elif kind == "welcome":
        seat = message.get("seat")
        if seat is not None and (type(seat) is not int or seat < 1):
            raise ProtocolError("A \"welcome\" frame's \"seat\" is a seat number from 1, or null for a spectator.")
        _text(message, "game", 100)
        if not isinstance(message.get("names"), list):
            raise ProtocolError("A \"welcome\" frame needs \"names\", a list.")
    elif kind in ("refused", "bye"):
        _text(message, "reason", MAX_TEXT)
    elif kind == "status":
        for key in ("connected", "chosen"):
            if not isinstance(message.get(key), list):
                raise ProtocolError(f"A \"status\" frame needs \"{key}\", a list.")
    return message


def _quote(kind: str) -> str:
    shown = kind if len(kind) <= 20 else kind[:19] + "…"
    return json.dumps(shown)


# ---- builders: client -> server -------------------------------------------------------------

def hello(code: str) -> dict[str, Any]:
    """The first frame of every connection: the join code (never in a URL)."""
    return {"type": "hello", "code": code, "proto": PROTO}


def act(seq: int, action: str) -> dict[str, Any]:
    """A move, answering the decision of the ``table`` frame numbered ``seq``."""
    return {"type": "act", "seq": seq, "action": action}


def ping() -> dict[str, Any]:
    return {"type": "ping"}


# ---- builders: server -> client --------------------------------------------------------------

def welcome(*, game: str, version: str, title: str, options: Mapping[str, Any], seat: int | None,
            names: Sequence[str]) -> dict[str, Any]:
    """After a good ``hello``: which game, and which seat (engine number; None: a spectator)."""
    return {"type": "welcome", "game": game, "version": version, "title": title, "options": dict(options),
            "seat": wire_seat(seat), "names": list(names)}


def table(*, seq: int, view: Mapping[str, Any], to_act: Iterable[int], chosen: Iterable[int],
          connected: Sequence[bool], legal: Sequence[str], describe: Mapping[str, str],
          events: Sequence[Mapping[str, str]], outcome: Mapping[str, Any] | None,
          decision: int | None = None) -> dict[str, Any]:
    """One seat's table (engine seat numbers in, wire numbers out): its view, who decides, its
    legal actions and their words (empty unless it decides now), the events it may see since its
    last frame, and the outcome once the game is over. ``decision``: the seq of the frame that
    first offered this decision (an act with any seq from it on is answered; a client answers
    each decision once), None when the seat has none."""
    return {"type": "table", "seq": seq, "decision": decision, "view": view, "to_act": wire_seats(to_act), "chosen": wire_seats(chosen),
            "connected": list(connected), "legal": list(legal), "describe": dict(describe),
            "events": list(events), "hand_over": False, "outcome": None if outcome is None else dict(outcome)}


def outcome_frame(outcome: Mapping[str, Any], text: str) -> dict[str, Any]:
    """A record's outcome (engine seats) as a table frame holds it (wire seats) with its sentence."""
    return {"winners": wire_seats(outcome.get("winners") or ()), "reason": outcome.get("reason", ""),
            "scores": outcome.get("scores"), "text": text}


def refused(reason: str, seq: int | None) -> dict[str, Any]:
    """A move or frame refused, with the sentence saying why and the seat's current ``seq``."""
    return {"type": "refused", "reason": _clip(reason), "seq": seq}


def status(*, connected: Sequence[bool], chosen: Iterable[int], text: str) -> dict[str, Any]:
    """A public change: who is connected, who has chosen, in a sentence."""
    return {"type": "status", "connected": list(connected), "chosen": wire_seats(chosen), "text": _clip(text)}


def bye(reason: str) -> dict[str, Any]:
    """The last frame before the server closes a connection."""
    return {"type": "bye", "reason": _clip(reason)}


def pong() -> dict[str, Any]:
    return {"type": "pong"}


def _clip(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"

