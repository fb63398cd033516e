"""Shared fixtures: a fresh plugin registry per test, and a CLI runner bound to it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from io import StringIO

import pytest
from hypothesis import settings
from rich.console import Console
from typer.testing import CliRunner

from tabletop.cli.app import Runtime, make_app
from tabletop.engine.registry import Registry, build_registry
from tabletop.terminal.output import THEME, Output
from tests.goofspiel import plugin as goofspiel_plugin

# No property test fails for taking long: Hypothesis's default 200 ms deadline per example is a
# clock, and a busy machine missed it (a flaky failure that said nothing about the code). Tests
# wait on conditions; a hang is caught by the test's own bounds.
settings.register_profile("tabletop", deadline=None)
settings.load_profile("tabletop")


@pytest.fixture
def registry() -> Registry:
    """Installed plugins plus the Goofspiel test game, freshly loaded."""
    return build_registry(extra=[goofspiel_plugin])


@pytest.fixture
def goofspiel(registry: Registry):
    return registry.game("goofspiel")


@dataclass
class CliResult:
    exit_code: int
    out: str
    err: str


class Cli:
    """Runs ``tabletop`` commands in-process with fixed-width consoles and scripted input."""

    def __init__(self, registry: Registry):
        self.registry = registry

    def __call__(self, *args: str, input: Sequence[str] = ()) -> CliResult:
        out, err = StringIO(), StringIO()
        answers: Iterator[str] = iter(input)

        def ask(prompt: str) -> str:
            out.write(prompt)
            try:
                return next(answers)
            except StopIteration:
                raise EOFError from None

        output = Output(
            Console(file=out, width=100, theme=THEME, force_terminal=False, color_system=None),
            Console(file=err, width=100, theme=THEME, force_terminal=False, color_system=None),
        )
        app = make_app(Runtime(registry=self.registry, output=output, ask=ask))
        result = CliRunner().invoke(app, list(args), catch_exceptions=False)
        return CliResult(result.exit_code, out.getvalue() + result.stdout, err.getvalue())


@pytest.fixture
def cli(registry: Registry) -> Cli:
    return Cli(registry)


@pytest.fixture
def scaffold(cli, tmp_path, monkeypatch):
    """``scaffold(name)``: the plugin module of the package `tabletop new NAME` writes, importable
    (not installed); its modules are forgotten afterwards."""
    import importlib
    import sys

    names: list[str] = []

    def make(name: str):
        assert cli("new", name, "--dir", str(tmp_path / name)).exit_code == 0
        monkeypatch.syspath_prepend(str(tmp_path / name))
        names.append(name)
        return importlib.import_module(f"{name}.plugin")

    yield make
    for module in [m for m in sys.modules if m.split(".")[0] in names]:
        del sys.modules[module]


@pytest.fixture
def records(tmp_path, monkeypatch):
    """Records land in a temporary folder, never in the real home."""
    folder = tmp_path / "records"
    monkeypatch.setenv("TABLETOP_RECORDS", str(folder))
    return folder


@pytest.fixture(autouse=True)
def lab_db(tmp_path, monkeypatch):
    """Simulations keep their results in a temporary database, never in the real home."""
    path = tmp_path / "lab.sqlite3"
    monkeypatch.setenv("TABLETOP_DB", str(path))
    return path


# CI runs the README's test line with only `.[test]` installed, then installs the extras and runs
# again the test files that skipped (see .ci/run): each skipped file (or folder, for a folder whose
# conftest skips) is written to the file named by $TABLETOP_SKIPPED, one per line.
def pytest_terminal_summary(terminalreporter) -> None:
    import os

    where = os.environ.get("TABLETOP_SKIPPED")
    if where:
        with open(where, "a", encoding="utf-8") as out:
            for report in terminalreporter.stats.get("skipped", []):
                out.write(report.nodeid.split("::")[0] + "\n")
