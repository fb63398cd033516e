"""The plain table: one game at a line-by-line prompt, for scripts, screen readers and tests.

Bots' public moves are narrated as they happen; between people a hand-over page hides the last
person's secrets but repeats the public narration since the next one last played; ``undo``
takes back a decision and ``quit`` asks first, then saves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.panel import Panel

from tabletop.core.board import Board
from tabletop.core.game import Outcome
from tabletop.engine.session import Logged, Session, UndoRefused
from tabletop.terminal.interrupts import shielded
from tabletop.terminal.output import Output
from tabletop.terminal.prompt import GameAbandoned, HumanAgent, UndoRequested
from tabletop.terminal.safe_text import fmt, plain


class PlainTable:
    def __init__(self, output: Output, ask: Callable[[str], str], session: Session, board: Board, *,
                 save: Path, completer: Callable[[list[str]], None] | None = None):
        self.output = output
        self.ask = ask
        self.session = session
        self.save = save
        self.human = HumanAgent(console=output.console, ask=ask, names=session.names, board=board,
                                completer=completer)
        solo = session.humans[0] if len(session.humans) == 1 else None
        self.at_screen: int | None = solo

    def narrate(self, logged: Logged) -> None:
        if logged.event.visible(self.at_screen):
            self.output.print(fmt("[dim]>[/] {}", logged.event.render(self.session.names)), highlight=False)

    def play(self) -> Outcome:
        """Play to the end, saving after each person's decision. A person leaving raises
        GameAbandoned; the caller saves and says so (as for Ctrl-C)."""
        session = self.session
        if not session.steps:  # a new game: narrate its setup
            for logged in session.log:
                self.narrate(logged)
        while session.outcome() is None:
            session.play_bots(on_event=self.narrate)
            seat = session.human_to_act()
            if seat is None:
                continue
            self.hand_over(seat)
            try:
                action = self.human.choose(session.decision(seat))
            except UndoRequested:
                self.take_back(seat)
                continue
            for logged in session.submit(seat, action):
                self.narrate(logged)
            self._save()
        self._save()
        return session.outcome()

    def _save(self) -> None:
        with shielded():
            self.session.record.save(self.save)

    def hand_over(self, seat: int) -> None:
        session = self.session
        if len(session.humans) < 2 or seat == self.at_screen:
            return
        self.at_screen = seat
        console = self.output.console
        self._wipe()
        name = session.names[seat]
        since = session.visible_log(None, since=session.last_step_of(seat))
        body = fmt("Pass the screen to [seat]{}[/]. Others, look away!", name)
        if since:
            body.append("\n\nSince you last played:\n")
            body.append_text(plain("\n".join(f"> {line}" for line in since[-15:])))
        console.print(Panel(body, title="Hand over"), highlight=False)
        try:
            self.ask(f"{name}, press Enter when ready ")
        except (EOFError, KeyboardInterrupt):
            console.print()  # the message goes on a line of its own, not after the prompt
            raise_left(name)
        self._wipe()

    def take_back(self, seat: int) -> None:
        session = self.session
        others = session.others_affected(seat)
        if others:
            who = ", ".join(session.names[s] for s in others)
            try:
                answer = self.ask(f"This also takes back what {who} chose. Does everyone agree? [y/N] ")
            except (EOFError, KeyboardInterrupt):
                self.output.print()
                answer = "n"
            if answer.strip().casefold() not in ("y", "yes"):
                self.output.print("Nothing taken back.")
                return
        try:
            session.undo(seat)
        except UndoRefused as error:
            self.output.print(plain(error, "yellow"))
            return
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
