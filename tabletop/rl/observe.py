"""A seat's observation as fixed-shape numbers, read from the components by the view's own rules.

Encoding the JSON view costs many times the view itself, so the numbers come straight from
the state's declared parts (:class:`~tabletop.core.zones.CardState`), seen as
:func:`tabletop.core.derive.view` sees them, so an observation cannot hold what its seat
cannot see:

* the seat, one-hot;
* each zone (one block per seat for a per-seat zone): how many of each card the seat sees
  there (its own and public zones, and single cards it has learnt), empty cells, cards not
  met while the layout was made, and how many cards lie there unseen;
* each ``PUBLIC`` value (a :class:`~tabletop.core.zones.Secret` as this seat sees it) and the
  seat's own item of each ``PRIVATE`` value, flattened: numbers as they are, texts one-hot;
* the game's own ``features`` (``Game.learning``), if it offers any.

The layout (which cards, which value paths, which texts) is made once per table from a few
seeded random games, so it is the same in every process; what those games never showed (a
text, a longer list) is left out of the numbers, never guessed. A state of any other kind
gives the seat and the game's features only.
"""

from __future__ import annotations

import json
import random
from array import array
from collections.abc import Mapping
from typing import Any

import numpy as np

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.zones import EVERYONE, NOBODY, OWNER, CardState, Secret
from tabletop.rl.fillers import generate, generate_tail
from tabletop.rl.relative import by_value, relative_fill
from tabletop.rl.seat_writer import EMPTY, OTHER, seat_writer
from tabletop.rl.values import _UNREAD, _Node, _order, _turned

#: Random games played to learn the layout, and at most this many positions read in each.
EXPLORE_GAMES = 4
EXPLORE_POSITIONS = 150
#: Positions of each end of a zone that get their own place (the rest: one number for the order).
ORDER_ENDS = 6


class _Column(dict):
    """A zone block's place of each card; a card not met while the layout was made counts in
    the block's ``other`` place (looked up with ``[]`` in C, the miss alone in Python)."""

    __slots__ = ("other",)

    def __missing__(self, card: Any) -> int:
        return self.other


