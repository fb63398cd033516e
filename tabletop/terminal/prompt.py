"""The human agent: a prompt that shows one seat's view and legal actions and reads a choice.

A choice may be typed as its number in the list, its notation, or a unique prefix of
it. ``?`` shows help; a typo gets one sentence (with a did-you-mean) and a new prompt, never a
traceback. ``card NAME`` shows a card's text, ``undo`` takes back, ``quit`` asks first. The table
is printed again only when it changed, compactly when the game provides a board.
"""

from __future__ import annotations

import difflib
import sys
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tabletop.core.decision import Decision
from tabletop.core.errors import TabletopError
from tabletop.core.program import program
from tabletop.terminal.safe_text import clean, fmt, plain

if TYPE_CHECKING:
    from tabletop.core.board import Board


class GameAbandoned(TabletopError):
    """The person at the prompt chose to stop the game."""


class UndoRequested(TabletopError):
    """The person at the prompt asked to take back their last decision."""


QUIT_WORDS = ("quit", "exit")
#: Words a person may type besides an action (offered by tab completion).
COMMANDS = ("help", "list", "view", "card ", "undo", "quit")
#: Lists longer than this go in two columns when the screen is at least WIDE characters.
LONG_LIST = 12
WIDE = 110
#: How much of a person's typing an answer quotes back.
ECHO = 40


def _echo(typed: str) -> str:
    """What was typed, as a message quotes it: control characters escaped, then cut short."""
    shown = clean(typed)
    return shown if len(shown) <= ECHO else shown[:ECHO] + "..."


#: What a person types at a hand-over page when their name has no letter to type.
READY_WORD = "ready"


