"""The results database: documented schema, migrated in place, refused when foreign or newer."""

import json
import sqlite3

import pytest

from tabletop.lab.db import ResultsDB
from tabletop.lab.db_schema import SCHEMA_VERSION, DatabaseError
from tests.lab.fixtures import fixture_run

# The first schema this project shipped (version 1), kept here to prove the migration.
SCHEMA_V1 = """
CREATE TABLE runs (id INTEGER PRIMARY KEY, created TEXT NOT NULL, game TEXT NOT NULL, version TEXT NOT NULL,
    options TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL, games INTEGER NOT NULL);
CREATE TABLE games (run_id INTEGER NOT NULL REFERENCES runs(id), idx INTEGER NOT NULL, seed INTEGER NOT NULL,
    winners TEXT NOT NULL, length INTEGER NOT NULL, error TEXT, PRIMARY KEY (run_id, idx));
PRAGMA user_version = 1;
INSERT INTO runs VALUES (1, '2026-01-01T00:00:00+00:00', 'windupwar', '1.0', '{"edition": "2016"}',
    '["tactician", "random"]', 7, 3);
INSERT INTO games VALUES (1, 0, 7, '[0]', 80, NULL), (1, 1, 8, '[1]', 90, NULL), (1, 2, 9, '[]', 70, NULL);
"""


def test_a_version_1_database_is_migrated_in_place_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.executescript(SCHEMA_V1)
    with ResultsDB(path) as db:
        assert db.version == SCHEMA_VERSION == 4
        (run,) = db.runs()
        assert (run.id, run.game, run.options, run.seats, run.played, run.status, run.rotate) == (
            1, "windupwar", {"edition": "2016"}, ["tactician", "random"], 3, "finished", False)
        assert [g.winners for g in db.games(1)] == [(0,), (1,), ()]
        new = fixture_run(db, seat0_wins=3, games=4)  # the new tables work on the migrated file
        assert len(list(db.stats(new))) == 16
        view = db.conn.execute("SELECT seat, name, value FROM stats WHERE run_id = ? AND idx = 0", (new,)).fetchall()
        assert view == [(0, "first unit", "tank"), (1, "first unit", "infantry"), (0, "charges", 0),
                        (None, "ending", "points")]
    with ResultsDB(path) as db:  # opening again changes nothing
        assert [r.id for r in db.runs()] == [1, new]


def test_a_newer_database_is_refused_not_guessed(tmp_path):
    path = tmp_path / "new.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(DatabaseError, match="newer tabletop"):
        ResultsDB(path)


def test_a_file_that_is_not_a_database_is_one_sentence(tmp_path, cli):
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 100)
    result = cli("runs", "--db", str(path))
    assert result.exit_code == 2
    err = " ".join(result.err.split())
    assert "is not a tabletop results database" in err and "Traceback" not in err


def test_runs_json_lists_id_game_games_created_options_seats(cli, tmp_path):
    db = tmp_path / "lab.sqlite3"
    assert cli("simulate", "goofspiel", "-n", "12", "--seed", "3", "--db", str(db)).exit_code == 0
    (run,) = json.loads(cli("runs", "--db", str(db), "--json").out)
    assert {"id", "game", "games", "created", "options", "seats"} <= set(run)
    assert (run["id"], run["game"], run["games"], run["options"], run["seats"]) == (
        1, "goofspiel", 12, {}, ["random", "random"])


def test_simulate_keeps_every_game_in_the_default_database(cli, lab_db):
    out = json.loads(cli("simulate", "goofspiel", "-n", "15", "--seed", "4", "--json").out)
    with ResultsDB(lab_db) as db:
        run = db.run(out["run"])
        games = list(db.games(run.id))
    assert [g.seed for g in games] == list(range(4, 19))
    shares = sum(1 / len(g.winners) for g in games if 0 in g.winners)
    assert round(shares, 4) == out["by_seat"][0]["wins"]
    assert (run.planned, run.played, run.status) == (15, 15, "finished")


def test_no_db_keeps_nothing(cli, lab_db):
    assert cli("simulate", "goofspiel", "-n", "5", "--no-db").exit_code == 0
    assert not lab_db.exists()


def test_a_database_made_by_another_process_while_this_one_waits_is_used_not_made_twice(tmp_path):
    """Two commands opening a new database at once (a simulation, and a report or a second
    simulation looking at the file as it appears): the second finds the first's tables under the
    write lock and uses them, instead of failing with 'table runs already exists'."""
    path = tmp_path / "lab.sqlite3"

    class Late(ResultsDB):
        first_look = True

        @property
        def version(self):
            found = super().version
            if Late.first_look:  # the other process makes the database between our look and our lock
                Late.first_look = False
                ResultsDB(path).close()
            return found

    with Late(path) as db:
        assert db.version == SCHEMA_VERSION
        assert db.runs() == []
