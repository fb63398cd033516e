"""The files ``tabletop new NAME`` writes: a complete plugin package, from templates.

Each file under ``template/`` is copied with ``${name}``, ``${title}`` and ``${cls}``
filled in (:class:`string.Template`), its ``.tmpl`` ending dropped and the folder ``PKG``
renamed to the game's name. The game is the one ``docs/writing-a-plugin.md`` explains.
"""

from __future__ import annotations

import importlib.util
import keyword
import sys
from collections.abc import Iterable
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Template

from tabletop.core.errors import TabletopError

TEMPLATE = files(__package__) / "template"


class ScaffoldError(TabletopError):
    """A name or folder ``tabletop new`` cannot use."""


def check_name(name: str, *, installed: Iterable[str] = ()) -> None:
    """Refuse a name that is not a lowercase Python identifier or is an installed game's."""
    if not name.isidentifier() or keyword.iskeyword(name) or name != name.lower():
        raise ScaffoldError(
            f"'{name}' cannot name a game: use lowercase letters, digits and underscores, starting with a letter."
        )
    if name in set(installed):
        raise ScaffoldError(f"A game named '{name}' is already installed; choose another name.")
    if name in sys.stdlib_module_names or importlib.util.find_spec(name) is not None:
        raise ScaffoldError(f"'{name}' is already the name of an importable Python module; choose another name.")


def words(name: str) -> dict[str, str]:
    """The substitutions for a game name: ``my_game`` -> title ``My Game``, class ``MyGame``."""
    parts = [p for p in name.split("_") if p]
    return {"name": name, "title": " ".join(p.capitalize() for p in parts), "cls": "".join(p.capitalize() for p in parts)}


def _walk(folder: Traversable, prefix: Path) -> Iterable[tuple[Path, str]]:
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.is_dir():
            if item.name != "__pycache__":
                yield from _walk(item, prefix / item.name)
        elif item.name.endswith(".tmpl"):
            yield prefix / item.name.removesuffix(".tmpl"), item.read_text(encoding="utf-8")


def render(name: str) -> dict[Path, str]:
    """Every file of the new package, by its path relative to the package's folder."""
    subs = words(name)
    out: dict[Path, str] = {}
    for relative, text in _walk(TEMPLATE, Path()):
        parts = [name if p == "PKG" else p.replace("PKG", name) for p in relative.parts]
        out[Path(*parts)] = Template(text).substitute(subs)
    return out


def write(name: str, folder: Path, *, installed: Iterable[str] = ()) -> list[Path]:
    """Write the package for game ``name`` into the new folder ``folder``; returns the files."""
    check_name(name, installed=installed)
    if folder.exists():
        raise ScaffoldError(f"{folder} already exists; choose another --dir or remove it first.")
    written = []
    for relative, text in render(name).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
