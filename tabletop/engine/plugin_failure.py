"""A plugin that failed to load, in one line; and what a plugin may raise and still count as
merely broken (shared by the registry and its builder)."""

from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass
from typing import Any

#: What a plugin may raise at import or registration and still count as merely broken.
LOAD_ERRORS = (Exception, SystemExit)


@dataclass(frozen=True, slots=True)
class PluginFailure:
    """A plugin that failed to load, or a name it could not take (``conflict``)."""

    plugin: str
    reason: str
    conflict: bool = False


#: Longest reason kept for a plugin's failure: a hostile plugin's megabyte message is cut.
MAX_REASON = 300


def reason_of(error: BaseException) -> str:
    text = str(error).strip()
    if len(text) > MAX_REASON:
        text = text[:MAX_REASON] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def quietly() -> contextlib.AbstractContextManager[Any]:
    """What a plugin prints while it loads goes to standard error: standard output is the
    commands' (``--json`` prints only JSON there)."""
    return contextlib.redirect_stdout(sys.stderr)
