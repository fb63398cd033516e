"""One seat's observation writer, written out as Python source once per table and seat.

:class:`~tabletop.rl.observe.Encoder` lays the numbers out; this module turns that layout into
one straight function per seat, with every zone, slot and value a few lines of its own and
every place a constant, so an observation pays for what changed since the seat's last one and
almost nothing for what did not (no loop over a table of entries, no tuple unpacked per zone).

What each seat keeps between observations (the list ``R``) and when a part is written again:

* a zone the seat sees: a copy of its cards, compared as a list;
* a zone it does not see: how many cards lie there (no card learnt), else written every time;
* a shared slot (replaced, never changed in place): the object, compared by identity; another
  seat's numbers of the same object are copied (the list ``K``, shared by every seat); a tuple
  or list replaced by a longer copy of itself has only its new items written
  (:func:`~tabletop.rl.fillers.generate_tail`);
* a shared slot turned for the seat (egocentric): the object, by identity;
* a declared value: an atom by identity; a list or tuple of atoms (or of tuples of atoms) by
  the identity of each item (:func:`_flat`), so a seat's ``[0, 3]`` of hearts or a ``shown()``
  list of factions is not written again when nothing in it changed; anything else every time;
* the game's features, every time.
"""

from __future__ import annotations

import keyword
import struct
from operator import is_
from typing import Any

import numpy as np

from tabletop.core.zones import Secret
from tabletop.rl.fillers import _Writer
from tabletop.rl.values import _UNREAD, order_number

#: Values that never change in place: the same object gives the same numbers.
ATOMS = frozenset((int, float, str, bool, type(None)))
#: Extra columns of each zone block after the cards: empty cells, unknown cards, unseen cards
#: (laid out by :mod:`tabletop.rl.observe`, written here).
EMPTY, OTHER, UNSEEN = 0, 1, 2


def seat_writer(encoder: Any, seat: int):
    """``seat``'s writer: a function from a state to its observation (a fresh float32 array),
    keeping its own numbers and what they were read from."""
    store = encoder._zeros(seat)
    w = _Writer()
    w.constants.update(buf=memoryview(store), store=store, K=encoder._shared_kept, is_=is_,
                       order_number=order_number, ATOMS=ATOMS,
                       Secret=Secret, flat=_flat, hidden=_hidden, COPY=np.frombuffer(store, dtype=np.float32).copy,
                       PACK=_packs(max((cap for *_zone, cap in encoder._zones_of[seat]), default=0)))
    read: list[Any] = []
    w.constants["R"] = read

    def slot(first: Any) -> int:
        read.append(first)
        return len(read) - 1

    w.add(0, "def encode(state):")
    for i, (name, fill, first, stop, blank, tail) in enumerate(encoder._shared_parts):
        r, span = slot(_UNREAD), f"buf[{first}:{stop}]"
        w.add(1, f"v = {_read(name)}")
        w.add(1, f"if v is not R[{r}]:")
        w.add(2, f"k = K[{i}]")
        w.add(2, "if v is k[0]:")  # another seat wrote it already: its numbers
        w.add(3, f"{span} = k[1]")
        w.add(2, "else:")
        at = 3
        if tail is not None:
            w.add(3, f"r = R[{r}]")
            w.add(3, "t = type(v)")
            w.add(3, "if (t is tuple or t is list) and type(r) is t and len(v) > len(r) and all(map(is_, v, r)):")
            w.add(4, f"{w.const(tail)}(v, buf, len(r))")
            w.add(3, "else:")
            at = 4
        w.add(at, f"{span} = {w.const(blank)}")
        w.add(at, f"{w.const(fill)}(v, buf)")
        w.add(3, f"K[{i}] = (v, store[{first}:{stop}])")
        w.add(2, f"R[{r}] = v")
    w.add(1, "known = state.known")
    fetched = None
    for (name, owner, seen, column, extra, number, cap), (first, stop, blank) in zip(
            encoder._zones_of[seat], encoder._zone_spans[seat], strict=True):
        r, clear = slot(None), f"buf[{first}:{stop}] = {w.const(blank)}"
        if owner is None:
            w.add(1, f"c = {_read(name)}")
        else:
            if fetched != name:
                w.add(1, f"z = {_read(name)}")
                fetched = name
            w.add(1, f"c = z[{owner}]")
        places, numbers = w.const(column.__getitem__), w.const(number.__getitem__)
        if seen:
            w.add(1, f"if c != R[{r}]:")
            w.add(2, f"R[{r}] = c[:]")
            w.add(2, clear)
            w.add(2, f"for p in map({places}, c):")
            w.add(3, "buf[p] += 1.0")
            if cap:  # the order: each end's positions, and the whole order of a longer list
                at, half = extra + 3, cap // 2
                w.add(2, "if c:")
                w.add(3, "n = len(c)")
                w.add(3, f"if n <= {cap}:")
                w.add(4, f"PACK[n](store, {4 * at}, *map({numbers}, c))")
                w.add(3, "else:")
                w.add(4, f"PACK[{2 * half}](store, {4 * at}, *map({numbers}, c[:{half}]), *map({numbers}, c[-{half}:]))")
                w.add(4, f"buf[{at + cap}] = order_number(c)")
            continue
        w.add(1, "if not known:")  # no card learnt: only how many lie there
        w.add(2, f"if R[{r}] != len(c):")
        w.add(3, f"R[{r}] = len(c)")
        w.add(3, clear)
        w.add(3, f"if c: buf[{extra + UNSEEN}] = len(c)")
        w.add(1, "else:")
        w.add(2, f"R[{r}] = None")
        w.add(2, clear)
        w.add(2, f"if c: hidden(c, buf, known, {1 << seat}, {w.const(column)}, {w.const(number)}, {extra}, {cap})")
    for (name, private, fill), (first, stop, blank) in zip(encoder._declared_of[seat], encoder._value_spans,
                                                          strict=True):
        r = slot(_UNREAD)
        slot(None)  # the kind of list or tuple R[r] holds the items of (None: no items kept)
        w.add(1, f"try: v = {_read(name)}")  # cheaper than getattr(state, name, None)
        w.add(1, "except AttributeError: v = None")
        w.add(1, f"v = v[{seat}]" if private else f"if type(v) is Secret: v = v.shown({seat})")
        if private is None:  # a shared slot, turned for this seat: replaced, never changed in place
            w.add(1, f"if v is not R[{r}]:")
            w.add(2, f"R[{r}] = v")
            w.add(2, f"buf[{first}:{stop}] = {w.const(blank)}")
            w.add(2, f"{w.const(fill)}(v, buf)")
            continue
        w.add(1, f"r = R[{r}]")
        w.add(1, "if v is r and type(v) in ATOMS: pass")
        w.add(1, f"elif R[{r + 1}] is type(v) and len(v) == len(r) and all(map(is_, v, r)): pass")
        w.add(1, "else:")
        w.add(2, f"R[{r}], R[{r + 1}] = flat(v)")
        w.add(2, f"buf[{first}:{stop}] = {w.const(blank)}")
        w.add(2, f"{w.const(fill)}(v, buf)")
    if encoder._features is not None:
        size, at = encoder._features_size, encoder._features_at
        w.constants.update(FEATURES=encoder._features, GAME=encoder.game, FEATURES_PACK=struct.Struct(f"={size}f").pack_into,
                           slow=encoder._write_values)
        w.add(1, f"x = FEATURES(GAME, state, {seat})")
        w.add(1, "if type(x) is not list: x = list(x)")
        w.add(1, f"if len(x) != {size}: slow(x, buf)")
        w.add(1, "else:")
        w.add(2, f"try: FEATURES_PACK(buf, {4 * at}, *x)")  # struct packs float32 as array does, without parsing each
        w.add(2, "except (struct.error, OverflowError, TypeError): slow(x, buf)")  # a number past float32
        w.constants["struct"] = struct
    w.add(1, "return COPY()")
    return w.made("encode")


