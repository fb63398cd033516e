"""View, determinize, copy and census, derived from what a :class:`CardState` declares.

These are the :class:`~tabletop.core.game.Game` defaults for a component-based state; a
game may refine any of them (call these and add to the result).

* :func:`view`: ``seat`` (absent for a spectator), each ``PUBLIC`` value (a
  :class:`Secret` as its owner or the others see it), each zone as the seat sees it (a
  list with ``None`` where it cannot see a card; a per-seat list of zones as a list of
  those), and the seat's own item of each ``PRIVATE`` value.
* :func:`determinize`: a copy in which every card the seat cannot see is shuffled among
  the places it cannot see, within its pool: counts per zone and every card it knows stay.
  Others' unrevealed secrets are redrawn from their options, and the salt is replaced,
  so a search cannot foresee a future shuffle. The result depends only on what the seat
  knows and on ``rng``, not on the true hidden cards.
* :func:`copy`, :func:`census`: an independent copy; every card wherever it lies.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from tabletop.core.zones import EVERYONE, OWNER, PUBLIC, CardState, Secret, ZoneSpec, copy_value


def _sees_zone(spec: ZoneSpec, owner: int | None, seat: int | None) -> bool:
    visibility = spec.visibility
    return visibility == EVERYONE or (visibility == OWNER and seat is not None and seat == owner)


def shown(state: CardState, spec: ZoneSpec, owner: int | None, cards: list, seat: int | None) -> list:
    """One zone as ``seat`` sees it: each card, or None where it cannot see one."""
    if _sees_zone(spec, owner, seat):
        return cards[:]
    known = state.known
    if not known:
        return [None] * len(cards)
    if seat is None:
        return [c if known.get(c) == PUBLIC else None for c in cards]
    bit = 1 << seat
    return [c if known.get(c, 0) & bit else None for c in cards]


def zone_view(state: CardState, name: str, seat: int | None, *, owner: int | None = None) -> list:
    """Zone ``name`` (seat ``owner``'s, for a per-seat zone) as ``seat`` sees it: for a game
    that writes its own view in its own JSON shape from the declared zones."""
    spec = state.ZONES[name]
    cards = getattr(state, name)
    if spec.per_seat:
        if owner is None:
            raise ValueError(f"zone {name!r} is one list per seat: say whose (owner=)")
        cards = cards[owner]
    return shown(state, spec, owner, cards, seat)


def view(state: CardState, seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {} if seat is None else {"seat": seat}
    for name in state.PUBLIC:
        value = getattr(state, name)
        out[name] = value.shown(seat) if type(value) is Secret else copy_value(value)
    for name, spec in state.ZONES.items():
        part = getattr(state, name)
        if spec.per_seat:
            out[name] = [shown(state, spec, s, cards, seat) for s, cards in enumerate(part)]
        else:
            out[name] = shown(state, spec, None, part, seat)
    if seat is not None:
        for name in state.PRIVATE:
            out[name] = copy_value(getattr(state, name)[seat])
    return out


def _order(card: Any) -> tuple[str, Any]:
    return type(card).__name__, card


def determinize(state: CardState, seat: int, rng: random.Random) -> CardState:
    new = state._copy()
    bit = 1 << seat
    known = new.known or {}
    pools: dict[str, list[tuple[list, int]]] = {}
    for _name, owner, spec, cards in new.zones():
        if not cards or _sees_zone(spec, owner, seat):
            continue
        spots = pools.setdefault(spec.pool_of(owner), [])
        if known:
            spots.extend((cards, i) for i, c in enumerate(cards) if not known.get(c, 0) & bit)
        else:
            spots.extend((cards, i) for i in range(len(cards)))
    for spots in pools.values():
        if len(spots) < 2:
            continue
        drawn = sorted((cards[i] for cards, i in spots), key=_order)
        rng.shuffle(drawn)
        for (cards, i), card in zip(spots, drawn, strict=True):
            cards[i] = card
    for name in new.PUBLIC:
        secret = getattr(new, name)
        if type(secret) is Secret:
            for s, options in enumerate(secret.options):
                if s != seat and options is not None and not secret.open[s]:
                    secret.values[s] = rng.choice(options)
    new.randomness = (f"resampled:{rng.getrandbits(64)}", 0)
    return new


def copy(state: CardState) -> CardState:
    return state._copy()


def census(state: CardState) -> Counter:
    total: Counter = Counter()
    for _name, _owner, _spec, cards in state.zones():
        total.update(cards)
    return total


def hidden_cards(state: CardState, seat: int | None) -> set:
    """Card ids lying where ``seat`` cannot see them and nowhere it can: what no event or
    text shown to that seat may name."""
    hidden: set = set()
    seen: set = set()
    for _name, owner, spec, cards in state.zones():
        if _sees_zone(spec, owner, seat):
            seen.update(cards)
        else:
            for card in cards:
                (seen if state.knows(seat, card) else hidden).add(card)
    return hidden - seen
