"""Class 22: a results database damaged in the middle, past its header, is found when it is
opened (a cheap look at every b-tree page's header, tabletop/lab/db_check.py) and named in one
sentence saying what to do; before, ``simulate`` appended to it with exit status 0, since SQLite
reads only the pages a statement needs."""

from __future__ import annotations

import pytest

from tests.attack.helpers import says

GOOF = ("--plugin", "tests.goofspiel.plugin")
PAGE = 4096


@pytest.fixture
def played(run_main, tmp_path):
    path = tmp_path / "lab.sqlite3"
    assert run_main(*GOOF, "simulate", "goofspiel", "-n", "2000", "--db", str(path)).code == 0
    assert not (tmp_path / "lab.sqlite3-wal").exists()  # closed: the file alone is the database
    return path


@pytest.mark.parametrize("damage", ["zeros", "ones"])
@pytest.mark.parametrize("command", ["simulate", "runs", "report"])
def test_a_page_damaged_in_the_middle_is_found_on_open_and_named(run_main, played, damage, command):
    data = bytearray(played.read_bytes())
    middle = (len(data) // PAGE // 2) * PAGE
    data[middle:middle + 2 * PAGE] = (b"\0" if damage == "zeros" else b"\xff") * (2 * PAGE)
    played.write_bytes(bytes(data))
    args = {"simulate": ("simulate", "goofspiel", "-n", "3"), "runs": ("runs",), "report": ("report", "last")}
    result = run_main(*GOOF, *args[command], "--db", str(played))
    assert result.code == 2, result.text
    assert says(result.err, f"{played} is damaged (page") and says(result.err, "move it away to start a new one")
    assert "unexpected error" not in result.text and "Traceback" not in result.text


def test_a_cut_file_is_found_on_open(run_main, played):
    played.write_bytes(played.read_bytes()[: -3 * PAGE])
    result = run_main(*GOOF, "simulate", "goofspiel", "-n", "3", "--db", str(played))
    assert result.code == 2
    assert says(result.err, str(played)) and "damaged" in result.err and "move it away" in result.err


def test_an_undamaged_database_of_many_games_passes_the_look(run_main, played):
    result = run_main(*GOOF, "simulate", "goofspiel", "-n", "3", "--db", str(played))
    assert result.code == 0, result.text