def _folded(text: str) -> str:
    """``text`` as typed on any keyboard: accents, case, spaces and punctuation dropped."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return "".join(c for c in bare.casefold() if c.isascii() and c.isalnum())


def hand_over_word(name: str) -> str:
    """What the next person types to be handed the screen: their name, or ``ready`` when it has
    no letter to type (a number could be a choice typed ahead). A stray Enter, or a move the
    last person typed ahead, is not it."""
    return name if any(c.isalpha() for c in _folded(name)) else READY_WORD


def confirms_hand_over(name: str, typed: str) -> bool:
    """Whether ``typed`` is the word :func:`hand_over_word` asks of ``name``'s person; case,
    accents, spaces and punctuation do not matter."""
    word = _folded(hand_over_word(name))
    return bool(word) and _folded(typed) == word


def discard_typeahead() -> None:
    """Drop whatever was typed at the terminal but not read yet (the last person's extra
    Enter or next move), so that it cannot answer the page now shown. Nothing to do when input
    is not a terminal (a script's lines are meant)."""
    try:
        if sys.stdin is None or not sys.stdin.isatty():
            return
        if sys.platform == "win32":
            import msvcrt

            while msvcrt.kbhit():
                msvcrt.getwch()
            return
        import termios

        try:
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
        except termios.error:  # not a real terminal after all (a pty gone away)
            return
    except (OSError, ValueError, ImportError):
        return


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
        raise ValueError(f"'{_echo(typed)}' could be {clean(shown)}; type more of it or its number.")
    close = difflib.get_close_matches(folded, [a.casefold() for a in legal], n=3, cutoff=0.6)
    if close:
        named = ", ".join(next(a for a in legal if a.casefold() == c) for c in close)
        raise ValueError(f"'{_echo(typed)}' is not a legal action now; did you mean {clean(named)}?")
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
        board: Board | None = None,
        completer: Callable[[list[str]], None] | None = None,
    ):
        self.console = console
        self.ask = ask
        self.names = list(names)
        self.show_view = show_view
        self.board = board
        self.completer = completer
        self._shown: dict[int, str] = {}
        #: The rest of a pasted burst of lines (a terminal's bracketed paste hands them over as
        #: one line), each taken as the seat's next answer; for that seat only.
        self._burst: tuple[int, list[str]] | None = None

    def forget(self) -> None:
        """Print the whole table at the next decision (after a takeback)."""
        self._shown.clear()

    def choose(self, decision: Decision) -> str:
        legal = self.board.ordered(decision.view, decision.legal) if self.board is not None else list(decision.legal)
        if self.show_view:
            self._show(decision, changed_only=True)
        self._list(decision, legal)
        if self.completer is not None:
            self.completer(legal + list(COMMANDS))
        name = clean(self.names[decision.seat])
        prompt = f"{name} > "
        while True:
            try:
                text = self._read(decision.seat, prompt)
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                raise GameAbandoned(f"{name} left the game.") from None
            word, _, rest = text.strip().partition(" ")
            word = word.casefold()
            if word in QUIT_WORDS:
                if self._confirm_quit(name):
                    raise GameAbandoned(f"{name} quit the game.")
                continue
            if word in ("?", "help"):
                self._help(decision)
                continue
            if word in ("list", "ls"):
                self._list(decision, legal, full=True)
                continue
            if word == "view":
                self._show(decision, changed_only=False)
                continue
            if word == "undo":
                raise UndoRequested(f"{name} takes back a decision.")
            if word == "card" and self.board is not None:
                self.console.print(plain(self.board.card_text(rest), lines=True), highlight=False)
                continue
            try:
                return match_choice(text, legal)
            except ValueError as error:
                self._burst = None  # a refused line ends the paste: the rest was meant after it
                self.console.print(plain(decision.refusal(text.strip()) or error, "yellow"))

    def _read(self, seat: int, prompt: str) -> str:
        """The seat's next line: the next of a pasted burst (shown as if typed), else typed now;
        a line holding several (a paste) is split, one action each."""
        if self._burst is not None and self._burst[0] == seat and self._burst[1]:
            line = self._burst[1].pop(0)
            self.console.print(plain(prompt + line))
            return line
        lines = [line for line in self.ask(prompt).replace("\r", "\n").split("\n") if line.strip()] or [""]
        self._burst = (seat, lines[1:]) if len(lines) > 1 else None
        return lines[0]

    def _confirm_quit(self, name: str) -> bool:
        try:
            answer = self.ask("Quit? The game is saved and can be resumed. [Y/n] ")
        except (EOFError, KeyboardInterrupt):
            self.console.print()  # the message goes on a line of its own, not after the prompt
            return True
        return answer.strip().casefold() in ("", "y", "yes")

    def _show(self, decision: Decision, *, changed_only: bool) -> None:
        """The table, compact if the game has a board; skipped when nothing changed since this seat
        last saw it."""
        game, view = decision.game, decision.view
        if self.board is None:
            renderable = game.render(view, names=self.names)
        else:
            renderable = self._compact(decision)
        with self.console.capture() as capture:
            self.console.print(renderable)
        text = capture.get()
        if changed_only and self._shown.get(decision.seat) == text:
            return
        self._shown[decision.seat] = text
        self.console.print(renderable)

    def _compact(self, decision: Decision):
        from rich.console import Group

        board, view = self.board, decision.view
        parts = [board.render(view, names=self.names, width=self.console.width)]
        cards = board.hand(view, decision.legal)
        if cards:
            hand = Text(f"{board.hand_title}: ", style="bold")
            now = [c.short or c.label for c in cards if c.playable is not False]
            later = [c.short or c.label for c in cards if c.playable is False]
            hand.append(clean(", ".join(now)))
            if later:
                hand.append(f"{'; ' if now else ''}not now: {clean(', '.join(later))}", style="dim")
            parts.append(hand)
        hint = board.hint(view, decision.legal)
        if hint:
            parts.append(plain(hint, "italic"))
        return Group(*parts)

    def _list(self, decision: Decision, legal: list[str], *, full: bool = False) -> None:
        """Number the choices; a long list goes in two columns on a wide screen, and on a narrow
        one as numbered notations in columns (``list`` shows what each does)."""
        if not full and len(legal) > LONG_LIST and self.console.width < WIDE:
            from rich.columns import Columns

            cells = [
                Text.assemble((f"{n:>2} ", "dim"), (clean(action), "bold")) for n, action in enumerate(legal, start=1)
            ]
            self.console.print(Columns(cells, padding=(0, 2)))
            self.console.print("[dim]list[/] [dim]shows what each choice does.[/]")
            return
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
            "[bold]list[/] shows the choices again, [bold]view[/] the table, [bold]card NAME[/] a card's text, "
            "[bold]undo[/] takes back your last decision (not once you, or another person it takes back, "
            "have seen what was hidden then), "
            "[bold]quit[/] stops the game (it is saved; `{} play --resume FILE` continues it).",
            help_text, program(),
        ))