class Encoder:
    """The observation of one table (a game, its seat count and options): :meth:`encode` and
    the size of its numbers, with :attr:`parts` naming the slice each part takes.

    ``layout_seats``: lay the numbers out for tables of up to that many seats (the same layout
    at every seat count up to it, made from random games at each count): every per-seat block
    of that many seats, the absent seats' zero, and a ``present`` flag per seat."""

    def __init__(self, game: Game, seats: int, options: Mapping[str, Any], *, egocentric: bool = False,
                 layout_seats: int | None = None):
        self.game, self.seats, self.egocentric, self.layout_seats = game, seats, egocentric, layout_seats
        if layout_seats is not None:
            game.check_seats(layout_seats)
            if layout_seats < seats:
                raise TabletopError(f"layout_seats ({layout_seats}) must be at least the table's {seats} seats.")
        #: The seats the layout has room for.
        width = seats if layout_seats is None else layout_seats
        kit = getattr(game, "learning", None)
        leave_out = set(kit.leave_out) if kit is not None else set()
        self._features = kit.features if kit is not None and kit.features is not None else None
        self._features_size = kit.features_size if self._features is not None else 0
        domains = _domains(kit, game, width, options)
        counts = [seats] if layout_seats is None else range(game.min_players, layout_seats + 1)
        states = [state for count in counts for state in _explore(game, count, options)]
        first = states[0]
        #: Name of each part -> its slice of the numbers.
        self.parts: dict[str, slice] = {"seat": slice(0, width)}
        start = width
        if layout_seats is not None:
            self.parts["present"] = slice(start, start + width)
            start += width
        self._zones: list[tuple[str, int | None, str, dict, int, dict, int]] = []
        self._values: list[tuple[str, bool | None, _Node]] = []
        self.component = isinstance(first, CardState)
        if self.component:
            cards = sorted({card for state in states for card in game.census(state) or () if card is not None},
                           key=_order)
            block = len(cards) + 3
            longest = _longest(states, type(first).ZONES)
            every = max(sum((game.census(state) or {}).values()) for state in states) + 1
            for name, spec in type(first).ZONES.items():
                if name in leave_out:
                    continue
                # Room for the order of the zone (a programmed row, a machine's cells, a
                # pile's top): its first and last ORDER_ENDS positions, and one number for the
                # whole order of a longer list (CRC-32: the order is never lost).
                cap = 0 if longest[name] == 0 else min(every, 2 * ORDER_ENDS)
                for owner in (range(width) if spec.per_seat else (None,)):
                    column = _Column({card: start + i for i, card in enumerate(cards)})
                    column[None] = start + len(cards) + EMPTY
                    column.other = start + len(cards) + OTHER
                    number = _Column({card: float(i + 1) for i, card in enumerate(cards)})
                    number[None] = -1.0
                    number.other = float(len(cards) + 1)
                    self._zones.append((name, owner, spec.visibility, column, start + len(cards),
                                        number, cap))
                    self.parts[name if owner is None else f"{name}[{owner}]"] = slice(start, start + block)
                    start += block
                    if cap:
                        label = name if owner is None else f"{name}[{owner}]"
                        self.parts[f"{label}.order"] = slice(start, start + cap + 1)
                        start += cap + 1
            declared = [(n, False) for n in type(first).PUBLIC] + [(n, True) for n in type(first).PRIVATE]
            declared += [(n, None) for n in _shared(type(first))]
            for name, private in declared:
                if name in leave_out:
                    continue
                node = _Node()
                for state in states:
                    for seat in range(getattr(state, "seats", seats)):
                        node.grow(_seen(state, name, seat, private))
                if name in domains:
                    node.declare(domains[name])
                end = node.place(start)
                self._values.append((name, private, node))
                self.parts[name] = slice(start, end)
                start = end
        if self._features is not None:
            self.parts["features"] = slice(start, start + self._features_size)
            start += self._features_size
        self.size = start
        #: Per seat, each zone block and whether that seat sees its cards.
        # Egocentric: seat s reads owner o's cards into the block of seat (o - s) mod n, so its
        # own blocks come first and the others follow in turn order.
        blocks = {(name, owner): rest for name, owner, _visibility, *rest in self._zones}
        self._zones_of = [
            [(name, owner, visibility == EVERYONE or (visibility == OWNER and owner == seat),
              *(blocks[(name, (owner - seat) % seats)] if egocentric and owner is not None
                else (column, extra, number, cap)))
             for name, owner, visibility, column, extra, number, cap in self._zones
             if owner is None or owner < seats]
            for seat in range(seats)
        ]
        for _name, _private, node in self._values:
            node.prune()
        #: Each value read: its name, whether each seat has its own (None: a shared slot), its
        #: compiled filler.
        self._fills = [(name, private, fill) for name, private, node in self._values
                       if (fill := generate(node)) is not None]
        #: The declared values, read at every observation; the slots the state shares (a
        #: phase, a round, the last battle) are replaced, never changed in place (``tabletop
        #: check`` holds them to that), so the same object gives the same numbers: a seat
        #: writes one again only when it is replaced.
        # Egocentric: values indexed by seat (declared ``seat_values``, and Secrets) are read
        # turned so the observing seat's item comes first, and the seat numbers inside values
        # (declared ``seat_numbers``) made relative to it; they are read afresh for each seat.
        rotated: set[str] = set()
        numbers: dict[str, list[tuple]] = {}
        if egocentric and self.component:
            rotated = set(kit.seat_values if kit is not None else ()) | {
                name for name in type(first).PUBLIC if any(type(getattr(s, name, None)) is Secret for s in states)}
            numbers = by_value(getattr(kit, "seat_numbers", ()) if kit is not None else ())
            unknown = sorted(set(numbers) - {name for name, _private in declared})
            if unknown:
                raise TabletopError(f"{game.name}'s LearningKit.seat_numbers names {', '.join(unknown)}, which its "
                                 "state does not declare; name a public or private value or a shared slot.")
        turned = rotated | set(numbers)

        def seen_from(name: str, fill: Any, seat: int) -> Any:
            if name in rotated:
                fill = _turned(fill, seat, seats)
            if name in numbers:
                fill = relative_fill(fill, numbers[name], seat, seats)
            return fill

        self._declared = [entry for entry in self._fills if entry[1] is not None or entry[0] in turned]
        #: Per seat, the declared values it reads (egocentric: turned and made relative for it).
        self._declared_of = [[(name, private, seen_from(name, fill, seat))
                              for name, private, fill in self._declared] for seat in range(seats)]
        shared = [entry for entry in self._fills if entry[1] is None and entry[0] not in turned]
        nodes = {name: node for name, _private, node in self._values}
        #: Per shared slot: its name, filler, places (start, stop, zeros) and tail filler (a
        #: longer copy of a list or tuple writes only its new items; None for no items).
        self._shared_parts = [(name, fill, *self._span(name), generate_tail(nodes[name])) for name, _p, fill in shared]
        #: Per shared slot: the object a seat last wrote and its numbers (for the other seats).
        self._shared_kept: list[tuple[Any, Any]] = [(_UNREAD, None)] * len(shared)
        self._features_at = self.parts["features"].start if self._features is not None else 0
        #: Per seat, each zone's places (its block and order places: start, stop, zeros) and
        #: each declared value's, cleared before they are written again.
        kinds = len(cards) if self.component else 0
        self._zone_spans = [[(extra - kinds, extra + 3 + (cap + 1 if cap else 0),
                              array("f", bytes(4 * (kinds + 3 + (cap + 1 if cap else 0)))))
                             for _name, _owner, _seen, _column, extra, _number, cap in zones]
                            for zones in self._zones_of]
        self._value_spans = [self._span(name) for name, _p, _f in self._declared]
        #: Per seat, its writer (:func:`~tabletop.rl.seat_writer.seat_writer`), made at its first observation.
        self._writers: list[Any] = [None] * seats

    def encode(self, state: Any, seat: int) -> np.ndarray:
        """``seat``'s observation: what it sees of the state, as ``size`` float32 numbers (a
        reader for :meth:`Session.seen_by <tabletop.engine.session.Session.seen_by>`, the one
        door to a game's state in progress: ``session.seen_by(seat, encoder.encode)``).

        Each seat has its own writer, generated once (:mod:`tabletop.rl.seat_writer`): it keeps
        the seat's last numbers and what they were read from, and writes again only what
        changed. The observation returned is a copy."""
        if not self.component:
            buf = self._zeros(seat)
            if self._features is not None:
                self._write_values(list(self._features(self.game, state, seat)), buf)
            return np.frombuffer(buf, dtype=np.float32)
        write = self._writers[seat]
        if write is None:
            write = self._writers[seat] = seat_writer(self, seat)
        return write(state)

    def _zeros(self, seat: int) -> array:
        """Numbers all 0 but the seat's place and, laid out for more seats, each present seat's flag."""
        buf = array("f", bytes(4 * self.size))
        buf[seat] = 1.0
        present = self.parts.get("present")
        if present is not None:
            buf[present.start:present.start + self.seats] = array("f", [1.0] * self.seats)
        return buf

    def _span(self, name: str) -> tuple[int, int, array]:
        """A value's places: start, stop and as many zeros (to clear them at once)."""
        part = self.parts[name]
        return part.start, part.stop, array("f", bytes(4 * (part.stop - part.start)))

    def _write_values(self, values: list, buf: Any) -> None:
        """The game's features, one number at a time (what :mod:`struct` refuses: a number
        past float32 becomes inf, as :class:`array.array` makes it)."""
        first, size = self._features_at, self._features_size
        buf[first:first + size] = array("f", bytes(4 * size))
        for i, value in enumerate(values):
            buf[first + i] = value


