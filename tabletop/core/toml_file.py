"""A TOML file a person hands the program (a ``--cards`` variant, a deck file), read within
limits: a plain file (not /dev/zero, a pipe or a folder) of at most so many bytes, UTF-8 text,
nested at most :data:`MAX_DEPTH` levels, holding only numbers, text, true/false, lists and tables.

Each limit is a :class:`TomlRefused` whose text completes "<the file> ..." in one sentence, so the
caller names the file its own way (card data: CardDataError, a deck option: OptionError). Without
them a date failed later in JSON, non-UTF-8 bytes and deep nesting in the TOML parser, and
/dev/zero was read for ever.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from pathlib import Path
from typing import Any

#: Card data is a few dozen kilobytes (the bundled games' largest card file is 16 KB).
MAX_BYTES = 256 * 1024
#: Tables and lists inside each other: card data uses three or four levels.
MAX_DEPTH = 16
_DATES = (datetime.date, datetime.time)  # datetime.datetime is a date
#: A dotted key of more than MAX_DEPTH parts (``a.a.a...``) nests too deep anyway, and the TOML
#: parser's time grows with the square of a key's parts (100,000 of them took minutes), so such a
#: key (or text that looks like one) is refused before parsing.
_LONG_KEY = re.compile(r"""(?:(?:[A-Za-z0-9_-]+|"[^"\n]{0,200}"|'[^'\n]{0,200}')[ \t]*\.[ \t]*){%d}""" % MAX_DEPTH)


class TomlRefused(ValueError):
    """Why a file is not read: the end of a sentence that starts with the file's name."""


def read_bytes(path: str | Path, *, max_bytes: int = MAX_BYTES) -> bytes:
    """The file's bytes; FileNotFoundError and OSError pass through for the caller's own sentence,
    a file that is not plain or is too large is :class:`TomlRefused`."""
    file = Path(path)
    if file.exists() and not file.is_file():  # a folder, /dev/zero, a pipe that would never end
        raise TomlRefused("is not a plain file: name a .toml file")
    with file.open("rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise TomlRefused(f"is larger than {_size(max_bytes)}, more than card data ever needs")
    return data


def parse(data: bytes, *, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """The TOML document in ``data``; tomllib's own syntax error passes through (the caller
    quotes it), every other limit is :class:`TomlRefused`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise TomlRefused(f"is not UTF-8 text (byte {error.start + 1} is not): save it as UTF-8") from None
    if _LONG_KEY.search(text):
        raise TomlRefused(f"has a dotted key of more than {MAX_DEPTH} parts")
    try:
        table = tomllib.loads(text)
    except RecursionError:
        raise TomlRefused(f"nests lists or tables deeper than {max_depth} levels") from None
    _check(table, max_depth)
    return table


def _check(table: dict[str, Any], max_depth: int) -> None:
    """Refuse nesting deeper than ``max_depth`` and dates or times (read without recursion: a
    file of dotted keys nests as deep as it likes without the parser recursing)."""
    todo: list[tuple[Any, int, str]] = [(table, 0, "")]
    while todo:
        value, depth, where = todo.pop()
        if depth > max_depth:
            raise TomlRefused(f"nests lists or tables deeper than {max_depth} levels")
        if isinstance(value, dict):
            todo.extend((v, depth + 1, str(k)) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((v, depth + 1, where) for v in value)
        elif isinstance(value, _DATES):
            shown = "".join(c if c.isprintable() else "?" for c in where)[:40]
            raise TomlRefused(f"gives '{shown}' the date or time {value}; a card value is a number, text, "
                              "true or false, or a list of them")


def _size(count: int) -> str:
    return f"{count // 1024} KB"
