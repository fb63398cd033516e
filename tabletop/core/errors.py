"""Errors a person can cause, each carrying one sentence that says what is wrong.

The CLI prints ``str(error)`` for any :class:`TabletopError` and exits non-zero, so
no user mistake ever ends in a traceback.
"""


class TabletopError(Exception):
    """A mistake in input (an action, an option, a file) rather than a bug."""


class ActionError(TabletopError, ValueError):
    """An action that cannot be applied; the state is left as it was."""

    def __init__(self, reason: str, *, seat: int | None = None, action: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.action = action


class InvalidAction(ActionError):
    """Text that is not an action of this game's notation at all (like a typo)."""


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now."""


class OptionError(TabletopError, ValueError):
    """An unknown option or a value the option does not allow."""


class SeatCountError(TabletopError, ValueError):
    """Too few or too many seats for a game."""


class CardDataError(TabletopError, ValueError):
    """A card data file that cannot be read or breaks its schema; names file, card and field."""


class RecordError(TabletopError, ValueError):
    """A game record that cannot be read, or that does not replay to what it claims."""


class UnknownNameError(TabletopError, LookupError):
    """An unknown game or bot name."""
