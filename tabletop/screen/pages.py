"""What the full screen shows whole on a page of its own when the table has no room for it:
the log grouped by round, every choice with all it does, a message however long.

Everything here is text from games and people, so it goes through :func:`clean` and into
Rich ``Text`` (never markup): a card named ``[red]`` shows as typed.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tabletop.engine.table import Logged
from tabletop.terminal.safe_text import clean


def log_groups(log: Sequence[Logged], seat: int | None, names: Sequence[str],
               opens: str | None = "round") -> list[list[str]]:
    """The lines ``seat`` may see (public only for None), cut where an event of kind ``opens``
    begins a round (the game's ``round_event``: a war of Windup War, a fight of WMS; None: one
    group), oldest first; each group after the first starts with the line that opened it."""
    groups: list[list[str]] = [[]]
    for item in log:
        if not item.event.visible(seat):
            continue
        if opens is not None and item.event.kind == opens and groups[-1]:
            groups.append([])
        groups[-1].append(clean(item.event.render(names)))
    return [g for g in groups if g]


def log_page(log: Sequence[Logged], seat: int | None, names: Sequence[str], opens: str | None = "round") -> Text:
    """The whole log this seat may see, the latest round first, each round in the order it
    happened, so the round just played reads from its top without scrolling."""
    groups = log_groups(log, seat, names, opens)
    if not groups:
        return Text("Nothing has happened yet.")
    text = Text()
    for n, group in enumerate(reversed(groups)):
        if n:
            text.append("\n")
        heading = "Latest: " if n == 0 and len(groups) > 1 else ""
        text.append(f"{heading}{group[0]}\n", style="bold")
        for line in group[1:]:
            text.append(f"\u203a {line}\n")
    text.rstrip()
    return text


def choice_label(number: int, action: str, description: str, room: int) -> Text:
    """A choice in ``room`` columns: its description follows the action and, when long, goes
    on over more lines under it, never cut (the detail area and `list` show it too)."""
    text = Text(f"{number:>2} ", style="dim")
    text.append(action, style="bold")
    if not description:
        return text
    indent = 5
    first = room - len(text) - 2
    if first < 12:   # a long action: the description starts on the next line
        lines = textwrap.wrap(description, max(12, room - indent))
        text.append("\n" + "\n".join(" " * indent + line for line in lines), style="dim")
        return text
    head, *rest = textwrap.wrap(description, first) or [""]
    rest = textwrap.wrap(" ".join(rest), max(12, room - indent)) if rest else []
    text.append(f"  {head}", style="dim")
    for line in rest:
        text.append("\n" + " " * indent + line, style="dim")
    return text


def choices_page(legal: Sequence[str], describe: Callable[[str], str]) -> RenderableType:
    """Every choice, numbered as on the table, with the whole of what it does (wrapped)."""
    table = Table(show_header=False, box=None, padding=(0, 1), expand=True)
    table.add_column(justify="right", style="dim", no_wrap=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1)
    for n, action in enumerate(legal, start=1):
        table.add_row(str(n), Text(clean(action)), Text(clean(describe(action))))
    if not legal:
        return Text("There is nothing to choose now.")
    return Group(Text("Type a choice's number or its words at the prompt.", style="dim"), table)


def message_page(message: str) -> Text:
    """A message (a card's text, a refusal, a hint) whole, its own line breaks kept."""
    return Text(clean(message or "Nothing is shown in the detail area now.", lines=True))
