"""Helpers for the attack suite: run the real ``tabletop`` entry point in-process, and write
hostile plugins as files."""

from __future__ import annotations

import io
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from tabletop.cli.app import main


@dataclass
class MainResult:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        """Both streams with the console's line wrapping undone, for sentence checks."""
        return " ".join((self.out + " " + self.err).split())


@pytest.fixture
def run_main(capsys, monkeypatch):
    """``tabletop ARGS`` as a person runs it (entry point, top-level handler), typed lines on stdin."""

    def run(*args: str, stdin: str = "") -> MainResult:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        try:
            main(list(args))
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        captured = capsys.readouterr()
        return MainResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def plugin_file(tmp_path):
    """Write a plugin module (dedented source) into a fresh folder; returns its path."""
    counter = iter(range(1000))

    def write(source: str, *, name: str | None = None) -> Path:
        path = tmp_path / f"{name or f'hostile_{next(counter)}'}.py"
        path.write_text(textwrap.dedent(source))
        return path

    return write
