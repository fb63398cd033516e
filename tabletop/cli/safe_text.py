"""Text from people, plugins and files, made safe to print.

Such text is never Rich markup (``[/]`` would crash the print, ``[red]`` would restyle it),
never an emoji code, and never a terminal command: control characters, escape sequences,
bidirectional overrides and unencodable surrogates are shown escaped (``\\x1b``), not sent.
Every command prints outside text through :func:`fmt` or :func:`plain`.
"""

from __future__ import annotations

import re
from typing import Any

from rich.markup import escape
from rich.text import Text

#: C0 and C1 controls, DEL, line/paragraph separators, bidirectional marks and overrides,
#: and lone surrogates (which no encoding can write).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_KEEP_LINES = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _shown(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def clean(text: Any, *, lines: bool = False) -> str:
    """``text`` as a string with every control character shown escaped.

    ``lines=True`` keeps line breaks (multi-line messages such as a plugin's traceback text).
    """
    return (_UNSAFE_KEEP_LINES if lines else _UNSAFE).sub(_shown, str(text))


def plain(text: Any, style: str = "", *, lines: bool = False) -> Text:
    """Outside text as a Rich ``Text``: printed as it is, never parsed as markup or emoji."""
    return Text(clean(text, lines=lines), style=style)


def fmt(template: str, *values: Any) -> Text:
    """The project's own markup ``template`` with each ``{}`` filled by outside text, as plain text.

    ``fmt("[seat]{}[/] wins", name)`` styles the frame, never the name.
    """
    safe = [escape(clean(v, lines=True)) for v in values]
    return Text.from_markup(template.format(*safe), emoji=False)
