"""What every command is handed: the installed games and bots, where to print, how to ask.

Kept apart from :mod:`tabletop.cli.app` so that a command module never imports the
application (nor another command): each parses, calls below and renders.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tabletop.engine.registry import Registry
from tabletop.terminal.output import Output


def _default_ask(prompt: str) -> str:
    return input(prompt)


@dataclass
class Runtime:
    """What every command needs: the installed games and bots, and where to print."""

    registry: Registry
    output: Output = field(default_factory=Output)
    ask: Callable[[str], str] = _default_ask
    #: ``--debug`` (or $TABLETOP_DEBUG): show the tracebacks of errors raised inside a game.
    debug: bool = False
