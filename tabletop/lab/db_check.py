"""A cheap look for damage anywhere in a results database's tables, made on every open.

SQLite reads only the pages a statement needs, so a file damaged past its header was used as if
nothing were wrong (``simulate`` only appends; ``runs`` never reads the middle of an index). A full
``PRAGMA quick_check`` reads every row (0.3 s for 100,000 games); this reads only the b-tree
pages' headers: the file is as long as its header says, every page of every table and index is
reached from its root (no more pages than the file has) and is a b-tree page (its type byte), and an interior page lists its
cells inside itself. One byte of each leaf is read, through a memory map, in C; the Python work is
per interior cell (a few ms for 100,000 games, /work/notes/39.md). Damage inside a row's bytes is
left to SQLite, which names it when the row is read (one sentence, too).
"""

from __future__ import annotations

import mmap
import operator
import re
import struct
from collections.abc import Iterable
from pathlib import Path

_HEADER = struct.Struct(">BHHH")  # page type, first freeblock, cells, start of the cell content
_CHILD = struct.Struct(">I").unpack_from  # an interior cell's child page number
_KINDS = bytes([2, 5, 10, 13])  # index interior, table interior, index leaf, table leaf
_INTERIOR = re.compile(rb"[\x02\x05]")


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
        # each level of every b-tree at once, as the byte offsets of its pages' headers (page 1's
        # follows the file's header, at byte 100)
        heads, seen = [100, *((root - 1) * page_size for root in roots)], 0
        while heads:
            seen += len(heads)
            if min(heads) < 0 or seen > pages:
                return -1  # a page pointer out of the file, or pages reached more than once
            # every page's type byte, read in C (most pages are leaves: this is all they cost)
            try:
                kinds = bytes(operator.itemgetter(*heads)(data)) if len(heads) > 1 else bytes([data[heads[0]]])
            except IndexError:
                return -1
            wrong = kinds.translate(None, _KINDS)
            if wrong:
                return heads[kinds.index(wrong[0])] // page_size + 1
            children: list[int] = []
            for found in _INTERIOR.finditer(kinds):
                head = heads[found.start()]
                if not _interior(data, head - head % page_size, head, page_size, usable, children):
                    return head // page_size + 1
            heads = children
    return None


def _interior(data: mmap.mmap, base: int, head: int, page_size: int, usable: int, children: list[int]) -> bool:
    """Whether the interior page at ``base`` (its header at ``head``) lists its cells inside
    itself; its children's header offsets are added to ``children``."""
    _, _, cells, content = _HEADER.unpack_from(data, head)
    content = content or 65536
    if not cells or head + 12 + 2 * cells > base + usable or content > usable:
        return False
    offsets = struct.unpack_from(f">{cells}H", data, head + 12)
    if min(offsets) < content or max(offsets) > usable - 4:
        return False
    page = data[base:base + usable]
    children += [(_CHILD(page, offset)[0] - 1) * page_size for offset in offsets]
    children.append((_CHILD(page, head - base + 8)[0] - 1) * page_size)
    return True
