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
import keyword
import operator
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
    once; each step a closure made here (a value read at every observation pays no parsing),
    one per kind of step, seat numbers under a step turned inline, a record class's copy
    written out once: Windup War's reveals are turned again whenever the slot is replaced."""
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
        parts.append(_number(numbers))
    keyed = [(key, _compile(child, numbers, seat, seats) or _same)
             for (kind, key), child in ((step, child) for step, child in node.items() if step is not None)
             if kind in ("key", "at")]
    if keyed:
        parts.append(_keyed(keyed))
    for (kind, _key), child in ((step, child) for step, child in node.items() if step is not None):
        if kind not in ("key", "at"):
            parts.append(_EACH[kind](_compile(child, numbers, seat, seats), seat, seats))
            parts[-1].empty_list = kind != "keys"  # turns an empty list into a new empty list
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]

    def all_of(value):
        for part in parts:
            value = part(value)
        return value
    return all_of


def _number(numbers: dict[int, int]) -> Callable[[Any], Any]:
    """A seat number made relative (only an ``int``: ``True`` is no seat). The closure carries
    its table as ``numbers``, so a step over many of them turns each inline, with no call."""
    def number(value, get=numbers.get):
        return get(value, value) if type(value) is int else value
    number.numbers = numbers
    return number


def _mapper(turn: Callable[[Any], Any]) -> Callable[[Iterable], list]:
    """Each item of an iterable turned, as a list: seat numbers inline (a call per item costs
    more than the turning)."""
    numbers = getattr(turn, "numbers", None)
    if numbers is not None:
        get = numbers.get
        return lambda items: [get(item, item) if type(item) is int else item for item in items]
    keys, numbers = getattr(turn, "numbered", ((), None))
    if numbers is None:
        return lambda items: list(map(turn, items))
    get = numbers.get

    def each(items):  # tuples with seat numbers at some places ("plays{}.0": (seat, card))
        turned = []
        for item in items:
            if type(item) is tuple:
                item, size = list(item), len(item)
                for key in keys:
                    if key < size and type(number := item[key]) is int:
                        item[key] = get(number, number)
                turned.append(tuple(item))
            else:
                turned.append(turn(item))
        return turned
    return each


def _keyed(keyed: list) -> Callable[[Any], Any]:
    """``.name`` and ``.3`` steps: a copy of the dict, list, tuple or record with those turned.
    A record of a class with slots is copied by :func:`_copier`'s function, made once per class."""
    named = [(key, turn) for key, turn in keyed if type(key) is str]
    at = [(key, turn) for key, turn in keyed if type(key) is int]
    turn_of = dict(named)
    copiers: dict[type, Callable[[Any], Any] | None] = {}

    def turn_keyed(value):
        kind_of = type(value)
        copier = copiers.get(kind_of)
        if copier is not None:  # a record class seen before (first: the commonest by far)
            try:
                return copier(value)
            except (AttributeError, TypeError):
                return value
        if kind_of is dict:
            turned = dict(value)
            for key, turn in keyed:
                if key in value:
                    turned[key] = turn(value[key])
            return turned
        if kind_of is tuple or kind_of is list or isinstance(value, (list, tuple)):
            items, size = list(value), len(value)
            for key, turn in at:
                if key < size:
                    items[key] = turn(items[key])
            return tuple(items) if kind_of is tuple else items
        if value is None or isinstance(value, _PLAIN) or not named:
            return value
        copier = copiers.get(kind_of, _same)
        if copier is _same:
            copier = copiers[kind_of] = _copier(kind_of, _slots(value), turn_of)
        try:
            if copier is not None:
                return copier(value)
            turned = _copy(value)  # a game's own record: a copy with its attributes turned
            for key, turn in named:
                item = getattr(value, key, _same)
                if item is not _same:
                    object.__setattr__(turned, key, turn(item))  # frozen ones too
        except (AttributeError, TypeError):  # not a record after all (a defaultdict): as it is
            return value
        return turned
    if not named and at and all(hasattr(turn, "numbers") for _key, turn in at):
        turn_keyed.numbered = (tuple(key for key, _turn in at), at[0][1].numbers)
    return turn_keyed