def as_text(view: Mapping[str, Any]) -> str:
    """A seat's view as JSON text (ASCII, every control character escaped), for an agent that
    reads language."""
    return json.dumps(view, sort_keys=True, ensure_ascii=True, default=str)


def _shared(kind: type) -> list[str]:
    """The slots a state shares between copies beyond its declared parts: values everyone
    knows (a phase, a round, the last battle), which ``tabletop check`` holds to that promise."""
    declared = {*kind.ZONES, *kind.PUBLIC, *kind.PRIVATE, *CardState.__slots__}
    names = [name for klass in reversed(kind.__mro__) for name in getattr(klass, "__slots__", ())
             if isinstance(name, str) and name not in declared and not name.startswith("_")]
    return list(dict.fromkeys(names))


def _longest(states: list, zones: Mapping[str, Any]) -> dict[str, int]:
    """Per zone, the most cards any of its lists held in ``states``; for a zone nobody sees,
    only if some seat learnt a card lying there (else its order is never seen: 0)."""
    longest = dict.fromkeys(zones, 0)
    for state in states:
        known = state.known or {}
        for name, spec in zones.items():
            part = getattr(state, name)
            lists = part if spec.per_seat else [part]
            if spec.visibility == NOBODY and not any(known.get(c) for cards in lists for c in cards):
                continue
            longest[name] = max(longest[name], max(map(len, lists), default=0))
    return longest


def _domains(kit: Any, game: Game, seats: int, options: Mapping[str, Any]) -> Mapping[str, Any]:
    """The game's declared domains (``LearningKit.domains``: value name -> every text it may hold)."""
    domains = getattr(kit, "domains", None) if kit is not None else None
    if domains is None:
        return {}
    return domains(game, seats, options) if callable(domains) else domains


def _seen(state: CardState, name: str, seat: int, private: bool | None) -> Any:
    value = getattr(state, name, None)
    if private:
        return value[seat]
    return value.shown(seat) if type(value) is Secret else value


def _explore(game: Game, seats: int, options: Mapping[str, Any]):
    """Positions of a few seeded random games (setup included), for the layout."""
    limit = game.step_limit(seats)
    for seed in range(EXPLORE_GAMES):
        state = game.setup(seats, options, seed)
        rng = random.Random(f"layout:{seed}")
        every = 1
        yield game.copy(state)
        steps = 0
        while game.outcome(state) is None and steps < limit:
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            steps += 1
            if steps % every == 0:
                yield game.copy(state)
            if steps >= EXPLORE_POSITIONS * every:
                every *= 2
