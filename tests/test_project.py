"""Project-level promises: CI runs the README's test command; the core names no game."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def quickstart_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.strip()]


def test_quickstart_has_exactly_two_commands_play_then_test():
    play, test = quickstart_commands()
    assert "tabletop play" in play
    assert "pytest" in test


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    _, test = quickstart_commands()
    assert "pip install -e '.[test]'" in test and "grep -m1 -F \"pip install -e '.[test]'\" README.md" in ci


def test_the_core_names_no_game():
    pattern = re.compile(r"windup|castle|wms|wobbly|clockwork|goofspiel", re.I)
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "tabletop" / "core").rglob("*.py")
        if pattern.search(path.read_text())
    ]
    assert offenders == []


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff comes with the test extras")
def test_the_code_passes_the_linter():
    result = subprocess.run(["ruff", "check", "tabletop", "plugins", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("name", ["windupwar", "castlewars", "wms", "windup_machines"])
def test_the_readme_gives_each_bundled_game_the_player_counts_the_chooser_shows(registry, name):
    from tabletop.screen.text import players_range

    game = registry.game(name)
    row = next(line for line in (ROOT / "README.md").read_text().splitlines() if line.startswith(f"| `{name}` |"))
    top = game.recommended_max_players or game.max_players
    counts = str(top) if game.min_players == top else f"{game.min_players}-{top}"
    assert f"** ({counts} player" in row   # the title's first counts: the tested range
    assert players_range(game) in row
