"""Tunable card values: what a balancing search may move, and "this game with that card data".

A game's card file declares them in ``[[tunable]]`` entries (the game's own loader never
reads that section, so declaring them changes nothing in play)::

    [[tunable]]
    at = ["unit.infantry.hearts", "unit.tank.hearts"]
    range = [1, 5]                # every whole number from 1 to 5

    [[tunable]]
    at = "part.*.cost"            # every [[part]]'s cost
    delta = 2                     # at most 2 away from the printed value ...
    range = [0, 30]               # ... and within 0..30

    [[tunable]]
    at = "unit.tank.ribbons"
    choices = [["pink", "orange"], ["pink"]]

An address is ``section.id.field`` for a record of ``[[section]]`` (``key`` names the field
that identifies records, ``id`` unless told; ``*`` in the id matches several) or
``section.field`` for the table ``[section]``; ``field[i]`` is item ``i`` of a list.
Anything not declared stays as printed.

A variant file (``--cards FILE``) sets some of them; the game is then built again with
:func:`card_variant` active, which :func:`tabletop.core.carddata.load_toml` honours, so the
game's own validator checks the result like any card data::

    game = "mygame"
    [values]
    "unit.infantry.hearts" = 3

Every problem is reported, one sentence each, in one :class:`CardDataError`.
"""

from __future__ import annotations

import contextlib
import copy
import fnmatch
import inspect
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core import tunable_rules
from tabletop.core.errors import CardDataError
from tabletop.core.tunable_rules import Rules

SECTION = "tunable"
_ENTRY_KEYS = {"at", "range", "delta", "choices", "key", "together", "order", "counts"}
_ITEM = re.compile(r"^(?P<field>[^\[\]]+)\[(?P<index>\d+)\]$")

#: Card files being loaded with other values: resolved path -> {address: value}.
_VARIANTS: dict[Path, dict[str, Any]] = {}
#: How many times each variant was applied (a game that never read it cannot be varied).
_APPLIED: dict[Path, int] = {}


@dataclass(frozen=True)
class Tunable:
    """One value a search may move: where it is, its printed value and every value allowed."""

    address: str
    printed: Any
    values: tuple[Any, ...]

    def describe(self) -> str:
        if all(isinstance(v, int) for v in self.values) and len(self.values) > 2:
            return f"{self.values[0]}..{self.values[-1]}"
        return ", ".join(json.dumps(v) for v in self.values)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _records(data: Mapping[str, Any], section: str, key: str) -> dict[str, dict] | None:
    records = data.get(section)
    if isinstance(records, list) and all(isinstance(r, dict) for r in records):
        return {str(r[key]): r for r in records if key in r}
    return None


def _slot(container: Any, field: str) -> tuple[Any, Any] | None:
    """(the object holding the value, its key or index) for ``field`` or ``field[i]``; None if absent."""
    item = _ITEM.match(field)
    if item:
        values = container.get(item["field"]) if isinstance(container, dict) else None
        index = int(item["index"])
        if isinstance(values, list) and index < len(values):
            return values, index
        return None
    if isinstance(container, dict) and field in container:
        return container, field
    return None


def _resolve(data: Mapping[str, Any], address: str, key: str, problems: list[str], file: str) -> list[tuple[str, Any, Any]]:
    """Every concrete ``(address, holder, slot)`` an address (perhaps with ``*``) names."""
    section, dot, rest = address.partition(".")
    if not dot or not rest:
        problems.append(f"{file}: tunable '{address}' is not an address like 'unit.tank.hearts' or 'rules.start_gold'.")
        return []
    if section not in data or section == SECTION:
        problems.append(f"{file}: tunable '{address}' names the section '{section}', which the card data does not have.")
        return []
    if isinstance(data[section], dict):
        slot = _slot(data[section], rest)
        if slot is None:
            problems.append(f"{file}: tunable '{address}': [{section}] has no value '{rest}'.")
            return []
        return [(address, *slot)]
    records = _records(data, section, key)
    ident, dot, field = rest.rpartition(".")
    if records is None or not dot:
        problems.append(f"{file}: tunable '{address}' must name a record and a field, like '{section}.ID.FIELD'.")
        return []
    found = []
    for name in sorted(records) if "*" in ident else [ident]:
        if not fnmatch.fnmatchcase(name, ident) or name not in records:
            continue
        slot = _slot(records[name], field)
        if slot is None:
            problems.append(f"{file}: tunable '{address}': {section} '{name}' has no field '{field}'.")
            continue
        found.append((f"{section}.{name}.{field}", *slot))
    if not found and not any(p.startswith(f"{file}: tunable '{address}'") for p in problems):
        problems.append(f"{file}: tunable '{address}': no [[{section}]] record has {key} '{ident}'.")
    return found


