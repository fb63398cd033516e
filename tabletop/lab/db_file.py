"""The results database's file before it is opened for writing: where it is by default, whether it
is tabletop's (looked at read-only, so another program's database is never changed), and every
SQLite or file error as one sentence naming the file and saying what to do.

Kept apart from :mod:`tabletop.lab.db`, which opens only a file :func:`inspect` has passed and
reads and writes runs and games in it.
"""

from __future__ import annotations

import os
import sqlite3
import urllib.parse
from pathlib import Path

from tabletop.lab.db_check import damaged_page
from tabletop.lab.db_schema import APPLICATION_ID, COLUMNS, SCHEMA_VERSION, DatabaseError, DatabaseLocked

DB_ENV = "TABLETOP_DB"
#: How long one try at a lock held by another program waits: the look here, and each write of
#: :class:`~tabletop.lab.db.ResultsDB` (which reads its own import of it) before it reports waiting.
LOCK_STEP_SECONDS = 0.25


def is_locked(error: sqlite3.Error) -> bool:
    """Whether SQLite refused because another connection holds the lock."""
    text = str(error).lower()
    return "locked" in text or "busy" in text


def explain(path: Path, error: sqlite3.Error | OSError) -> DatabaseError:
    """One sentence for an SQLite or file error: what is wrong with which file, what to do."""
    if isinstance(error, OSError):
        return DatabaseError(
            f"Cannot open the results database {path}: {error.strerror or error}; "
            "check the folder, or use another --db."
        )
    text = str(error)
    low = text.lower()
    if is_locked(error):
        return DatabaseLocked(
            f"The results database {path} is locked by another program; wait for it to finish, or use another --db."
        )
    if "readonly" in low or "read-only" in low:
        return DatabaseError(
            f"Cannot write the results database {path}: the file or its folder is read-only; "
            "make both writable, or use another --db."
        )
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return DatabaseError(
            f"{path} is not a tabletop results database or is damaged ({text}); "
            "move it away to start a new one, or use another --db."
        )
    if "unable to open" in low:
        return DatabaseError(
            f"Cannot open the results database {path} (its folder is missing or cannot be written); "
            "check the folder, or use another --db."
        )
    if "full" in low or "disk i/o" in low:
        return DatabaseError(
            f"Cannot write the results database {path} ({text}); free some disk space, or use another --db."
        )
    return DatabaseError(f"The results database {path} failed ({text}); use another --db.")


def _uri(path: Path, mode: str) -> str:
    return f"file:{urllib.parse.quote(str(path.resolve()))}?mode={mode}"


def default_path() -> Path:
    """``$TABLETOP_DB``, else ``lab.sqlite3`` in the user data folder (platformdirs)."""
    given = os.environ.get(DB_ENV)
    if given:
        return Path(given)
    import platformdirs

    return platformdirs.user_data_path("tabletop") / "lab.sqlite3"


def inspect(path: Path) -> str:
    """``"new"`` (no file, or an empty one), ``"ours"``; else raise saying why it is not used.

    Looks read-only: nothing is written to a file before it is known to be tabletop's."""
    try:
        if not path.exists() or path.stat().st_size == 0:
            return "new"
        if path.is_dir():
            raise DatabaseError(f"{path} is a folder, not a results database; give a file with --db.")
        conn = sqlite3.connect(_uri(path, "ro"), uri=True, timeout=LOCK_STEP_SECONDS)
    except OSError as error:
        raise explain(path, error) from None
    try:
        app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        names = {r[0]: r[1] for r in conn.execute("SELECT name, type FROM sqlite_master")}
        roots = [int(r[0]) for r in conn.execute("SELECT rootpage FROM sqlite_master WHERE rootpage > 0")]
        columns = {
            table: tuple(r[1] for r in conn.execute(f"PRAGMA table_info({table})"))
            for table in ("runs", "games") if names.get(table) == "table"
        }
    except sqlite3.Error as error:
        raise explain(path, error) from None
    finally:
        conn.close()
    foreign = DatabaseError(
        f"{path} is another program's SQLite database, not tabletop's; it was left unchanged: use another --db."
    )
    if app_id not in (0, APPLICATION_ID):
        raise foreign
    if version > SCHEMA_VERSION:
        raise DatabaseError(
            f"{path} was made by a newer tabletop (schema {version}, this one knows "
            f"{SCHEMA_VERSION}); upgrade tabletop or use another --db."
        )
    if app_id == APPLICATION_ID:
        _check_pages(path, roots)
        return "ours"
    if not names and version == 0:
        return "new"
    tables = {name for name, kind in names.items() if kind == "table"}
    expected = COLUMNS.get(version)
    if expected is None or tables != set(expected) or columns != expected:
        raise foreign
    _check_pages(path, roots)
    return "ours"


def _check_pages(path: Path, roots: list[int]) -> None:
    """Raise naming the file if :func:`~tabletop.lab.db_check.damaged_page` finds damage. While a
    write-ahead log holds pages (another program has it open, or one stopped mid-write), the file
    alone is not the database: SQLite's own reads name any damage then."""
    wal = path.with_name(path.name + "-wal")
    try:
        if wal.exists() and wal.stat().st_size:
            return
        page = damaged_page(path, roots)
    except (OSError, ValueError) as error:
        raise explain(path, error if isinstance(error, OSError) else OSError(str(error))) from None
    if page is not None:
        where = f"page {page}" if page > 0 else ("its length" if page == 0 else "a page pointer")
        raise DatabaseError(
            f"{path} is damaged ({where} is not what SQLite wrote): move it away to start a new one, or use "
            f"another --db; `sqlite3 {path} .recover` may save the games in it."
        )
