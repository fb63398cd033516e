"""Piles of cards whose moves conserve cards: a card leaves one pile only to enter another.

A pile holds card *ids* (short strings from the game's card data). The conformance
check counts every card in the game after each action (``Game.census``) and fails a
game in which a card was created or lost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


class Pile(list):
    """A named, ordered pile (deck, hand, discard pile ...); index 0 is the bottom/first."""

    __slots__ = ("name",)

    def __init__(self, name: str, cards: Iterable[str] = ()):
        super().__init__(cards)
        self.name = name

    def __repr__(self) -> str:
        return f"Pile({self.name!r}, {list(self)!r})"

    def copy(self) -> Pile:  # type: ignore[override]
        return Pile(self.name, self)

    def move_to(self, destination: Pile, card: str) -> None:
        """Move one ``card`` from this pile to the top/end of ``destination``."""
        try:
            self.remove(card)
        except ValueError:
            raise ValueError(f"{card} is not in the {self.name}") from None
        destination.append(card)

    def move_all_to(self, destination: Pile) -> None:
        """Move every card, in order, to the end of ``destination``."""
        destination.extend(self)
        self.clear()

    def draw_to(self, destination: Pile, count: int = 1) -> list[str]:
        """Move up to ``count`` cards from the top (end) of this pile; returns them."""
        taken = [self.pop() for _ in range(min(count, len(self)))]
        destination.extend(taken)
        return taken


def census(*piles: Iterable[str]) -> Counter:
    """All cards in ``piles`` as one multiset, for conservation checks."""
    total: Counter = Counter()
    for pile in piles:
        total.update(pile)
    return total
