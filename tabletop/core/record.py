"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the game's name and version, the options, the seed, the seats and
every action in the order it was applied. Replaying it through the rules must
reproduce the same outcome; :meth:`GameRecord.verify` checks that. A game in progress
may also hold ``held`` choices: sealed choices made but not yet applied (the table applies
them once every seat asked has chosen), kept so an acknowledged choice survives a crash.
The key is written only when there are some, so every other record's bytes stay as they were.
"""

from __future__ import annotations

import json
import math
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.errors import ActionError, RecordError, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.names import MAX_NAME, SeatNameError, seat_name
from tabletop.core.options import one_line
from tabletop.core.rules import MAX_ACTION, shorten_action
from tabletop.core.safe_io import write_atomic

FORMAT = 1
#: No record is bigger: 10,000 actions of a few dozen characters. A file above it is refused unread.
MAX_RECORD_BYTES = 8 * 1024 * 1024
#: Longest game name, version, option name or option value a record may hold.
MAX_FIELD = 100


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record holds")


def clean_path(path: Path) -> str:
    """A file name fit for a message: printable, and not endless."""
    text = str(path).encode("utf-8", "replace").decode("utf-8")
    return text if len(text) <= 120 else "..." + text[-117:]


def outcome_fault(outcome: Any, seats: int) -> str | None:
    """What is wrong with a record's outcome, or None: winners are distinct seats, the reason a
    short text, scores numbers and ranks whole numbers, one per seat."""
    if not isinstance(outcome, Mapping):
        return "is not an object"
    winners, reason = outcome.get("winners"), outcome.get("reason")
    if not isinstance(winners, list) or not all(type(w) is int and 0 <= w < seats for w in winners):
        return "needs 'winners', a list of seats"
    if len(set(winners)) != len(winners):
        return "names a winner twice"
    if not isinstance(reason, str) or not 0 < len(reason) <= 500:
        return "needs a 'reason' text"
    scores, ranks = outcome.get("scores"), outcome.get("ranks")
    if scores is not None and (
        not isinstance(scores, list)
        or len(scores) != seats
        or not all(type(x) in (int, float) and math.isfinite(x) for x in scores)
    ):
        return "has 'scores' that are not one number per seat"
    if ranks is not None and (
        not isinstance(ranks, list) or len(ranks) != seats or not all(type(r) is int for r in ranks)
    ):
        return "has 'ranks' that are not one whole number per seat"
    return None


def _seat_action(item: Any, seats: int, bad: Callable[[str], RecordError], what: str) -> tuple[int, str]:
    """One ``[seat, "action"]`` pair of a record, checked."""
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not isinstance(item[0], int)
        or isinstance(item[0], bool)
        or not isinstance(item[1], str)
        or not 0 <= item[0] < seats
        or len(item[1]) > MAX_ACTION
    ):
        raise bad(f'{what} is not [seat, "action"]')
    return item[0], item[1]


@dataclass
class GameRecord:
    game: str
    version: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, str]]
    actions: list[tuple[int, str]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    #: Sealed choices made and not yet applied, in seat order (secret: a record is the table's).
    held: list[tuple[int, str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    # ---- JSON ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        data = {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": [dict(s) for s in self.seats],
            "actions": [[seat, action] for seat, action in self.actions],
            "outcome": self.outcome,
        }
        if self.held:
            data["held"] = [[seat, action] for seat, action in self.held]
        return data

    def to_json(self) -> str:
        """Canonical text: the same game always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> Path:
        """Write the record atomically: ``path`` holds the old file or the whole new one, never half."""
        path = Path(path)
        text = self.to_json().encode("utf-8", "replace").decode("utf-8")  # a lone surrogate becomes '?'
        try:
            return write_atomic(path, text)
        except OSError as error:
            raise RecordError(f"Cannot write the record to {path}: {error.strerror or error}.") from None

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "record") -> GameRecord:
        """Check every field's type and range before trusting any: one sentence for the first fault."""

        def bad(what: str) -> RecordError:
            return RecordError(f"{source} is not a valid game record: {what}.")

        if not isinstance(data, Mapping):
            raise bad("it is not a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise bad(f"format {str(data.get('format'))[:20]!r} is not supported (expected {FORMAT})")
        for key, kind in (("game", str), ("version", str), ("options", dict), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise bad(f"'{key}' is missing or of the wrong type")
        if not 0 < len(data["game"]) <= MAX_FIELD or len(data["version"]) > MAX_FIELD:
            raise bad("'game' or 'version' is empty or too long")
        for key, value in data["options"].items():
            if len(key) > MAX_FIELD or not isinstance(value, (str, int)) or (isinstance(value, str) and len(value) > MAX_FIELD):
                raise bad(f"option '{key[:MAX_FIELD]}' is not a short text, number or true/false")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise bad("'seed' is missing or not a whole number")
        seats = data["seats"]
        if not seats or not all(isinstance(s, Mapping) and isinstance(s.get("name"), str) for s in seats):
            raise bad("each seat needs a name")
        try:
            names = [seat_name(s["name"]) for s in seats]
        except SeatNameError as error:
            raise bad(f"a seat's name is longer than {MAX_NAME} characters") from error
        actions = [_seat_action(item, len(seats), bad, f"action {number}")
                   for number, item in enumerate(data["actions"], start=1)]
        held_data = data.get("held", [])
        if not isinstance(held_data, list):
            raise bad("'held' is not a list")
        held = [_seat_action(item, len(seats), bad, f"held choice {number}")
                for number, item in enumerate(held_data, start=1)]
        if [seat for seat, _ in held] != sorted({seat for seat, _ in held}):
            raise bad("'held' names a seat twice or out of seat order")
        if held and data.get("outcome") is not None:
            raise bad("a finished game holds no choices")
        outcome = data.get("outcome")
        if outcome is not None:
            fault = outcome_fault(outcome, len(seats))
            if fault:
                raise bad(f"'outcome' {fault}")
        return cls(
            game=data["game"],
            version=data["version"],
            options=dict(data["options"]),
            seed=seed,
            seats=[{"name": name, "agent": seat_name(str(s.get("agent", ""))[:MAX_NAME])} for name, s in zip(names, seats, strict=True)],
            actions=actions,
            outcome=outcome,
            held=held,
        )

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file; anything but a sane record gives one :class:`RecordError` sentence.

        Devices, pipes and files above :data:`MAX_RECORD_BYTES` are refused before reading.
        """
        path = Path(path)
        name = clean_path(path)
        try:
            info = path.stat()
            if stat.S_ISDIR(info.st_mode):
                raise RecordError(f"{name} is a folder, not a record file.")
            if not stat.S_ISREG(info.st_mode):
                raise RecordError(f"{name} is not a regular file (a device or a pipe?); give a record file.")
            if info.st_size > MAX_RECORD_BYTES:
                raise RecordError(
                    f"{name} is {info.st_size:,} bytes, more than any record ({MAX_RECORD_BYTES:,}); it is not a record."
                )
            with path.open("rb") as handle:
                raw = handle.read(MAX_RECORD_BYTES + 1)
        except FileNotFoundError:
            raise RecordError(f"No record file at {name}.") from None
        except OSError as error:
            raise RecordError(f"Cannot read the record {name}: {error.strerror or error}.") from None
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"{name} is larger than any record ({MAX_RECORD_BYTES:,} bytes); it is not a record.")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"{name} is not UTF-8 text (byte {error.start}); it is not a record.") from None
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except json.JSONDecodeError as error:
            raise RecordError(
                f"{name} is not valid JSON (line {error.lineno}, column {error.colno}): {error.msg}."
            ) from None
        except RecursionError:
            raise RecordError(f"{name} is nested too deeply to be a record.") from None
        except ValueError as error:  # NaN, Infinity, or an integer with thousands of digits
            raise RecordError(f"{name} is not a record: {str(error)[:80]}.") from None
        return cls.from_dict(data, source=name)

    # ---- replay -------------------------------------------------------------------

    def replay(
        self,
        game: Game,
        *,
        on_step: Callable[[int, int, str, Any, list[Event]], None] | None = None,
    ) -> Any:
        """Set the game up again and apply every action; returns the final state.

        ``on_step(number, seat, action, state, events)`` is called after each action.
        Raises RecordError naming the first action the rules reject, or, before any
        action, when the record was made with another version of the game's rules (a rules
        change bumps the version, so its actions need not be legal any more).
        """
        game = self.rules(game)
        try:
            state = game.new_state(len(self.seats), options=self.options, seed=self.seed)
        except TabletopError as error:
            raise RecordError(f"The record's setup is invalid: {error}") from None
        for number, (seat, action) in enumerate(self.actions, start=1):
            if game.outcome(state) is not None:
                raise RecordError(
                    f"The record goes on after the game ended (action {number} of {len(self.actions)})."
                )
            if seat not in game.to_act(state):
                raise RecordError(one_line(
                    f"Action {number} ('{shorten_action(action)}') is by seat {seat}, who was not to act then; "
                    "the record is corrupt."
                ))
            try:
                events = game.apply(state, seat, action)
            except ActionError as error:
                raise RecordError(one_line(
                    f"Action {number} ('{shorten_action(action)}' by seat {seat}) is rejected by the rules: "
                    f"{error.reason}"
                )) from None
            if on_step is not None:
                on_step(number, seat, action, state, list(events))
        return state

    def rules(self, game: Game) -> Game:
        """The game of the record's version: ``game`` itself, or the older rules it still
        plays (:meth:`Game.of_version`); else one sentence saying why it cannot be replayed."""
        if self.game != game.name:
            raise RecordError(f"This record is of '{self.game}', not '{game.name}'.")
        played = game.of_version(self.version)
        if played is None:
            raise RecordError(
                f"This record was made with {self.game} version {self.version}, but the installed "
                f"{game.name} is version {game.version}, whose rules may differ, so it cannot be replayed."
            )
        return played

    def verify(self, game: Game, **kwargs: Any) -> Any:
        """Replay, then check the game ended as the record says; returns the final state."""
        state = self.replay(game, **kwargs)
        game = self.rules(game)
        outcome = game.outcome(state)
        claimed = None if self.outcome is None else Outcome.from_dict(self.outcome)
        if claimed is not None and outcome != claimed:
            got = "no end" if outcome is None else f"winners {list(outcome.winners)}"
            raise RecordError(
                f"The record says winners {list(claimed.winners)} ({claimed.reason}), "
                f"but replaying it gives {got}; it has been altered or is from another version."
            )
        return state
