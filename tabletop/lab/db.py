"""The results database: every simulated game, kept in SQLite (schema in docs/lab.md).

The schema's version is SQLite's ``user_version``; the file is marked as tabletop's with
SQLite's ``application_id``. A file is first opened read-only and looked at: only one that
is tabletop's (its application id, or, from before the mark, exactly tabletop's tables
for its version) or empty is then opened for writing, so another program's database is
never changed (not even switched to WAL). Opening a database made by an older tabletop
migrates it in place, in one transaction, and never drops a table: runs made before keep
every game. A database from a newer tabletop is refused, not guessed at. Every SQLite
error becomes one sentence naming the file and saying what to do. The look before opening,
those sentences and the default path are :mod:`tabletop.lab.db_file`.
"""

from __future__ import annotations

import contextlib
import json
import math
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.core.program import command
from tabletop.engine.simulate import GameResult, encode_stats
from tabletop.lab.db_file import LOCK_STEP_SECONDS, explain, inspect, is_locked
from tabletop.lab.db_schema import APPLICATION_ID, MIGRATIONS, SCHEMA, SCHEMA_VERSION, DatabaseError
from tabletop.lab.db_studies import StudyTables

#: Most winners and scores lists :meth:`ResultsDB.add_games` keeps encoded.
MAX_ENCODED = 4096
#: How long a write waits for a lock when nobody is told it waits (a script, a test).
PATIENCE_SECONDS = 30.0


@dataclass(frozen=True)
class Run:
    id: int
    created: str
    game: str
    version: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    planned: int
    played: int
    card_hash: str | None
    backend: str | None
    workers: int | None
    sweep: str | None
    variant: str | None
    status: str
    #: Game ``i`` seated the bots moved ``i`` places clockwise (``seats`` lists game 0's).
    rotate: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "games": self.played, "created": self.created,
            "options": self.options, "seats": self.seats, "version": self.version, "seed": self.seed,
            "planned": self.planned, "status": self.status, "sweep": self.sweep, "variant": self.variant,
            "card_hash": self.card_hash, "backend": self.backend, "workers": self.workers,
            "rotate": self.rotate,
        }


@dataclass(frozen=True, slots=True)
class GameRow:
    idx: int
    seed: int
    winners: tuple[int, ...]
    length: int
    error: str | None
    reason: str | None


