"""``tabletop balance``'s studies and trials in the results database: a study is its command (as
canonical JSON, so the same command resumes it), a trial one candidate played. A part of
:class:`tabletop.lab.db.ResultsDB`, kept apart so the runs' code reads on its own."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.lab.db_schema import DatabaseError


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


class StudyTables:
    """The studies and trials tables of an open results database (``conn``, ``path``)."""

    conn: sqlite3.Connection
    path: Path

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

    def studies(self) -> list[Study]:
        return [Study(*row) for row in self.conn.execute(
            "SELECT id, created, game, spec, status FROM studies ORDER BY id")]

    def kept_games(self, *, sweep: str, variant: str, seats: list[str], seed: int, games: int) -> list[tuple]:
        """The games of a finished run played exactly so (``idx, winners, length, error, stats``), or []:
        a study's checks are played once, and reopening or reprinting it reads them back."""
        row = self.conn.execute(
            "SELECT id FROM runs WHERE sweep = ? AND variant = ? AND seats = ? AND seed = ? AND games = ?"
            " AND status = 'finished' ORDER BY id DESC LIMIT 1",
            (sweep, variant, json.dumps(seats), seed, games)).fetchone()
        if row is None:
            return []
        return [(idx, tuple(json.loads(w)), length, error, stats or "") for idx, w, length, error, stats in
                self.conn.execute("SELECT idx, winners, length, error, stats FROM games WHERE run_id = ? ORDER BY idx",
                                  (row[0],))]

    def sweep_games(self, sweep: str) -> int | None:
        """Games per run of a sweep (a study's check plays ``--confirm`` each), None if it has none."""
        row = self.conn.execute("SELECT games FROM runs WHERE sweep = ? LIMIT 1", (sweep,)).fetchone()
        return None if row is None else int(row[0])

    def trials(self, study_id: int) -> list[Trial]:
        return [
            Trial(number, json.loads(changes), value, changed, json.loads(components), tuple(json.loads(runs)), error)
            for number, changes, value, changed, components, runs, error in self.conn.execute(
                "SELECT number, changes, value, changed, components, runs, error FROM trials"
                " WHERE study_id = ? ORDER BY number", (study_id,))
        ]
