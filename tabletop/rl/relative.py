"""Seat numbers inside values, made relative to the observing seat for an egocentric observation.

A game declares where its values hold seat numbers (``LearningKit.seat_numbers``) as paths: a
value's name, then steps into it:

* ``"active"``: the value is a seat number (the seat to act);
* ``.name``: a dict's key or a record's attribute (``"last_battle.out[]"``);
* ``.3``: item 3 of a tuple or list (a dict's key 3): ``"reveals[].2.plays{}.0"``;
* ``[]``: each item of a list or tuple, kept in its order (``"turn_order[]"``), or each value of
  a dict (its keys kept);
* ``{}``: each member, the order meaning nothing (``"in_play{}"``): a set or frozenset stays one;
  a list or tuple is sorted after turning, so the same seats seen from any seat give the same
  numbers (records by their turned items in order: ``"plays{}.0"`` puts the observer's play first);
* ``[seat]``: a list or tuple indexed by seat (a copy of the hearts per seat): turned so the
  observer's item comes first, then each item as the rest of the path says;
* ``.keys()``: each key of a dict, then as the rest of the path says: ``"notes.keys()"``, a
  note per seat, has seats for keys; ``"used.keys().0"`` has (seat, worker) pairs (``[]``
  reaches the values).

Seat ``s`` seen by seat ``o`` of ``n`` becomes ``(s - o) mod n``: 0 is the observer, 1 the seat
after it in seat order. A number that is not a seat (-1 for nobody, None) stays as it is, and a
value of another shape than the path says is left as it is. Turning reads and copies: the
state's own values are never changed. A path that is not one of these is refused in one
sentence (:class:`SeatPathError`), when an environment is built and by ``tabletop check``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable
from typing import Any

from tabletop.core.errors import TabletopError

_STEP = re.compile(r"(\.keys\(\))|\.([A-Za-z_][A-Za-z0-9_]*)|\.([0-9]+)|(\[\])|(\{\})|(\[seat\])")
_KINDS = ("keys", "key", "at", "items", "set", "by_seat")
#: The steps, as a refusal names them.
_FORMS = ".name, .3, [], {}, [seat] or .keys()"


class SeatPathError(TabletopError, ValueError):
    """A ``seat_numbers`` path that is not one: the sentence says which part and what may stand there."""


def parse(path: str) -> tuple[str, tuple[tuple[str, str | int | None], ...]]:
    """A path's value name and its steps (``("key", name)``, ``("at", 3)``, ``("items", None)``,
    ``("set", None)``, ``("by_seat", None)``, ``("keys", None)``); :class:`SeatPathError`
    naming the path when it is not one."""
    name = re.match(r"[A-Za-z_][A-Za-z0-9_]*", path) if type(path) is str else None
    if name is None:
        raise SeatPathError(f"LearningKit.seat_numbers path {path!r} must start with a value's name.")
    steps: list[tuple[str, str | int | None]] = []
    at = name.end()
    while at < len(path):
        step = _STEP.match(path, at)
        if step is None:
            raise SeatPathError(f"LearningKit.seat_numbers path {path!r} has {path[at:]!r}, which is not {_FORMS}.")
        kind = _KINDS[step.lastindex - 1]
        steps.append((kind, step.group(2) if kind == "key" else int(step.group(3)) if kind == "at" else None))
        at = step.end()
    return name.group(), tuple(steps)


def problems(game: Any) -> list[str]:
    """One sentence per ``seat_numbers`` path of ``game``'s learning facet that is not a path
    (what ``tabletop check`` prints; building an egocentric environment refuses the first)."""
    found = []
    for path in getattr(getattr(game, "learning", None), "seat_numbers", ()) or ():
        try:
            parse(path)
        except SeatPathError as error:
            found.append(f"{getattr(game, 'name', 'the game')}'s {error}")
    return found


def by_value(paths: Iterable[str]) -> dict[str, list[tuple]]:
    """Each value name with the steps of its seat-number paths."""
    found: dict[str, list[tuple]] = {}
    for path in paths:
        name, steps = parse(path)
        found.setdefault(name, []).append(steps)
    return found


def relative(value: Any, paths: list[tuple], seat: int, seats: int) -> Any:
    """``value`` with the seat numbers at each of ``paths`` made relative to ``seat`` (a copy
    where anything changes: the state's own value is never touched)."""
    return turner(paths, seat, seats)(value)


def relative_fill(fill: Any, paths: list[tuple], seat: int, seats: int) -> Any:
    """``fill`` of a value read with its seat numbers relative to ``seat``."""
    turn = turner(paths, seat, seats)

    def fill_relative(value, buf):
        fill(turn(value), buf)
    return fill_relative


def turner(paths: Iterable[tuple], seat: int, seats: int) -> Callable[[Any], Any]:
    """A function of a value giving it with the seat numbers at ``paths`` relative to ``seat``:
    the paths as a tree, so those sharing a beginning are walked, and their records copied,
    once; each step a closure made here (a value read at every observation pays no parsing)."""
    root: dict = {}
    for steps in paths:
        node = root
        for step in steps:
            node = node.setdefault(step, {})
        if not steps or steps[-1][0] != "by_seat":  # a list per seat holds no seat number: it is turned
            node[None] = True
    return _compile(root, {s: (s - seat) % seats for s in range(seats)}, seat, seats) or _same


def _same(value: Any) -> Any:
    return value


def _compile(node: dict, numbers: dict[int, int], seat: int, seats: int) -> Callable[[Any], Any] | None:
    """The closure turning what ``node`` (a step -> child dict; ``None`` marks a seat number)
    says; None for nothing to turn."""
    parts: list[Callable[[Any], Any]] = []
    if node.get(None):
        def number(value, get=numbers.get):
            return get(value, value) if type(value) is int else value
        parts.append(number)
    keyed = [(key, _compile(child, numbers, seat, seats) or _same)
             for (kind, key), child in ((step, child) for step, child in node.items() if step is not None)
             if kind in ("key", "at")]
    if keyed:
        parts.append(_keyed(keyed))
    for (kind, _key), child in ((step, child) for step, child in node.items() if step is not None):
        if kind not in ("key", "at"):
            parts.append(_each(kind, _compile(child, numbers, seat, seats), seat, seats))
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]

    def all_of(value):
        for part in parts:
            value = part(value)
        return value
    return all_of


