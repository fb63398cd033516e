"""The human agent: a prompt that shows one seat's view and legal actions and reads a choice.

A choice may be typed as its number in the list, its notation, or a unique prefix of
it. ``?`` shows help; a typo gets one sentence and a new prompt, never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tabletop.agents.base import Decision
from tabletop.cli.safe_text import clean, fmt, plain
from tabletop.core.errors import TabletopError


class GameAbandoned(TabletopError):
    """The person at the prompt chose to stop the game."""


QUIT_WORDS = ("quit", "exit")
#: Lists longer than this go in two columns when the screen is at least WIDE characters.
LONG_LIST = 12
WIDE = 110
#: How much of a person's typing an answer quotes back.
ECHO = 40


def _echo(typed: str) -> str:
    return typed if len(typed) <= ECHO else typed[:ECHO] + "..."


def match_choice(text: str, legal: Sequence[str]) -> str:
    """The legal action ``text`` names: the notation, a number in the list, or a unique prefix.

    The notation wins over a list number, so games whose actions are numbers stay unambiguous.

    Raises ValueError with a sentence a person understands.
    """
    typed = text.strip()
    if not typed:
        raise ValueError("Type an action, its number, or ? for help.")
    if typed in legal:
        return typed
    if typed.isascii() and typed.isdigit():
        number = int(typed)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise ValueError(f"There is no choice {number}: pick 1 to {len(legal)}.")
    folded = typed.casefold()
    exact = [a for a in legal if a.casefold() == folded]
    if len(exact) == 1:
        return exact[0]
    starts = [a for a in legal if a.casefold().startswith(folded)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        shown = ", ".join(starts[:6]) + (" ..." if len(starts) > 6 else "")
        raise ValueError(f"'{_echo(typed)}' could be {shown}; type more of it or its number.")
    raise ValueError(f"'{_echo(typed)}' is not a legal action now; type ? to see what you can do.")


class HumanAgent:
    """Asks a person at the terminal."""

    def __init__(
        self,
        *,
        console: Console,
        ask: Callable[[str], str],
        names: Sequence[str],
        show_view: bool = True,
    ):
        self.console = console
        self.ask = ask
        self.names = list(names)
        self.show_view = show_view

    def choose(self, decision: Decision) -> str:
        game, legal = decision.game, list(decision.legal)
        if self.show_view:
            self.console.print(game.render(decision.view, names=self.names))
        self._list(decision, legal)
        prompt = f"{clean(self.names[decision.seat])} > "
        while True:
            try:
                text = self.ask(prompt)
            except (EOFError, KeyboardInterrupt):
                raise GameAbandoned(f"{self.names[decision.seat]} left the game.") from None
            word = text.strip().casefold()
            if word in QUIT_WORDS:
                raise GameAbandoned(f"{self.names[decision.seat]} quit the game.")
            if word in ("?", "help"):
                self._help(decision)
                continue
            if word in ("list", "ls"):
                self._list(decision, legal)
                continue
            if word == "view":
                self.console.print(game.render(decision.view, names=self.names))
                continue
            try:
                return match_choice(text, legal)
            except ValueError as error:
                self.console.print(plain(error, "yellow"))

    def _list(self, decision: Decision, legal: list[str]) -> None:
        """Number the choices; a long list goes in two columns on a wide screen."""
        rows = [(str(n), clean(action), clean(decision.describe(action))) for n, action in enumerate(legal, start=1)]
        halves = 2 if len(rows) > LONG_LIST and self.console.width >= WIDE else 1
        per_column = -(-len(rows) // halves)
        table = Table(show_header=False, box=None, padding=(0, 1))
        for _ in range(halves):
            table.add_column(justify="right", style="dim")
            table.add_column(style="bold")
            table.add_column(style="dim")
        for i in range(per_column):
            cells: list[Text] = []
            for half in range(halves):
                index = i + half * per_column
                cells.extend(Text(c) for c in (rows[index] if index < len(rows) else ("", "", "")))
            table.add_row(*cells)
        self.console.print(table)

    def _help(self, decision: Decision) -> None:
        help_text = decision.game.notation_help or "Type one of the listed actions."
        self.console.print(fmt(
            "[bold]How to answer[/]: {}\n"
            "Type an action, its number in the list, or enough of its start to tell it apart.\n"
            "[bold]list[/] shows the choices again, [bold]view[/] the table, "
            "[bold]quit[/] stops the game (the record so far is kept).",
            help_text,
        ))
