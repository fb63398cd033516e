"""Cards in zones that know who may see them, secret choices, and a state built from them.

A state class declares its zones: each is a plain list of card ids (index 0 the bottom,
the end the top), or one such list per seat, with who may see its cards:

* :data:`EVERYONE`: a face-up row, a discard pile;
* :data:`OWNER`: one list per seat, seen by that seat only: hands, a programmed row;
* :data:`NOBODY`: a deck, cards set aside face down.

Beyond that, single seats learn single cards (a peek, a card passed face down, a public
card that went back into a hand): :meth:`CardState.peek`, :meth:`CardState.reveal`,
:meth:`CardState.learn` record it by card id, so the knowledge follows the card wherever
it moves, until :meth:`CardState.shuffle` (or :meth:`CardState.forget`) wipes it. Give
cards that seats can learn one by one unique ids ("tank#2"), since knowledge is per id.

Zones are plain lists so a game moves cards with list operations and a copy is a few
slices: random play and search stay as fast as with hand-written states.

What a public event rules out ("seat 3 does not hold a King", "these two hidden cards are
equal") is a :class:`~tabletop.core.constraints.Constraint` stated with :meth:`CardState.constrain`: every resampling
respects it until one of the zones it speaks of changes.

A :class:`Secret` is one hidden choice per seat that is not a card (an order, a target,
a bid of points). The engine derives every seat's view, the resampling a search needs,
``copy`` and ``census`` from these declarations (:mod:`tabletop.core.derive`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from tabletop.core.errors import TabletopError

if TYPE_CHECKING:
    from tabletop.core.constraints import Constraint, Place

#: Zone visibilities.
EVERYONE = "everyone"
OWNER = "owner"
NOBODY = "nobody"
#: The knowledge mask of a card everyone sees, spectators included (bit s: seat s).
PUBLIC = -1

Card = Hashable  # a short string (or number) naming a card in the game's card data


class ZoneSpec(NamedTuple):
    """How one declared zone is seen: its visibility, whether it is one list per seat,
    and its pool (cards the viewer cannot see are only swapped within a pool; ``{seat}``
    in a per-seat zone's pool makes one pool per seat)."""

    visibility: str
    per_seat: bool
    pool: str

    def pool_of(self, seat: int | None) -> str:
        return self.pool.format(seat=seat) if seat is not None else self.pool


def zone(visibility: str = NOBODY, *, per_seat: bool | None = None, pool: str = "cards") -> ZoneSpec:
    """Declare a zone. An OWNER zone is always one list per seat."""
    if visibility not in (EVERYONE, OWNER, NOBODY):
        raise ValueError(f"visibility must be everyone, owner or nobody, not {visibility!r}")
    if visibility == OWNER:
        if per_seat is False:
            raise ValueError("a zone seen by its owner is one list per seat")
        per_seat = True
    return ZoneSpec(visibility, bool(per_seat), pool)


class Secret:
    """One hidden choice per seat that is not a card: an order, a target, a bid of points.

    :meth:`choose` records a seat's value with every value it could have chosen (the
    ``options``, which must follow from what the other seats know: resampling picks among
    them). Its owner sees it; the others see ``True`` (chosen, hidden) until :meth:`reveal`.
    Put a Secret in ``PUBLIC``: it shows itself per seat.
    """

    __slots__ = ("values", "options", "open")

    def __init__(self, seats: int):
        self.values: list[Any] = [None] * seats
        self.options: list[tuple | None] = [None] * seats
        self.open: list[bool] = [False] * seats

    def choose(self, seat: int, value: Any, *, options: Sequence[Any]) -> None:
        self.values[seat] = value
        self.options[seat] = tuple(options)
        self.open[seat] = False

    def chosen(self, seat: int) -> bool:
        return self.options[seat] is not None

    def reveal(self, seat: int | None = None) -> None:
        """Show one seat's choice (None: every seat's) to everyone."""
        for s in range(len(self.values)) if seat is None else (seat,):
            self.open[s] = True

    def clear(self) -> None:
        """Forget every choice (a new round)."""
        n = len(self.values)
        self.values = [None] * n
        self.options = [None] * n
        self.open = [False] * n

    def shown(self, seat: int | None) -> list[Any]:
        """Each seat's value as ``seat`` sees it: the value, True (chosen, hidden) or None."""
        shown = self.values[:]
        is_open = self.open
        for s, o in enumerate(self.options):
            if o is not None and not is_open[s] and s != seat:
                shown[s] = True
        return shown

    def copy(self) -> Secret:
        new = _new(Secret)
        new.values = self.values[:]
        new.options = self.options[:]
        new.open = self.open[:]
        return new


_new = object.__new__


class UndeclaredState(TabletopError, TypeError):
    """A state holds something the engine cannot check: it names the attribute and what to declare."""


class CardState:
    """Base class of a state built from components; the engine derives the rest.

    A subclass declares its parts and lists them all in ``__slots__``::

        class HandState(CardState):
            ZONES = {"deck": zone(NOBODY), "hands": zone(OWNER), "discard": zone(EVERYONE)}
            PUBLIC = ("turn", "scores")   # everyone sees these (a Secret shows itself per seat)
            PRIVATE = ("plans",)          # lists indexed by seat: seat i sees item i only
            __slots__ = (*ZONES, *PUBLIC, *PRIVATE)

    Values are JSON-like data: numbers, strings, None, tuples, lists, dicts. A copy copies
    lists and dicts and shares the rest; a list is copied deeply when its first or last
    item is a list, dict or set, so keep each list's items of one kind. Any other slot a
    subclass adds is shared by copies, neither shown nor resampled: keep there only an
    immutable value everyone knows (the result) or one that follows from the declared
    parts, and replace it rather than change it. Those three and these shared slots are
    all a state may hold: setup refuses anything else (:meth:`check_declared`), and
    ``tabletop check`` holds the shared slots to their promise (never changed in place,
    never depending on a secret choice, never naming a hidden card).

    The ``salt`` seeds every random event after setup through :meth:`random`; resampling
    replaces it, so a search cannot foresee a future shuffle.
    """

    ZONES: ClassVar[Mapping[str, ZoneSpec]] = {}
    PUBLIC: ClassVar[tuple[str, ...]] = ()
    PRIVATE: ClassVar[tuple[str, ...]] = ()
    __slots__ = ("seats", "randomness", "known", "constraints", "revealed_cards")

    def __init__(self, seats: int, *, salt: Any):
        self.seats = seats
        #: (salt, random events so far): one value, so a copy shares it.
        self.randomness: tuple[Any, int] = (salt, 0)
        #: card id -> mask of the seats that know where it is, beyond its zone's visibility.
        self.known: dict[Card, int] | None = None
        #: What public (or private) events ruled out: a tuple, replaced, never changed in place.
        self.constraints: tuple[Constraint, ...] = ()
        #: Every card :meth:`reveal` showed, in order (a tuple, replaced): what a move showed
        #: everyone even when the same move shuffles it away again.
        self.revealed_cards: tuple[Card, ...] = ()

    # ---- randomness ------------------------------------------------------------------

    def random(self) -> random.Random:
        """A fresh generator for the next random event (a reshuffle), seeded by the salt."""
        salt, count = self.randomness
        self.randomness = (salt, count + 1)
        return random.Random(f"{salt}:{count + 1}")

    def shuffle(self, cards: list[Card], rng: random.Random | None = None) -> None:
        """Shuffle a zone (with :meth:`random` unless given ``rng``): everyone forgets its cards."""
        (rng or self.random()).shuffle(cards)
        self.forget(cards)

    # ---- what single seats know ------------------------------------------------------

    # ``known`` is shared by copies and never changed in place: each change makes a new dict.

    def reveal(self, *cards: Card) -> None:
        """Everyone, spectators included, now knows where these cards are. A move may show
        cards and shuffle them away at once (hands shown, then a new deal): reveal them first,
        and ``tabletop check`` judges the move's events against what each seat knew before."""
        self.revealed_cards = (*getattr(self, "revealed_cards", ()), *cards)  # a copy of the game's own may lack it
        known = dict(self.known) if self.known else {}
        for card in cards:
            known[card] = PUBLIC
        self.known = known

    def peek(self, seat: int, *cards: Card) -> None:
        """``seat`` now knows where these cards are (a look, a card passed to it face down)."""
        self.learn(1 << seat, *cards)

    def learn(self, mask: int, *cards: Card) -> None:
        """The seats in ``mask`` (bit s: seat s) now know where these cards are."""
        known = dict(self.known) if self.known else {}
        for card in cards:
            known[card] = known.get(card, 0) | mask
        self.known = known

    def forget(self, cards: Iterable[Card]) -> None:
        """Nobody knows these cards beyond their zone's visibility any more, and what events
        ruled out about the places they were in lapses (one may come back to the same hand)."""
        if getattr(self, "constraints", None):
            cards = list(cards)
            gone = set(cards)
            self.constraints = tuple(c for c in self.constraints
                                     if not any(card in gone for held in c.cards for card in held))
        if self.known:
            known = dict(self.known)
            for card in cards:
                known.pop(card, None)
            self.known = known or None

    def knows(self, seat: int | None, card: Card) -> bool:
        """Whether ``seat`` (None: a spectator) has learnt where ``card`` is."""
        known = self.known
        if not known:
            return False
        mask = known.get(card, 0)
        return mask == PUBLIC if seat is None else bool(mask & (1 << seat))

    # ---- what events ruled out -----------------------------------------------------------

    def cards_at(self, place: Place | str) -> list[Card]:
        """The cards of one place: a zone name, or ``(zone, seat)`` for one seat's list."""
        if isinstance(place, str):
            return getattr(self, place)
        name, seat = place
        part = getattr(self, name)
        return part if seat is None else part[seat]

    def constrain(self, text: str, test: Any, *places: Place | str, seats: Iterable[int] | None = None) -> None:
        """Record what an event ruled out: ``test(*cards of each place)`` is true of every
        arrangement still possible, as of now. Every resampling (search, the check) keeps to
        it until one of those places changes; ``seats``: only they learnt it (default:
        everyone). The test must be true now: ``tabletop check`` fails a game that states
        something false. Example: ``state.constrain("Seat 3 holds no King.", lambda hand:
        "king" not in hand, ("hands", 2))``."""
        from tabletop.core.constraints import Constraint  # its own module; it reads states

        spots = tuple((p, None) if isinstance(p, str) else tuple(p) for p in places)
        if not spots:
            raise ValueError("constrain needs at least one place: a zone name or (zone, seat)")
        mask = PUBLIC if seats is None else sum(1 << s for s in set(seats))
        cards = tuple(tuple(self.cards_at(p)) for p in spots)
        kept = tuple(c for c in self.constraints if c.in_force(self))
        self.constraints = (*kept, Constraint(text, test, spots, mask, cards))

    def lapse(self) -> None:
        """Drop for good the constraints whose places changed (the engine does it after every
        move), so one never comes back when a hand happens to hold the same cards again: who
        could tell that from outside?"""
        kept = tuple(c for c in self.constraints if c.in_force(self))
        if len(kept) != len(self.constraints):
            self.constraints = kept

    def carry(self, rules: tuple[Constraint, ...]) -> None:
        """Keep ``rules`` (met by this state's cards) as its constraints, as of its cards now: for
        a resampled state, whose hidden cards moved while what was ruled out still holds."""
        self.constraints = tuple(r._replace(cards=tuple(tuple(self.cards_at(p)) for p in r.places)) for r in rules)

    def constraints_in_force(self, seat: int | None = -1) -> tuple[Constraint, ...]:
        """The constraints whose places are as they were when stated (known to ``seat``, if
        given; None: the public ones)."""
        return tuple(c for c in self.constraints if c.in_force(self) and (seat == -1 or c.known_to(seat)))

    # ---- the declared parts ----------------------------------------------------------

    def zones(self) -> Iterator[tuple[str, int | None, ZoneSpec, list[Card]]]:
        """Every zone: (name, its seat or None, its spec, its cards)."""
        for name, spec in self.ZONES.items():
            part = getattr(self, name)
            if spec.per_seat:
                for seat, cards in enumerate(part):
                    yield name, seat, spec, cards
            else:
                yield name, None, spec, part

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, spec in cls.ZONES.items():
            if not isinstance(spec, ZoneSpec):
                raise TypeError(f"{cls.__name__}.ZONES[{name!r}] must be made with zone(...)")
        names = (*cls.ZONES, *cls.PUBLIC, *cls.PRIVATE)
        taken = sorted(set(cls.__dict__.get("__slots__", ())) & set(CardState.__slots__))
        if taken and cls is not CardState:
            raise TypeError(f"{cls.__name__}: {', '.join(taken)} is the engine's own part of every state; name yours otherwise")
        if len(set(names)) != len(names):
            raise TypeError(f"{cls.__name__}: a name appears twice in ZONES, PUBLIC and PRIVATE")
        slots = [s for k in reversed(cls.__mro__) for s in k.__dict__.get("__slots__", ())]
        missing = [n for n in names if n not in slots]
        if missing:
            raise TypeError(f"{cls.__name__}: list {', '.join(missing)} in __slots__")
        base = ("seats", "randomness", "known", "constraints", "revealed_cards", "__weakref__", "__dict__")
        extra = tuple(s for s in dict.fromkeys(slots) if s not in names and s not in base)
        cls.SHARED = extra
        cls._copy = _make_copier(cls, names, extra)

    def _copy(self) -> CardState:  # replaced per subclass by a generated copier
        raise NotImplementedError

    #: The slots a subclass adds beyond its declared parts: shared by copies, public, not shown.
    SHARED: ClassVar[tuple[str, ...]] = ()

    def check_declared(self) -> None:
        """Refuse what the engine could neither copy, show nor resample (called after setup):
        an attribute outside ``__slots__`` (a copy would drop it, a view never show it), and a
        :class:`Secret` anywhere but ``PUBLIC`` (resampling would never redraw it)."""
        kind = type(self).__name__
        loose = sorted(getattr(self, "__dict__", {}))
        if loose:
            raise UndeclaredState(
                f"{kind}.{loose[0]} is neither a zone nor a PUBLIC or PRIVATE value nor a slot: the engine "
                "cannot copy, show or resample it; declare it in ZONES, PUBLIC (a Secret for a hidden "
                "choice) or PRIVATE, and list it in __slots__."
            )
        for name in (*self.SHARED, *self.PRIVATE):
            value = getattr(self, name, None)
            held = [value] if type(value) is Secret else [v for v in value if type(v) is Secret] \
                if type(value) in (list, tuple) else []
            if held:
                where = "a slot copies share" if name in self.SHARED else "a PRIVATE value"
                raise UndeclaredState(
                    f"{kind}.{name} holds a Secret but is {where}: resampling never redraws it there, "
                    "so a search would see the true choice; declare it in PUBLIC."
                )


_MUTABLE = (list, dict, set)


def copy_value(value: Any) -> Any:
    """A copy of a JSON-like value: lists, dicts and sets copied; everything else shared."""
    kind = type(value)
    if kind is list:
        if value and (type(value[0]) in _MUTABLE or type(value[-1]) in _MUTABLE):
            return [copy_value(v) for v in value]
        return value[:]
    if kind is dict:
        return {k: copy_value(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    if kind is Secret:
        return value.copy()
    return value


def _make_copier(cls: type, names: tuple[str, ...], shared: tuple[str, ...]):
    """A copy function made for one state class: straight attribute code, no loop over
    names and no call per value in the common cases (search copies states a lot)."""
    lines = [
        "def _copy(self):",
        "    new = _new(cls)",
        "    new.seats = self.seats",
        "    new.randomness = self.randomness",
        "    new.known = self.known",
        "    new.constraints = self.constraints",
        "    new.revealed_cards = self.revealed_cards",
    ]
    per_seat = [n for n in names if n in cls.ZONES and cls.ZONES[n].per_seat]
    if per_seat:  # two to four seats unrolled: the common cases, and measurably faster
        for seats in range(2, 5):
            lines.append(f"    {'if' if seats == 2 else 'elif'} self.seats == {seats}:")
            slices = ", ".join(f"v[{s}][:]" for s in range(seats))
            lines += [f"        v = self.{n}; new.{n} = [{slices}]" for n in per_seat]
        lines.append("    else:")
        lines += [f"        new.{n} = list(map(list.copy, self.{n}))" for n in per_seat]
    for name in names:
        spec = cls.ZONES.get(name)
        if spec is None:
            lines += [
                f"    v = self.{name}",
                "    t = type(v)",
                "    if t in S:",
                f"        new.{name} = v",
                "    elif t is list and not (v and (type(v[0]) in M or type(v[-1]) in M)):",
                f"        new.{name} = v[:]",
                "    elif t is Secret:",  # Secret.copy, without two calls
                "        c = _new(Secret); c.values = v.values[:]; c.options = v.options[:]; c.open = v.open[:]",
                f"        new.{name} = c",
                "    else:",
                f"        new.{name} = copy_value(v)",
            ]
        elif not spec.per_seat:
            lines.append(f"    new.{name} = self.{name}[:]")
    lines += [f"    new.{name} = self.{name}" for name in shared]
    lines.append("    return new")
    scope = {
        "_new": _new, "cls": cls, "copy_value": copy_value, "M": _MUTABLE, "Secret": Secret,
        "S": frozenset({int, str, float, bool, tuple, frozenset, type(None)}),
    }
    exec("\n".join(lines), scope)  # noqa: S102 - made from names checked to be slots
    copier = scope["_copy"]
    copier.derived = True  # a Game naming another state_class replaces it
    return copier
