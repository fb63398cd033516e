"""Class 12: start-up. ``--version`` and ``--help`` load no plugin (a slow or broken one cannot
hold them up); a Ctrl-C while a plugin loads is one sentence; the command list is one line per
sentence at 80 columns."""

from __future__ import annotations

import subprocess
import sys

from tests.test_project import ROOT

SLOW_PLUGIN = """
import pathlib
pathlib.Path(__file__).with_suffix(".loaded").write_text("loaded")
raise RuntimeError("this plugin should not have been loaded")
"""


def test_version_and_help_load_no_plugin(run_main, plugin_file, monkeypatch):
    plugin = plugin_file(SLOW_PLUGIN, name="slow")
    monkeypatch.setenv("TABLETOP_PLUGINS", str(plugin))
    for args in (("--version",), ("--help",), ()):
        result = run_main(*args)
        assert result.code in (0, 2), result.err
        assert not plugin.with_suffix(".loaded").exists(), args
        assert "should not have been loaded" not in result.text
    assert run_main("--version").out.startswith("tabletop ")


def test_ctrl_c_while_a_plugin_loads_is_one_sentence(run_main, plugin_file):
    plugin = plugin_file("raise KeyboardInterrupt\n", name="interrupted")
    result = run_main("--plugin", str(plugin), "list")
    assert result.code == 130
    assert "Traceback" not in result.text and "Stopped (Ctrl-C)." in result.text


def test_each_command_of_help_is_one_unbroken_sentence_at_80_columns():
    shown = subprocess.run([sys.executable, "-m", "tabletop", "--help"], cwd=ROOT, capture_output=True,
                           text=True, timeout=60, env={"COLUMNS": "80", "PATH": "/usr/bin:/bin", "TERM": "dumb"})
    lines = [line for line in shown.stdout.splitlines() if line.startswith("│ bench")]
    (bench,) = lines
    at = shown.stdout.splitlines().index(bench)
    following = shown.stdout.splitlines()[at + 1: at + 6]
    shown_lines = [line.strip("│ ").strip() for line in [bench, *following]]
    # The docstring's own line break put "simulate path" on a line of its own, "and through the" before it.
    assert not any(line.endswith("through the") for line in shown_lines)
    assert all(len(line) <= 80 for line in shown.stdout.splitlines())
