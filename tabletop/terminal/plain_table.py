"""The plain table: one game at a line-by-line prompt, for scripts, screen readers and tests.

Bots' public moves are narrated as they happen; between people a hand-over page hides the last
person's secrets but repeats the public narration since the next one last played, drops what
was typed before it appeared and goes on only when the next person types their name (a stray
Enter or a move typed ahead cannot show their hand); ``undo`` takes back a decision and
``quit`` asks first, then saves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.panel import Panel

from tabletop.core.board import Board
from tabletop.core.errors import TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Outcome
from tabletop.core.record import GameRecord
from tabletop.engine.table import GameTable, Turn
from tabletop.terminal.interrupts import shielded
from tabletop.terminal.output import Output
from tabletop.terminal.prompt import (
    GameAbandoned,
    HumanAgent,
    UndoRequested,
    confirms_hand_over,
    discard_typeahead,
    hand_over_word,
)
from tabletop.terminal.safe_text import clean, fmt, plain


class PlainTable:
    """A view of a table (:class:`GameTable`: a local session or a network seat): it shows each
    :class:`Turn` and asks at the prompt; who decides, when to hand over, what a takeback needs
    and when to save are the table's."""

    def __init__(self, output: Output, ask: Callable[[str], str], session: GameTable, board: Board, *,
                 save: Path | None, completer: Callable[[list[str]], None] | None = None,
                 discard: Callable[[], None] = discard_typeahead):
        """``discard``: drop input typed but not read yet (the terminal's, by default)."""
        self.output = output
        self.ask = ask
        self.discard = discard
        self.session = session
        self.save = save
        self.human = HumanAgent(console=output.console, ask=ask, names=session.names, board=board,
                                completer=completer)
        session.on_save = self._save

    def narrate(self, event: Event) -> None:
        if event.visible(self.session.at_screen):
            self.output.print(fmt("[dim]>[/] {}", event.render(self.session.names)), highlight=False)

    def play(self) -> Outcome:
        """Play to the end, saving after each person's decision. A person leaving raises
        GameAbandoned; the caller saves and says so (as for Ctrl-C)."""
        session = self.session
        while (turn := session.advance(on_event=self.narrate)) is not None:
            if turn.hand_over:
                self.hand_over(turn)
            try:
                action = self.human.choose(session.decision(turn.seat))
            except UndoRequested:
                self.take_back(turn.seat)
                continue
            try:
                taken = session.submit(turn.seat, action)
            except TabletopError as error:  # refused by a table held elsewhere: it asks again
                if session.outcome() is not None:
                    break
                self.output.print(plain(str(error), "yellow"))
                continue
            for logged in taken:
                self.narrate(logged.event)
        return session.outcome()

    def _save(self, record: GameRecord) -> None:
        if self.save is None:  # a table saved elsewhere (a server)
            return
        with shielded():
            record.save(self.save)

    def hand_over(self, turn: Turn) -> None:
        """The page between people: public narration only; it drops what was typed before it
        appeared and waits for the next person's name, so nothing typed ahead passes it."""
        console = self.output.console
        self._wipe()
        name = self.session.names[turn.seat]
        word = hand_over_word(name)
        body = fmt("Pass the screen to [seat]{}[/]. Others, look away!", name)
        if turn.since:
            body.append("\n\nSince you last played:")
            for line in turn.since[-15:]:  # each line made safe, the breaks between them kept
                body.append("\n> ")
                body.append_text(plain(line))
        console.print(Panel(body, title="Hand over"), highlight=False)
        self.discard()
        prompt = f"{clean(name)}, type {'your name' if word == name else clean(word)} and press Enter: "
        while True:
            try:
                typed = self.ask(prompt)
            except (EOFError, KeyboardInterrupt):
                console.print()  # the message goes on a line of its own, not after the prompt
                raise_left(name)
            if confirms_hand_over(name, typed):
                break
            self.output.print(fmt("[warning]Only {} goes on from here: type {} and press Enter.[/]", name, word))
        self._wipe()

    def take_back(self, seat: int) -> None:
        session = self.session
        plan = session.plan_undo(seat)
        if plan.refusal is not None:
            self.output.print(plain(plan.refusal, "yellow"))
            return
        if plan.others:
            try:
                answer = self.ask(f"{plan.question(session.names)} [y/N] ")
            except (EOFError, KeyboardInterrupt):
                self.output.print()
                answer = "n"
            if answer.strip().casefold() not in ("y", "yes"):
                self.output.print("Nothing taken back.")
                return
        session.undo(seat, plan)
        self.human.forget()
        self.output.print(fmt("[ok]Taken back[/]: {} decides again.", session.names[seat]))

    def _wipe(self) -> None:
        """Clear the screen and the terminal's scrollback, where the last person's hand still is."""
        console = self.output.console
        console.clear()
        if console.is_terminal:
            console.file.write("\x1b[3J")
            console.file.flush()


def raise_left(name: str) -> Any:
    raise GameAbandoned(f"{name} left the game.") from None


def readline_completer() -> Callable[[list[str]], None] | None:
    """Tab completion of the legal actions and history (Up/Down) at an interactive prompt;
    None where readline is missing (Windows) or input is not a terminal."""
    import sys

    if not sys.stdin.isatty():
        return None
    try:
        import readline
    except ImportError:
        return None
    words: list[str] = []

    def complete(text: str, state: int) -> str | None:
        line = readline.get_line_buffer()
        found = [w for w in words if w.casefold().startswith(line.casefold())]
        if state >= len(found):
            return None
        # readline replaces only the current word: give the rest of the completion from it.
        return found[state][len(line) - len(text):]

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")

    def offer(legal: list[str]) -> None:
        words[:] = legal

    return offer
