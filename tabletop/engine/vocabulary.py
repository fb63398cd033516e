"""A game's action vocabulary: every action text it can ever offer at one table, in a fixed order.

A learning agent picks an action by its place in a fixed list, so each game needs that list
for given options and seat count. A game declares it (``Game.learning.vocabulary``,
:class:`~tabletop.core.facets.LearningKit`) or it is derived from the notation: for a game
with ``rules``, every verb and every card id alone and each verb followed by one or two card
ids (the cards of a few seeded setups) that the game's own ``parse`` accepts. ``parse`` reads
text alone, so this plays no game; a notation of other shapes (seats, positions) is declared.
``tabletop check`` holds a game that has one to it (:func:`legal_actions_are_in_the_vocabulary`);
a game with none is not checked, and ``tabletop.rl`` refuses it in one sentence.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping
from typing import Any

from tabletop.core.errors import InvalidAction, TabletopError
from tabletop.core.game import Game
from tabletop.engine.check_steps import Failed, Step

#: Setups whose cards the derivation combines (card sets may depend on the seed: dealt factions).
SETUPS = 6
#: Numbers tried as arguments (a seat, a count) at least up to this one.
NUMBERS = 10
#: Above this many cards, verbs are not tried with two card ids (the list would be too long).
PAIRS_UP_TO = 48

#: Per game, the vocabulary of each (seats, options) asked so far, and it as a set.
_known: weakref.WeakKeyDictionary[Game, dict[tuple[int, str], tuple[tuple[str, ...], frozenset[str]]]] = (
    weakref.WeakKeyDictionary()
)


class VocabularyError(TabletopError):
    """A game whose action vocabulary is neither declared nor derivable, or misses an action."""


def vocabulary(game: Game, seats: int, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """Every action ``game`` can offer at a table of ``seats`` with ``options`` (defaults filled
    in), declared or derived, without repeats; computed once per table and kept."""
    return _table(game, seats, options)[0]


def _table(game: Game, seats: int, options: Mapping[str, Any] | None) -> tuple[tuple[str, ...], frozenset[str]]:
    game.check_seats(seats)
    resolved = game.resolve_options(options)
    key = (seats, json.dumps(resolved, sort_keys=True, default=str))
    per_game = _known.setdefault(game, {})
    found = per_game.get(key)
    if found is None:
        kit = getattr(game, "learning", None)
        declared = kit.vocabulary if kit is not None else None
        words = declared(game, seats, resolved) if declared is not None else derive(game, seats, resolved)
        words = tuple(dict.fromkeys(words))
        if not words:
            raise VocabularyError(f"{game.name} declares an empty action vocabulary for {seats} seats.")
        if not all(isinstance(word, str) for word in words):
            raise VocabularyError(f"{game.name}'s action vocabulary must hold action texts only.")
        found = per_game[key] = (words, frozenset(words))
    return found


def derive(game: Game, seats: int, options: Mapping[str, Any]) -> list[str]:
    """The texts the notation accepts: each verb alone, each card id alone, each verb with one
    card id, then (with few enough cards) two; raises VocabularyError for a game with no rules
    to read it from or whose notation accepts none of these."""
    if not game.rules:
        raise VocabularyError(
            f"{game.name} has no rules to derive its action vocabulary from: declare it as "
            "LearningKit(vocabulary=...) in the game's learning facet."
        )
    cards: set[str] = set()
    for seed in range(SETUPS):
        census = game.census(game.setup(seats, options, seed)) or {}
        cards.update(str(card) for card in census)
    ids = sorted(arguments(cards, seats))
    texts = [*game.rules, *ids, *(f"{verb} {c}" for verb in game.rules for c in ids)]
    if len(ids) <= PAIRS_UP_TO:
        texts += [f"{verb} {a} {b}" for verb in game.rules for a in ids for b in ids]
    found = []
    for text in texts:
        try:
            verb, _args = game.parse(text)
        except InvalidAction:
            continue
        if verb in game.rules:
            found.append(text)
    if not found:
        raise VocabularyError(
            f"{game.name}'s notation is not a verb and card ids, so its action vocabulary cannot be "
            "derived: declare it as LearningKit(vocabulary=...) in the game's learning facet."
        )
    return found


def arguments(cards: set[str], seats: int) -> set[str]:
    """What a notation's arguments may be: card ids, their kinds (``duke`` of ``duke#2``: a
    character named, not a copy), and seats or small counts, as numbers from 0 to the larger of
    the seat count and NUMBERS, and seats as ``p1``..``pn``."""
    found = set(cards)
    found.update(card.partition("#")[0] for card in cards if "#" in card)
    found.update(str(number) for number in range(max(seats, NUMBERS) + 1))
    found.update(f"p{seat + 1}" for seat in range(seats))
    return found


def missing_vocabulary(game: Game, seats: int, options: Mapping[str, Any] | None = None) -> str | None:
    """One sentence telling the author what to declare when the game has no action vocabulary
    (neither declared nor derivable), else None: ``tabletop check`` prints it as a note."""
    try:
        _table(game, seats, options)
    except VocabularyError as error:
        return f"{error} Without it, tabletop.rl can give {game.name} no learning environment."
    except TabletopError:
        return None
    return None


def derivable(game: Game) -> bool:
    """Whether the game declares its vocabulary or has rules to derive one from."""
    kit = getattr(game, "learning", None)
    return (kit is not None and kit.vocabulary is not None) or bool(game.rules)


def legal_actions_are_in_the_vocabulary(step: Step) -> None:
    """Every legal action met is in the table's vocabulary (checked for a game that declares
    one or has rules to derive it from: the environments of ``tabletop.rl`` need it)."""
    game = step.game
    if not derivable(game):
        return
    try:
        words, known = _table(game, step.seats, step.play.record.options)
    except VocabularyError:
        return  # none at all: nothing to hold the game to (``tabletop check`` notes what to declare)
    missing = [a for a in step.legal if a not in known]
    if missing:
        raise Failed(
            f"the legal action {missing[0]!r} is not in the game's action vocabulary ({len(words)} actions); "
            "declare it with LearningKit(vocabulary=...)"
        )
