"""What an event ruled out about hidden cards: a constraint every resampling keeps to.

A deduction game learns much that is negative: a wrong guess ("seat 3 does not hold a King"), a
comparison ("seat 1's card is higher than the 3 shown"), a tie ("these two hands are equal"). A
game states it with :meth:`CardState.constrain <tabletop.core.zones.CardState.constrain>`; the
engine's resampler (:func:`tabletop.core.derive.determinize`) never returns a state that breaks a
constraint its seat knows, until the constraint lapses (its places changed, or its cards were
shuffled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from tabletop.core.zones import PUBLIC

if TYPE_CHECKING:
    from tabletop.core.zones import CardState

Place = tuple  # (zone name, seat or None): one list of cards of a state


class Constraint(NamedTuple):
    """What an event ruled out about hidden cards, as a test of the cards in some places.

    ``test(*lists)`` gets the cards of each of ``places`` (a zone name, or ``(zone, seat)``
    for one seat's list) and says whether an arrangement is still possible. ``text`` is what
    was said ("Seat 3 does not hold a King."), ``mask`` who knows it (bit s: seat s;
    :data:`PUBLIC`: everyone). ``cards``: the places' cards when it was stated; once one of
    them differs (a card drawn or played) the constraint no longer holds anything back.
    """

    text: str
    test: Any
    places: tuple
    mask: int
    cards: tuple

    def holds(self, state: CardState) -> bool:
        return bool(self.test(*(state.cards_at(p) for p in self.places)))

    def in_force(self, state: CardState) -> bool:
        return all(tuple(state.cards_at(p)) == c for p, c in zip(self.places, self.cards, strict=True))

    def known_to(self, seat: int | None) -> bool:
        return self.mask == PUBLIC or (seat is not None and bool(self.mask & (1 << seat)))