def _packs(most: int) -> list[Any]:
    """Per count of numbers up to ``most``, its float32 packer: struct writes a zone's order
    places at once faster than a new array does (the same float32 bits)."""
    return [struct.Struct(f"={n}f").pack_into for n in range(most + 1)]


def _read(name: str) -> str:
    """The expression reading the state's part ``name``: an attribute, or getattr for a name
    that cannot be written as one (a keyword, say)."""
    if name.isidentifier() and not keyword.iskeyword(name):
        return f"state.{name}"
    return f"getattr(state, {name!r})"


def _flat(value: Any) -> tuple[Any, type | None]:
    """What a seat keeps of a declared value it wrote: a list or tuple whose items are atoms,
    or tuples of atoms, as a tuple of those items and its kind (the same items, by identity,
    then give the same numbers: none of them can change in place); anything else as itself,
    with no kind (written again at the next observation unless it is the same atom)."""
    kind = type(value)
    if (kind is list or kind is tuple) and all(
            type(item) in ATOMS or (type(item) is tuple and all(type(x) in ATOMS for x in item)) for item in value):
        return tuple(value), kind
    return value, None


def _hidden(cards: list, buf: Any, known: dict, bit: int, column: Any, number: Any, extra: int, cap: int) -> None:
    """A zone the seat does not see, once some card has been learnt: the cards it learnt, where
    each lies (as the view shows it) and how many it does not know."""
    learnt = [c for c in cards if known.get(c, 0) & bit]
    for place in map(column.__getitem__, learnt):
        buf[place] += 1.0
    if cap and learnt:
        first = extra + 3
        shown = [c if known.get(c, 0) & bit else None for c in cards]
        if len(cards) <= cap:
            for j, card in enumerate(shown):
                if card is not None:
                    buf[first + j] = number[card]
        else:
            half = cap // 2
            for j, card in enumerate(shown[:half] + shown[-half:]):
                if card is not None:
                    buf[first + j] = number[card]
            buf[first + cap] = order_number(shown)
    buf[extra + UNSEEN] = len(cards) - len(learnt)
