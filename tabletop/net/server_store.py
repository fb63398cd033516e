"""What a server keeps on disk, so nothing accepted is lost: each game's settings, the hashes of
its join codes and its record, in a data folder only the host can read.

Layout (the folder and every file user-only, 0700/0600)::

    DATA/server.json                the address and port it listens on (a resume listens there again)
    DATA/games/<id>/settings.json   game, seats, options, away bot, code hashes (never a code)
    DATA/games/<id>/journal.jsonl   the game's record while it is played (its sealed choices held
                                    too): one line appended and fsynced per accepted move
                                    (:mod:`tabletop.net.server_journal`)
    DATA/games/<id>/record.json     the finished game's record, in the usual format
    DATA/games/<id>/failure.txt     failures in the game (its own, with a traceback; a plugin's): may name hidden cards

A server started with ``--resume DATA`` rebuilds every game by replaying its record (bots are
remade and asked again, so they go on as before), holds again the sealed choices its record
holds, and accepts the same codes. (A folder of an older server may also have ``held.json``, the
moves it held apart: a resume gives them to the game in seat order, then removes that file.)

Codes are 128-bit random (``secrets.token_urlsafe(16)``), shown once, kept only as SHA-256
hashes and compared with :func:`hmac.compare_digest` against every hash (no early exit).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import traceback
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.record import GameRecord
from tabletop.core.safe_io import write_atomic
from tabletop.net.server_journal import Journal
from tabletop.net.server_settings import FORMAT, check_settings

SETTINGS = "settings.json"
ADDRESS = "server.json"
#: An older server's file of held moves, read once by a resume and removed (see Store.old_held).
OLD_HELD = "held.json"
FAILURE = "failure.txt"


def new_code() -> str:
    """A fresh join code: 128 random bits as 22 URL-safe characters, drawn again (1 time in 32)
    when it would begin with - or _, so it never reads as a command-line option."""
    while (code := secrets.token_urlsafe(16))[0] in "-_":
        pass
    return code


def digest(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8", "replace")).hexdigest()


@dataclass(slots=True)
class Entry:
    game: str
    seat: int | None  # engine seat; None: the game's spectator code
    hash: str


class CodeBook:
    """Every live code's hash, and what it opens (a game and a seat, or a spectator's place)."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []

    def issue(self, game: str, seat: int | None) -> str:
        """A new code for ``seat`` of ``game``; any earlier code for it stops working."""
        code = new_code()
        self.entries = [e for e in self.entries if not (e.game == game and e.seat == seat)]
        self.entries.append(Entry(game, seat, digest(code)))
        return code

    def add_hash(self, game: str, seat: int | None, hashed: str) -> None:
        self.entries.append(Entry(game, seat, hashed))

    def find(self, code: str) -> Entry | None:
        """The entry a code opens, or None; every hash is compared, in constant time each."""
        wanted = digest(code)
        found = None
        for entry in self.entries:
            if hmac.compare_digest(entry.hash, wanted):
                found = entry
        return found

    def hashes(self, game: str) -> list[dict[str, Any]]:
        return [{"seat": e.seat, "hash": e.hash} for e in self.entries if e.game == game]


