"""Join codes kept on the player's machine, so joining the same table again needs no retyping.

One JSON file, ``join-codes.json`` in the user data folder (platformdirs, or
``$TABLETOP_DATA_DIR``), readable by its owner alone (0600, in a 0700 folder): a code is the
seat's only key, as good as a password for that game. It maps each server address to the last
code used there.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from tabletop.core.errors import TabletopError

DATA_ENV = "TABLETOP_DATA_DIR"
FILE = "join-codes.json"


def codes_path() -> Path:
    """Where the codes are kept: ``$TABLETOP_DATA_DIR/join-codes.json``, else the user data folder's."""
    folder = os.environ.get(DATA_ENV)
    if folder:
        return Path(folder) / FILE
    import platformdirs

    return platformdirs.user_data_path("tabletop") / FILE


def _read(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        return {}  # a damaged file is replaced at the next save; the person types the code again
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(data, dict) else {}


def stored_code(url: str, path: Path | None = None) -> str | None:
    """The code last used to join ``url`` here, if any."""
    return _read(path or codes_path()).get(url)


def store_code(url: str, code: str, path: Path | None = None) -> Path:
    """Keep ``code`` for ``url`` in the owner-only file (written whole, then renamed into place)."""
    path = path or codes_path()
    codes = _read(path)
    if codes.get(url) == code:
        return path
    codes[url] = code
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".join-codes-", dir=path.parent)  # created 0600
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump(codes, file, indent=1)
                file.flush()
                os.fsync(file.fileno())
            os.chmod(temporary, 0o600)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise TabletopError(f"Could not keep the join code in {path} ({error.strerror or error}); "
                            "pass --code again next time.") from None
    return path
