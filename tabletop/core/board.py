"""What a game gives the screens: a compact board, its hand as cards with text, card lookup, hints.

A plugin provides one through the ``tabletop_make_board`` hook (see
:mod:`tabletop.core.hookspecs`); a game without one gets :class:`Board`, which shows the
game's own ``render`` and no hand. Every method reads only a seat's *view*, never the state,
so nothing a board shows can reveal another seat's secrets.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pluggy
    from rich.console import RenderableType

    from tabletop.core.game import Game


@dataclass(frozen=True, slots=True)
class HandCard:
    """One card in a seat's hand: how it is listed, its full text, and whether it may be played now
    (None: the question does not apply to this decision)."""

    label: str
    text: str
    playable: bool | None = None
    #: A few characters for the plain prompt's one-line hand (default: the label).
    short: str = ""
    #: A Rich style for the card's name on the screen (its colour or kind).
    style: str = ""


class Board:
    """A game's pieces for the screens; subclass it in ``plugins/<game>/screen.py``."""

    #: What the screen calls the cards a seat holds.
    hand_title = "Your hand"

    def __init__(self, game: Game):
        self.game = game

    def render(self, view: Mapping[str, Any], *, names: Sequence[str], width: int) -> RenderableType:
        """The table's public state and this seat's own, in few lines at ``width`` columns."""
        return self.game.render(view, names=names)

    def summary(self) -> str:
        """One paragraph for the chooser: what the game is about; by default the first
        paragraph of its rules that is not a heading."""
        text = self.game.rules_text() or ""
        for block in text.split("\n\n"):
            block = block.strip()
            if block and not block.startswith("#"):
                return " ".join(block.split())
        return ""

    def status(self, view: Mapping[str, Any]) -> str:
        """One short line: the round and phase."""
        return ""

    def hand(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[HandCard]:
        """The seat's hand, card by card; empty for a spectator or a game without hands."""
        return []

    def cards(self) -> dict[str, str]:
        """Every card a player may ask about: its name as typed (lower case) -> full text."""
        return {}

    def hint(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        """How to play this decision, in one line."""
        return ""

    def order(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[str]:
        """The legal actions in the order the screens number them: the game's own order by
        default; a game may put first what a new player most likely means (the cards the active
        unit can take before those that would break), so choice 1 is never a trap."""
        return list(legal)

    # ---- built on the above ------------------------------------------------------

    def ordered(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[str]:
        """:meth:`order`, kept only when it is the legal actions rearranged (a plugin's mistake
        must never offer an action the rules do not allow, nor hide one)."""
        try:
            shown = list(self.order(view, legal))
        except Exception:  # the game's order is a nicety; the rules' order always works
            return list(legal)
        return shown if sorted(shown) == sorted(legal) else list(legal)

    def card_text(self, name: str) -> str:
        """The full text of the card ``name`` names, or one sentence saying what to try."""
        cards = self.cards()
        if not cards:
            return f"{self.game.title} has no card texts to show."
        key = " ".join(name.split()).casefold()
        if key in cards:
            return cards[key]
        starts = [c for c in cards if c.startswith(key)] if key else []
        if starts and len({cards[c] for c in starts}) == 1:  # one card, perhaps under its name and its id
            return cards[starts[0]]
        close = starts[:6] or difflib.get_close_matches(key, list(cards), n=3, cutoff=0.6)
        if close:
            return f"No card '{name}'; did you mean {', '.join(close)}?"
        return f"No card '{name}'; type card and the start of a card's name."


def board_for(pm: pluggy.PluginManager | None, game: Game) -> Board:
    """The board a plugin provides for ``game``, else the plain default."""
    if pm is not None:
        found = pm.hook.tabletop_make_board(game=game)
        if found is not None:
            return found
    return Board(game)
