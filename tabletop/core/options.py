"""A game's options (variants, house rules): declared once, checked when a game starts.

Typed on a command line, read from a record or given by a program, every value goes through
:class:`Option`, so a wrong name or value is one sentence naming what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.core.suggest import did_you_mean

OptionValue = str | int | bool
#: How much of an action or option an error message quotes.
ECHO = 40

#: Control characters as escapes: a message quoting a record's action or option stays one line.
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(32), 127)}


def one_line(text: str) -> str:
    """``text`` with control characters (a newline in a corrupt action) written as ``\\xNN``."""
    return text.translate(_CONTROLS)


@dataclass(frozen=True, slots=True)
class Option:
    """A variant or house rule: its default and the values it allows.

    ``choices`` empty means any value of the default's type is allowed.
    """

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()
    help: str = ""

    def parse(self, raw: str) -> OptionValue:
        """Turn command-line text into a checked value."""
        kind = type(self.default)
        if kind is bool:
            lowered = raw.strip().lower()
            if lowered in ("1", "true", "yes", "on"):
                return self.check(True)
            if lowered in ("0", "false", "no", "off"):
                return self.check(False)
            raise OptionError(f"Option '{self.name}' takes true or false, not '{one_line(raw)[:ECHO]}'.")
        if kind is int:
            try:
                if not raw.strip().lstrip("+-").isascii():  # int() also reads other scripts' digits
                    raise ValueError(raw)
                value = int(raw)
            except ValueError:
                raise OptionError(f"Option '{self.name}' takes a whole number, not '{one_line(raw)[:ECHO]}'.") from None
            return self.check(value)
        return self.check(raw)

    def check(self, value: Any) -> OptionValue:
        """Return ``value`` if allowed, else raise :class:`OptionError` naming the allowed ones."""
        kind = type(self.default)
        if type(value) is not kind:
            if kind is str and isinstance(value, int) and not isinstance(value, bool):
                value = str(value)
            else:
                raise OptionError(
                    f"Option '{self.name}' takes a {kind.__name__} value, not {repr(value)[:ECHO]}."
                )
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"Option '{self.name}' cannot be '{one_line(str(value))[:ECHO]}'; choose one of: {allowed}.")
        return value

    def describe(self) -> str:
        """``name=default (choices)`` for listings."""
        allowed = "|".join(str(c) for c in self.choices) if self.choices else type(self.default).__name__
        return f"{self.name}={self.default} ({allowed})"


def resolve_options(game: str, options: Sequence[Option],
                    given: Mapping[str, Any] | None = None) -> dict[str, OptionValue]:
    """Game ``game``'s ``options`` with defaults filled in from ``given``; unknown names and bad
    values raise OptionError."""
    known = {o.name: o for o in options}
    resolved: dict[str, OptionValue] = {o.name: o.default for o in options}
    for key, value in (given or {}).items():
        option = known.get(key)
        if option is None:
            shown = one_line(str(key))[:ECHO]
            if not known:
                raise OptionError(f"'{game}' has no option '{shown}': it takes no options.")
            hint = did_you_mean(key, known).strip()
            hint = f" ({hint[0].lower()}{hint[1:]})" if hint else ""
            raise OptionError(f"'{game}' has no option '{shown}'{hint}; its options are: {', '.join(known)}.")
        resolved[key] = option.parse(value) if isinstance(value, str) else option.check(value)
    return resolved


def parse_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``key=value`` texts as typed on a command line, as a mapping (not yet checked)."""
    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"Write options as key=value, not '{pair}'.")
        given[key.strip()] = value.strip()
    return given