def _allowed(entry: Mapping[str, Any], printed: Any, address: str, problems: list[str], file: str) -> tuple[Any, ...]:
    where = f"{file}: tunable '{address}'"
    if "choices" in entry:
        choices = entry["choices"]
        if not isinstance(choices, list) or len(choices) < 2:
            problems.append(f"{where}: 'choices' must list at least two values.")
            return ()
        if printed not in choices:
            problems.append(f"{where}: the printed value {json.dumps(printed)} is not among its choices; add it.")
            return ()
        return tuple(choices)
    if not _is_int(printed):
        problems.append(f"{where}: the printed value {json.dumps(printed)} is not a whole number; give 'choices'.")
        return ()
    low, high = -(10**9), 10**9
    if "range" in entry:
        bounds = entry["range"]
        if not (isinstance(bounds, list) and len(bounds) == 2 and all(map(_is_int, bounds)) and bounds[0] <= bounds[1]):
            problems.append(f"{where}: 'range' must be two whole numbers, lowest first, like [1, 5].")
            return ()
        low, high = bounds
    if "delta" in entry:
        delta = entry["delta"]
        if not _is_int(delta) or delta < 1:
            problems.append(f"{where}: 'delta' must be a whole number of at least 1.")
            return ()
        low, high = max(low, printed - delta), min(high, printed + delta)
    if not low <= printed <= high:
        problems.append(f"{where}: the printed value {printed} is outside its range {low}..{high}.")
        return ()
    return tuple(range(low, high + 1))