def _keyed(keyed: list) -> Callable[[Any], Any]:
    """``.name`` and ``.3`` steps: a copy of the dict, list, tuple or record with those turned."""
    named = [(key, turn) for key, turn in keyed if type(key) is str]

    def turn_keyed(value):
        kind_of = type(value)
        if kind_of is dict:
            turned = dict(value)
            for key, turn in keyed:
                if key in value:
                    turned[key] = turn(value[key])
            return turned
        if kind_of is tuple or kind_of is list or isinstance(value, (list, tuple)):
            items, size = list(value), len(value)
            for key, turn in keyed:
                if type(key) is int and key < size:
                    items[key] = turn(items[key])
            return tuple(items) if kind_of is tuple else items
        if value is None or isinstance(value, _PLAIN) or not named:
            return value
        try:
            turned = _copy(value)  # a game's own record: a copy with its attributes turned
            for key, turn in named:
                item = getattr(value, key, _same)
                if item is not _same:
                    object.__setattr__(turned, key, turn(item))  # frozen ones too
        except (AttributeError, TypeError):  # not a record after all (a defaultdict): as it is
            return value
        return turned
    return turn_keyed


def _each(kind: str, turn: Callable[[Any], Any] | None, seat: int, seats: int) -> Callable[[Any], Any]:
    """``[]``, ``{}``, ``[seat]`` and ``.keys()`` steps."""
    def turn_each(value):
        kind_of = type(value)
        if kind == "keys":
            if kind_of is not dict or turn is None:
                return value
            keys = {key: turn(key) for key in value}
            return {keys[key]: value[key] for key in sorted(value, key=lambda key: _sort_key(keys[key]))}
        if kind_of is dict:
            return {key: turn(item) for key, item in value.items()} if kind == "items" and turn else value
        if kind_of is set or kind_of is frozenset:
            return kind_of(map(turn, value)) if kind == "set" and turn else value
        if not (kind_of is list or kind_of is tuple or isinstance(value, (list, tuple))):
            return value
        if kind == "by_seat" and len(value) == seats:
            value = [*value[seat:], *value[:seat]]
        items = list(map(turn, value)) if turn is not None else list(value)
        if kind == "set":
            items.sort(key=_sort_key)
        return tuple(items) if kind_of is tuple else items
    return turn_each


def _copy(record: Any) -> Any:
    """A shallow copy of a game's record (written out for a class with ``__slots__``)."""
    kind = type(record)
    slots = _SLOTS.get(kind)
    if slots is None:
        names = []
        for klass in kind.__mro__:
            own = getattr(klass, "__slots__", ())
            names += [own] if isinstance(own, str) else own
        # copy.copy for a record with a __dict__ or a private (name-mangled) slot
        slots = _SLOTS[kind] = (() if hasattr(record, "__dict__") or any(n.startswith("__") for n in names)
                                else tuple(dict.fromkeys(names)))
    if not slots:
        return copy.copy(record)
    new = object.__new__(kind)
    for name in slots:
        item = getattr(record, name, _same)
        if item is not _same:
            object.__setattr__(new, name, item)
    return new


#: Per record class, its slot names (empty: copied by :func:`copy.copy`).
_SLOTS: dict[type, tuple[str, ...]] = {}


#: Values a path's ``.name`` never reaches into (a game's own record is anything else).
_PLAIN = (str, int, float, list, tuple, set, frozenset)


def _sort_key(item: Any) -> tuple:
    """An order for any members: numbers first by value, then records by their items in order,
    texts, and anything else by its text."""
    kind = type(item)
    if kind is int or kind is float:
        return (0, item)
    if kind is tuple or kind is list:
        return (1, tuple(map(_sort_key, item)))
    if kind is str:
        return (2, item)
    return (3, repr(item))
