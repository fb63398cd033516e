"""Class 10: workers and plugins that end processes. A worker killed as the out-of-memory killer
kills is one sentence naming it, and the run ends with its summary; a plugin's ``sys.exit()`` in
its statistics hook is that plugin's failure, in one process or many; nothing hangs. Each run is a
real ``tabletop`` process with a time limit, so a hang fails the test instead of stopping the suite."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from tests.attack.helpers import says
from tests.test_project import ROOT

GOOF = ("--plugin", "tests.goofspiel.plugin")

KILLER = """
import os
import signal

from tabletop.core import hookimpl
from tabletop.core.stats import Stat

PARENT = os.getpid()
SEEN = [0]
FLAG = __file__ + ".died"


@hookimpl
def tabletop_collect_stats(game, outcome):
    SEEN[0] += 1
    if os.getpid() != PARENT and SEEN[0] == 30:
        try:
            os.close(os.open(FLAG, os.O_CREAT | os.O_EXCL))  # only the first worker there dies
        except FileExistsError:
            pass
        else:
            os.kill(os.getpid(), signal.SIGKILL)
    return [Stat("seen", SEEN[0])]
"""

EXITER = """
import sys

from tabletop.core import hookimpl


@hookimpl
def tabletop_collect_stats(game, outcome):
    sys.exit(7)
"""


def tabletop(tmp_path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *GOOF, *args, "--db", str(tmp_path / "lab.sqlite3")],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )


@pytest.mark.slow
def test_a_killed_worker_is_one_sentence_and_the_run_ends_with_its_summary(tmp_path):
    plugin = tmp_path / "killer.py"
    plugin.write_text(KILLER)
    done = tabletop(tmp_path, "--plugin", str(plugin), "simulate", "goofspiel", "-n", "400", "--workers", "2",
                    "--json")
    assert done.returncode == 1, done.stderr
    summary = json.loads(done.stdout)
    assert summary["problem"].startswith("Worker process ")
    assert "was killed by SIGKILL (as the out-of-memory killer does); the run stopped." in summary["problem"]
    assert 0 < summary["games"] < 400
    assert says(done.stderr, f"The {summary['games']} games that finished are counted below.")
    assert "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_sys_exit_in_a_statistics_hook_is_the_plugins_failure_not_the_programs_exit(tmp_path, workers):
    plugin = tmp_path / "exiter.py"
    plugin.write_text(EXITER)
    done = tabletop(tmp_path, "--plugin", str(plugin), "simulate", "goofspiel", "-n", "60", "--workers", workers)
    assert done.returncode == 0, done.stderr
    assert says(done.stderr, f"Statistics were left out of 60 games (the games count): plugin '{plugin}' failed "
                             "in its statistics: SystemExit: 7.")
    assert "goofspiel: 60 games" in done.stdout


ONLY_HERE = """
import sys

from tabletop.plugin_api import hookimpl
from tests.goofspiel.game import Goofspiel

if any("default_worker" in arg for arg in sys.argv):  # a Ray worker process
    raise RuntimeError("this plugin loads only where the run started")


class RaySpiel(Goofspiel):
    name = "rayspiel"


@hookimpl
def tabletop_register_games():
    return [RaySpiel()]
"""


@pytest.mark.slow
def test_a_plugin_that_fails_only_in_a_ray_worker_is_one_sentence(tmp_path):
    """In a process of its own: Ray leaves its signal handlers behind in the process that started it."""
    if importlib.util.find_spec("ray") is None:
        pytest.skip("Ray is not installed (pip install 'tabletop[ray]')")
    plugin = tmp_path / "only_here.py"
    plugin.write_text(ONLY_HERE)
    done = tabletop(tmp_path, "--plugin", str(plugin), "simulate", "rayspiel", "-n", "8", "--backend", "ray",
                    "--workers", "1")
    assert done.returncode == 1, done.stderr
    assert says(done.stderr, f"A Ray worker could not play its games (the plugin '{plugin}' did not load there: "
                             "RuntimeError: this plugin loads only where the run started); the run stopped.")
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) <= 8
