"""Text from people, plugins and files, made safe to print.

Such text is never Rich markup (``[/]`` would crash the print, ``[red]`` would restyle it),
never an emoji code, and never a terminal command: control characters, escape sequences,
bidirectional overrides and unencodable surrogates are shown escaped (``\\x1b``), not sent.
Every command prints outside text through :func:`fmt` or :func:`plain`.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Span, Text

#: C0 and C1 controls, DEL, line/paragraph separators, bidirectional marks and overrides,
#: and lone surrogates (which no encoding can write).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
#: Stands for a value while the template is parsed; clean() escapes it, so no value holds it.
_PLACE = "\x00"
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

    ``fmt("[seat]{}[/] wins", name)`` styles the frame, never the name. The values are never
    parsed at all: the template is parsed with a stand-in character for each ``{}``, which is
    then replaced by the value, keeping the style at that place.
    """
    if template.count("{}") != len(values):
        raise ValueError(f"template {template!r} has {template.count('{}')} places for {len(values)} values")
    frame = Text.from_markup(template.replace("{}", _PLACE), emoji=False)
    places = [i for i, char in enumerate(frame.plain) if char == _PLACE]
    cuts = [edge for i in places for edge in (i, i + 1)]
    out = Text(style=frame.style)
    filling = iter(values)
    for piece in frame.divide(cuts):
        if piece.plain == _PLACE:
            value = clean(next(filling), lines=True)
            piece = Text(value, style=piece.style, spans=[Span(0, len(value), span.style) for span in piece.spans])
        out.append_text(piece)
    return out
