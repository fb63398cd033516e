"""The last table set for each game (seats, names, options), remembered between runs.

Kept as JSON in the user's config folder (platformdirs), or ``$TABLETOP_CONFIG_DIR``. A file
that cannot be read is ignored: remembering is a convenience, never a reason to fail.
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


def last_table(game: str) -> dict[str, Any]:
    found = _all().get(game)
    return found if isinstance(found, dict) else {}


def remember_table(game: str, table: dict[str, Any]) -> None:
    data = _all()
    data[game] = table
    path = settings_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    except OSError:
        pass
