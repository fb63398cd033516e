"""A deep, comparable picture of any state, hidden parts included.

The check compares states before and after a rejected action, and a state with its
resampled copy, whatever the game's state is made of: slots, attributes, containers,
random generators. Objects shared by identity (card data) are pictured once per call.
"""

from __future__ import annotations

import random
from typing import Any

_ATOMS = (int, float, str, bytes, bool, type(None))


def fingerprint(value: Any) -> Any:
    """Nested tuples equal exactly when the two values hold the same data."""
    return _walk(value, {}, 0)


def _slots(kind: type) -> list[str]:
    names: list[str] = []
    for klass in kind.__mro__:
        for name in klass.__dict__.get("__slots__", ()):
            if name not in ("__weakref__", "__dict__") and name not in names:
                names.append(name)
    return names


def _walk(value: Any, seen: dict[int, Any], depth: int) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if depth > 60:
        return ("deep", repr(value)[:80])
    key = id(value)
    if key in seen:
        return seen[key]
    seen[key] = ("cycle", kind.__name__)
    d = depth + 1
    if isinstance(value, (list, tuple)):
        items = tuple(_walk(v, seen, d) for v in value)
        extra = _walk_attrs(value, seen, d) if kind not in (list, tuple) else ()
        out = (kind.__name__, items, extra)
    elif isinstance(value, dict):
        out = (kind.__name__, tuple(sorted(((repr(k), _walk(v, seen, d)) for k, v in value.items()), key=lambda p: p[0])))
    elif isinstance(value, (set, frozenset)):
        out = (kind.__name__, tuple(sorted(repr(v) for v in value)))
    elif isinstance(value, random.Random):
        out = ("Random", value.getstate())
    elif isinstance(value, type) or callable(value) and not hasattr(value, "__dict__") and not _slots(kind):
        out = ("ref", getattr(value, "__qualname__", repr(value)))
    else:
        out = (kind.__name__, _walk_attrs(value, seen, d))
    seen[key] = out
    return out


def _walk_attrs(value: Any, seen: dict[int, Any], depth: int) -> tuple:
    pairs = []
    for name in _slots(type(value)):
        if hasattr(value, name):
            pairs.append((name, _walk(getattr(value, name), seen, depth)))
    for name, item in sorted(getattr(value, "__dict__", {}).items()):
        if callable(item) and not isinstance(item, (list, dict, tuple, set)):
            continue
        pairs.append((name, _walk(item, seen, depth)))
    return tuple(pairs)
