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
from collections.abc import Iterable
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
    return _walk(value, _tree(paths), seat, seats)


def relative_fill(fill: Any, paths: list[tuple], seat: int, seats: int) -> Any:
    """``fill`` of a value read with its seat numbers relative to ``seat``."""
    tree = _tree(paths)

    def fill_relative(value, buf):
        fill(_walk(value, tree, seat, seats), buf)
    return fill_relative


# ---- turning: the paths of one value as a tree, walked once ------------------------------------
# A node is (whether the value there is a seat number, its keyed steps: [(key, node)], its other
# steps: [(kind, node)]): paths sharing a beginning are walked, and their records copied, once.


def _tree(paths: Iterable[tuple]) -> tuple:
    root: dict = {}
    for steps in paths:
        node = root
        for step in steps:
            node = node.setdefault(step, {})
        if not steps or steps[-1][0] != "by_seat":  # a list per seat holds no seat number: it is turned
            node[None] = True
    return _frozen(root)


def _frozen(node: dict) -> tuple:
    keyed = [(key, _frozen(child)) for (kind, key), child in
             ((step, child) for step, child in node.items() if step is not None) if kind in ("key", "at")]
    others = [(kind, _frozen(child)) for (kind, _key), child in
              ((step, child) for step, child in node.items() if step is not None) if kind not in ("key", "at")]
    return bool(node.get(None)), keyed, others


def _walk(value: Any, node: tuple, seat: int, seats: int) -> Any:
    end, keyed, others = node
    if end and type(value) is int and 0 <= value < seats:
        value = (value - seat) % seats
    if keyed:
        value = _keyed(value, keyed, seat, seats)
    for kind, child in others:
        value = _each(value, kind, child, seat, seats)
    return value


def _keyed(value: Any, keyed: list, seat: int, seats: int) -> Any:
    """``.name`` and ``.3`` steps: a copy of the dict, list, tuple or record with those turned."""
    kind_of = type(value)
    if kind_of is dict:
        turned = dict(value)
        for key, child in keyed:
            if key in value:
                turned[key] = _walk(value[key], child, seat, seats)
        return turned
    if isinstance(value, (list, tuple)):
        items = list(value)
        for key, child in keyed:
            if type(key) is int and key < len(items):
                items[key] = _walk(value[key], child, seat, seats)
        return tuple(items) if kind_of is tuple else items
    if value is None or isinstance(value, _PLAIN):
        return value
    turned = copy.copy(value)  # a game's own record: a copy with its attributes turned
    for key, child in keyed:
        if type(key) is str and hasattr(value, key):
            object.__setattr__(turned, key, _walk(getattr(value, key), child, seat, seats))  # frozen ones too
    return turned


def _each(value: Any, kind: str, child: tuple, seat: int, seats: int) -> Any:
    """``[]``, ``{}``, ``[seat]`` and ``.keys()`` steps."""
    kind_of = type(value)
    if kind == "keys":
        if kind_of is not dict:
            return value
        keys = {key: _walk(key, child, seat, seats) for key in value}
        return {keys[key]: value[key] for key in sorted(value, key=lambda key: _sort_key(keys[key]))}
    if kind_of is dict:
        return {key: _walk(item, child, seat, seats) for key, item in value.items()} if kind == "items" else value
    if kind_of is set or kind_of is frozenset:
        return kind_of(_walk(item, child, seat, seats) for item in value) if kind == "set" else value
    if not isinstance(value, (list, tuple)):
        return value
    if kind == "by_seat" and len(value) == seats:
        value = [*value[seat:], *value[:seat]]
    end, keyed, others = child
    items = [_walk(item, child, seat, seats) for item in value] if end or keyed or others else list(value)
    if kind == "set":
        items.sort(key=_sort_key)
    return tuple(items) if kind_of is tuple else items


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
