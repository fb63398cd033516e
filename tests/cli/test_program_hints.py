"""Hints name a command the person can type: after the Quickstart ``tabletop`` is
``.venv/bin/tabletop``, not on the PATH, and installing must use the running Python's pip."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core import program

BIN = Path(sys.executable).parent
TABLETOP = BIN / "tabletop"
needs_script = pytest.mark.skipif(not TABLETOP.is_file(), reason="tabletop is not installed beside this Python")


def test_a_hint_names_tabletop_when_the_path_finds_this_very_program(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "argv", [str(TABLETOP), "play"])
    monkeypatch.setenv("PATH", str(BIN))
    assert program.program() == "tabletop"
    monkeypatch.setenv("PATH", str(tmp_path))        # not on the PATH: the program as invoked
    monkeypatch.chdir(BIN.parent.parent)
    assert program.program() == f"{BIN.parent.name}/bin/tabletop"
    monkeypatch.setattr(sys, "argv", [str(Path(program.__file__).parent.parent / "__main__.py")])
    assert program.program().endswith(" -m tabletop")


def _sandbox(tmp_path):
    """A folder with the venv's ``bin`` reachable as ``v/bin`` (so the program is run by a
    relative path, as after the Quickstart)."""
    (tmp_path / "v").symlink_to(BIN.parent)
    return tmp_path


@needs_script
def test_quitting_off_the_path_names_the_program_as_invoked_and_wraps_at_80_columns(tmp_path):
    cwd = _sandbox(tmp_path)
    done = subprocess.run(["v/bin/tabletop", "play", "wms", "--plain", "--seats", "human,veteran"], cwd=cwd,
                          env={**os.environ, "PATH": "/usr/bin:/bin", "COLUMNS": "80",
                               "TABLETOP_RECORDS": str(cwd / "a-rather-long-folder-name-for-records" / "saved")},
                          input="quit\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    *lines, resume = done.stdout.splitlines()
    assert lines[-1].endswith("quit the game. The game is saved; continue it with:")
    assert resume.startswith("  v/bin/tabletop play --resume ") and resume.endswith(".json")   # whole, to copy
    assert "`tabletop play --resume" not in done.stdout
    assert all(len(line) <= 80 for line in lines) and not [line for line in lines if line.strip() == "."]


@needs_script
def test_new_names_the_pip_of_the_python_tabletop_runs_in(tmp_path):
    cwd = _sandbox(tmp_path)
    done = subprocess.run(["v/bin/tabletop", "new", "ducats"], cwd=cwd, env={**os.environ, "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert re.search(rf"\n  {re.escape(str(BIN))}/python[0-9.]* -m pip install -e ducats\n", done.stdout)
    assert "  v/bin/tabletop play ducats" in done.stdout and "\n  pip install" not in done.stdout
