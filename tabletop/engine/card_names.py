"""Card names as people read them, for the checks that ask whether a text names a hidden card.

A card is named by its id (``duke2``) and by its display name (``Duke``, from
:meth:`Game.card_name <tabletop.core.game.Game.card_name>`), in any case. A name shared by
several cards of the game (three Dukes, or three cards all with the id ``duke``) stands for a
*kind* of card, which is public to talk about: a claim ("I am the Duke"), a rule text. Naming
a kind therefore never counts by itself; whether it tells a seat something is judged by
resampling (an event that says "draws the Duke" changes when the deck is resampled). A name
that belongs to one card only is that card's identity, and naming it while the card is hidden
is a leak.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

#: The key of an event's data that lists card names the event mentions without saying where
#: any such card lies (a guess, a claim): those names are no leak by themselves.
GUESS = "guess"

#: Words of a text that could be card ids or names.
TOKEN = re.compile(r"[\w.#:+-]+")
_STRIP = ".:+-#"


def strings(value: Any) -> list[str]:
    """Every string in a JSON-like value (keys of mappings excepted)."""
    if isinstance(value, str):
        return [value]
    out: list[str] = []
    if isinstance(value, Mapping):
        for item in value.values():
            out.extend(strings(item))
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            out.extend(strings(item))
    return out


def tokens(text: str) -> set[str]:
    """Lower-case words of a text that could name a card: a bare number could as well be a
    count or a score, so only words with a letter count (data values are matched whole)."""
    words = {w.lower() for w in TOKEN.findall(text) if not w.isdigit()}
    return {w for w in words | {w.strip(_STRIP) for w in words} if w and not w.isdigit()}


def words(value: Any) -> set[str]:
    """Every string of a value, lower-cased, and every word of those strings."""
    found: set[str] = set()
    for text in strings(value):
        found.add(text.lower())
        found |= tokens(text)
    return found


def scalars(value: Any, found: Counter | None = None) -> Counter:
    """Every string, number and word of a value, lower-cased, counted: what a view shows, so
    that what an action made visible is what its view after shows more often than before."""
    found = Counter() if found is None else found
    if isinstance(value, bool) or value is None:
        return found
    if isinstance(value, (int, float)):
        found[str(value)] += 1
    elif isinstance(value, str):
        found[value.lower()] += 1
        words = {w.lower() for w in TOKEN.findall(value)}
        found.update((words | {w.strip(_STRIP) for w in words}) - {value.lower(), ""})
    elif isinstance(value, Mapping):
        for item in value.values():
            scalars(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            scalars(item, found)
    return found


class CardNames:
    """Each card's identity names (lower-case id and display name, unless a kind) of one game."""

    def __init__(self, game: Any, census: Counter | None):
        counts: Counter = Counter()
        spoken: dict[Any, tuple[str, ...]] = {}
        for card, copies in (census or {}).items():
            ident = str(card).lower()
            spaced = re.sub(r"[-_]+", " ", ident).strip()  # "chosen-marine" reads "Chosen Marine"
            names = tuple(dict.fromkeys(n for n in (ident, spaced, str(game.card_name(card)).lower()) if n))
            spoken[card] = names
            for name in names:
                counts[name] += copies
        #: Names shared by several cards: kinds, public to talk about.
        self.kinds = frozenset(n for n, k in counts.items() if k > 1)
        self.identity = {card: tuple(n for n in names if n not in self.kinds) for card, names in spoken.items()}
        self.display = {card: names for card, names in spoken.items()}
        #: Every name of every card.
        self.every = frozenset(counts)
        #: Identity name -> the card it names (one, or several with the same id).
        self.by_name: dict[str, list[Any]] = {}
        for card, names in self.identity.items():
            for name in names:
                self.by_name.setdefault(name, []).append(card)
        self.identities = frozenset(self.by_name)
        self.phrases = tuple(n for n in self.by_name if " " in n)

    def named(self, cards: Iterable[Any], found: set[str], text: str = "") -> list[str]:
        """The cards among ``cards`` whose identity is in ``found`` (words, lower-case) or, for a
        name of several words, in ``text`` (lower-case): sorted, as the ids."""
        cards = cards if isinstance(cards, (set, frozenset)) else set(cards)
        hits = {str(card) for word in found & self.identities for card in self.by_name[word] if card in cards}
        for name in self.phrases:
            if name in text and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text):
                hits.update(str(card) for card in self.by_name[name] if card in cards)
        return sorted(hits)

    def names_of(self, cards: Iterable[Any]) -> set[str]:
        """Every name (ids, display names, kinds included) of these cards, lower-case."""
        out: set[str] = set()
        for card in cards:
            out.update(self.display.get(card, (str(card).lower(),)))
        return out


def guessed(data: Any) -> set[str]:
    """The names an event's data declares as mentioned only (under :data:`GUESS`), lower-case,
    each whole and word by word."""
    if not isinstance(data, Mapping) or GUESS not in data:
        return set()
    return words(data[GUESS])


def unmentioned(text: str, names: set[str]) -> str:
    """A lower-case text without the names of several words among ``names`` (so that "Chosen
    Marine", a card shown, is not read as "marine", a card hidden)."""
    for name in sorted((n for n in names if " " in n), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
    return text
