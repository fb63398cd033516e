"""The plain table: one game at a line-by-line prompt, for scripts, screen readers and tests.

Bots' public moves are narrated as they happen; between people a hand-over page hides the last
person's secrets but repeats the public narration since the next one last played; ``undo``
takes back a decision and ``quit`` asks first, then saves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.panel import Panel

from tabletop.agents.human import GameAbandoned, HumanAgent, UndoRequested
from tabletop.cli.output import Output
from tabletop.core.game import Outcome
from tabletop.screen.kit import Board
from tabletop.screen.session import Logged, Session, UndoRefused


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
            self.output.print(f"[dim]>[/] {escape(logged.event.render(self.session.names))}", highlight=False)

    def play(self) -> Outcome | None:
        """Play to the end (the outcome) or until a person leaves (None); the record is saved.
        Ctrl-C while bots think stops the game too, on a new line, saved."""
        try:
            return self._play()
        except KeyboardInterrupt:
            self.session.record.save(self.save)
            self.output.print("\n[warning]Stopped.[/]")
            return None

    def _play(self) -> Outcome | None:
        session = self.session
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
            except GameAbandoned as stop:
                session.record.save(self.save)
                self.output.print(f"[warning]{escape(str(stop))}[/]", highlight=False)
                return None
            for logged in session.submit(seat, action):
                self.narrate(logged)
            session.record.save(self.save)
        session.record.save(self.save)
        return session.outcome()

    def hand_over(self, seat: int) -> None:
        session = self.session
        if len(session.humans) < 2 or seat == self.at_screen:
            return
        self.at_screen = seat
        console = self.output.console
        self._wipe()
        name = session.names[seat]
        since = session.visible_log(None, since=session.last_step_of(seat))
        body = f"Pass the screen to [seat]{name}[/]. Others, look away!"
        if since:
            body += "\n\nSince you last played:\n" + "\n".join(f"> {escape(line)}" for line in since[-15:])
        console.print(Panel(body, title="Hand over"), highlight=False)
        try:
            self.ask(f"{name}, press Enter when ready ")
        except (EOFError, KeyboardInterrupt):
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
                answer = "n"
            if answer.strip().casefold() not in ("y", "yes"):
                self.output.print("Nothing taken back.")
                return
        try:
            session.undo(seat)
        except UndoRefused as error:
            self.output.print(f"[yellow]{error}[/]")
            return
        self.human.forget()
        self.output.print(f"[ok]Taken back[/]: {session.names[seat]} decides again.")

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
