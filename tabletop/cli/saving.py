"""Where a game's record goes, checked before the game starts so that no evening is lost to a
folder that cannot be written or a file that should not be replaced."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from tabletop.core.errors import RecordError, TabletopError
from tabletop.core.program import command
from tabletop.core.record import GameRecord, clean_path


class SavePathError(TabletopError, ValueError):
    """``--save`` names a place a record cannot or must not be written."""


def check_save_path(path: Path, *, game: str, force: bool) -> None:
    """Refuse a folder, an unwritable place, any existing file that is not a record of ``game``,
    and an existing record of ``game`` unless ``force``."""
    name = clean_path(path)
    if path.is_dir():
        raise SavePathError(f"{name} is a folder; give a file name for the record, such as {name}/game.json.")
    if path.exists() or path.is_symlink():
        try:
            existing = GameRecord.load(path)
        except RecordError:
            raise SavePathError(
                f"{name} exists and is not a game record; choose another file so it is not overwritten."
            ) from None
        if existing.game != game:
            raise SavePathError(
                f"{name} holds a record of another game ({existing.game[:40]}); choose another file."
            )
        if not force:
            raise SavePathError(f"{name} already holds a record of {game}; add --force to replace it.")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".tabletop-probe.", dir=path.parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        raise SavePathError(
            f"Cannot save a record in {clean_path(path.parent)}: {error.strerror or error}; choose another place with --save."
        ) from None


RECORDS_ENV = "TABLETOP_RECORDS"
#: The records folder's subfolder where `tabletop serve` keeps its data folders by default.
SERVED = "served"


def records_folder() -> Path:
    """Where games are saved unless ``--save`` says otherwise (``$TABLETOP_RECORDS`` overrides)."""
    return Path(os.environ.get(RECORDS_ENV) or Path.home() / ".local" / "share" / "tabletop" / "records")


def default_record_path(game: str, seed: int | None = None) -> Path:
    """A new file in the records folder. Its name never holds the seed: an unfinished game's file
    is listed by `tabletop records`, and the seed would rebuild every hidden card."""
    folder = records_folder()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game}-{stamp}.json"
    number = 1
    while path.exists():  # another game within the same second: never replace it
        number += 1
        path = folder / f"{game}-{stamp}-{number}.json"
    return path




def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # a dangling link, or gone since the folder was read
        return 0.0


def saved_records(folder: Path | None = None) -> list[Path]:
    """The record files in ``folder`` (the records folder by default), newest first: the order
    and numbering `tabletop records` shows, and `--resume` accepts."""
    where = folder or records_folder()
    if not where.is_dir():
        return []
    served = [found for game in where.glob(f"{SERVED}/*/games/*") if (found := _served_record(game))]
    return sorted([*where.glob("*.json"), *served], key=_modified, reverse=True)


#: A served game's files: its journal while it is played, its record once it is over.
SERVED_FILES = ("journal.jsonl", "record.json")


def _served_record(game: Path) -> Path | None:
    """The file that says where a game `tabletop serve` keeps stands (the journal if any)."""
    return next((path for name in SERVED_FILES if (path := game / name).is_file()), None)


def served_folder(path: Path) -> Path | None:
    """The server's data folder a served game is in (DATA/games/ID/record.json or its
    journal.jsonl), or None."""
    return path.parents[2] if path.name in SERVED_FILES and path.parent.parent.name == "games" else None


def find_record(text: str) -> Path:
    """The record ``--resume`` means: a path; else a name as `tabletop records` lists it (with or
    without ``.json``) in the records folder; else that list's number (1 is the newest). A served
    game's record is its server's to continue (played here, it would be written under it)."""
    path = _find_record(text)
    served = served_folder(path)
    if served is not None and (served / "games").is_dir():
        raise RecordError(f"{clean_path(path)} is a game `tabletop serve` keeps; "
                          f"`{command('serve', '--resume', clean_path(served))}` continues it.")
    return path


def _find_record(text: str) -> Path:
    path = Path(text)
    if path.exists() or path.is_symlink():
        return path
    folder = records_folder()
    if text.isdigit():
        listed = saved_records(folder)
        number = int(text)
        if 1 <= number <= len(listed):
            return listed[number - 1]
        raise RecordError(
            f"There is no saved game number {text[:12]}; `{command('records')}` lists {len(listed)} "
            f"(numbered from 1, newest first)."
        )
    if path.name == text and not text.startswith("."):  # a bare name, not a path elsewhere
        for candidate in (folder / text, folder / f"{text}.json"):
            if candidate.is_file():
                return candidate
    raise RecordError(
        f"No saved game {clean_path(path)}: give its file, or a name or number from `{command('records')}`."
    )
