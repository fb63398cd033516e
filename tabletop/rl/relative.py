"""Seat numbers inside values, made relative to the observing seat for an egocentric observation.

A game declares where its values hold seat numbers (``LearningKit.seat_numbers``) as paths:

* ``"active"``: the value is a seat number (the seat to act);
* ``"turn_order[]"``: each item of the list is one (an order: kept in its order);
* ``"in_play{}"``: each item is one and the order means nothing (a set of seats: sorted after
  turning, so the same seats seen from any seat give the same numbers);
* ``"last_battle.orders[].target"``: a dict's key or a record's attribute, then as above.

Seat ``s`` seen by seat ``o`` of ``n`` becomes ``(s - o) mod n``: 0 is the observer, 1 the seat
after it in seat order. A number that is not a seat (-1 for nobody, None) stays as it is.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from typing import Any

_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|(\[\])|(\{\})")


def parse(path: str) -> tuple[str, tuple[tuple[str, str | None], ...]]:
    """A path's value name and its steps (``("key", name)``, ``("items", None)``, ``("set", None)``);
    ValueError naming the path when it is not one."""
    name = re.match(r"[A-Za-z_][A-Za-z0-9_]*", path)
    if name is None:
        raise ValueError(f"seat_numbers path {path!r} must start with a value's name.")
    steps, at = [], name.end()
    while at < len(path):
        step = _STEP.match(path, at)
        if step is None:
            raise ValueError(f"seat_numbers path {path!r} has {path[at:]!r}, which is not .key, [] or {{}}.")
        steps.append(("key", step.group(1)) if step.group(1) else ("items", None) if step.group(2) else ("set", None))
        at = step.end()
    return name.group(), tuple(steps)


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
    for steps in paths:
        value = _turn(value, steps, seat, seats)
    return value


def relative_fill(fill: Any, paths: list[tuple], seat: int, seats: int) -> Any:
    """``fill`` of a value read with its seat numbers relative to ``seat``."""
    def fill_relative(value, buf):
        fill(relative(value, paths, seat, seats), buf)
    return fill_relative


def _turn(value: Any, steps: tuple, seat: int, seats: int) -> Any:
    if not steps:
        if type(value) is int and 0 <= value < seats:
            return (value - seat) % seats
        return value
    (kind, key), rest = steps[0], steps[1:]
    if kind == "key":
        if type(value) is dict:
            if key not in value:
                return value
            turned = dict(value)
            turned[key] = _turn(value[key], rest, seat, seats)
            return turned
        if value is None or not hasattr(value, key) or isinstance(value, (str, int, float, list, tuple)):
            return value
        turned = copy.copy(value)  # a game's own record: a copy with the attribute turned
        setattr(turned, key, _turn(getattr(value, key), rest, seat, seats))
        return turned
    if not isinstance(value, (list, tuple)):
        return value
    items = [_turn(item, rest, seat, seats) for item in value]
    if kind == "set":
        items.sort(key=_sort_key)
    return type(value)(items) if type(value) in (list, tuple) else items


def _sort_key(item: Any) -> tuple[int, int, str]:
    return (0, item, "") if type(item) is int else (1, 0, repr(item))