def _value(value: Any) -> float | str:
    """Booleans become the categories yes and no; every number a float."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return float(value)
    return str(value)


class ResultsDB(StudyTables):
    """One open results database; use as a context manager."""

    def __init__(self, path: Path | str, *, on_wait: Callable[[float], None] | None = None):
        """Open (or make) the database at ``path``; ``on_wait(seconds)`` is called while a write
        waits for a lock another program holds (else a locked write fails at once, in one sentence)."""
        self.path = Path(path)
        self.on_wait = on_wait
        self._encoded: dict[tuple[Any, ...], str] = {}
        kind = inspect(self.path)
        try:
            if kind == "new":
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, timeout=LOCK_STEP_SECONDS, isolation_level=None)
            self._waiting(lambda: self.conn.execute("PRAGMA journal_mode=WAL"))
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self._waiting(self.migrate)
        except sqlite3.Error as error:
            self.close()
            raise explain(self.path, error) from None
        except OSError as error:
            self.close()
            raise explain(self.path, error) from None
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> ResultsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        conn = self.__dict__.pop("conn", None)
        if conn is not None:
            conn.close()

    def _waiting(self, write: Callable[[], Any], *, patient: bool = True) -> Any:
        """``write()``, tried again while another program holds the lock: for as long as it takes
        when someone is told (``on_wait(seconds)``, which may raise KeyboardInterrupt to give up),
        else for :data:`PATIENCE_SECONDS`; ``patient=False`` tries once."""
        started = time.monotonic()
        while True:
            try:
                return write()
            except sqlite3.OperationalError as error:
                waited = time.monotonic() - started
                if not is_locked(error) or not patient or (self.on_wait is None and waited > PATIENCE_SECONDS):
                    raise
            if self.on_wait is not None:
                self.on_wait(time.monotonic() - started)

    @contextlib.contextmanager
    def _sentences(self) -> Iterator[None]:
        """SQLite errors (and unreadable rows) as one sentence naming the file."""
        try:
            yield
        except sqlite3.Error as error:
            raise explain(self.path, error) from None
        except (ValueError, TypeError) as error:  # a row that is not what tabletop wrote
            raise DatabaseError(
                f"The results database {self.path} holds a damaged row ({type(error).__name__}: "
                f"{str(error)[:100]}); use another --db."
            ) from None

    # ---- schema ---------------------------------------------------------------------

    @property
    def version(self) -> int:
        return int(self.conn.execute("PRAGMA user_version").fetchone()[0])

    def _schema_version(self) -> int:
        version = self.version
        if version > SCHEMA_VERSION:
            raise DatabaseError(
                f"{self.path} was made by a newer tabletop (schema {version}, this one knows "
                f"{SCHEMA_VERSION}); upgrade tabletop or use another --db."
            )
        return version

    def migrate(self) -> None:
        if self._schema_version() == SCHEMA_VERSION:
            if int(self.conn.execute("PRAGMA application_id").fetchone()[0]) != APPLICATION_ID:
                self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # marked from now on
            return
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            # Read again under the write lock: another process (a second simulation, a report
            # opening the file as it is made) may have made or migrated it since the look above.
            version = self._schema_version()
            tables = {r[0] for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if version == SCHEMA_VERSION:
                pass
            elif version == 0 and not tables:
                for statement in SCHEMA:
                    self.conn.execute(statement)
            elif version == 0:  # another program made tables between our look and our lock
                raise DatabaseError(
                    f"{self.path} holds tables that are not tabletop's; it was left unchanged: use another --db.")
            else:
                for step in range(version, SCHEMA_VERSION):
                    for statement in MIGRATIONS[step]:
                        self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    # ---- writing --------------------------------------------------------------------

    def new_run(
        self,
        *,
        game: str,
        version: str,
        options: dict[str, Any],
        seats: Sequence[str],
        seed: int,
        games: int,
        card_hash: str | None = None,
        backend: str | None = None,
        workers: int | None = None,
        sweep: str | None = None,
        variant: str | None = None,
        rotate: bool = False,
    ) -> int:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        with self._sentences():
            cur = self._waiting(lambda: self.conn.execute(
                "INSERT INTO runs (created, game, version, options, seats, seed, games, card_hash, backend,"
                " workers, sweep, variant, status, rotate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)",
                (created, game, version, json.dumps(options, sort_keys=True), json.dumps(list(seats)), seed, games,
                 card_hash, backend, workers, sweep, variant, int(rotate)),
            ))
        return int(cur.lastrowid or 0)

    def add_games(self, run_id: int, results: Iterable[tuple[int, GameResult]], *, patient: bool = True) -> None:
        """Store finished games in one transaction (callers batch: one commit per game is slow).

        ``patient=False``: a lock held elsewhere raises :class:`DatabaseLocked` at once (the
        caller keeps the games and tries again later)."""
        text = self._json
        rows = [
            (run_id, idx, r.seed, text(r.winners), r.length, r.error, r.reason,
             None if r.scores is None else text(r.scores),
             r.stats_json or (encode_stats(r.stats) if r.stats else None))
            for idx, r in results
        ]

        def write() -> None:
            self.conn.execute("BEGIN")
            try:
                self.conn.executemany("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
                self.conn.execute("COMMIT")
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise

        with self._sentences():
            self._waiting(write, patient=patient)

    def _json(self, values: tuple[Any, ...]) -> str:
        """A tuple of winners or scores as a JSON list; games repeat a few, so each is encoded once
        (keyed by the types too: 1 and 1.0 are equal keys but not the same text)."""
        key = (values, *map(type, values))
        try:
            return self._encoded[key]
        except KeyError:
            if len(self._encoded) >= MAX_ENCODED:
                self._encoded.clear()
            text = self._encoded[key] = json.dumps(list(values))
            return text
        except TypeError:  # an unhashable score
            return json.dumps(list(values))

    def finish_run(self, run_id: int, status: str) -> None:
        with self._sentences():
            self._waiting(lambda: self.conn.execute("UPDATE runs SET status = ? WHERE id = ?", (status, run_id)))

    # ---- reading --------------------------------------------------------------------

    def runs(self) -> list[Run]:
        with self._sentences():
            rows = self.conn.execute(
                "SELECT r.*, (SELECT COUNT(*) FROM games g WHERE g.run_id = r.id AND g.error IS NULL)"
                " FROM runs r ORDER BY r.id"
            ).fetchall()
            return [self._run(row) for row in rows]

    def run(self, run_id: int | str) -> Run:
        runs = self.runs()
        if run_id in ("last", "latest") and runs:
            return runs[-1]
        try:
            wanted = int(run_id)
        except (TypeError, ValueError):
            raise DatabaseError(f"'{str(run_id)[:40]}' is not a run id; `{command('runs')}` lists them.") from None
        for run in runs:
            if run.id == wanted:
                return run
        raise DatabaseError(f"No run {str(run_id)[:40]} in {self.path}; `{command('runs')}` lists them.")

    def sweep_runs(self, sweep: str) -> list[Run]:
        return [r for r in self.runs() if r.sweep == sweep]

    @staticmethod
    def _run(row: Sequence[Any]) -> Run:
        (id_, created, game, version, options, seats, seed, games, card_hash, backend, workers, sweep, variant,
         status, rotate, played) = row
        options, seats = json.loads(options), json.loads(seats)
        if not isinstance(options, dict) or not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ValueError(f"run {id_}'s options or seats are not what tabletop writes")
        return Run(int(id_), str(created), str(game), str(version), options, seats, int(seed), int(games), played,
                   card_hash, backend, workers, sweep, variant, str(status), bool(rotate))

    def games(self, run_id: int) -> Iterator[GameRow]:
        with self._sentences():
            for idx, seed, winners, length, error, reason in self.conn.execute(
                "SELECT idx, seed, winners, length, error, reason FROM games WHERE run_id = ? ORDER BY idx", (run_id,)
            ):
                yield GameRow(idx, seed, tuple(json.loads(winners)), length, error, reason)

    def stats(self, run_id: int) -> Iterator[tuple[int, int | None, str, float | str]]:
        """``(game index, seat or None, name, value)`` of every statistic of a run's finished games;
        numbers as floats, booleans as yes or no."""
        with self._sentences():
            for idx, packed in self.conn.execute(
                "SELECT idx, stats FROM games WHERE run_id = ? AND stats IS NOT NULL AND error IS NULL ORDER BY idx",
                (run_id,),
            ):
                for seat, name, value in json.loads(packed):
                    if isinstance(value, float) and not math.isfinite(value):
                        continue  # written by an older tabletop, which let a plugin's NaN through
                    yield idx, seat, str(name), _value(value)
