"""A cheap look for damage anywhere in a results database's tables, made on every open.

SQLite reads only the pages a statement needs, so a file damaged past its header was used as if
nothing were wrong (``simulate`` only appends; ``runs`` never reads the middle of an index). A full
``PRAGMA quick_check`` reads every row (0.3 s for 100,000 games); this reads only the b-tree
pages' headers: the file is as long as its header says, every page of every table and index is
reached from its root (no more pages than the file has) and is a b-tree page (its type byte), and
an interior page lists its cells inside itself. No Python code runs per cell or per leaf: every
page's type byte comes from one strided slice of a memory map, and an interior page's child
pointers are gathered in C from a table of the page's 4-byte words (about 28 M CPU instructions
for 100,000 Windup War games, 2 % of a 100-game ``simulate``). Damage inside a row's bytes is left to
SQLite, which names it when the row is read (one sentence, too).
"""

from __future__ import annotations

import array
import mmap
import operator
import re
import struct
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

_HEADER = struct.Struct(">BHHH")  # page type, first freeblock, cells, start of the cell content
_CHILD = struct.Struct(">I").unpack_from  # an interior cell's child page number
_KINDS = bytes([2, 5, 10, 13])  # index interior, table interior, index leaf, table leaf
_INTERIOR = re.compile(rb"[\x02\x05]")
_WORD = next(code for code in "IL" if array.array(code).itemsize == 4)  # a 4-byte machine word


def damaged_page(path: Path, roots: Iterable[int]) -> int | None:
    """The number of the first page found damaged in the b-trees whose root pages are ``roots``
    (page 1, the schema's, is always looked at), 0 if the file's length is wrong, -1 for a page
    pointer out of the file, else None.

    Call it only while no write-ahead log holds pages newer than the file (the caller checks)."""
    with path.open("rb") as handle, mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
        size = len(data)
        page_size = struct.unpack_from(">H", data, 16)[0]
        page_size = 65536 if page_size == 1 else page_size
        if page_size < 512 or size % page_size:
            return 0
        pages = size // page_size
        counted, changed, valid_for = struct.unpack_from(">I", data, 28)[0], data[24:28], data[92:96]
        if changed == valid_for and counted != pages:
            return 0
        usable = page_size - data[20]
        places = _word_places(usable)
        # every page's first byte, its type (page 1's is "S" of the file's header), indexed by page
        # number, in one C slice: a leaf costs nothing more
        first_bytes = b"\0" + data[::page_size]
        level = [1, *roots]  # each level of every b-tree at once, as page numbers
        seen = 0
        if min(level) < 1:
            return -1
        while level:
            seen += len(level)
            if seen > pages or not all(level):  # children are unsigned: only 0 is out of the file
                return -1  # a page pointer out of the file, or pages reached more than once
            try:
                kinds = _pick(first_bytes, level)
            except IndexError:
                return -1
            if seen == len(level):  # the first level: page 1's header follows the file's header
                kinds = bytes([data[100]]) + kinds[1:]
            wrong = kinds.translate(None, _KINDS)
            if wrong:
                return level[kinds.index(wrong[0])]
            children: list[int] = []
            for found in _INTERIOR.finditer(kinds):
                number = level[found.start()]
                base = (number - 1) * page_size
                if not _interior(data, base, base + 100 if number == 1 else base, usable, places, children):
                    return number
            level = children
    return None


def _gather(data: Sequence[int], places: Sequence[int]) -> tuple[int, ...]:
    """The items of ``data`` at ``places``, gathered in C."""
    return operator.itemgetter(*places)(data) if len(places) > 1 else (data[places[0]],)


def _pick(data: bytes, places: Sequence[int]) -> bytes:
    return bytes(_gather(data, places))


def _word_places(usable: int) -> list[int]:
    """Where the 4-byte big-endian number starting at each offset of a page (up to ``usable - 4``)
    sits in the page's word table (see :func:`_words`); built by slices, in C."""
    places, start = [0] * (usable - 3), 0
    for shift in range(4):
        count = (usable - shift) // 4
        # a little-endian machine reads the page reversed: its word at ``shift + 4 * k`` is the
        # big-endian number at offset ``usable - 4 - shift - 4 * k``
        at = slice(usable - 4 - shift, None, -4) if sys.byteorder == "little" else slice(shift, None, 4)
        places[at] = range(start, start + len(places[at]))
        start += count
    return places


def _words(page: bytes) -> array.array:
    """The page's 4-byte numbers at every offset, as native machine words in C (four arrays, one
    for each offset modulo 4, end to end; a little-endian machine reads the page reversed)."""
    if sys.byteorder == "little":
        page = page[::-1]
    words = array.array(_WORD)
    for shift in range(4):
        words.frombytes(page[shift:shift + (len(page) - shift) // 4 * 4])
    return words


def _interior(data: mmap.mmap, base: int, head: int, usable: int, places: list[int], children: list[int]) -> bool:
    """Whether the interior page at ``base`` (its header at ``head``) lists its cells inside
    itself; its children's page numbers are added to ``children``. No Python code runs per cell:
    each cell's 4-byte child pointer is looked up in the page's word table, in C."""
    _, _, cells, content = _HEADER.unpack_from(data, head)
    content = content or 65536
    if not cells or head + 12 + 2 * cells > base + usable or content > usable:
        return False
    offsets = struct.unpack_from(f">{cells}H", data, head + 12)
    if min(offsets) < content:
        return False
    try:  # a child pointer past the page has no place
        children += _gather(_words(data[base:base + usable]), _gather(places, offsets))
    except IndexError:
        return False
    children.append(_CHILD(data, head + 8)[0])
    return True
