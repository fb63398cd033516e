"""Seats around a table and the distances between those still in play.

Seats are numbered clockwise. The seat one space to your *left* is the next seat
clockwise still in play; one space to your *right* is the next one counter-clockwise.
Distances wrap around: in a two-seat game two spaces to the right is yourself.
"""

from __future__ import annotations

from collections.abc import Iterable


class SeatRing:
    """An immutable ring of the seats still in play; :meth:`without` makes a smaller one."""

    __slots__ = ("seats", "in_play", "_index")

    def __init__(self, seats: int, in_play: Iterable[int] | None = None):
        self.seats = seats
        self.in_play: tuple[int, ...] = tuple(range(seats)) if in_play is None else tuple(sorted(in_play))
        self._index = {seat: i for i, seat in enumerate(self.in_play)}

    def __len__(self) -> int:
        return len(self.in_play)

    def __contains__(self, seat: object) -> bool:
        return seat in self._index

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatRing) and (self.seats, self.in_play) == (other.seats, other.in_play)

    def __hash__(self) -> int:
        return hash((self.seats, self.in_play))

    def __repr__(self) -> str:
        return f"SeatRing({self.seats}, in_play={self.in_play})"

    def without(self, *seats: int) -> SeatRing:
        """The ring once ``seats`` have left it."""
        gone = set(seats)
        return SeatRing(self.seats, [s for s in self.in_play if s not in gone])

    def _position(self, seat: int) -> int:
        try:
            return self._index[seat]
        except KeyError:
            raise ValueError(f"seat {seat} is not in play") from None

    def left(self, seat: int, spaces: int = 1) -> int:
        """The seat ``spaces`` to the left (clockwise) of ``seat``, counting seats in play."""
        ring = self.in_play
        return ring[(self._position(seat) + spaces) % len(ring)]

    def right(self, seat: int, spaces: int = 1) -> int:
        """The seat ``spaces`` to the right (counter-clockwise) of ``seat``."""
        ring = self.in_play
        return ring[(self._position(seat) - spaces) % len(ring)]

    def next_after(self, seat: int, *, clockwise: bool = True) -> int:
        """The first seat in play after ``seat``, which may have just left the table
        (the turn passes on from an eliminated seat as if it were still sitting there)."""
        if not self.in_play:
            raise ValueError("no seat is in play")
        step = 1 if clockwise else -1
        for distance in range(1, self.seats + 1):
            candidate = (seat + step * distance) % self.seats
            if candidate in self._index:
                return candidate
        raise ValueError("no seat is in play")  # unreachable: in_play is not empty

    def within(self, seat: int, spaces: int, *, include_self: bool) -> list[int]:
        """Each seat at most ``spaces`` away in either direction, once, in seat order.

        Whether ``seat`` itself counts is the caller's rule to state: a wrap-around
        in a small game does not add it by accident.
        """
        ring = self.in_play
        n = len(ring)
        pos = self._position(seat)
        reach = {ring[(pos + d) % n] for d in range(-spaces, spaces + 1)}
        if not include_self:
            reach.discard(seat)
        else:
            reach.add(seat)
        return sorted(reach)

    def clockwise_from(self, seat: int) -> list[int]:
        """Seats in play in clockwise order, starting at ``seat`` (which must be in play)."""
        ring = self.in_play
        pos = self._position(seat)
        return list(ring[pos:] + ring[:pos])
