"""A value's filler as one generated Python function: :func:`tabletop.rl.values._compile`'s
closures, written out as source once per table with every place a constant and every list item,
record attribute and plain child inline, so a large value (Windup War's reveals, Castle Wars'
last battle) is one call rather than one per place. The same places and weights, written in the
same order of type tests; the closures remain for a value too deep or too large to write out."""

from __future__ import annotations

from typing import Any

from tabletop.rl.values import _NUMBERS, _PLAIN, _TEXT_NUMBERS, _compile, _Node, text_number

#: Above this many lines of source, or this deep, a value keeps the closures.
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


_MISSING = object()


def generate(node: _Node):
    """``node``'s filler (value, buf) as one generated function; None for a node that holds
    nothing (as :func:`_compile`)."""
    if not node.holds():
        return None
    writer = _Writer()
    writer.add(0, "def fill(v0, buf):")
    try:
        _body(node, writer, 0, 1)
        namespace = dict(writer.constants)
        exec(compile("\n".join(writer.lines), "<tabletop.rl filler>", "exec"), namespace)  # noqa: S102
    except (_TooBig, RecursionError, SyntaxError, MemoryError):
        return _compile(node)
    return namespace["fill"]


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
    w.add(at, f"{k} = type({v})")
    w.add(at, f"if {k} in NUMBERS:")
    w.add(at + 1, f"buf[{num}] = {v}" if num is not None else "pass")
    w.add(at, f"elif {k} is str:")
    if texts or word is not None:
        _text(texts, word, v, w, at + 1)
    else:
        w.add(at + 1, "pass")
    w.add(at, f"elif {k} is list or {k} is tuple or ({k} not in PLAIN and isinstance({v}, (list, tuple))):")
    n, inner = f"n{depth}", f"v{depth + 1}"
    w.add(at + 1, f"{n} = len({v})")
    if length is not None:
        w.add(at + 1, f"buf[{length}] = {n}")
    for i, child in items:
        w.add(at + 1, f"if {n} > {i}:")
        w.add(at + 2, f"{inner} = {v}[{i}]")
        _body(child, w, depth + 1, at + 2)
    w.add(at, f"elif {v} is None:")
    w.add(at + 1, f"buf[{nil}] = 1.0" if nil is not None else "pass")
    w.add(at, f"elif {k} is bool:")
    w.add(at + 1, f"buf[{flag}] = 1.0 if {v} else -1.0" if flag is not None else "pass")
    w.add(at, f"elif {k} is dict:")
    if keys and len(keys) <= INLINE_KEYS:  # each key looked up (each has places of its own)
        for key, child in keys.items():
            w.add(at + 1, f"{inner} = {v}.get({w.const(key)}, MISSING)")
            w.add(at + 1, f"if {inner} is not MISSING:")
            _body(child, w, depth + 1, at + 2)
    elif keys:
        children = w.const({key: generate(child) for key, child in keys.items()})
        w.add(at + 1, f"for key, item in {v}.items():")
        w.add(at + 2, f"child = {children}.get(key)")
        w.add(at + 2, "if child is not None:")
        w.add(at + 3, "child(item, buf)")
    else:
        w.add(at + 1, "pass")
    w.add(at, f"elif {k} is set or {k} is frozenset:")
    if length is not None:
        w.add(at + 1, f"buf[{length}] = len({v})")
    if members:
        places = w.const(members)
        w.add(at + 1, f"for member in {v}:")
        w.add(at + 2, f"place = {places}.get(member)")
        w.add(at + 2, "if place is not None:")
        w.add(at + 3, "buf[place] = 1.0")
    elif length is None:
        w.add(at + 1, "pass")
    if named:  # a game's own record: its attributes by name
        w.add(at, f"elif {k} not in PLAIN:")
        for key, child in named:
            w.add(at + 1, f"{inner} = getattr({v}, {key!r}, MISSING)")
            w.add(at + 1, f"if {inner} is not MISSING:")
            _body(child, w, depth + 1, at + 2)


def _text(texts: dict, word: int | None, v: str, w: _Writer, at: int) -> None:
    if texts:
        w.add(at, f"place = {w.const(texts)}.get({v})")
        w.add(at, "if place is not None:")
        w.add(at + 1, "buf[place] = 1.0")
    if word is not None:
        w.add(at, f"buf[{word}] = TN({v}) or text_number({v})")
