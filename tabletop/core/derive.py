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
  so a search cannot foresee a future shuffle. Every constraint the seat knows
  (:meth:`~tabletop.core.zones.CardState.constrain`) holds in the result. The result depends
  only on what the seat knows and on ``rng``, not on the true hidden cards (but for
  constraints so tight that no fresh resampling meets them: see :func:`_resample_within`).
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


def _canonical(cards: list) -> None:
    """Sort in place, so a resampling depends on which cards are hidden, not where they lie."""
    try:
        cards.sort()
    except TypeError:  # ids of mixed kinds
        cards.sort(key=_order)


#: Fresh resamplings tried before a state whose constraints none met is walked to instead.
TRIES = 200
#: Swaps tried by that walk (each kept only when every constraint still holds).
WALK = 400


def determinize(state: CardState, seat: int, rng: random.Random) -> CardState:
    new = state._copy()
    pools = _hidden_pools(new, seat)
    rules = new.constraints_in_force(seat) if getattr(new, "constraints", None) else ()  # a copy of its own may lack it
    if rules:
        _resample_within(new, pools, rules, seat, rng)
    else:
        _resample(pools, new.known, seat, rng)
        if getattr(new, "constraints", None):
            new.constraints = ()  # none the seat knows holds in force: the sample keeps none
    for name in new.PUBLIC:
        secret = getattr(new, name)
        if type(secret) is Secret:
            for s, options in enumerate(secret.options):
                if s != seat and options is not None and not secret.open[s]:
                    secret.values[s] = rng.choice(options)
    new.randomness = (f"resampled:{rng.getrandbits(64)}", 0)
    return new


def _hidden_pools(new: CardState, seat: int) -> dict[str, list[list]]:
    """Per pool, the lists holding cards ``seat`` cannot see by their zone's visibility."""
    pools: dict[str, list[list]] = {}
    for name, spec in new.ZONES.items():
        visibility = spec.visibility
        if visibility == EVERYONE:
            continue
        part = getattr(new, name)
        if spec.per_seat:
            for owner, cards in enumerate(part):
                if cards and not (visibility == OWNER and owner == seat):
                    pools.setdefault(spec.pool_of(owner), []).append(cards)
        elif part:
            pools.setdefault(spec.pool, []).append(part)
    return pools


def _resample(pools: dict[str, list[list]], known: dict | None, seat: int, rng: random.Random) -> None:
    for zones in pools.values():
        if known:
            _resample_spots(zones, known, 1 << seat, rng)
            continue
        drawn = [card for cards in zones for card in cards]
        if len(drawn) < 2:
            continue
        _canonical(drawn)
        rng.shuffle(drawn)
        start = 0
        for cards in zones:
            end = start + len(cards)
            cards[:] = drawn[start:end]
            start = end


def _resample_within(new: CardState, pools: dict[str, list[list]], rules: tuple, seat: int,
                     rng: random.Random) -> None:
    """Resample until every constraint the seat knows holds (each try a fresh, uniform
    resampling, so an accepted one is uniform among those allowed). Where none of
    :data:`TRIES` does (constraints that allow very few arrangements), start from the
    position as it is, which meets them all, and walk: swap two unseen cards of a pool
    whenever every constraint still holds. Either way no sample breaks a constraint; the
    constraints kept in the sample speak of the sample's cards."""
    known = new.known
    start = [(cards, cards[:]) for zones in pools.values() for cards in zones]
    for _ in range(TRIES):
        _resample(pools, known, seat, rng)
        if all(rule.holds(new) for rule in rules):
            break
    else:
        for cards, was in start:
            cards[:] = was
        _walk(pools, known, 1 << seat, rules, new, rng)
    new.carry(rules)


def _walk(pools: dict[str, list[list]], known: dict | None, bit: int, rules: tuple, new: CardState,
          rng: random.Random) -> None:
    spots = [[(cards, i) for cards in zones for i, card in enumerate(cards) if not (known and known.get(card, 0) & bit)]
             for zones in pools.values()]
    spots = [s for s in spots if len(s) >= 2]
    if not spots:
        return
    for _ in range(WALK):
        pool = rng.choice(spots)
        (a, i), (b, j) = rng.sample(pool, 2)
        a[i], b[j] = b[j], a[i]
        if not all(rule.holds(new) for rule in rules):
            a[i], b[j] = b[j], a[i]


def _resample_spots(zones: list[list], known: dict, bit: int, rng: random.Random) -> None:
    """Shuffle the cards the seat has not learnt among their places; learnt ones stay."""
    spots = [(cards, i) for cards in zones for i, card in enumerate(cards) if not known.get(card, 0) & bit]
    if len(spots) < 2:
        return
    drawn = [cards[i] for cards, i in spots]
    _canonical(drawn)
    rng.shuffle(drawn)
    for (cards, i), card in zip(spots, drawn, strict=True):
        cards[i] = card


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


def visible_cards(state: CardState, seat: int | None) -> Counter:
    """Every card ``seat`` (None: a spectator) sees where it lies, counted: in zones it sees
    and where it has learnt a card. What a move made visible is what this gains."""
    seen: Counter = Counter()
    for _name, owner, spec, cards in state.zones():
        if _sees_zone(spec, owner, seat):
            seen.update(cards)
        elif state.known:
            seen.update(c for c in cards if state.knows(seat, c))
    return seen
