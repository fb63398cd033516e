"""A plugin's RULES.md as a player reads it: without the developers' pointers to test files
and test names, which RULES.md keeps so every interpretation can be traced to its test."""

from __future__ import annotations

import re

_PATTERNS = (
    # "...the sentence it reads, and has a test in `tests/wms/` (test names in brackets)."
    re.compile(r"[;,]?\s+(?:each one\s+|and\s+)?has\s+a\s+test\s+in\s+`tests/[^`]*`(?:\s+\(test\s+names\s+in\s+brackets\))?"),
    # "Each is decided once, here, and tested in `tests/windupwar/`."
    re.compile(r",?\s+and\s+tested\s+in\s+`tests/[^`]*`"),
    # "Tests: `test_a`, `test_b`." / "Test: `test_a`."
    re.compile(r"\s*\bTests?:\s*`test_\w+`(?:,?\s*(?:and\s+)?`test_\w+`)*\.?"),
    # "[test_a, test_b]" after a sentence
    re.compile(r"\s*\[test_\w+(?:,\s*test_\w+)*\]"),
)


def rules_for_players(text: str) -> str:
    """``text`` with every reference to the test suite taken out."""
    for pattern in _PATTERNS:
        text = pattern.sub("", text)
    return text
