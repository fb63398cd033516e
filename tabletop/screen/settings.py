"""The last table set for each game (seats, names, options), remembered between runs.

Kept as JSON in the user's config folder (platformdirs), or ``$TABLETOP_CONFIG_DIR``. A file
that cannot be read is ignored, and a readable one is checked field by field: what cannot be
used (a null, a number where a name goes, a list where options go) is dropped, the rest kept.
Remembering is a convenience, never a reason to fail.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

CONFIG_ENV = "TABLETOP_CONFIG_DIR"


def settings_file() -> Path:
    folder = os.environ.get(CONFIG_ENV)
    if folder:
        return Path(folder) / "tables.json"
    from platformdirs import user_config_path

    return user_config_path("tabletop") / "tables.json"


def _all() -> dict[str, Any]:
    try:
        data = json.loads(settings_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


#: Most seats and longest name kept from the file: more is not a table a person set.
MOST_REMEMBERED = 64
LONGEST_NAME = 40


def last_table(game: str) -> dict[str, Any]:
    """``{"seats": [str...], "names": [str...], "options": {str: value}}``, each field present
    only if the file held a usable one; names that are not text are blank."""
    found = _all().get(game)
    if not isinstance(found, dict):
        return {}
    table: dict[str, Any] = {}
    seats = found.get("seats")
    if isinstance(seats, list) and all(isinstance(k, str) for k in seats) and len(seats) <= MOST_REMEMBERED:
        table["seats"] = seats
    names = found.get("names")
    if isinstance(names, list):
        table["names"] = [n[:LONGEST_NAME] if isinstance(n, str) else "" for n in names[:MOST_REMEMBERED]]
    options = found.get("options")
    if isinstance(options, dict):
        table["options"] = {k: v for k, v in options.items() if isinstance(v, str | int | float | bool)}
    return table


def remember_table(game: str, table: dict[str, Any]) -> None:
    data = _all()
    data[game] = table
    path = settings_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    except OSError:
        pass
