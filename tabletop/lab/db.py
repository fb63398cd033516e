"""The results database: every simulated game, kept in SQLite (schema in docs/lab.md).

The schema's version is SQLite's ``user_version``. Opening a database made by an older
tabletop migrates it in place, in one transaction, and never drops a table: runs made
before keep every game. A database from a newer tabletop is refused, not guessed at.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.engine.simulate import GameResult, encode_stats

DB_ENV = "TABLETOP_DB"
#: Most winners and scores lists :meth:`ResultsDB.add_games` keeps encoded.
MAX_ENCODED = 4096
SCHEMA_VERSION = 4

#: A plugin's figures live in ``games.stats`` as JSON (one row per game keeps writing cheap);
#: the view ``stats`` shows them one figure per row for SQL.
STATS_VIEW = (
    "CREATE VIEW stats AS SELECT g.run_id AS run_id, g.idx AS idx, json_extract(f.value, '$[0]') AS seat,"
    " json_extract(f.value, '$[1]') AS name, json_extract(f.value, '$[2]') AS value"
    " FROM games g, json_each(g.stats) f WHERE g.stats IS NOT NULL"
)

#: ``tabletop balance``: one row per study (its command, as JSON) and one per candidate played.
STUDY_TABLES = (
    """CREATE TABLE studies (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    game TEXT NOT NULL,
    spec TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'running'
)""",
    """CREATE TABLE trials (
    study_id INTEGER NOT NULL REFERENCES studies(id),
    number INTEGER NOT NULL,
    changes TEXT NOT NULL,
    value REAL,
    changed INTEGER NOT NULL,
    components TEXT NOT NULL,
    runs TEXT NOT NULL,
    error TEXT,
    PRIMARY KEY (study_id, number)
)""",
)

SCHEMA = (
    """CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    game TEXT NOT NULL,
    version TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    games INTEGER NOT NULL,
    card_hash TEXT,
    backend TEXT,
    workers INTEGER,
    sweep TEXT,
    variant TEXT,
    status TEXT NOT NULL DEFAULT 'finished',
    rotate INTEGER NOT NULL DEFAULT 0
)""",
    """CREATE TABLE games (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    idx INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    winners TEXT NOT NULL,
    length INTEGER NOT NULL,
    error TEXT,
    reason TEXT,
    scores TEXT,
    stats TEXT,
    PRIMARY KEY (run_id, idx)
)""",
    STATS_VIEW,
    *STUDY_TABLES,
)

#: Statements that take a database from version ``v`` to ``v + 1``.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        "ALTER TABLE runs ADD COLUMN card_hash TEXT",
        "ALTER TABLE runs ADD COLUMN backend TEXT",
        "ALTER TABLE runs ADD COLUMN workers INTEGER",
        "ALTER TABLE runs ADD COLUMN sweep TEXT",
        "ALTER TABLE runs ADD COLUMN variant TEXT",
        "ALTER TABLE runs ADD COLUMN status TEXT NOT NULL DEFAULT 'finished'",
        "ALTER TABLE games ADD COLUMN reason TEXT",
        "ALTER TABLE games ADD COLUMN scores TEXT",
        "ALTER TABLE games ADD COLUMN stats TEXT",
        STATS_VIEW,
    ),
    # Game i of a run made with --rotate seats the bots moved i places clockwise.
    2: ("ALTER TABLE runs ADD COLUMN rotate INTEGER NOT NULL DEFAULT 0",),
    # Balancing studies and their trials (tabletop balance).
    3: STUDY_TABLES,
}


class DatabaseError(TabletopError):
    """The results database cannot be opened, read or written."""


def default_path() -> Path:
    """``$TABLETOP_DB``, else ``lab.sqlite3`` in the user data folder (platformdirs)."""
    given = os.environ.get(DB_ENV)
    if given:
        return Path(given)
    import platformdirs

    return platformdirs.user_data_path("tabletop") / "lab.sqlite3"


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

    def bot_at(self, seat: int, index: int) -> str:
        """The bot that sat at ``seat`` in game ``index``."""
        n = len(self.seats)
        return self.seats[(seat - index) % n] if self.rotate else self.seats[seat]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "game": self.game, "games": self.played, "created": self.created,
            "options": self.options, "seats": self.seats, "version": self.version, "seed": self.seed,
            "planned": self.planned, "status": self.status, "sweep": self.sweep, "variant": self.variant,
            "card_hash": self.card_hash, "backend": self.backend, "workers": self.workers,
            "rotate": self.rotate,
        }


@dataclass(frozen=True)
class Study:
    """A balancing study: ``spec`` is its command as canonical JSON (the same command resumes it)."""

    id: int
    created: str
    game: str
    spec: str
    status: str  # running, stopped, finished


@dataclass(frozen=True)
class Trial:
    """One candidate played: the values it changes, its balance (None: the card data was refused)."""

    number: int
    changes: dict[str, Any]
    value: float | None
    changed: int
    components: dict[str, float]
    runs: tuple[int, ...]
    error: str | None = None


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


class ResultsDB:
    """One open results database; use as a context manager."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self._encoded: dict[tuple[Any, ...], str] = {}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.migrate()
        except sqlite3.DatabaseError as error:
            raise DatabaseError(f"{self.path} is not a tabletop results database ({error}).") from None
        except OSError as error:
            raise DatabaseError(f"Cannot open the results database {self.path}: {error.strerror}.") from None

    def __enter__(self) -> ResultsDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

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
            elif version == 0:
                raise DatabaseError(f"{self.path} holds tables that are not tabletop's; use another --db.")
            else:
                for step in range(version, SCHEMA_VERSION):
                    for statement in MIGRATIONS[step]:
                        self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
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
        cur = self.conn.execute(
            "INSERT INTO runs (created, game, version, options, seats, seed, games, card_hash, backend,"
            " workers, sweep, variant, status, rotate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?)",
            (created, game, version, json.dumps(options, sort_keys=True), json.dumps(list(seats)), seed, games,
             card_hash, backend, workers, sweep, variant, int(rotate)),
        )
        return int(cur.lastrowid or 0)

    def add_games(self, run_id: int, results: Iterable[tuple[int, GameResult]]) -> None:
        """Store finished games in one transaction (callers batch: one commit per game is slow)."""
        text = self._json
        rows = [
            (run_id, idx, r.seed, text(r.winners), r.length, r.error, r.reason,
             None if r.scores is None else text(r.scores),
             r.stats_json or (encode_stats(r.stats) if r.stats else None))
            for idx, r in results
        ]
        self.conn.execute("BEGIN")
        try:
            self.conn.executemany("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

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
        self.conn.execute("UPDATE runs SET status = ? WHERE id = ?", (status, run_id))

    # ---- balancing studies ----------------------------------------------------------

    def find_study(self, spec: str) -> Study | None:
        """The latest study made by exactly this command (``spec``: its canonical JSON), if any."""
        row = self.conn.execute(
            "SELECT id, created, game, spec, status FROM studies WHERE spec = ? ORDER BY id DESC LIMIT 1", (spec,)
        ).fetchone()
        return Study(*row) if row else None

    def new_study(self, *, game: str, spec: str) -> Study:
        created = datetime.now(UTC).isoformat(timespec="seconds")
        cur = self.conn.execute(
            "INSERT INTO studies (created, game, spec, status) VALUES (?, ?, ?, 'running')", (created, game, spec)
        )
        return Study(int(cur.lastrowid or 0), created, game, spec, "running")

    def study(self, study_id: int) -> Study:
        row = self.conn.execute("SELECT id, created, game, spec, status FROM studies WHERE id = ?", (study_id,)).fetchone()
        if row is None:
            raise DatabaseError(f"No study {study_id} in {self.path}.")
        return Study(*row)

    def set_study_status(self, study_id: int, status: str) -> None:
        self.conn.execute("UPDATE studies SET status = ? WHERE id = ?", (status, study_id))

    def add_trial(self, study_id: int, trial: Trial) -> None:
        self.conn.execute(
            "INSERT OR REPLACE INTO trials VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (study_id, trial.number, json.dumps(trial.changes, sort_keys=True), trial.value, trial.changed,
             json.dumps(trial.components, sort_keys=True), json.dumps(list(trial.runs)), trial.error),
        )

    def trials(self, study_id: int) -> list[Trial]:
        return [
            Trial(number, json.loads(changes), value, changed, json.loads(components), tuple(json.loads(runs)), error)
            for number, changes, value, changed, components, runs, error in self.conn.execute(
                "SELECT number, changes, value, changed, components, runs, error FROM trials"
                " WHERE study_id = ? ORDER BY number", (study_id,))
        ]

    # ---- reading --------------------------------------------------------------------

    def runs(self) -> list[Run]:
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
            raise DatabaseError(f"'{run_id}' is not a run id; `tabletop runs` lists them.") from None
        for run in runs:
            if run.id == wanted:
                return run
        raise DatabaseError(f"No run {run_id} in {self.path}; `tabletop runs` lists them.")

    def sweep_runs(self, sweep: str) -> list[Run]:
        return [r for r in self.runs() if r.sweep == sweep]

    @staticmethod
    def _run(row: Sequence[Any]) -> Run:
        (id_, created, game, version, options, seats, seed, games, card_hash, backend, workers, sweep, variant,
         status, rotate, played) = row
        return Run(id_, created, game, version, json.loads(options), json.loads(seats), seed, games, played,
                   card_hash, backend, workers, sweep, variant, status, bool(rotate))

    def games(self, run_id: int) -> Iterator[GameRow]:
        for idx, seed, winners, length, error, reason in self.conn.execute(
            "SELECT idx, seed, winners, length, error, reason FROM games WHERE run_id = ? ORDER BY idx", (run_id,)
        ):
            yield GameRow(idx, seed, tuple(json.loads(winners)), length, error, reason)

    def stats(self, run_id: int) -> Iterator[tuple[int, int | None, str, float | str]]:
        """``(game index, seat or None, name, value)`` of every statistic of a run's finished games;
        numbers as floats, booleans as yes or no."""
        for idx, packed in self.conn.execute(
            "SELECT idx, stats FROM games WHERE run_id = ? AND stats IS NOT NULL AND error IS NULL ORDER BY idx",
            (run_id,),
        ):
            for seat, name, value in json.loads(packed):
                yield idx, seat, name, _value(value)
