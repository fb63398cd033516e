"""The command a person types to run tabletop again, so every hint names one that works.

After the README's Quickstart, tabletop is ``.venv/bin/tabletop`` and not on the PATH: a hint
saying ``tabletop play --resume F`` would fail there. A hint names ``tabletop`` when that is
the very program running, else the program as it was invoked (``.venv/bin/tabletop``,
``.venv/bin/python -m tabletop``); installing uses the running Python's own pip.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path


def _shown(path: str) -> str:
    """A path as short as it can be typed from here: relative below the current folder."""
    try:
        relative = os.path.relpath(path)
    except ValueError:   # another drive
        return path
    if relative.startswith(".."):
        return path
    return relative if os.sep in relative else f".{os.sep}{relative}"


def program() -> str:
    """How to run tabletop from here: ``tabletop`` when the PATH finds this very program."""
    argv0 = sys.argv[0] if sys.argv else ""
    invoked = Path(argv0)
    if invoked.name == "__main__.py" and invoked.parent.name == "tabletop":
        return f"{python()} -m tabletop"
    if invoked.stem != "tabletop":   # run inside another program (a test runner): the usual name
        return "tabletop"
    found = shutil.which("tabletop")
    if found and os.path.realpath(found) == os.path.realpath(argv0):
        return "tabletop"
    return shlex.quote(_shown(argv0))


def python() -> str:
    """The running Python, as short as it can be typed from here."""
    return shlex.quote(_shown(sys.executable)) if sys.executable else "python3"


def pip() -> str:
    """The pip of the Python tabletop runs in (another pip would install elsewhere)."""
    return f"{python()} -m pip"


def command(*words: str) -> str:
    """A tabletop command line to show, e.g. ``command("play", "--resume", path)``."""
    return " ".join([program(), *(shlex.quote(w) for w in words)])

