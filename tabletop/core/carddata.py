"""Load a plugin's card data (TOML) and validate it against a schema.

Card data is what a designer edits without touching code, so every error names the
file, the card and the field, and says what was expected::

    cards.toml: unit 'tank' field 'hearts': expected a whole number, got 'three'.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.core import toml_file
from tabletop.core.errors import CardDataError

_TYPE_WORDS = {str: "text", int: "a whole number", bool: "true or false", list: "a list", float: "a number"}


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a card record: its type, whether it must be there, what it may hold."""

    type: type
    required: bool = True
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: For list fields: the type and allowed values of each item.
    item_type: type | None = None
    max_items: int | None = None
    default: Any = None


def load_toml(path: str | Path, *, variant: bool = True) -> dict[str, Any]:
    """Read a TOML file within :mod:`~tabletop.core.toml_file`'s limits (size, depth, no dates);
    a missing file, a syntax error or a limit becomes a CardDataError.

    While the lab plays "this game with that card data" (:func:`tabletop.core.tunables.card_variant`),
    the file's data comes back with the variant's values in place (``variant=False``: as printed).
    """
    path = Path(path)
    try:
        data = toml_file.parse(toml_file.read_bytes(path))
    except FileNotFoundError:
        raise CardDataError(f"{path.name}: the card data file is missing ({path}).") from None
    except tomllib.TOMLDecodeError as error:
        raise CardDataError(f"{path.name}: not valid TOML: {error}.") from None
    except toml_file.TomlRefused as refused:
        raise CardDataError(f"{path.name} {refused}.") from None
    except OSError as error:
        raise CardDataError(f"{path.name}: cannot be read: {error.strerror}.") from None
    if not variant:
        return data
    from tabletop.core.tunables import apply_variant

    return apply_variant(path, data)


def _type_word(kind: type) -> str:
    return _TYPE_WORDS.get(kind, kind.__name__)


def _check_value(value: Any, spec: Field, where: str, *, kind: type | None = None) -> Any:
    kind = kind or spec.type
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        ok, value = True, float(value)
    if not ok:
        raise CardDataError(f"{where}: expected {_type_word(kind)}, got {value!r}.")
    if kind is list:
        if spec.max_items is not None and len(value) > spec.max_items:
            raise CardDataError(f"{where}: at most {spec.max_items} items, got {len(value)}.")
        item_spec = Field(spec.item_type or str, choices=spec.choices)
        return [_check_value(item, item_spec, where) for item in value]
    if spec.choices and value not in spec.choices:
        allowed = ", ".join(str(c) for c in spec.choices)
        raise CardDataError(f"{where}: {value!r} is not one of {allowed}.")
    if spec.minimum is not None and value < spec.minimum:
        raise CardDataError(f"{where}: {value} is below the minimum {spec.minimum}.")
    if spec.maximum is not None and value > spec.maximum:
        raise CardDataError(f"{where}: {value} is above the maximum {spec.maximum}.")
    return value


def validate_table(
    data: Mapping[str, Any],
    section: str,
    schema: Mapping[str, Field],
    *,
    file: str,
    key: str = "id",
    count: int | None = None,
) -> list[dict[str, Any]]:
    """Validate the array of tables ``[[section]]``; returns the records with defaults filled.

    ``key`` names the field that identifies a card (unique within the section);
    ``count``, if given, is how many records the section must hold.
    """
    records = data.get(section)
    if records is None:
        raise CardDataError(f"{file}: no [[{section}]] entries.")
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise CardDataError(f"{file}: '{section}' must be written as [[{section}]] tables.")
    if count is not None and len(records) != count:
        raise CardDataError(f"{file}: expected {count} [[{section}]] entries, found {len(records)}.")
    seen: set[Any] = set()
    out: list[dict[str, Any]] = []
    for number, record in enumerate(records, start=1):
        ident = record.get(key)
        label = f"{section} {ident!r}" if ident is not None else f"{section} #{number}"
        unknown = sorted(set(record) - set(schema))
        if unknown:
            known = ", ".join(schema)
            raise CardDataError(f"{file}: {label} has unknown field '{unknown[0]}' (known: {known}).")
        clean: dict[str, Any] = {}
        for name, spec in schema.items():
            where = f"{file}: {label} field '{name}'"
            if name not in record:
                if spec.required:
                    raise CardDataError(f"{where}: missing.")
                clean[name] = spec.default
                continue
            clean[name] = _check_value(record[name], spec, where)
        if ident is not None:
            if ident in seen:
                raise CardDataError(f"{file}: {label} appears twice; '{key}' must be unique.")
            seen.add(ident)
        out.append(clean)
    return out


def validate_section(data: Mapping[str, Any], section: str, schema: Mapping[str, Field], *, file: str) -> dict[str, Any]:
    """Validate the single table ``[section]`` (settings such as a game's numeric rules)."""
    table = data.get(section)
    if not isinstance(table, dict):
        raise CardDataError(f"{file}: no [{section}] table.")
    (record,) = validate_table({section: [table]}, section, schema, file=file, key="_")
    return record
