"""The lobby's tables, apart from any connection: who created each, which seats are people's and
which bots', who sits where before the game starts, its game once started, its result once over.

A table is set up in the lobby and its game is hosted (:meth:`tabletop.net.server.Server.host`)
only when every person's seat is taken, with the sitters' names. A person who sits gets that
seat's join code at once (kept here only as its hash, and given to the game's code book at the
start), so a seat is theirs even if their lobby connection drops after the start. A table's own
short code (to pass on; also kept as a hash) seats whoever gives it at the next free seat. A
finished table may be played "again": its seats are kept for the people who had them, each
proving it with their old seat's code.

Saved in ``DATA/lobby.json`` (user-only, replaced atomically) after every change: the tables, the
hashes of their codes, the room password's scrypt hash and the address. People sitting at a
table not yet started are not kept: a resumed lobby has their tables open again, its running
games back (the server resumes them) and its finished tables listed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.names import seat_name
from tabletop.core.safe_io import write_atomic
from tabletop.engine.table import HUMAN
from tabletop.net.server_store import digest, new_code

FILE = "lobby.json"
#: A table's game id while its game is being dealt (nobody may sit at it meanwhile).
STARTING = "starting"
FORMAT = 1
#: A table code's letters: no 0/O, 1/I/L (read aloud or copied by hand).
LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: A table code's length: 8 letters of 31, about 40 bits (with few tries per connection).
CODE_LENGTH = 8


def table_code() -> str:
    return "".join(secrets.choice(LETTERS) for _ in range(CODE_LENGTH))


def clean_code(text: str) -> str:
    """A table code as typed (any case, with spaces or dashes) in the form it was issued."""
    return "".join(c for c in text.upper() if c.isalnum())


def hash_password(password: str, salt: bytes | None = None) -> dict[str, str]:
    """A room password's scrypt hash with its salt (the password itself is never kept)."""
    salt = salt or secrets.token_bytes(16)
    hashed = hashlib.scrypt(password.encode("utf-8", "replace"), salt=salt, n=2**14, r=8, p=1, dklen=32)
    return {"salt": salt.hex(), "scrypt": hashed.hex()}


def password_matches(password: str, kept: dict[str, str]) -> bool:
    again = hash_password(password, bytes.fromhex(kept["salt"]))
    return hmac.compare_digest(again["scrypt"], kept["scrypt"])


@dataclass(eq=False)
class Sitter:
    """A person at a table not yet started: their name, their seat code's hash, their lobby
    connection (the seat is freed if it closes before the start)."""

    name: str
    hash: str
    conn: Any = None


@dataclass(eq=False)
class LobbyTable:
    number: int
    game: str
    kinds: list[str]  # per seat: "human" or a bot's name
    options: dict[str, Any]
    creator: str
    code_hash: str | None = None  # None: an "again" table, its seats kept for the last game's people
    sitters: dict[int, Sitter] = field(default_factory=dict)
    kept: dict[int, str] = field(default_factory=dict)  # seat -> name of its last game's person
    names: list[str] = field(default_factory=list)  # the game's seat names, once started
    game_id: str | None = None
    result: str | None = None
    record: str | None = None
    again_of: int | None = None
    again: int | None = None

    def persons(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == HUMAN]

    def free(self) -> list[int]:
        return [i for i in self.persons() if i not in self.sitters and i not in self.kept]

    def state(self) -> str:
        return "open" if self.game_id is None else "over" if self.result is not None else "playing"

    def full(self) -> bool:
        return all(i in self.sitters for i in self.persons())

    def seat_names(self) -> list[str]:
        """The game's names: each person's own (made unique), each bot's as `tabletop play` names it."""
        names: list[str] = []
        for i, kind in enumerate(self.kinds):
            base = self.sitters[i].name if i in self.sitters else f"{kind} {i + 1}"
            name, number = base, 2
            while name in names:
                name, number = f"{base[:36]} {number}", number + 1
            names.append(name)
        return names

    def public(self) -> dict[str, Any]:
        """What everyone in the room sees of this table: never a code, a seed or a hidden card."""
        if self.names:
            seats = [{"name": n, "kind": "person" if k == HUMAN else k} for n, k in zip(self.names, self.kinds, strict=True)]
        else:
            seats = [{"name": (self.sitters[i].name if i in self.sitters else self.kept.get(i)),
                      "kind": "person" if k == HUMAN else k} for i, k in enumerate(self.kinds)]
        return {"table": self.number, "game": self.game, "options": dict(self.options), "creator": self.creator,
                "seats": seats, "state": self.state(), "result": self.result, "record": self.record,
                "again": self.again, "again_of": self.again_of, "by_code": self.code_hash is not None}

    def saved(self) -> dict[str, Any]:
        return {"number": self.number, "game": self.game, "kinds": self.kinds, "options": self.options,
                "creator": self.creator, "code_hash": self.code_hash, "kept": {str(k): v for k, v in self.kept.items()},
                "names": self.names, "game_id": self.game_id, "result": self.result, "record": self.record,
                "again_of": self.again_of, "again": self.again}


