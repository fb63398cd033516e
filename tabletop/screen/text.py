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


def help_markdown(game: Game, hint: str) -> str:
    parts = [f"# {game.title}"]
    if hint:
        parts.append(f"**This decision:** {hint}")
    if game.notation_help:
        parts.append(f"**How to type actions:** {game.notation_help}")
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
