"""How one value a seat sees becomes numbers: its places (a number, a flag, None, a length, texts
one-hot and as one number, list items, dict keys, set members, a game's own record by its
attributes), learnt from exploring (:meth:`_Node.grow`), placed once, and read by a filler
made once per table (:func:`tabletop.rl.fillers.generate`; :meth:`_Node.fill`'s walk for a
value too large to write out). Used by :mod:`tabletop.rl.observe`."""

from __future__ import annotations

import zlib
from typing import Any

from tabletop.core.events import Event

#: At most this many items of a list, and texts at one place, get a place in the numbers.
MAX_ITEMS = 32
MAX_TEXTS = 48


class _Node:
    """One place in a value: a number, a flag, nothing (None), texts seen there, list items
    (and the list's length), dict keys, set members, a game record's attributes."""

    __slots__ = ("num", "flag", "nil", "length", "texts", "word", "items", "kept", "keys", "members")

    def __init__(self) -> None:
        self.num: int | bool | None = None
        #: A bool's place (1 for True, -1 for False: a hidden choice shows True, never 1).
        self.flag: int | bool | None = None
        #: The place marking None, where a value was met as None and as something else.
        self.nil: int | bool | None = None
        #: A list's length (items past the places kept, and an item 0 from no item, differ).
        self.length: int | bool | None = None
        self.texts: dict[str, int] = {}
        #: The place of the text's number (:func:`text_number`), at every place that holds texts.
        self.word: int | None = None
        self.items: list[_Node] = []
        #: The items that hold a place, with their index (made by :meth:`prune`).
        self.kept: list[tuple[int, _Node]] = []
        self.keys: dict[Any, _Node] = {}
        self.members: dict[Any, int] = {}

    def grow(self, value: Any) -> None:
        """Make room for ``value`` (while exploring; offsets are given by :meth:`place`)."""
        kind = type(value)
        if kind is bool:
            self.flag = True
        elif kind is int or kind is float:
            self.num = True
        elif value is None:
            self.nil = True
        elif kind is str:
            if len(self.texts) < MAX_TEXTS:
                self.texts.setdefault(value, 0)
        elif kind is list or kind is tuple or isinstance(value, (list, tuple)):
            self.length = True
            while len(self.items) < min(len(value), MAX_ITEMS):
                self.items.append(_Node())
            # Every item place learns every text its neighbours met (what one seat's place
            # met, a faction, a unit, the others' places get a place for too).
            texts = [item for item in value if type(item) is str]
            for node, item in zip(self.items, value, strict=False):
                node.grow(item)
                if texts and type(item) is str:
                    for text in texts:
                        node.grow(text)
        elif kind is dict:
            for key, item in value.items():
                if key not in self.keys and len(self.keys) >= MAX_ITEMS:
                    continue
                self.keys.setdefault(key, _Node()).grow(item)
        elif kind is set or kind is frozenset:
            self.length = True
            for member in value:
                if len(self.members) < MAX_TEXTS and isinstance(member, (str, int)):
                    self.members.setdefault(member, 0)
        elif (slots := _slots_of(kind)) is not None:  # a game's own record (a pending play)
            for key in slots:
                if hasattr(value, key):
                    self.keys.setdefault(key, _Node()).grow(getattr(value, key))

    def declare(self, texts: Any) -> None:
        """Give every text place below this one a place for each of ``texts`` (a declared
        domain: every faction, commander, phase, whether exploring met it or not); a place
        only ever met empty is taken to hold texts."""
        touched = False
        for node in [*self.items, *self.keys.values()]:
            node.declare(texts)
            touched = True
        if self.texts or not (touched or self.num or self.flag or self.members):
            for text in texts:
                if len(self.texts) < MAX_TEXTS * 4:
                    self.texts.setdefault(text, 0)

    def place(self, start: int) -> int:
        """Give every number, text and member an offset from ``start``; the next free one."""
        if self.num is not None:
            self.num, start = start, start + 1
        if self.flag is not None:
            self.flag, start = start, start + 1
        if self.nil is not None and (self.num or self.flag or self.texts or self.items or self.keys
                                     or self.members):
            self.nil, start = start, start + 1
        else:
            self.nil = None
        if self.length is not None:
            self.length, start = start, start + 1
        if self.texts:
            self.word, start = start, start + 1
        for text in sorted(self.texts):
            self.texts[text], start = start, start + 1
        for node in self.items:
            start = node.place(start)
        for key in sorted(self.keys, key=_order):
            start = self.keys[key].place(start)
        for member in sorted(self.members, key=_order):
            self.members[member], start = start, start + 1
        return start

    def prune(self) -> bool:
        """Drop the places that hold nothing (after :meth:`place`); whether this one holds any."""
        self.kept = [(i, node) for i, node in enumerate(self.items) if node.prune()]
        self.keys = {key: node for key, node in self.keys.items() if node.prune()}
        return (self.num is not None or self.flag is not None or self.nil is not None or self.length is not None
                or bool(self.texts or self.kept or self.keys or self.members))

    def holds(self) -> bool:
        """Whether this place, or one below it, has a number to write (what :meth:`prune` keeps)."""
        return (self.num is not None or self.flag is not None or self.nil is not None or self.length is not None
                or bool(self.texts or self.members) or any(node.holds() for _i, node in self.kept)
                or any(node.holds() for node in self.keys.values()))

    def fill(self, value: Any, buf: Any) -> None:
        """Writes ``value``'s weights at their places (``buf[place] = weight``: a preallocated
        buffer, or a dict), by a plain walk: what a generated filler
        (:func:`tabletop.rl.fillers.generate`) must write (the tests hold them together)."""
        kind = type(value)
        if kind is bool:
            if self.flag is not None:
                buf[self.flag] = 1.0 if value else -1.0
        elif kind is int or kind is float:
            if self.num is not None:
                buf[self.num] = value
        elif value is None:
            if self.nil is not None:
                buf[self.nil] = 1.0
        elif kind is str:
            place = self.texts.get(value)
            if place is not None:
                buf[place] = 1.0
            if self.word is not None:
                buf[self.word] = text_number(value)
        elif kind is list or kind is tuple or isinstance(value, (list, tuple)):
            size = len(value)
            if self.length is not None:
                buf[self.length] = size
            for i, node in self.kept:
                if i < size:
                    node.fill(value[i], buf)
        elif kind is dict:
            keys = self.keys
            for key, item in value.items():
                node = keys.get(key)
                if node is not None:
                    node.fill(item, buf)
        elif kind is set or kind is frozenset:
            if self.length is not None:
                buf[self.length] = len(value)
            members = self.members
            for member in value:
                place = members.get(member)
                if place is not None:
                    buf[place] = 1.0
        elif self.keys and _slots_of(kind) is not None:
            for key, node in self.keys.items():
                if type(key) is str and hasattr(value, key):
                    node.fill(getattr(value, key), buf)


