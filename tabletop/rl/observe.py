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
from collections.abc import Mapping
from typing import Any

import numpy as np

from tabletop.core.game import Game
from tabletop.core.zones import EVERYONE, OWNER, CardState, Secret

#: Random games played to learn the layout, and at most this many positions read in each.
EXPLORE_GAMES = 4
EXPLORE_POSITIONS = 150
#: At most this many items of a list, and texts at one place, get a place in the numbers.
MAX_ITEMS = 32
MAX_TEXTS = 48
#: Extra columns of each zone block after the cards: empty cells, unknown cards, unseen cards.
EMPTY, OTHER, UNSEEN = 0, 1, 2


class _Column(dict):
    """A zone block's place of each card; a card not met while the layout was made counts in
    the block's ``other`` place (looked up with ``[]`` in C, the miss alone in Python)."""

    __slots__ = ("other",)

    def __missing__(self, card: Any) -> int:
        return self.other


class _Node:
    """One place in a value: a number, texts seen there, list items, dict keys, set members."""

    __slots__ = ("num", "texts", "items", "kept", "keys", "members")

    def __init__(self) -> None:
        self.num: int | bool | None = None
        self.texts: dict[str, int] = {}
        self.items: list[_Node] = []
        #: The items that hold a place, with their index (made by :meth:`prune`).
        self.kept: list[tuple[int, _Node]] = []
        self.keys: dict[Any, _Node] = {}
        self.members: dict[Any, int] = {}

    def grow(self, value: Any) -> None:
        """Make room for ``value`` (while exploring; offsets are given by :meth:`place`)."""
        kind = type(value)
        if kind is bool or kind is int or kind is float:
            self.num = True
        elif kind is str:
            if len(self.texts) < MAX_TEXTS:
                self.texts.setdefault(value, 0)
        elif kind is list or kind is tuple:
            while len(self.items) < min(len(value), MAX_ITEMS):
                self.items.append(_Node())
            for node, item in zip(self.items, value, strict=False):
                node.grow(item)
        elif kind is dict:
            for key, item in value.items():
                if key not in self.keys and len(self.keys) >= MAX_ITEMS:
                    continue
                self.keys.setdefault(key, _Node()).grow(item)
        elif kind is set or kind is frozenset:
            for member in value:
                if len(self.members) < MAX_TEXTS and isinstance(member, (str, int)):
                    self.members.setdefault(member, 0)

    def place(self, start: int) -> int:
        """Give every number, text and member an offset from ``start``; the next free one."""
        if self.num is not None:
            self.num, start = start, start + 1
        for text in sorted(self.texts):
            self.texts[text], start = start, start + 1
        for node in self.items:
            start = node.place(start)
        for key in sorted(self.keys, key=_order):
            start = self.keys[key].place(start)
        for member in sorted(self.members, key=_order):
            self.members[member], start = start, start + 1
        return start

    def prune(self) -> bool:
        """Drop the places that hold nothing (after :meth:`place`); whether this one holds any."""
        self.kept = [(i, node) for i, node in enumerate(self.items) if node.prune()]
        self.keys = {key: node for key, node in self.keys.items() if node.prune()}
        return self.num is not None or bool(self.texts or self.kept or self.keys or self.members)

    def fill(self, value: Any, at: list[int], values: list[float]) -> None:
        """The places and weights of ``value``, by a plain walk: what :func:`_compile`'s filler
        must give (the tests hold them together)."""
        kind = type(value)
        if kind is int or kind is float or kind is bool:
            if self.num is not None:
                at.append(self.num)
                values.append(value)
        elif kind is str:
            place = self.texts.get(value)
            if place is not None:
                at.append(place)
                values.append(1.0)
        elif kind is list or kind is tuple:
            size = len(value)
            for i, node in self.kept:
                if i < size:
                    node.fill(value[i], at, values)
        elif kind is dict:
            keys = self.keys
            for key, item in value.items():
                node = keys.get(key)
                if node is not None:
                    node.fill(item, at, values)
        elif kind is set or kind is frozenset:
            members = self.members
            for member in value:
                place = members.get(member)
                if place is not None:
                    at.append(place)
                    values.append(1.0)


_NUMBERS = frozenset((int, float, bool))


def _compile(node: _Node):
    """``node.fill`` as a closure made once, its places and children bound (a value read at
    every observation pays no attribute lookups, and a number or a text no type dispatch):
    the same places and weights as :meth:`_Node.fill`. None for a node that holds nothing."""
    num, texts, members = node.num, node.texts, node.members
    items = [(i, fill) for i, child in node.kept if (fill := _compile(child)) is not None]
    keys = {key: fill for key, child in node.keys.items() if (fill := _compile(child)) is not None}
    if not (num is not None or texts or items or keys or members):
        return None
    numbers, get_text = _NUMBERS, texts.get
    if not (items or keys or members):
        if not texts:
            def fill_number(value, where, weights):
                if type(value) in numbers:
                    where.append(num)
                    weights.append(value)
            return fill_number
        if num is None:
            def fill_text(value, where, weights):
                if type(value) is str:
                    place = get_text(value)
                    if place is not None:
                        where.append(place)
                        weights.append(1.0)
            return fill_text
    leaves = [(i, child.num) for i, child in node.kept if child.num is not None and _number_only(child)]
    if num is None and not (texts or keys or members) and len(leaves) == len(items):
        def fill_numbers(value, where, weights):  # a list of numbers: one call, not one per item
            if type(value) is list or type(value) is tuple:
                size = len(value)
                for i, place in leaves:
                    if i < size and type(item := value[i]) in numbers:
                        where.append(place)
                        weights.append(item)
        return fill_numbers
    get_key, get_member = keys.get, members.get

    def fill(value, where, weights):
        kind = type(value)
        if kind in numbers:
            if num is not None:
                where.append(num)
                weights.append(value)
        elif kind is str:
            place = get_text(value)
            if place is not None:
                where.append(place)
                weights.append(1.0)
        elif kind is list or kind is tuple:
            size = len(value)
            for i, child in items:
                if i < size:
                    child(value[i], where, weights)
        elif kind is dict:
            for key, item in value.items():
                child = get_key(key)
                if child is not None:
                    child(item, where, weights)
        elif kind is set or kind is frozenset:
            for member in value:
                place = get_member(member)
                if place is not None:
                    where.append(place)
                    weights.append(1.0)
    return fill


