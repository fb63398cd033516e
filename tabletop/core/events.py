"""Events: what happened in a game, with one line of text for people.

An :class:`Event` is made by a game's ``apply`` and never changed afterwards, so games may
share one event object between states. :class:`LazyEvent` and :class:`DeferredEvent` wait to
make their text (and data) until someone reads them: random play and search never do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any


class Event:
    """Something that happened, with one line of text for people.

    ``text`` may name seats as ``{p0}``, ``{p1}`` ...; :meth:`render` fills in names.
    ``visible_to`` is ``None`` for a public event, else the seats allowed to see it:
    an event that reveals a secret (a card drawn, an order given) must say so.

    A slotted class, cheaper to build than the named tuple it replaced (games make many),
    that still unpacks, compares and prints like one. :class:`LazyEvent` makes its text
    only when someone reads it: random play and search never do.
    """

    __slots__ = ("kind", "text", "data", "visible_to")

    def __init__(self, kind: str, text: str, data: Mapping[str, Any] | None = None,
                 visible_to: frozenset[int] | None = None):
        self.kind = kind
        self.text = text
        self.data = data
        self.visible_to = visible_to

    def visible(self, seat: int | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def render(self, names: Sequence[str]) -> str:
        return self.text.format_map({f"p{i}": name for i, name in enumerate(names)})

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.data:
            out["data"] = dict(self.data)
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    def __iter__(self) -> Iterator[Any]:
        return iter((self.kind, self.text, self.data, self.visible_to))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, text={self.text!r}, data={self.data!r}, "
                f"visible_to={self.visible_to!r})")

    def __reduce__(self) -> tuple:
        return Event, tuple(self)  # a lazy event pickles with its text made


_TEXT = Event.text  # the slot's descriptor, for LazyEvent


class LazyEvent(Event):
    """An event whose text ``narrate(data)`` makes on first read (then kept): the data say
    everything the text does, so making the text can wait until someone reads it.

    ``narrate`` must depend only on ``data`` (and the game's fixed card data), so the text
    is the same whenever it is read.
    """

    __slots__ = ("narrate",)

    def __init__(self, kind: str, narrate: Callable[[Any], str], data: Mapping[str, Any] | None = None,
                 visible_to: frozenset[int] | None = None):
        self.kind = kind
        self.narrate = narrate
        self.data = data
        self.visible_to = visible_to

    @property
    def text(self) -> str:  # type: ignore[override]
        try:
            return _TEXT.__get__(self)
        except AttributeError:
            text = self.narrate(self.data)
            _TEXT.__set__(self, text)
            return text


_DATA = Event.data  # the slot's descriptor, for DeferredEvent


class DeferredEvent(LazyEvent):
    """A :class:`LazyEvent` whose data, too, is made on first read (then kept):
    ``make(source)``, for an event whose data are many small dicts (a step's rows) that
    random play and search never read. ``source`` must not change once given, so the data
    are the same whenever they are read."""

    __slots__ = ("make", "source")

    def __init__(self, kind: str, narrate: Callable[[Any], str], make: Callable[[Any], Mapping[str, Any]],
                 source: Any, visible_to: frozenset[int] | None = None):
        self.kind = kind
        self.narrate = narrate
        self.make = make
        self.source = source
        self.visible_to = visible_to

    @property
    def data(self) -> Mapping[str, Any]:  # type: ignore[override]
        try:
            return _DATA.__get__(self)
        except AttributeError:
            data = self.make(self.source)
            _DATA.__set__(self, data)
            return data


NO_EVENTS: tuple[Event, ...] = ()
