"""What the full screen shows whole on a page of its own when the table has no room for it:
the log grouped by round, every choice with all it does, a message however long.

Everything here is text from games and people, so it goes through :func:`clean` and into
Rich ``Text`` (never markup): a card named ``[red]`` shows as typed.
"""

from __future__ import annotations

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
    """A choice in one line of ``room`` columns: a long description is cut here (the detail
    area shows it whole when the choice is highlighted, `list` every one whole)."""
    text = Text(f"{number:>2} ", style="dim")
    text.append(action, style="bold")
    left = room - len(text) - 2
    if description and left > 3:
        cut = description if len(description) <= left else description[:left - 1] + "\u2026"
        text.append(f"  {cut}", style="dim")
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
