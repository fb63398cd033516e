"""A plugin's RULES.md as a player reads it: without the developers' pointers to test files
and test names, which RULES.md keeps so every interpretation can be traced to its test, nor
to the Python modules that hold each rule (``tabletop rules`` is read by players, to whom
``fight.py`` means nothing)."""

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


#: "Each heading names the module that ..." to the end of its paragraph: a map for developers.
_MODULE_MAP = re.compile(r"[ \t]*\bEach heading (?:below )?names the module\b.*?(?=\n[ \t]*\n|\Z)", re.S)
#: A heading's parenthesis naming files: "## A fight (playing.py, fight.py)".
_HEADING_FILES = re.compile(r"\s*\([^()\n]*\b\w+\.(?:py|toml)\b[^()\n]*\)")


def rules_for_players(text: str) -> str:
    """``text`` with every reference to the test suite and to the source modules taken out."""
    for pattern in _PATTERNS:
        text = pattern.sub("", text)
    text = _MODULE_MAP.sub("", text)
    text = "\n".join(_HEADING_FILES.sub("", line) if line.startswith("#") else line for line in text.split("\n"))
    return re.sub(r"\n(?:[ \t]*\n){2,}", "\n\n", text)
