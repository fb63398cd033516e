"""What the person at the game screen asks for, read without a widget: a line typed at the prompt
(:func:`read_line`), a card of the hand looked at (:func:`card_line`) and a takeback
(:func:`takeback`). :class:`~tabletop.screen.game_screen.GameScreen`'s handlers act on what these
return; what the person does reaches the table only through
:class:`~tabletop.engine.table.GameTable` (``submit``, ``plan_undo``, ``undo``, ``save``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from tabletop.terminal.prompt import match_choice

if TYPE_CHECKING:
    from tabletop.core.board import Board, HandCard
    from tabletop.engine.table import GameTable, UndoPlan

#: Typed words that leave the game (the screen asks first).
QUIT_WORDS = ("quit", "exit")


@dataclass(frozen=True, slots=True)
class Typed:
    """What a line typed at the prompt asks for, with what goes with it: the page's word (``page``),
    the card's text to show (``card``), the action to take (``take``), or why the line is none of
    these (``refused``); ``quit`` and ``undo`` need nothing more."""

    asks: Literal["page", "quit", "undo", "card", "take", "refused"]
    text: str = ""


def read_line(text: str, legal: Sequence[str], board: Board, refusal: Callable[[str], str | None],
              *, pages: Collection[str]) -> Typed:
    """Read ``text`` as the game screen does: a word that opens a page (one of ``pages``), ``quit``
    or ``exit``, ``undo``, ``card NAME``, else one of ``legal`` (its number or enough of its start,
    as :func:`~tabletop.terminal.prompt.match_choice` reads it); a line that is none is refused
    in the game's own sentence (``refusal``, the decision's) or else the matcher's."""
    word, _, rest = text.strip().partition(" ")
    word = word.casefold()
    if word in pages:
        return Typed("page", word)
    if word in QUIT_WORDS:
        return Typed("quit")
    if word == "undo":
        return Typed("undo")
    if word == "card":
        return Typed("card", board.card_text(rest) if rest.strip() else "Type card and a card's name, e.g. card "
                     + (next(iter(board.cards()), "NAME")))
    try:
        return Typed("take", match_choice(text, legal))
    except ValueError as error:
        return Typed("refused", refusal(text.strip()) or str(error))


def card_line(card: HandCard) -> str:
    """What the detail line says of a card of the hand: its text, and whether it may be played now."""
    return card.text + {True: " Playable now.", False: " Not playable now.", None: ""}[card.playable]


def takeback(table: GameTable, seat: int) -> UndoPlan | str:
    """What Ctrl+Z/`undo` at ``seat`` would take back, or the sentence saying why nothing can be; a
    plan that also takes back other people's decisions asks them first (:meth:`UndoPlan.question`)."""
    if table.undo_point(seat) is None:
        return "Nothing to take back yet: this is your first decision."
    plan = table.plan_undo(seat)
    return plan if plan.refusal is None else plan.refusal