def _turned(fill: Any, seat: int, seats: int) -> Any:
    """``fill`` of a value indexed by seat, read turned so ``seat``'s item comes first."""
    def turned(value, buf):
        if (type(value) is list or type(value) is tuple) and len(value) == seats:
            value = [*value[seat:], *value[:seat]]
        fill(value, buf)
    return turned


def order_number(cards: list) -> float:
    """A zone's whole order as one number, the same in every process (CRC-32 of the card ids,
    below 2**24, never 0): for a list longer than the positions the layout gives it."""
    text = "\x1f".join(cards if set(map(type, cards)) == _STR else map(str, cards))
    return float(zlib.crc32(text.encode()) % (1 << 24) + 1)


_STR = {str}


def text_number(text: str) -> float:
    """A text as one number, the same in every process (CRC-32, below 2**24 so float32 holds it
    exactly, never 0): every text has a number, whether the layout gave it a place or not."""
    number = _TEXT_NUMBERS.get(text)
    if number is None:
        number = _TEXT_NUMBERS[text] = float(zlib.crc32(text.encode()) % (1 << 24) + 1)
    return number


_TEXT_NUMBERS: dict[str, float] = {}


def _slots_of(kind: type) -> tuple[str, ...] | None:
    """The attribute names of a game's own record class with ``__slots__`` (None for other
    kinds, and for events: an event may be meant for some seats only)."""
    if kind in _PLAIN or issubclass(kind, Event):
        return None
    names = [name for klass in kind.__mro__ for name in getattr(klass, "__slots__", ())
             if isinstance(name, str) and not name.startswith("_")]
    return tuple(dict.fromkeys(names)) if names else None


#: No object read yet.
_UNREAD = object()
_PLAIN = frozenset((int, float, bool, str, list, tuple, dict, set, frozenset, type(None)))
_NUMBERS = frozenset((int, float))


def _order(value: Any) -> tuple[str, str]:
    return type(value).__name__, str(value)