@dataclass(frozen=True)
class Tunables:
    """The values a card file declares tunable, in the order it declares them."""

    file: Path
    items: tuple[Tunable, ...]
    keys: dict[str, str]  # section -> the field that identifies its records
    rules: Rules = Rules()  # copies that move together, values that keep an order

    @property
    def groups(self) -> tuple[tuple[str, ...], ...]:
        """Every address in one group: its copies (itself alone when it has none), declaration order."""
        grouped = self.rules.group_of()
        out: dict[tuple[str, ...], None] = {}
        for t in self.items:
            out.setdefault(grouped.get(t.address, (t.address,)), None)
        return tuple(out)

    def count(self, changes: Mapping[str, Any]) -> int:
        """Changes a designer makes: a group of copies changed together counts once."""
        return sum(1 for g in self.groups if any(a in changes for a in g))

    @property
    def by_address(self) -> dict[str, Tunable]:
        return {t.address: t for t in self.items}

    def check(self, values: Mapping[str, Any], *, source: str) -> dict[str, Any]:
        """``values`` checked against the declarations (all problems at once): a value sets its copies
        too, and the whole must keep the declared orders. Only the values that differ from the
        printed data are returned, in declaration order."""
        known = self.by_address
        problems: list[str] = []
        values = self.rules.expand(values, problems, source)
        for address, value in values.items():
            tunable = known.get(address)
            if tunable is None:
                problems.append(
                    f"{source}: '{address}' is not tunable in {self.file.name}; declare it in a [[tunable]] entry"
                    " there, or leave it out."
                )
            elif value not in tunable.values or (isinstance(value, bool) != isinstance(tunable.printed, bool)):
                problems.append(f"{source}: '{address}' = {json.dumps(value)} is not allowed (allowed: {tunable.describe()}).")
        if not problems:
            full = {t.address: values.get(t.address, t.printed) for t in self.items}
            problems += [f"{source}: {sentence}." for sentence in self.rules.broken(full)]
        if problems:
            raise CardDataError("\n".join(problems))
        return {t.address: values[t.address] for t in self.items if t.address in values and values[t.address] != t.printed}

    def apply(self, data: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
        """A copy of the raw card data with ``values`` (already checked) in place."""
        out = copy.deepcopy(dict(data))
        problems: list[str] = []
        for address, value in values.items():
            key = self.keys.get(address.partition(".")[0], "id")
            for _, holder, slot in _resolve(out, address, key, problems, self.file.name):
                holder[slot] = copy.deepcopy(value)
        if problems:
            raise CardDataError("\n".join(problems))
        return out


def declared(data: Mapping[str, Any], *, file: Path) -> Tunables:
    """The ``[[tunable]]`` entries of a card file's data, checked against the data itself."""
    name = file.name
    entries = data.get(SECTION, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CardDataError(f"{name}: tunable values must be written as [[{SECTION}]] tables.")
    problems: list[str] = []
    items: dict[str, Tunable] = {}
    keys: dict[str, str] = {}
    rules: list[Rules] = []
    for number, entry in enumerate(entries, start=1):
        unknown = sorted(set(entry) - _ENTRY_KEYS)
        if unknown:
            problems.append(f"{name}: [[tunable]] #{number} has unknown field '{unknown[0]}' (known: at, range, delta, choices, key).")
            continue
        if "choices" in entry and ("range" in entry or "delta" in entry):
            problems.append(f"{name}: [[tunable]] #{number} gives both 'choices' and a range; give one of them.")
            continue
        if not any(k in entry for k in ("choices", "range", "delta")):
            problems.append(f"{name}: [[tunable]] #{number} says no allowed values; give 'range', 'delta' or 'choices'.")
            continue
        at = entry.get("at")
        addresses = [at] if isinstance(at, str) else at
        if not isinstance(addresses, list) or not addresses or not all(isinstance(a, str) for a in addresses):
            problems.append(f"{name}: [[tunable]] #{number} needs 'at', an address or a list of addresses.")
            continue
        key = entry.get("key", "id")
        found: list[tuple[str, dict | None]] = []
        for pattern in addresses:
            keys.setdefault(pattern.partition(".")[0], key)
            for address, holder, slot in _resolve(data, pattern, key, problems, name):
                if address in items:
                    problems.append(f"{name}: tunable '{address}' is declared twice; declare each value once.")
                    continue
                if tunable_rules.is_count(address) and entry.get("counts") is not True:
                    problems.append(f"{name}: tunable '{address}' is a card count, which changes what is in the "
                                    "game; it moves only if its [[tunable]] entry says counts = true.")
                    continue
                printed = holder[slot]
                values = _allowed(entry, printed, address, problems, name)
                if values:
                    items[address] = Tunable(address, copy.deepcopy(printed), values)
                    found.append((address, _record(data, address, key)))
        rules.append(tunable_rules.entry_rules(entry, found, problems, f"{name}: [[tunable]] #{number}"))
    merged = tunable_rules.merge(rules)
    if not problems:
        tunable_rules.check_declared(merged, {a: t.printed for a, t in items.items()},
                                     {a: t.values for a, t in items.items()}, problems, name)
    if problems:
        raise CardDataError("\n".join(problems))
    return Tunables(file, tuple(items.values()), keys, merged)


def _record(data: Mapping[str, Any], address: str, key: str) -> dict | None:
    """The ``[[section]]`` record an address names (None for a value of a plain table)."""
    section, _, rest = address.partition(".")
    records = _records(data, section, key)
    return None if records is None else records.get(rest.rpartition(".")[0])


# ---- a game's card file, and the game built with other values -------------------------------


def card_file(game: Any) -> Path:
    """The card file (a TOML beside the game's module) that declares the game's tunable values."""
    from tabletop.core.carddata import load_toml

    try:
        folder = Path(inspect.getfile(type(game))).parent
    except (TypeError, OSError):
        folder = None
    found = []
    for path in sorted(folder.glob("*.toml")) if folder else ():
        with contextlib.suppress(CardDataError):
            if SECTION in load_toml(path, variant=False):
                found.append(path)
    if not found:
        raise CardDataError(
            f"{game.name} declares no tunable card values; add [[tunable]] entries to its card file "
            "(docs/lab.md, 'Balancing')."
        )
    if len(found) > 1:
        raise CardDataError(f"{game.name} declares tunable values in several files ({', '.join(p.name for p in found)}); keep them in one.")
    return found[0]


def tunables_of(game: Any) -> Tunables:
    """The game's declared tunable values."""
    from tabletop.core.carddata import load_toml

    path = card_file(game)
    return declared(load_toml(path, variant=False), file=path)


def read_variant(path: str | Path, game: Any) -> dict[str, Any]:
    """A ``--cards`` file's values for ``game``, checked (only those that differ from the printed data)."""
    from tabletop.core.carddata import load_toml

    path = Path(path)
    data = load_toml(path, variant=False)
    problems = []
    unknown = sorted(set(data) - {"game", "values"})
    if unknown:
        problems.append(f"{path.name}: unknown key '{unknown[0]}'; a card variant has 'game' and a [values] table.")
    if data.get("game", game.name) != game.name:
        problems.append(f"{path.name}: these values are for '{data['game']}', not '{game.name}'.")
    values = data.get("values", {})
    if not isinstance(values, dict):
        problems.append(f"{path.name}: 'values' must be a table of \"address\" = value.")
    if problems:
        raise CardDataError("\n".join(problems))
    return tunables_of(game).check(values, source=path.name)


def variant_text(game_name: str, values: Mapping[str, Any]) -> str:
    """A card variant file (the format :func:`read_variant` reads)."""
    lines = ["# Card values for tabletop (--cards FILE); the others stay as printed.", f'game = "{game_name}"', "", "[values]"]
    lines += [f"{json.dumps(address)} = {json.dumps(value)}" for address, value in values.items()]
    return "\n".join(lines) + "\n"


def canonical(values: Mapping[str, Any]) -> str:
    """One text per set of values (the Job carries it; the hash covers it)."""
    return json.dumps(dict(sorted(values.items())), sort_keys=True, separators=(",", ":")) if values else ""


@contextlib.contextmanager
def card_variant(path: Path, values: Mapping[str, Any]) -> Iterator[None]:
    """While active, loading ``path`` gives its data with ``values`` in place."""
    key = Path(path).resolve()
    previous = _VARIANTS.get(key)
    _VARIANTS[key] = dict(values)
    _APPLIED[key] = 0
    try:
        yield
    finally:
        if previous is None:
            _VARIANTS.pop(key, None)
        else:
            _VARIANTS[key] = previous


def apply_variant(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` of ``path`` with the active variant's values, if one is active (load_toml calls it)."""
    key = path.resolve()
    values = _VARIANTS.get(key)
    if not values:
        return data
    _APPLIED[key] = _APPLIED.get(key, 0) + 1
    return declared(data, file=path).apply(data, values)


_GAMES: dict[tuple[type, str], Any] = {}


def variant_game(game: Any, values: Mapping[str, Any]) -> Any:
    """The game built again from its card file with ``values`` (checked) in place; cached."""
    if not values:
        return game
    text = canonical(values)
    cache_key = (type(game), text)
    if cache_key in _GAMES:
        return _GAMES[cache_key]
    path = card_file(game)
    tunables_of(game).check(values, source="card values")
    with card_variant(path, values):
        try:
            built = type(game)()
        except CardDataError:
            raise
        except TypeError:
            raise CardDataError(f"{game.name} cannot be built again with other card data (its class needs arguments).") from None
        if not _APPLIED.get(path.resolve()):
            raise CardDataError(
                f"{game.name} did not read {path.name} while being built, so card values cannot vary it; "
                "load the card data in the game's constructor with load_toml."
            )
    if len(_GAMES) > 64:
        _GAMES.clear()
    _GAMES[cache_key] = built
    return built
