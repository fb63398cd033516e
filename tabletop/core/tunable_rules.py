"""What a card file says about how its tunable values move: copies move together, order holds,
card counts stay put unless the game says otherwise.

Three optional fields of a ``[[tunable]]`` entry (docs/lab.md, "Balancing")::

    [[tunable]]
    at = "part.*.cost"
    delta = 2
    together = ["kind", "size"]               # records equal in these fields are copies of one
                                              # part: their values move as one
    order = { by = "size", within = ["kind"] } # within one kind, a larger part is never cheaper

    [[tunable]]
    at = "card.*.count"
    choices = [1, 2]
    counts = true                             # a card count: moves only when the entry says so

A search sees one dimension per group of copies, and a candidate that breaks an order (or
gives copies different values) is refused before any game, like data the game refuses.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: Fields that hold how many copies of a card are in the game: tunable only with ``counts = true``.
COUNT_FIELDS = ("count", "copies")


@dataclass(frozen=True)
class Rules:
    """Groups of copies (each address in exactly one group, declaration order) and order pairs:
    ``(low, high)`` means the value at ``low`` may never exceed the value at ``high``."""

    groups: tuple[tuple[str, ...], ...] = ()
    orders: tuple[tuple[str, str], ...] = ()

    def group_of(self) -> dict[str, tuple[str, ...]]:
        return {a: g for g in self.groups for a in g}

    def expand(self, values: Mapping[str, Any], problems: list[str], source: str) -> dict[str, Any]:
        """``values`` with every copy of a value set too; copies given different values are a problem."""
        groups = self.group_of()
        out = dict(values)
        for address, value in values.items():
            for other in groups.get(address, (address,)):
                if other in values and values[other] != value:
                    if address < other:
                        problems.append(f"{source}: '{address}' and '{other}' are copies of one card and move "
                                        f"together; give them one value, not {json.dumps(value)} and "
                                        f"{json.dumps(values[other])}.")
                    continue
                out[other] = value
        return out

    def broken(self, full: Mapping[str, Any]) -> list[str]:
        """The order pairs a full assignment (every address) breaks, one sentence each (copies once)."""
        groups = self.group_of()

        def first(a: str) -> bool:
            return groups.get(a, (a,))[0] == a

        return [f"'{low}' ({json.dumps(full[low])}) must not be more than '{high}' ({json.dumps(full[high])})"
                for low, high in self.orders if full[low] > full[high] and first(low) and first(high)]


def entry_rules(entry: Mapping[str, Any], found: Sequence[tuple[str, dict | None]], problems: list[str],
                where: str) -> Rules:
    """The groups and orders one entry declares over the addresses it matched (``found``: each
    address with its record, None for a value of a plain table)."""
    together, order = entry.get("together"), entry.get("order")
    if together is not None and not (isinstance(together, list) and all(isinstance(f, str) for f in together)):
        problems.append(f"{where}: 'together' must list field names, like [\"kind\", \"size\"].")
        return Rules()
    if order is not None and not (isinstance(order, dict) and isinstance(order.get("by"), str)
                                  and set(order) <= {"by", "within"}
                                  and all(isinstance(f, str) for f in order.get("within", []))):
        problems.append(f"{where}: 'order' must be a table like {{ by = \"size\", within = [\"kind\"] }}.")
        return Rules()
    fields = [*(together or []), *((order or {}).get("within", [])), *([order["by"]] if order else [])]
    for address, record in found:
        missing = [f for f in fields if record is None or f not in record]
        if missing:
            problems.append(f"{where}: '{address}' has no field '{missing[0]}' to group or order by.")
            return Rules()

    def field_of(address: str) -> str:
        return address.rpartition(".")[2]

    groups: dict[tuple, list[str]] = {}
    for address, record in found:
        mark = (field_of(address), *(json.dumps(record[f]) for f in together)) if together else (address,)
        groups.setdefault(mark, []).append(address)
    orders = []
    if order:
        by, within = order["by"], order.get("within", [])
        for a, ra in found:
            for b, rb in found:
                if (field_of(a) == field_of(b) and all(ra[f] == rb[f] for f in within)  # type: ignore[index]
                        and ra[by] < rb[by]):  # type: ignore[index]
                    orders.append((a, b))
    return Rules(tuple(tuple(g) for g in groups.values()), tuple(orders))


def merge(rules: Sequence[Rules]) -> Rules:
    return Rules(tuple(g for r in rules for g in r.groups), tuple(p for r in rules for p in r.orders))


def check_declared(rules: Rules, printed: Mapping[str, Any], allowed: Mapping[str, tuple], problems: list[str],
                   file: str) -> None:
    """The printed data must keep its own rules, and copies must allow the same values."""
    for group in rules.groups:
        first = group[0]
        for other in group[1:]:
            if printed[other] != printed[first] or allowed[other] != allowed[first]:
                problems.append(f"{file}: tunable '{first}' and '{other}' are declared copies (together) but are "
                                "printed or allowed differently; make them equal or group by other fields.")
                break
    for sentence in rules.broken(printed):
        problems.append(f"{file}: the printed data breaks its own order: {sentence}.")


def is_count(address: str) -> bool:
    return address.rpartition(".")[2] in COUNT_FIELDS
