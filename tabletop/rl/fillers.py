"""A value's filler as one generated Python function: :meth:`tabletop.rl.values._Node.fill`'s
walk, written out as source once per table with every place a constant and every list item,
record attribute and plain child inline, so a large value (Windup War's reveals, Castle Wars'
last battle) is one call rather than one per place. The same places and weights; the walk
itself remains for a value too deep or too large to write out.

A tail filler (:func:`generate_tail`) writes only a list's length and its items from a given
index on: a slot replaced by a longer copy of itself (a log of steps, one more each time) then
costs its new items, not all of them."""

from __future__ import annotations

from typing import Any

from tabletop.rl.values import _NUMBERS, _PLAIN, _TEXT_NUMBERS, _Node, text_number

#: Above this many lines of source, or this deep, a value is read by the walk.
MAX_LINES = 20000
MAX_DEPTH = 24
#: A dict of at most this many keys has each key looked up inline (else its items are walked).
INLINE_KEYS = 12


class _TooBig(Exception):
    pass


class _Writer:
    """Source lines and the constants they name (text places, dict children, member places)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {"NUMBERS": _NUMBERS, "PLAIN": _PLAIN, "TN": _TEXT_NUMBERS.get,
                                          "text_number": text_number, "MISSING": _MISSING}

    def const(self, value: Any) -> str:
        name = f"C{len(self.constants)}"
        self.constants[name] = value
        return name

    def add(self, indent: int, text: str) -> None:
        if len(self.lines) >= MAX_LINES:
            raise _TooBig
        self.lines.append("    " * indent + text)

    def made(self, name: str) -> Any:
        """The function ``name`` the lines define, its constants bound."""
        namespace = dict(self.constants)
        exec(compile("\n".join(self.lines), f"<tabletop.rl {name}>", "exec"), namespace)  # noqa: S102
        return namespace[name]


_MISSING = object()


def generate(node: _Node):
    """``node``'s filler (value, buf) as one generated function; None for a node that holds
    nothing; the walk (:meth:`_Node.fill`) for one too large to write out."""
    if not node.holds():
        return None
    writer = _Writer()
    writer.add(0, "def fill(v0, buf):")
    try:
        _body(node, writer, 0, 1)
        return writer.made("fill")
    except (_TooBig, RecursionError, SyntaxError, MemoryError):
        return node.fill


def generate_tail(node: _Node):
    """A filler (value, buf, start) of a list or tuple that writes its length and its items
    from ``start`` on, as :func:`generate`'s filler writes them: where the items before
    ``start`` are those it already wrote, the same numbers as clearing and writing it all.
    None for a node without items (or too large to write out)."""
    items = [(i, child) for i, child in node.kept if child.holds()]
    if not items:
        return None
    writer = _Writer()
    writer.add(0, "def fill_tail(v0, buf, start):")
    try:
        writer.add(1, "n0 = len(v0)")
        if node.length is not None:
            writer.add(1, f"buf[{node.length}] = n0")
        for i, child in items:
            writer.add(1, f"if n0 > {i} >= start:")
            writer.add(2, f"v1 = v0[{i}]")
            _body(child, writer, 1, 2)
        return writer.made("fill_tail")
    except (_TooBig, RecursionError, SyntaxError, MemoryError):
        return None


def _body(node: _Node, w: _Writer, depth: int, at: int) -> None:
    """The statements writing value ``v{depth}`` of ``node``, at indent ``at``."""
    if depth > MAX_DEPTH:
        raise _TooBig
    v, k = f"v{depth}", f"k{depth}"
    num, flag, nil, length, texts, word, members = (node.num, node.flag, node.nil, node.length, node.texts,
                                                     node.word, node.members)
    items = [(i, child) for i, child in node.kept if child.holds()]
    keys = {key: child for key, child in node.keys.items() if child.holds()}
    simple = flag is None and nil is None and length is None and not (items or keys or members)
    if simple and not texts:
        w.add(at, f"if type({v}) in NUMBERS: buf[{num}] = {v}")
        return
    if simple and num is None:
        w.add(at, f"if type({v}) is str:")
        _text(texts, word, v, w, at + 1)
        return
    named = [(key, child) for key, child in keys.items() if type(key) is str]
    n, inner = f"n{depth}", f"v{depth + 1}"
    # The branches by the value's type, in the walk's order, each only if it writes anything
    # (the kinds never overlap, but for a list-like record, which the list branch takes first).
    branches: list[tuple[str, Any]] = []
    if num is not None:
        branches.append((f"{k} in NUMBERS", lambda: w.add(at + 1, f"buf[{num}] = {v}")))
    if texts or word is not None:
        branches.append((f"{k} is str", lambda: _text(texts, word, v, w, at + 1)))
    if length is not None or items or named:
        def listed() -> None:
            if not (length is not None or items):
                w.add(at + 1, "pass")
                return
            w.add(at + 1, f"{n} = len({v})")
            if length is not None:
                w.add(at + 1, f"buf[{length}] = {n}")
            for i, child in items:
                w.add(at + 1, f"if {n} > {i}:")
                w.add(at + 2, f"{inner} = {v}[{i}]")
                _body(child, w, depth + 1, at + 2)
        branches.append((f"{k} is list or {k} is tuple or ({k} not in PLAIN and isinstance({v}, (list, tuple)))",
                         listed))
    if nil is not None:
        branches.append((f"{v} is None", lambda: w.add(at + 1, f"buf[{nil}] = 1.0")))
    if flag is not None:
        branches.append((f"{k} is bool", lambda: w.add(at + 1, f"buf[{flag}] = 1.0 if {v} else -1.0")))
    if keys:
        def keyed() -> None:
            if len(keys) <= INLINE_KEYS:  # each key looked up (each has places of its own)
                for key, child in keys.items():
                    w.add(at + 1, f"{inner} = {v}.get({w.const(key)}, MISSING)")
                    w.add(at + 1, f"if {inner} is not MISSING:")
                    _body(child, w, depth + 1, at + 2)
                return
            children = w.const({key: generate(child) for key, child in keys.items()})
            w.add(at + 1, f"for key, item in {v}.items():")
            w.add(at + 2, f"child = {children}.get(key)")
            w.add(at + 2, "if child is not None:")
            w.add(at + 3, "child(item, buf)")
        branches.append((f"{k} is dict", keyed))
    if length is not None or members:
        def members_of() -> None:
            if length is not None:
                w.add(at + 1, f"buf[{length}] = len({v})")
            if members:
                w.add(at + 1, f"for member in {v}:")
                w.add(at + 2, f"place = {w.const(members)}.get(member)")
                w.add(at + 2, "if place is not None:")
                w.add(at + 3, "buf[place] = 1.0")
        branches.append((f"{k} is set or {k} is frozenset", members_of))
    if named:  # a game's own record: its attributes by name
        def record() -> None:
            for key, child in named:
                w.add(at + 1, f"{inner} = getattr({v}, {key!r}, MISSING)")
                w.add(at + 1, f"if {inner} is not MISSING:")
                _body(child, w, depth + 1, at + 2)
        branches.append((f"{k} not in PLAIN", record))
    w.add(at, f"{k} = type({v})")
    for j, (test, write) in enumerate(branches):
        w.add(at, f"{'if' if j == 0 else 'elif'} {test}:")
        write()


def _text(texts: dict, word: int | None, v: str, w: _Writer, at: int) -> None:
    if texts:
        w.add(at, f"place = {w.const(texts)}.get({v})")
        w.add(at, "if place is not None:")
        w.add(at + 1, "buf[place] = 1.0")
    if word is not None:
        w.add(at, f"buf[{word}] = TN({v}) or text_number({v})")
