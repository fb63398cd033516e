"""Words shared by the full screen and the plain prompt: commands, help, how a game ended."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.game import Game, Outcome

#: What a person may type besides an action.
COMMANDS = ("help", "card ", "undo", "quit", "rules")


def outcome_text(outcome: Outcome, names: Sequence[str], *, gap: str = " ") -> str:
    """How a game ended, in a line: who won, why, and the scores after ``gap``."""
    if not outcome.winners:
        head = "No winner"
    elif len(outcome.winners) == 1:
        head = f"{names[outcome.winners[0]]} wins"
    else:
        head = "Shared win: " + ", ".join(names[w] for w in outcome.winners)
    scores = ""
    if outcome.scores is not None:
        scores = gap + "(" + ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(outcome.scores)) + ")"
    return f"{head}: {outcome.reason}.{scores}"


def end_text(outcome: Outcome | None, names: Sequence[str]) -> str:
    return "The game is not over." if outcome is None else outcome_text(outcome, names)


#: Characters Markdown would read as markup in a game's own words (``<card>`` as an HTML tag,
#: dropped; ``*`` and ``_`` as emphasis): written with a backslash, they show as typed.
_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#|~"})


def as_markdown_text(text: str) -> str:
    """A game's or a person's words shown as they are written on a Markdown page."""
    return text.translate(_MARKDOWN)


def help_markdown(game: Game, hint: str) -> str:
    parts = [f"# {as_markdown_text(game.title)}"]
    if hint:
        parts.append(f"**This decision:** {as_markdown_text(hint)}")
    if game.notation_help:
        parts.append(f"**How to type actions:** {as_markdown_text(game.notation_help)}")
    parts.append(
        "**At the table**\n\n"
        "- Type an action, its number in the list, or enough of its start; **Tab** completes, "
        "**Up**/**Down** recall what you typed before. Or pick a choice with the mouse or arrows and Enter.\n"
        "- `card NAME` shows a card's full text and keywords; selecting a card in your hand does too.\n"
        "- `undo` (Ctrl+Z) takes back your last decision, bots choosing again exactly as before; not once the game has shown you what was hidden when you chose.\n"
        "- `quit` (Ctrl+Q) asks first, then saves the game: `tabletop play --resume FILE` continues it.\n"
        "- `rules` (F2) shows the game's rules; `help` (F1) this page. Escape goes back."
    )
    return "\n\n".join(parts)
