"""What a server's frame becomes on the client's side: safe text, the seat's decision, the outcome.

Everything in a frame is the server's text and reaches a terminal, so control characters are
replaced here, once, as the frame arrives.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tabletop.core.decision import Decision
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.names import MAX_NAME, seat_name
from tabletop.net import protocol

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def safe_text(text: Any, limit: int = protocol.MAX_TEXT) -> str:
    """Text from the server with controls replaced: it reaches a terminal."""
    return _UNSAFE.sub("\ufffd", str(text))[:limit]


def safe_name(text: Any) -> str:
    return seat_name(safe_text(text)[:MAX_NAME]) or "?"


class Said(Event):
    """An event as the server narrated it: its text already names the seats."""

    __slots__ = ()

    def render(self, names: Sequence[str]) -> str:
        return self.text


class RemoteDecision(Decision):
    """A decision from a table frame: the seat's view, legal actions and their words. No copy of
    the state is here to search: a bot that needs one cannot play over the wire."""

    __slots__ = ("_words",)

    def __init__(self, game: Game, seat: int, legal: Sequence[str], view: dict[str, Any], words: dict[str, str]):
        self.game = game
        self.seat = seat
        self.legal = list(legal)
        self._sample = None
        self._view = view
        self._words = words

    def describe(self, action: str) -> str:
        return self._words.get(action, "")


def decision_of(frame: dict[str, Any]) -> int:
    """Which decision a frame offers: the server's ``decision`` number (the frame that first
    offered it: later frames of the same open decision share it), else the frame's seq."""
    decision = frame.get("decision")
    return decision if type(decision) is int else frame["seq"]


def outcome_of(frame: dict[str, Any]) -> Outcome | None:
    """A table frame's outcome (wire seats) as the engine's (seats from 0); None while playing."""
    data = frame.get("outcome")
    if not data:
        return None
    winners = tuple(w - 1 for w in data.get("winners") or () if type(w) is int)
    scores = data.get("scores")
    if not (isinstance(scores, list) and all(isinstance(s, int | float) for s in scores)):
        scores = None
    reason = safe_text(data.get("reason") or "the game is over", 300).rstrip(".")
    return Outcome(winners, reason, None if scores is None else tuple(scores))
