"""Class 8: the README's first two commands work on a fresh machine whose Python is "externally
managed" (PEP 668): each makes its own virtual environment if there is none and uses only it."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tabletop import __version__
from tests.test_project import ROOT, quickstart_commands


@pytest.mark.parametrize("line", quickstart_commands(), ids=["play", "test"])
def test_each_quickstart_line_makes_and_uses_a_virtual_environment(line):
    assert line.startswith("test -x .venv/bin/pip || python3 -m venv .venv && ")
    rest = line.split(" && ", 1)[1]
    commands = [c.strip() for c in rest.split("&&")]
    assert all(c.startswith(".venv/bin/") for c in commands), commands  # never the system's pip
    assert not re.search(r"(^|\s)(pip|python3 -m pip|sudo)\s", rest)


def test_ci_runs_the_test_line_and_treats_an_empty_suite_as_failure():
    ci = (ROOT / ".ci" / "run").read_text()
    assert 'eval "$test_command"' in ci
    assert '"$status" -eq 5' in ci


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
def test_the_virtual_environment_is_made_only_when_missing(tmp_path):
    """The line's first part, with a stand-in for python3: it runs once, not again."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "python3").write_text('#!/bin/sh\nmkdir -p .venv/bin && touch .venv/bin/pip && chmod +x .venv/bin/pip && echo made >> log\n')
    (fake / "python3").chmod(0o755)
    prefix = quickstart_commands()[1].split(" && .venv/bin/pip", 1)[0]
    for _ in range(2):
        subprocess.run(["sh", "-c", prefix], cwd=tmp_path, check=True, env={"PATH": f"{fake}:/usr/bin:/bin"})
    assert (tmp_path / "log").read_text() == "made\n"


def test_version(run_main):
    result = run_main("--version")
    assert result.code == 0 and result.out.strip() == f"tabletop {__version__}"