class Store:
    """The data folder of one server."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        try:
            (self.folder / "games").mkdir(parents=True, exist_ok=True)
            os.chmod(self.folder, 0o700)
        except OSError as error:
            raise TabletopError(f"Cannot use {folder} as the server's data folder: {error.strerror}.") from None
        self._journals: dict[str, Journal] = {}

    def journal(self, game_id: str) -> Journal:
        """The game's record on disk (one Journal per game, kept: it knows what it has saved)."""
        if game_id not in self._journals:
            self._journals[game_id] = Journal(self.folder / "games" / game_id)
        return self._journals[game_id]

    def write_address(self, host: str, port: int) -> None:
        """Where this server listens, so ``--resume`` listens there again and clients find it."""
        text = json.dumps({"format": FORMAT, "host": host, "port": port}) + "\n"
        write_atomic(self.folder / ADDRESS, text)

    def address(self) -> tuple[str, int] | None:
        """The address and port a server of this folder listened on; None if it never said;
        one sentence if the file is damaged."""
        path = self.folder / ADDRESS
        if not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = None
        if not isinstance(data, dict) or not isinstance(data.get("host"), str) or type(data.get("port")) is not int \
                or not 0 < data["port"] < 65536 or not 0 < len(data["host"]) <= 255:
            raise TabletopError(f"{path} is damaged (it should name a host and a port from 1 to 65535); "
                                "give --host and --port, or fix the file: nothing was changed.")
        return data["host"], data["port"]

    def game_ids(self) -> list[str]:
        root = self.folder / "games"
        found = [p.name for p in root.iterdir() if (p / SETTINGS).is_file()]
        return sorted(found, key=lambda name: (len(name), name))

    def new_id(self) -> str:
        taken = set(self.game_ids())
        number = len(taken) + 1
        while str(number) in taken or (self.folder / "games" / str(number)).exists():
            number += 1
        folder = self.folder / "games" / str(number)
        folder.mkdir(mode=0o700)
        return str(number)

    def write_settings(self, game_id: str, settings: Mapping[str, Any]) -> None:
        text = json.dumps({"format": FORMAT, **settings}, indent=1, sort_keys=True) + "\n"
        write_atomic(self.folder / "games" / game_id / SETTINGS, text)

    def save_record(self, game_id: str, record: GameRecord) -> None:
        """The record on disk (a journal line appended and fsynced) before anyone hears; raises
        SaveFailed if the disk refuses."""
        self.journal(game_id).save(record)

    def save_failure(self, game_id: str, error: BaseException | str) -> Path | None:
        """A failure in a game (an error with its traceback, or a sentence), which may name hidden
        cards, added to a user-only file; its path, or None if it could not be written."""
        if isinstance(error, BaseException):
            error = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        path = self.folder / "games" / game_id / FAILURE
        try:
            before = path.read_text(encoding="utf-8") if path.is_file() else ""
            return write_atomic(path, before + error.rstrip("\n") + "\n")  # mkstemp: made 0600
        except OSError:
            return None

    def old_held(self, game_id: str) -> dict[int, str]:
        """The moves an older server held apart in ``held.json`` (seat -> action: chosen in a
        simultaneous decision, waiting for the seats before them); none if there is no such file
        or it is damaged (those seats choose again)."""
        try:
            data = json.loads((self.folder / "games" / game_id / OLD_HELD).read_text(encoding="utf-8"))
            return {int(seat): action for seat, action in data.items() if isinstance(action, str)}
        except (OSError, ValueError, AttributeError, TypeError):
            return {}

    def forget_old_held(self, game_id: str) -> None:
        """Remove an older server's ``held.json`` once its moves are in the record (or refused)."""
        (self.folder / "games" / game_id / OLD_HELD).unlink(missing_ok=True)

    def settings(self, game_id: str, record: GameRecord) -> dict[str, Any]:
        """The game's settings, checked field by field against its record (one sentence if not)."""
        path = self.folder / "games" / game_id / SETTINGS
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise TabletopError(f"Game {game_id}'s settings in {self.folder} cannot be read; "
                                "that folder is not a server's data folder, or it was damaged.") from None
        return check_settings(game_id, data, record)

    def record(self, game_id: str) -> GameRecord:
        """The game's record as saved (finished, or as far as its journal goes)."""
        return self.journal(game_id).load(game_id)

    def games(self) -> Iterator[tuple[str, dict[str, Any], GameRecord]]:
        for game_id in self.game_ids():
            record = self.record(game_id)
            yield game_id, self.settings(game_id, record), record


def codes_json(url: str, games: list[tuple[str, dict[int | None, str]]]) -> dict[str, Any]:
    """The ``--codes`` file: the first game's seats at the top (seats from 1), every game listed."""

    def one(game_id: str, codes: dict[int | None, str]) -> dict[str, Any]:
        return {"game": game_id,
                "seats": [{"seat": s + 1, "code": c} for s, c in sorted((k, v) for k, v in codes.items() if k is not None)],
                "spectator": codes.get(None)}

    listed = [one(g, c) for g, c in games]
    first = listed[0] if listed else {"seats": [], "spectator": None}
    return {"url": url, "seats": first["seats"], "spectator": first["spectator"], "games": listed}


def write_private(path: Path, text: str) -> None:
    """A file only its owner may read (the codes): made 0600 before any byte is written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)


#: Makes a Session for a game's settings and the actions to take first: the server's factory.
SessionMaker = Callable[[Mapping[str, Any], GameRecord | None], Any]
