"""A cheap look for damage anywhere in a results database's tables, made on every open.

SQLite reads only the pages a statement needs, so a file damaged past its header was used as if
nothing were wrong (``simulate`` only appends; ``runs`` never reads the middle of an index). A full
``PRAGMA quick_check`` reads every row (0.3 s for 100,000 games); this reads only the b-tree
pages' headers: the file is as long as its header says, every page of every table and index is
reached once from its root, is a b-tree page, and lists its cells inside itself. About a tenth of
the pages' bytes are looked at, through a memory map (docs/lab.md gives the cost). Damage inside a
row's bytes is left to SQLite, which names it when the row is read (one sentence, too).
"""

from __future__ import annotations

import mmap
import struct
from collections.abc import Iterable
from pathlib import Path

_HEADER = struct.Struct(">BHHH")  # page type, first freeblock, cells, start of the cell content


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
        level, seen, unpack = [1, *roots], 0, _HEADER.unpack_from
        while level:  # one level of every b-tree at a time; leaves are most pages, read in one loop
            seen += len(level)
            if len(set(level)) != len(level) or min(level) < 1 or max(level) > pages or seen > pages:
                return -1  # a page pointer out of the file, or a page reached twice
            children: list[int] = []
            for number in level:  # most pages are leaves: their header only, inline
                base = (number - 1) * page_size
                head = base + 100 if number == 1 else base
                kind, _, cells, content = unpack(data, head)
                if kind == 13 or kind == 10:
                    if head + 8 + 2 * cells > base + usable or (content or 65536) > usable:
                        return number
                elif (kind != 5 and kind != 2) or not _interior(data, base, head, cells, content, usable, children):
                    return number
            level = children
    return None


def _interior(data: mmap.mmap, base: int, head: int, cells: int, content: int, usable: int,
              children: list[int]) -> bool:
    """Whether the interior page at ``base`` (its header at ``head``) lists its cells inside
    itself; its children are added to ``children``."""
    content = content or 65536
    if not cells or head + 12 + 2 * cells > base + usable or content > usable:
        return False
    offsets = struct.unpack_from(f">{cells}H", data, head + 12)
    if min(offsets) < content or max(offsets) > usable - 4:
        return False
    children.extend(struct.unpack_from(">I", data, base + offset)[0] for offset in offsets)
    children.append(struct.unpack_from(">I", data, head + 8)[0])
    return True
