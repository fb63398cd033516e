"""Small widgets of the game screen: the compass of seats, the prompt with history and completion,
the choices, the hand and the log."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.suggester import SuggestFromList
from textual.widgets import DataTable, Input, OptionList, RichLog, Static

from tabletop.core.board import HandCard

#: Above this many seats the compass shows only you and your neighbours.
COMPASS_ROWS = 5
#: A hand of more cards than this is listed by short names.
SHORT_HAND = 6


def compass(names: Sequence[str], *, me: int | None, to_act: int | None, humans: Sequence[int]) -> Text:
    """Every seat clockwise starting with yours; your left is the next seat clockwise."""
    n = len(names)
    start = me if me is not None else 0
    if n > COMPASS_ROWS and me is not None:
        return _compass_short(names, me=me, to_act=to_act)
    text = Text("Table, clockwise\n", style="bold")
    for k in range(n):
        seat = (start + k) % n
        text.append("\u25b6" if seat == to_act else " ")
        text.append(f"{names[seat][:12]:<12}", style="bold reverse" if seat == me else "")
        tag = ""
        if me is not None and n > 1:
            if seat == me:
                tag = "you"
            elif n == 2:
                tag = "\u2190left/right\u2192"
            elif k == 1:
                tag = "\u2190 left"
            elif k == n - 1:
                tag = "right \u2192"
        text.append(f" {tag}", style="cyan")
        if seat not in humans:
            text.append(" bot", style="dim")
        if k < n - 1:
            text.append("\n")
    return text


def _compass_short(names: Sequence[str], *, me: int, to_act: int | None) -> Text:
    """A big table: only your neighbours, the board lists every seat clockwise."""
    n = len(names)
    text = Text(f"Table of {n}, clockwise\n", style="bold")
    for seat, tag in ((me, "you"), ((me + 1) % n, "\u2190 left"), ((me - 1) % n, "right \u2192")):
        text.append("\u25b6" if seat == to_act else " ")
        text.append(f"{names[seat][:12]:<12}", style="bold reverse" if seat == me else "")
        text.append(f" {tag}\n", style="cyan")
    text.append(" others in board order", style="dim")
    return text


class Compass(Static):
    """Who sits where, and whose turn it is."""


class Prompt(Input):
    """The line a person types on: Up/Down recall earlier lines, Tab completes a legal action,
    and Down on an empty line (not going through earlier lines) moves into the choices."""

    BINDINGS = [
        Binding("up", "history(-1)", "Earlier", show=False),
        Binding("down", "down", "Later", show=False),
        Binding("tab", "complete", "Complete", show=False),
    ]

    class ToChoices(Message):
        """Down on an empty prompt: the person goes to pick from the list of choices."""

    class Burst(Message):
        """Several lines pasted at once: each is an action of its own, taken in turn."""

        def __init__(self, lines: list[str]):
            super().__init__()
            self.lines = lines

    def _on_paste(self, event) -> None:
        lines = [line.strip() for line in event.text.splitlines() if line.strip()]
        if len(lines) > 1:  # Input keeps only the first line of a paste: the rest would be lost
            event.stop()
            self.post_message(self.Burst(lines))
            return
        super()._on_paste(event)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.history: list[str] = []
        self._back = 0

    def offer(self, words: Sequence[str]) -> None:
        """The words Tab completes to: the legal actions and the commands."""
        self.suggester = SuggestFromList(list(words), case_sensitive=False)

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self._back = 0

    def action_down(self) -> None:
        if self._back == 0 and not self.value:
            self.post_message(self.ToChoices())
        else:
            self.action_history(1)

    def action_history(self, direction: int) -> None:
        if not self.history:
            return
        self._back = max(0, min(len(self.history), self._back - direction))
        self.value = self.history[-self._back] if self._back else ""
        self.cursor_position = len(self.value)

    def action_complete(self) -> None:
        if self._suggestion:
            self.value = self._suggestion
            self.cursor_position = len(self.value)


class Choices(OptionList):
    """The list of choices: Up from the first one, or Escape, goes back to the prompt."""

    BINDINGS = [
        Binding("up", "up_or_leave", "Up", show=False),
        Binding("escape", "leave", "Prompt", show=False),
    ]

    class ToPrompt(Message):
        """The person leaves the list for the prompt."""

    def action_up_or_leave(self) -> None:
        if not self.highlighted:  # None or the first choice
            self.post_message(self.ToPrompt())
        else:
            self.action_cursor_up()

    def action_leave(self) -> None:
        self.post_message(self.ToPrompt())


MARK = {True: "\u2713 ", False: "\u2717 ", None: "  "}


class HandGrid(DataTable):
    """The hand as a grid, so a big hand is in view at once; moving onto a card shows its text.
    ✓ playable now, ✗ not, nothing when the question does not apply."""

    def __init__(self, **kwargs):
        super().__init__(show_header=False, cursor_type="cell", zebra_stripes=False, cell_padding=0, **kwargs)
        self.cards: list[HandCard] = []
        self.per_row = 1

    def show(self, cards: Sequence[HandCard], *, width: int) -> None:
        self.clear(columns=True)
        self.cards = list(cards)
        if not cards:
            return
        names = [c.short or c.label for c in cards] if len(cards) > SHORT_HAND else [c.label for c in cards]
        cell = max(len(n) for n in names) + 3
        self.per_row = max(1, min(len(cards), (width - 1) // cell))
        for column in range(self.per_row):
            self.add_column(str(column), width=cell, key=str(column))
        cells = [Text(MARK[c.playable], style="dim") + Text(name, style="dim" if c.playable is False else c.style)
                 for c, name in zip(cards, names, strict=True)]
        for start in range(0, len(cells), self.per_row):
            row = cells[start:start + self.per_row]
            self.add_row(*row, *[""] * (self.per_row - len(row)))

    def card_at(self, row: int, column: int) -> HandCard | None:
        index = row * self.per_row + column
        return self.cards[index] if 0 <= index < len(self.cards) else None


class TableLog(RichLog):
    """The log of the table as the seat at the screen may see it (public lines only between
    people), kept line by line so it can be wrapped again for a new width."""

    def __init__(self, **kwargs) -> None:
        super().__init__(wrap=True, markup=False, min_width=10, **kwargs)
        #: What the log shows, line by line (before wrapping).
        self.lines_shown: list[str] = []
        self._read = 0

    def catch_up(self, session, *, rewrite: bool = False) -> None:
        """Add the session's new log items the seat at the screen may see (all of them again
        with ``rewrite``: another person sits down, a takeback)."""
        if rewrite:
            self.clear()
            self._read = 0
            self.lines_shown = []
        items = session.log[self._read:]
        self._read = len(session.log)
        for item in items:
            if item.event.visible(session.at_screen):
                line = item.event.render(session.names)
                self.lines_shown.append(line)
                self.write(Text("\u203a " + line))

    def rewrap(self) -> None:
        """Write the same lines again, wrapped for the width the log has now."""
        self.clear()
        for line in self.lines_shown:
            self.write(Text("\u203a " + line))