def loaded(data: dict[str, Any]) -> LobbyTable:
    """A table as ``lobby.json`` keeps it (checked field by field by :meth:`Room.load`)."""
    table = LobbyTable(int(data["number"]), str(data["game"]), [str(k) for k in data["kinds"]], dict(data["options"]),
                       seat_name(str(data["creator"])), data.get("code_hash"))
    table.kept = {int(k): seat_name(str(v)) for k, v in (data.get("kept") or {}).items()}
    table.names = [seat_name(str(n)) for n in data.get("names") or []]
    for key in ("game_id", "result", "record"):
        value = data.get(key)
        setattr(table, key, None if value is None else str(value))
    if table.game_id == STARTING:  # saved while its game was being dealt: open again
        table.game_id = None
    for key in ("again_of", "again"):
        value = data.get(key)
        setattr(table, key, None if value is None else int(value))
    return table


class Room:
    """Every table of the lobby, numbered from 1, and where they are saved."""

    def __init__(self, folder: Path):
        self.path = Path(folder) / FILE
        self.tables: dict[int, LobbyTable] = {}
        self.password: dict[str, str] | None = None
        self.address: dict[str, Any] | None = None

    def load(self) -> None:
        """The room as saved; one sentence if the file is damaged (no file is changed)."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("format")
            self.password = data.get("password")
            if self.password is not None:
                bytes.fromhex(self.password["salt"]), bytes.fromhex(self.password["scrypt"])
            self.address = data.get("address")
            tables = [loaded(t) for t in data.get("tables", [])]
        except (OSError, ValueError, TypeError, KeyError, AttributeError, TabletopError):
            raise TabletopError(f"{self.path} cannot be read as a lobby's tables; it was damaged "
                                "(no file was changed).") from None
        self.tables = {t.number: t for t in tables}

    def save(self) -> None:
        data = {"format": FORMAT, "password": self.password, "address": self.address,
                "tables": [t.saved() for t in self.tables.values()]}
        write_atomic(self.path, json.dumps(data, indent=1, sort_keys=True) + "\n")  # mkstemp: 0600

    def new(self, game: str, kinds: list[str], options: dict[str, Any], creator: str,
            *, by_code: bool = True) -> tuple[LobbyTable, str | None]:
        """A new table; its code (None for an "again" table) is shown to its creator only."""
        number = max(self.tables, default=0) + 1
        code = table_code() if by_code else None
        table = LobbyTable(number, game, kinds, options, creator, None if code is None else digest(code))
        self.tables[number] = table
        return table, code

    def by_code(self, code: str) -> LobbyTable | None:
        """The open table a code opens (every hash compared, in constant time each)."""
        wanted = digest(clean_code(code))
        found = None
        for table in self.tables.values():
            if table.code_hash is not None and hmac.compare_digest(table.code_hash, wanted):
                found = table
        return found if found is not None and found.game_id is None else None

    def by_game(self, game_id: str) -> LobbyTable | None:
        return next((t for t in self.tables.values() if t.game_id == game_id), None)

    def sit(self, table: LobbyTable, seat: int, name: str, conn: Any) -> str:
        """Seat ``name`` at ``seat``: their seat's join code, for them alone."""
        code = new_code()
        table.sitters[seat] = Sitter(name, digest(code), conn)
        table.kept.pop(seat, None)
        return code

    def stand(self, conn: Any, number: int | None = None) -> list[LobbyTable]:
        """Free the seats ``conn`` holds at tables not started (at ``number`` only, if given)."""
        changed = []
        for table in self.tables.values():
            if table.game_id is not None or (number is not None and table.number != number):
                continue
            for seat, sitter in list(table.sitters.items()):
                if sitter.conn is conn:
                    del table.sitters[seat]
                    if table.again_of is not None:
                        table.kept[seat] = sitter.name
                    changed.append(table)
        return changed

    def listing(self, finished: int = 30) -> list[dict[str, Any]]:
        """The latest ``finished`` tables over, every running one, then every one waiting for people
        (a room frame too big for the wire drops the first listed)."""
        tables = sorted(self.tables.values(), key=lambda t: t.number)
        by_state = {state: [t.public() for t in tables if t.state() == state] for state in ("over", "playing", "open")}
        return [*by_state["over"][-finished:], *by_state["playing"], *by_state["open"]]