def _number_only(node: _Node) -> bool:
    return not (node.texts or node.kept or node.keys or node.members)


def _order(value: Any) -> tuple[str, str]:
    return type(value).__name__, str(value)


class Encoder:
    """The observation of one table (a game, its seat count and options): :meth:`encode` and
    the size of its numbers, with :attr:`parts` naming the slice each part takes."""

    def __init__(self, game: Game, seats: int, options: Mapping[str, Any]):
        self.game, self.seats = game, seats
        kit = getattr(game, "learning", None)
        leave_out = set(kit.leave_out) if kit is not None else set()
        self._features = kit.features if kit is not None and kit.features is not None else None
        self._features_size = kit.features_size if self._features is not None else 0
        states = list(_explore(game, seats, options))
        first = states[0]
        #: Name of each part -> its slice of the numbers.
        self.parts: dict[str, slice] = {"seat": slice(0, seats)}
        start = seats
        self._zones: list[tuple[str, int | None, str, dict, int]] = []
        self._values: list[tuple[str, bool, _Node]] = []
        self.component = isinstance(first, CardState)
        if self.component:
            cards = sorted({card for state in states for card in game.census(state) or () if card is not None},
                           key=_order)
            width = len(cards) + 3
            for name, spec in type(first).ZONES.items():
                if name in leave_out:
                    continue
                for owner in (range(seats) if spec.per_seat else (None,)):
                    column = _Column({card: start + i for i, card in enumerate(cards)})
                    column[None] = start + len(cards) + EMPTY
                    column.other = start + len(cards) + OTHER
                    self._zones.append((name, owner, spec.visibility, column, start + len(cards)))
                    self.parts[name if owner is None else f"{name}[{owner}]"] = slice(start, start + width)
                    start += width
            declared = [(n, False) for n in type(first).PUBLIC] + [(n, True) for n in type(first).PRIVATE]
            for name, private in declared:
                if name in leave_out:
                    continue
                node = _Node()
                for state in states:
                    for seat in range(seats):
                        node.grow(_seen(state, name, seat, private))
                end = node.place(start)
                self._values.append((name, private, node))
                self.parts[name] = slice(start, end)
                start = end
        if self._features is not None:
            self.parts["features"] = slice(start, start + self._features_size)
            start += self._features_size
        self.size = start
        #: Per seat, each zone block and whether that seat sees its cards.
        self._zones_of = [
            [(name, owner, visibility == EVERYONE or (visibility == OWNER and owner == seat), column, extra)
             for name, owner, visibility, column, extra in self._zones]
            for seat in range(seats)
        ]
        for _name, _private, node in self._values:
            node.prune()
        #: Each value read: its name, whether each seat has its own, its compiled filler.
        self._fills = [(name, private, fill) for name, private, node in self._values
                       if (fill := _compile(node)) is not None]

    def encode(self, state: Any, seat: int) -> np.ndarray:
        """``seat``'s observation: what it sees of the state, as ``size`` float32 numbers (a
        reader for :meth:`Session.seen_by <tabletop.engine.session.Session.seen_by>`, the one
        door to a game's state in progress: ``session.seen_by(seat, encoder.encode)``).

        One pass in Python gathers the places to count (cards seen, the seat) and the places
        to set (unseen counts, values: each has its own place), read by fillers compiled once
        per table (:func:`_compile`); then NumPy counts once and sets once, whatever the
        game's size."""
        at = [seat]
        where: list[int] = []
        weights: list[float] = []
        if self.component:
            bit = 1 << seat
            known = state.known
            for name, owner, seen, column, extra in self._zones_of[seat]:
                cards = getattr(state, name) if owner is None else getattr(state, name)[owner]
                if not cards:
                    continue
                if seen:
                    at += map(column.__getitem__, cards)
                    continue
                hidden = len(cards)
                if known:
                    learnt = [c for c in cards if known.get(c, 0) & bit]
                    hidden -= len(learnt)
                    at += map(column.__getitem__, learnt)
                where.append(extra + UNSEEN)
                weights.append(hidden)
            for name, private, fill in self._fills:
                value = getattr(state, name)
                if private:
                    value = value[seat]
                elif type(value) is Secret:
                    value = value.shown(seat)
                fill(value, where, weights)
        if self._features is not None:
            first = self.parts["features"].start
            for i, value in enumerate(self._features(self.game, state, seat)):
                where.append(first + i)
                weights.append(value)
        out = np.bincount(at, minlength=self.size).astype(np.float32)
        if where:
            out[where] = weights
        return out


def as_text(view: Mapping[str, Any]) -> str:
    """A seat's view as JSON text (ASCII, every control character escaped), for an agent that
    reads language."""
    return json.dumps(view, sort_keys=True, ensure_ascii=True, default=str)


def _seen(state: CardState, name: str, seat: int, private: bool) -> Any:
    value = getattr(state, name)
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
