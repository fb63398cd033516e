"""End to end, as a plugin author meets it: `tabletop new`, then install the engine and the new
package into a fresh virtual environment and use them there; broken plugins are reported by
name while every other game keeps working.

Slow (one `pip install` of about twenty seconds for the whole module), still part of the suite.
"""

import os
import subprocess
import venv
from pathlib import Path

import pytest

from tabletop.scaffold import write

ENGINE = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def run(env_dir: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    bindir = env_dir / "bin"
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TABLETOP_PLUGINS", "VIRTUAL_ENV")}
    environ.update(PATH=f"{bindir}{os.pathsep}{environ.get('PATH', '')}", COLUMNS="200",
                   TABLETOP_RECORDS=str(env_dir / "records"))
    return subprocess.run(list(args), cwd=cwd or env_dir, capture_output=True, text=True, env=environ, timeout=600)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    root = tmp_path_factory.mktemp("scaffold")
    write("bidders", root / "bidders")
    write("badcards", root / "badcards")  # a real plugin whose card data is then broken
    cards = root / "badcards" / "badcards" / "cards.toml"
    cards.write_text(cards.read_text().replace('id = "r1"\nkind = "bid"\nvalue = 1', 'id = "r1"\nkind = "bid"\nvalue = "one"'))
    broken = root / "brokenimport"  # a plugin whose module fails to import
    (broken / "brokenimport").mkdir(parents=True)
    (broken / "brokenimport" / "__init__.py").write_text("")
    (broken / "brokenimport" / "plugin.py").write_text("import no_such_module_anywhere\n")
    (broken / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=77"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "brokenimport"\nversion = "0.1"\n[tool.setuptools]\npackages = ["brokenimport"]\n'
        '[project.entry-points.tabletop]\nbrokenimport = "brokenimport.plugin"\n'
    )
    env_dir = root / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    installed = run(env_dir, str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q", "-e", str(ENGINE),
                    "-e", str(root / "bidders"), "-e", str(root / "badcards"), "-e", str(broken), "pytest")
    assert installed.returncode == 0, installed.stderr[-3000:]
    return root, env_dir


def test_the_new_game_is_listed_beside_the_bundled_ones_and_broken_plugins_by_name(world):
    root, env_dir = world
    listed = run(env_dir, "tabletop", "list")
    assert listed.returncode == 0, listed.stderr
    out = " ".join(listed.stdout.split())
    for game in ("bidders", "castlewars", "windupwar", "wms", "windup_machines"):
        assert f"│ {game} " in out, game
    assert "thrifty" in out
    assert ("Plugin 'badcards' failed to load: CardDataError: cards.toml: card 'r1' field 'value': "
            "expected a whole number, got 'one'.") in out
    assert "Plugin 'brokenimport' failed to load: ModuleNotFoundError: No module named 'no_such_module_anywhere'" in out
    assert "Traceback" not in listed.stdout + listed.stderr


def test_the_new_game_passes_tabletop_check_with_its_bot(world):
    _, env_dir = world
    checked = run(env_dir, "tabletop", "check", "bidders", "-n", "30")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "30 games" in checked.stdout and "pass" in checked.stdout


def test_the_new_game_plays_to_the_end_with_its_bot(world):
    _, env_dir = world
    played = run(env_dir, "tabletop", "simulate", "bidders", "-n", "20", "--seats", "thrifty,random,random")
    assert played.returncode == 0, played.stderr
    assert "thrifty" in played.stdout


def test_the_generated_tests_pass_with_the_pytest_plugin(world):
    root, env_dir = world
    tested = run(env_dir, str(env_dir / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                 str(root / "bidders"), cwd=root / "bidders")
    assert tested.returncode == 0, tested.stdout[-3000:] + tested.stderr[-2000:]
    assert "11 passed" in tested.stdout


def test_a_broken_game_is_refused_by_name_while_others_play(world):
    _, env_dir = world
    refused = run(env_dir, "tabletop", "check", "badcards")
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "The game 'badcards' failed to load: CardDataError: cards.toml: card 'r1'" in " ".join(refused.stderr.split())
    other = run(env_dir, "tabletop", "check", "castlewars", "-n", "2")
    assert other.returncode == 0, other.stdout + other.stderr


def test_the_engine_under_test_is_this_checkout(world):
    _, env_dir = world
    where = run(env_dir, str(env_dir / "bin" / "python"), "-c", "import tabletop, sys; print(tabletop.__file__)")
    assert Path(where.stdout.strip()).resolve().parent == ENGINE / "tabletop", where.stdout
