"""What a game gives the screens: a compact board, its hand as cards with text, card lookup, hints.

A plugin provides one through the ``tabletop_make_board`` hook (see
:mod:`tabletop.core.hookspecs`); a game without one gets :class:`Board`, which shows the
game's own ``render`` and no hand. Every method reads only a seat's *view*, never the state,
so nothing a board shows can reveal another seat's secrets.
"""

from __future__ import annotations

import difflib
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
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


#: Longest line of a board, hand card or hint a screen is given: a plugin's 100,000-character
#: line would keep a terminal laying it out for seconds at every prompt.
MAX_LINE = 500
#: Longest text (a summary, a card's text) a screen is given.
MAX_TEXT = 4000


def _cut(text: str, most: int = MAX_LINE) -> str:
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def _cut_lines(text: str) -> str:
    lines = text.split("\n")
    return text if all(len(line) <= MAX_LINE for line in lines) else "\n".join(_cut(line) for line in lines)


class GuardedBoard(Board):
    """A plugin's board held to the :class:`Board` contract. A method that raises (SystemExit
    too) or answers what no screen can show (None for a board, a number for a hint) is the
    plugin's failure: it is reported once, naming the plugin, and the plain board is used from
    then on, so the game goes on. Over-long lines are cut to :data:`MAX_LINE`."""

    def __init__(self, inner: Board, plugin: str, report: Callable[[str], None]):
        super().__init__(inner.game)
        self.inner, self.plugin, self.report = inner, plugin, report
        self.broken = False
        title = getattr(inner, "hand_title", Board.hand_title)
        self.hand_title = _cut(title, 60) if isinstance(title, str) else Board.hand_title

    def __getattr__(self, name: str) -> Any:  # a board's own extras, for screens that know them
        return getattr(self.inner, name)

    def _ask(self, method: str, check: Callable[[Any], Any], *args: Any, **kwargs: Any) -> Any:
        """The plugin's answer, checked; once it has failed, the plain board's."""
        if not self.broken:
            try:
                return check(getattr(self.inner, method)(*args, **kwargs))
            except (Exception, SystemExit) as error:
                self.broken = True
                self.report(
                    f"The board of plugin '{self.plugin}' failed in {method} ({type(error).__name__}: "
                    f"{str(error)[:200]}); the plain board is shown instead."
                )
        if method == "render":
            return self._plain_render(*args, **kwargs)
        return getattr(Board, method)(self, *args, **kwargs)

    def _plain_render(self, view: Mapping[str, Any], *, names: Sequence[str], width: int) -> RenderableType:
        try:
            return _renderable(self.game.render(view, names=names))
        except (Exception, SystemExit):
            return f"{_cut(str(self.game.title), 80)}: the board cannot be shown."

    def render(self, view: Mapping[str, Any], *, names: Sequence[str], width: int) -> RenderableType:
        return self._ask("render", _renderable, view, names=names, width=width)

    def summary(self) -> str:
        return self._ask("summary", _text(MAX_TEXT))

    def status(self, view: Mapping[str, Any]) -> str:
        return self._ask("status", _text(MAX_LINE), view)

    def hand(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[HandCard]:
        return self._ask("hand", _hand, view, legal)

    def cards(self) -> dict[str, str]:
        return self._ask("cards", _cards)

    def hint(self, view: Mapping[str, Any], legal: Sequence[str]) -> str:
        return self._ask("hint", _text(MAX_LINE), view, legal)

    def card_text(self, name: str) -> str:
        return self._ask("card_text", _text(MAX_TEXT), name)

    def order(self, view: Mapping[str, Any], legal: Sequence[str]) -> list[str]:
        return self._ask("order", list, view, legal)  # Board.ordered checks it is the legal actions


def _renderable(value: Any) -> Any:
    from rich.protocol import is_renderable
    from rich.text import Text

    if isinstance(value, str):
        return _cut_lines(value)
    if isinstance(value, Text):
        if all(len(line) <= MAX_LINE for line in value.plain.split("\n")):
            return value
        return Text("\n").join(line[:MAX_LINE] for line in value.split("\n"))
    if value is None or not is_renderable(value):
        raise TypeError(f"it gave {type(value).__name__}, not text or a Rich renderable")
    return value


def _text(most: int) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str):
            raise TypeError(f"it gave {type(value).__name__}, not text")
        return _cut(_cut_lines(value), most)

    return check


def _hand(value: Any) -> list[HandCard]:
    cards = list(value)
    if not all(isinstance(c, HandCard) and isinstance(c.label, str) and isinstance(c.text, str) for c in cards):
        raise TypeError("its hand must be HandCards with text labels")
    return [c if len(c.label) <= MAX_LINE and len(c.short) <= MAX_LINE and len(c.text) <= MAX_TEXT
            else replace(c, label=_cut(c.label), short=_cut(c.short), text=_cut(c.text, MAX_TEXT)) for c in cards]


def _cards(value: Any) -> dict[str, str]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise TypeError("its cards must map names to texts")
    return dict(value)


def board_for(pm: pluggy.PluginManager | None, game: Game, *, report: Callable[[str], None] | None = None) -> Board:
    """The board a plugin provides for ``game`` (held to the contract by :class:`GuardedBoard`),
    else the plain default. ``report`` hears once of a plugin whose board fails (default: a
    RuntimeWarning)."""
    told = report or (lambda message: warnings.warn(message, RuntimeWarning, stacklevel=3))
    if pm is None:
        return Board(game)
    # The hook's first answer, asked plugin by plugin as pluggy does, to name the one that answers.
    for impl in reversed(pm.hook.tabletop_make_board.get_hookimpls()):
        try:
            found = impl.function(game=game)
        except (Exception, SystemExit) as error:
            owner = impl.plugin_name if not impl.plugin_name.startswith("tabletop.") else _owner(game)
            told(f"The board of plugin '{owner}' failed ({type(error).__name__}: {str(error)[:200]}); "
                 "the plain board is shown instead.")
            return Board(game)
        if found is None:
            continue
        owner = impl.plugin_name if not impl.plugin_name.startswith("tabletop.") else _owner(found)
        if not isinstance(found, Board):
            told(f"The board of plugin '{owner}' is a {type(found).__name__}, not a Board; "
                 "the plain board is shown instead.")
            return Board(game)
        return GuardedBoard(found, owner, told)
    return Board(game)


def _owner(thing: object) -> str:
    """The plugin a board (or game) comes from, as a person named it: the engine hands on a
    game's own board (its ``board`` facet), so the module says whose it is."""
    import sys

    name = type(thing).__module__
    module = sys.modules.get(name)
    if name.startswith("tabletop_local_") and module is not None and getattr(module, "__file__", None):
        return str(module.__file__)
    return name.rpartition(".")[0] or name
