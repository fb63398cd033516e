"""Game records: everything needed to replay a game exactly, as JSON.

A record holds the game's name and version, the options, the seed, the seats and
every action in the order it was applied. Replaying it through the rules must
reproduce the same outcome; :meth:`GameRecord.verify` checks that.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.errors import ActionError, RecordError, TabletopError
from tabletop.core.game import Event, Game, Outcome

FORMAT = 1


@dataclass
class GameRecord:
    game: str
    version: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, str]]
    actions: list[tuple[int, str]] = field(default_factory=list)
    outcome: dict[str, Any] | None = None

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    # ---- JSON ---------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "version": self.version,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": [dict(s) for s in self.seats],
            "actions": [[seat, action] for seat, action in self.actions],
            "outcome": self.outcome,
        }

    def to_json(self) -> str:
        """Canonical text: the same game always gives the same bytes."""
        return json.dumps(self.to_dict(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.to_json(), encoding="utf-8")
        except OSError as error:
            raise RecordError(f"Cannot write the record to {path}: {error.strerror}.") from None
        return path

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "record") -> GameRecord:
        def bad(what: str) -> RecordError:
            return RecordError(f"{source} is not a valid game record: {what}.")

        if not isinstance(data, Mapping):
            raise bad("it is not a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise bad(f"format {data.get('format')!r} is not supported (expected {FORMAT})")
        for key, kind in (("game", str), ("version", str), ("options", dict), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise bad(f"'{key}' is missing or of the wrong type")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise bad("'seed' is missing or not a whole number")
        seats = data["seats"]
        if not seats or not all(isinstance(s, Mapping) and isinstance(s.get("name"), str) for s in seats):
            raise bad("each seat needs a name")
        actions: list[tuple[int, str]] = []
        for number, item in enumerate(data["actions"], start=1):
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], int)
                or isinstance(item[0], bool)
                or not isinstance(item[1], str)
                or not 0 <= item[0] < len(seats)
            ):
                raise bad(f"action {number} is not [seat, \"action\"]")
            actions.append((item[0], item[1]))
        outcome = data.get("outcome")
        if outcome is not None:
            try:
                Outcome.from_dict(outcome)
            except (KeyError, TypeError, ValueError):
                raise bad("'outcome' is malformed") from None
        return cls(
            game=data["game"],
            version=data["version"],
            options=dict(data["options"]),
            seed=seed,
            seats=[{"name": s["name"], "agent": str(s.get("agent", ""))} for s in seats],
            actions=actions,
            outcome=outcome,
        )

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(f"No record file at {path}.") from None
        except (OSError, UnicodeDecodeError) as error:
            raise RecordError(f"Cannot read the record {path}: {error}.") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(
                f"{path.name} is not valid JSON (line {error.lineno}, column {error.colno}): "
                f"{error.msg}."
            ) from None
        return cls.from_dict(data, source=path.name)

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
        if self.game != game.name:
            raise RecordError(f"This record is of '{self.game}', not '{game.name}'.")
        if self.version != game.version:
            raise RecordError(
                f"This record was made with {self.game} version {self.version}, but the installed "
                f"{game.name} is version {game.version}, whose rules may differ, so it cannot be replayed."
            )
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
                raise RecordError(
                    f"Action {number} ('{action}') is by seat {seat}, who was not to act then; "
                    "the record is corrupt."
                )
            try:
                events = game.apply(state, seat, action)
            except ActionError as error:
                raise RecordError(
                    f"Action {number} ('{action}' by seat {seat}) is rejected by the rules: "
                    f"{error.reason}"
                ) from None
            if on_step is not None:
                on_step(number, seat, action, state, list(events))
        return state

    def verify(self, game: Game, **kwargs: Any) -> Any:
        """Replay, then check the game ended as the record says; returns the final state."""
        state = self.replay(game, **kwargs)
        outcome = game.outcome(state)
        claimed = None if self.outcome is None else Outcome.from_dict(self.outcome)
        if claimed is not None and outcome != claimed:
            got = "no end" if outcome is None else f"winners {list(outcome.winners)}"
            raise RecordError(
                f"The record says winners {list(claimed.winners)} ({claimed.reason}), "
                f"but replaying it gives {got}; it has been altered or is from another version."
            )
        return state
