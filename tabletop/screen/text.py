"""Words shared by the full screen and the plain prompt: commands, help, how a game ended."""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text

from tabletop.core.game import Game, Outcome
from tabletop.core.program import program

#: What a person may type besides an action.
COMMANDS = ("help", "card ", "list", "view", "more", "log", "undo", "quit", "rules")

#: Short forms whose full stop does not end a sentence.
_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "cf.", "no.", "approx.")
#: A full stop, question or exclamation mark, then a space and what looks like a new sentence.
_SENTENCE_END = re.compile(r"[.!?](?=\s+[\"'(\[`<]?[A-Z0-9])")


#: Between the parts of the status line.
DOT = " \u00b7 "


def status_line(who: str | None, status: str, title: str, width: int) -> Text:
    """The screen's top line: who decides (None: waiting), the game's own status, its title,
    the title left out when the line would not fit ``width``."""
    parts = [*([who] if who else []), *([status] if status else [])]
    line = DOT.join([*parts, title])
    if len(line) > width and parts:
        line = DOT.join(parts)
    return Text(line, style="bold")


def saved_quit_question() -> str:
    """What Ctrl+Q asks at a table saved here (a front end for a table elsewhere says its own),
    naming the command as the person runs it (``.venv/bin/tabletop`` off the PATH)."""
    return f"Quit now? The game is saved; `{program()} play --resume FILE` continues it."


def first_sentence(text: str) -> str:
    """The first whole sentence of ``text`` (all of it when it has one): the hint shown when a
    game gives none. A full stop in ``e.g.`` or ``i.e.`` does not end it, nor one followed by
    lower case; a stop inside a notation (``r3.``) does, when the next word starts a sentence."""
    text = " ".join(text.split())
    for found in _SENTENCE_END.finditer(text):
        end = found.end()
        word = text[:end].rsplit(" ", 1)[-1].lstrip("\"'([`").casefold()
        if word in _ABBREVIATIONS:
            continue
        return text[:end]
    return text


def outcome_text(outcome: Outcome, names: Sequence[str], *, gap: str = " ") -> str:
    """How a game ended, in a line: who won, why, and the scores after ``gap``."""
    return outcome.sentence(names, gap=gap)


def end_text(outcome: Outcome | None, names: Sequence[str]) -> str:
    return "The game is not over." if outcome is None else outcome_text(outcome, names)


#: Characters Markdown would read as markup in a game's own words (``<card>`` as an HTML tag,
#: dropped; ``*`` and ``_`` as emphasis): written with a backslash, they show as typed.
_MARKDOWN = str.maketrans({c: "\\" + c for c in "\\`*_[]<>#|~"})


def players_range(game: Game) -> str:
    """``2``, ``2-4``, or ``2-8 (up to 16)`` when the game allows more seats than it is tested
    with (a warning says so at the table): the same words in the chooser and ``tabletop list``."""
    rec = game.recommended_max_players
    if rec is not None and game.min_players <= rec < game.max_players:
        return f"{game.min_players}-{rec} (up to {game.max_players})"
    return game.players_text()


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
        "- Type an action, its number in the list, or enough of its start; **Tab** completes. "
        "Or pick a choice with the mouse, or with the arrow keys and Enter.\n"
        "- **Up** recalls what you typed before (**Down** goes forward again). **Down** on an empty "
        "prompt moves into the list of choices: Up/Down pick one there, Enter takes it, and **Up** "
        "from the first choice or **Escape** goes back to the prompt.\n"
        "- `card NAME` shows a card's full text and keywords; selecting a card in your hand does too.\n"
        "- `more` (F3) shows the whole of what the detail area above the prompt shows (a card's text, a "
        "refusal, any message), however long.\n"
        "- `log` (F4) shows the whole log you may see, the latest round first.\n"
        "- `list` shows every choice with all of what it does; `view` the game's full picture of the "
        "table as you see it.\n"
        "- `undo` (Ctrl+Z) takes back your last decision, bots choosing again exactly as before; not once the game has shown you what was hidden when you chose.\n"
        f"- `quit` (Ctrl+Q) asks first, then saves the game: `{program()} play --resume FILE` "
        "continues it.\n"
        "- `rules` (F2) shows the game's rules; `help` (F1) this page. Escape goes back."
    )
    return "\n\n".join(parts)