def _copier(kind: type, slots: tuple[str, ...], turn_of: dict) -> Callable[[Any], Any] | None:
    """For a record class with slots, a function copying one slot by slot, each turned as it
    is copied (once, not copied then overwritten), written out as straight code (a loop of
    getattr and object.__setattr__ costs three times as much); None for a class copied otherwise."""
    if not slots or not turn_of.keys() <= set(slots) or not all(map(str.isidentifier, slots)) or any(
            map(keyword.iskeyword, slots)):
        return None
    plain = kind.__setattr__ is object.__setattr__  # else frozen: set through object's
    names = {"new": object.__new__, "kind": kind, "put": object.__setattr__}
    lines = ["def copy_turned(value):", "    turned = new(kind)"]
    for at, name in enumerate(slots):
        turn = names[f"turn{at}"] = turn_of.get(name)
        item = "item" if turn is None else f"turn{at}(item)"
        if getattr(turn, "empty_list", False):  # an empty list (no blockers...) copied with no call
            item = f"[] if type(item) is list and not item else {item}"
        lines += ["    try:", f"        item = value.{name}", "    except AttributeError:", "        pass", "    else:",
                  f"        turned.{name} = {item}" if plain else f"        put(turned, {name!r}, {item})"]
    exec(compile("\n".join([*lines, "    return turned"]), f"<tabletop.rl turned {kind.__name__}>", "exec"), names)
    return names["copy_turned"]


def _items(turn, seat, seats):
    """``[]``: each item of a list or tuple, each value of a dict."""
    each = _mapper(turn)

    def turn_items(value):
        kind_of = type(value)
        if kind_of is dict:
            return {key: turn(item) for key, item in value.items()} if turn else value
        if not (kind_of is list or kind_of is tuple or isinstance(value, (list, tuple))):
            return value
        items = each(value) if turn is not None else list(value)
        return tuple(items) if kind_of is tuple else items
    return turn_items


def _set(turn, seat, seats):
    """``{}``: each member; a list or tuple sorted after turning."""
    each = _mapper(turn)

    def turn_set(value):
        kind_of = type(value)
        if kind_of is set or kind_of is frozenset:
            return kind_of(each(value)) if turn else value
        if kind_of is dict or not (kind_of is list or kind_of is tuple or isinstance(value, (list, tuple))):
            return value
        if not value:  # (the most common: no blockers, no Reloads...)
            return () if kind_of is tuple else []
        items = each(value) if turn is not None else list(value)
        if len(items) > 1:
            _sort(items)
        return tuple(items) if kind_of is tuple else items
    return turn_set


def _by_seat(turn, seat, seats):
    """``[seat]``: a list or tuple of one item per seat, the observer's first."""
    each = _mapper(turn)

    def turn_by_seat(value):
        kind_of = type(value)
        if not (kind_of is list or kind_of is tuple or isinstance(value, (list, tuple))):
            return value
        items = [*value[seat:], *value[:seat]] if len(value) == seats else list(value)
        if turn is not None:
            items = each(items)
        return tuple(items) if kind_of is tuple else items
    return turn_by_seat


def _keys(turn, seat, seats):
    """``.keys()``: each key of a dict turned, the dict in the turned keys' order."""
    each = _mapper(turn)

    def turn_keys(value):
        if type(value) is not dict or turn is None:
            return value
        if not value:
            return {}
        keys = each(value)
        numbers = all(type(key) is int for key in keys)  # seats: in order of number
        return dict(sorted(zip(keys, value.values(), strict=True), key=_head if numbers else _key_of_first))
    return turn_keys


_EACH = {"items": _items, "set": _set, "by_seat": _by_seat, "keys": _keys}


def _copy(record: Any) -> Any:
    """A shallow copy of a game's record (written out for a class with ``__slots__``)."""
    slots = _slots(record)
    if not slots:
        return copy.copy(record)
    new = object.__new__(type(record))
    for name in slots:
        item = getattr(record, name, _same)
        if item is not _same:
            object.__setattr__(new, name, item)
    return new


def _slots(record: Any) -> tuple[str, ...]:
    """The slot names of a record's class (empty: copied by :func:`copy.copy`)."""
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
    return slots


#: Per record class, its slot names (empty: copied by :func:`copy.copy`).
_SLOTS: dict[type, tuple[str, ...]] = {}


#: Values a path's ``.name`` never reaches into (a game's own record is anything else).
_PLAIN = (str, int, float, list, tuple, set, frozenset)


def _sort(items: list) -> None:
    """``items`` in :func:`_sort_key`'s order, found quicker for the usual members: numbers
    alone by value, records whose first items are distinct numbers by those (all that order
    would compare; a record's key reads every item, a card's text too)."""
    first = type(items[0])
    if first is int:
        if all(type(item) is int for item in items):
            items.sort()
            return
    elif first is tuple or first is list:
        heads = {item[0] for item in items
                 if (type(item) is tuple or type(item) is list) and item and type(item[0]) is int}
        if len(heads) == len(items):
            items.sort(key=_head)
            return
    items.sort(key=_sort_key)


_head = operator.itemgetter(0)


def _key_of_first(pair: tuple) -> tuple:
    """A (key, value) pair's order: its key's."""
    return _sort_key(pair[0])


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
