"""The results database's tables at each version, how a file of each version is told from
another program's, and its errors: what :mod:`tabletop.lab.db` creates, migrates and raises
and :mod:`tabletop.lab.db_file` recognises (docs/lab.md describes the tables for SQL users)."""

from __future__ import annotations

from tabletop.core.errors import TabletopError

SCHEMA_VERSION = 4
#: SQLite's application id of a tabletop results database: "TTlb".
APPLICATION_ID = 0x54546C62

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


#: The columns of tabletop's tables at each schema version: how a file from before the
#: application id is told apart from another program's file with a table named ``runs``.
_RUNS_V1 = ("id", "created", "game", "version", "options", "seats", "seed", "games")
_RUNS_V2 = (*_RUNS_V1, "card_hash", "backend", "workers", "sweep", "variant", "status")
_GAMES_V1 = ("run_id", "idx", "seed", "winners", "length", "error")
_GAMES_V2 = (*_GAMES_V1, "reason", "scores", "stats")
COLUMNS: dict[int, dict[str, tuple[str, ...]]] = {
    1: {"runs": _RUNS_V1, "games": _GAMES_V1},
    2: {"runs": _RUNS_V2, "games": _GAMES_V2},
    3: {"runs": (*_RUNS_V2, "rotate"), "games": _GAMES_V2},
}


class DatabaseError(TabletopError):
    """The results database cannot be opened, read or written."""


class DatabaseLocked(DatabaseError):
    """Another program holds the results database's write lock."""
