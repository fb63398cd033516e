"""A served game's record on disk while it is played: an append-only journal, so saving a move
costs the same at move 5 as at move 500.

``journal.jsonl`` (user-only): its first line is the record as it stood when the journal was
begun (``{"record": {...}}``, the record's own JSON); every later line is one save, the actions
taken since the last one and the sealed choices held now (``{"actions": [[seat, action], ...],
"held": [...]}``). A save appends one line and fsyncs it before any player hears of the move:
the same guarantee as replacing ``record.json`` whole was. A kill in the middle of an append
leaves a last line without its newline: it was never acknowledged, and reading drops it.

When the game ends, its ``record.json`` is written whole (atomically, in the record's usual
format, as every finished record is) and the journal removed. A folder of an older server has
``record.json`` for unfinished games too: it is read as before, and the first save begins a
journal from it (then removes it), so one file always says where the game is.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from tabletop.core.errors import RecordError, TabletopError
from tabletop.core.record import GameRecord
from tabletop.core.safe_io import write_atomic

RECORD = "record.json"
JOURNAL = "journal.jsonl"


class SaveFailed(TabletopError):
    """The disk refused a save (full, out of file descriptors, gone): the move is not taken."""


@dataclass(slots=True)
class Saved:
    """What the journal holds of a game: how many actions and which choices held."""

    actions: int
    last: tuple[int, str] | None
    held: list[tuple[int, str]]


class Journal:
    """One game's record on disk: appended move by move, written whole at the end."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.saved: Saved | None = None  # None: no journal of ours yet (a new game, or a resume)

    def save(self, record: GameRecord) -> None:
        """Put ``record`` on disk before anyone hears of it; SaveFailed if the disk refuses."""
        try:
            if record.outcome is not None:
                write_atomic(self.folder / RECORD, _text(record))
                (self.folder / JOURNAL).unlink(missing_ok=True)
                self.saved = Saved(len(record.actions), _last(record), list(record.held))
            elif self._continues(record):
                self._append(record)
            else:
                self._begin(record)
        except OSError as error:
            raise SaveFailed(f"Could not save the game ({error.strerror or error}).") from None

    def _continues(self, record: GameRecord) -> bool:
        """Whether ``record`` only adds to what the journal holds (else it is begun again)."""
        saved = self.saved
        return (saved is not None and len(record.actions) >= saved.actions
                and (saved.actions == 0 or tuple(record.actions[saved.actions - 1]) == saved.last))

    def _begin(self, record: GameRecord) -> None:
        write_atomic(self.folder / JOURNAL, json.dumps({"record": record.to_dict()}, ensure_ascii=False) + "\n")
        (self.folder / RECORD).unlink(missing_ok=True)  # an older server's: the journal now says it all
        self.saved = Saved(len(record.actions), _last(record), list(record.held))

    def _append(self, record: GameRecord) -> None:
        saved = self.saved
        new = record.actions[saved.actions:]
        if not new and list(record.held) == saved.held:
            return
        line = json.dumps({"actions": [list(a) for a in new], "held": [list(h) for h in record.held]},
                          ensure_ascii=False, separators=(",", ":")) + "\n"
        fd = os.open(self.folder / JOURNAL, os.O_WRONLY | os.O_APPEND)
        try:
            os.write(fd, line.encode("utf-8", "replace"))
            os.fsync(fd)
        finally:
            os.close(fd)
        self.saved = Saved(len(record.actions), _last(record), list(record.held))

    def rolled_back(self, record: GameRecord) -> GameRecord:
        """``record`` as far as the disk holds it (after a failed save: what a rebuild starts from)."""
        saved = self.saved
        if saved is None:
            return record
        return GameRecord(record.game, record.version, dict(record.options), record.seed, list(record.seats),
                          actions=list(record.actions[:saved.actions]), held=list(saved.held))

    def load(self, game_id: str) -> GameRecord:
        """The game as saved: a finished record.json, else the journal, else an older record.json."""
        record_path, journal_path = self.folder / RECORD, self.folder / JOURNAL
        if record_path.is_file():
            record = GameRecord.load(record_path)
            if record.outcome is not None or not journal_path.is_file():
                return record
        if not journal_path.is_file():
            raise RecordError(f"Game {game_id} in {self.folder.parent.parent} has no record; it cannot be resumed.")
        return _read_journal(journal_path, game_id)


def _read_journal(path: Path, game_id: str) -> GameRecord:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"Game {game_id}'s journal cannot be read: {getattr(error, 'strerror', None) or error}.") from None
    lines = text.split("\n")
    if lines and lines[-1] != "":
        lines = lines[:-1]  # a save cut off by a kill: never acknowledged to anyone
    lines = [line for line in lines if line]
    try:
        data = json.loads(lines[0])["record"]
        actions = list(data["actions"])
        for number, line in enumerate(lines[1:], start=2):
            step = json.loads(line)
            if not isinstance(step, dict) or not isinstance(step.get("actions"), list) \
                    or not isinstance(step.get("held"), list):
                raise ValueError(f"line {number}")
            actions.extend(step["actions"])
            data["held"] = step["held"]
        data["actions"] = actions
    except (ValueError, KeyError, IndexError, TypeError) as error:
        raise RecordError(f"Game {game_id}'s journal is damaged ({error or 'its first line'}); it cannot be resumed.") from None
    return GameRecord.from_dict(data, source=f"game {game_id}'s journal")


def _last(record: GameRecord) -> tuple[int, str] | None:
    return tuple(record.actions[-1]) if record.actions else None


def _text(record: GameRecord) -> str:
    return record.to_json().encode("utf-8", "replace").decode("utf-8")  # as GameRecord.save writes it
