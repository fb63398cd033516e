"""The hidden-information half of the conformance check (see :mod:`tabletop.engine.check`).

What a seat cannot see is resampled, by the engine's own resampler for a state built from
components and by the game's ``determinize``; then nothing shown to that seat or to a
spectator may change: views, who acts, legal actions, descriptions, rejection messages,
events, and the choices of the game's rule-based bots. For a component state, no view or
event shown to a seat may name a card hidden from it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core import derive
from tabletop.core.decision import BotSpec, make_decision
from tabletop.core.errors import ActionError
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.zones import CardState

#: At most this many actions of a seat are described and compared under resampling per step.
DESCRIBE_AT_MOST = 24
#: Words of an event's text that could be card ids.
_TOKEN = re.compile(r"[\w.#:+-]+")


class Failed(Exception):
    """One game's first problem; the check moves on to the next game."""


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


ENGINE = "the engine's resampling"
GAMES = "the game's determinize"


def resamplers(game: Game, state: Any, seat: int, rng: random.Random) -> list[tuple[str, Any]]:
    """States with what ``seat`` cannot see resampled: by the engine's own resampler for a
    state built from components, and by the game's determinize if it has its own."""
    pairs = []
    if isinstance(state, CardState):
        pairs.append((ENGINE, derive.determinize(state, seat, rng)))
        if type(game).determinize is Game.determinize:
            return pairs
    pairs.append((GAMES, game.determinize(state, seat, rng)))
    return pairs


def check_hidden(
    game: Game, state: Any, sample: Any, seat: int, who: str, before: tuple, refusals: dict, step: int
) -> None:
    """Nothing shown to ``seat`` or a spectator changes in ``sample``."""
    views, acting = before[0], before[1]
    if dump(game.view(sample, seat)) != views[seat + 1]:
        raise Failed(
            f"step {step}: seat {seat}'s view changed when what it cannot see was resampled "
            f"({who}): the view shows hidden information, or the resampling changes what it may see"
        )
    if dump(game.view(sample, None)) != views[0]:
        raise Failed(
            f"step {step}: the spectator's view changed when what seat {seat} cannot see was "
            f"resampled ({who}): the spectator view shows hidden information"
        )
    if tuple(game.to_act(sample)) != acting:
        raise Failed(f"step {step}: who must act depends on what seat {seat} cannot see ({who})")
    if seat in acting:
        legal = tuple(game.legal_actions(sample, seat))
        if legal != before[2][acting.index(seat)]:
            raise Failed(f"step {step}: seat {seat}'s legal actions depend on what it cannot see ({who})")
        for action in legal[:DESCRIBE_AT_MOST]:
            text = game.describe_action(sample, seat, action)
            if text != game.describe_action(state, seat, action):
                raise Failed(
                    f"step {step}: describe_action('{action}') for seat {seat} changed when what "
                    f"it cannot see was resampled ({who}): the description names hidden information"
                )
    for (by, action), message in refusals.items():
        if by != seat:
            continue
        trial = game.copy(sample)
        try:
            game.apply(trial, seat, action)
        except ActionError as error:
            if str(error) != message:
                raise Failed(
                    f"step {step}: the message rejecting '{action}' from seat {seat} changed when "
                    f"what it cannot see was resampled ({who}): the error names hidden information "
                    f"({message!r} became {str(error)!r})"
                ) from None
        else:
            raise Failed(
                f"step {step}: '{action}' from seat {seat} is rejected or accepted depending on "
                f"what it cannot see ({who})"
            )


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, Mapping):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple, set, frozenset)):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def _words(value: Any) -> set[str]:
    """Every string in a value, and every word of those strings."""
    found = _strings(value)
    for text in list(found):
        found.update(_tokens(text))
    return found


def _tokens(text: str) -> set[str]:
    """Words of a text that could name a card: a bare number could as well be a count or a
    score, so only words with a letter count (data values are matched whole)."""
    words = {w for w in _TOKEN.findall(text) if not w.isdigit()}
    return {w for w in words | {w.strip(".:+-#") for w in words} if not w.isdigit()}


def check_named_cards(game: Game, state: CardState, seats: int, step: int, named: dict) -> None:
    """A view never starts naming a card that lies hidden from its viewer (in a log, a note).

    ``named`` keeps, per viewer, the words its view showed before: a card named while it was
    public (a past battle) may stay named after it went back into a deck.
    """
    for viewer in [None, *range(seats)]:
        view = game.view(state, viewer)
        before = named.setdefault(viewer, set())
        hidden = {c for c in derive.hidden_cards(state, viewer) if isinstance(c, str)}
        for key, value in view.items():
            words = _words(value)
            new = (words - before) & hidden
            if new:
                who = "the spectator's" if viewer is None else f"seat {viewer}'s"
                raise Failed(
                    f"step {step}: {who} view names {', '.join(sorted(new))} under '{key}', "
                    "a card hidden from it (a history or note that keeps a secret)"
                )
            before |= words


def hidden_from_each(state: Any, seats: int) -> dict:
    """Per viewer (None: the spectator), the card ids hidden from it now."""
    if not isinstance(state, CardState):
        return {}
    return {viewer: derive.hidden_cards(state, viewer) for viewer in [None, *range(seats)]}


def check_events(
    game: Game, state: Any, seats: int, mover: int, action: str, events: list[Event],
    samples: dict[int, list[tuple[str, Any]]], step: int, hidden_before: dict | None = None,
) -> None:
    """The events a seat sees may not name what it could see neither before nor after the
    action (``hidden_before``: :func:`hidden_from_each` before it): a card that was face
    up when the event happened may be named though the same action shuffles it away."""
    if isinstance(state, CardState):
        for viewer in [None, *range(seats)]:
            hidden = {c for c in derive.hidden_cards(state, viewer) if isinstance(c, str)}
            if hidden_before is not None:
                hidden &= hidden_before[viewer]
            for event in events:
                if event.visible(viewer) and hidden:
                    named = (_words(event.data) | _tokens(event.text)) & hidden
                    if named:
                        who = "the spectator" if viewer is None else f"seat {viewer}"
                        raise Failed(
                            f"step {step}: event '{event.kind}' is shown to {who} and names "
                            f"{', '.join(sorted(named))}, a card hidden from it"
                        )
    for viewer, pairs in samples.items():
        for who, sample in pairs:
            if mover not in game.to_act(sample) or action not in game.legal_actions(sample, mover):
                continue
            try:
                resampled_events = list(game.apply(sample, mover, action))
            except ActionError:
                continue
            for target in (viewer, None):
                if dump(game.view(sample, target)) != dump(game.view(state, target)):
                    continue  # the action showed what was hidden: its events may show it too
                mine = [e.to_dict() for e in events if e.visible(target)]
                theirs = [e.to_dict() for e in resampled_events if e.visible(target)]
                if dump(mine) != dump(theirs):
                    name = "the spectator" if target is None else f"seat {target}"
                    raise Failed(
                        f"step {step}: the events {name} sees after '{action}' changed when what "
                        f"seat {viewer} cannot see was resampled ({who}): an event names hidden information"
                    )


def check_bots(
    game: Game, state: Any, seat: int, legal: list[str], samples: list[tuple[str, Any]],
    bots: Sequence[BotSpec], step: int,
) -> None:
    """A rule-based bot decides from its seat's information only."""
    for spec in bots:
        bot = spec.factory(game, seat, random.Random(step))
        chosen = bot.choose(make_decision(bot, game, state, seat, legal, random.Random(step)))
        for who, sample in samples:
            again = spec.factory(game, seat, random.Random(step))
            choice = again.choose(make_decision(again, game, sample, seat, legal, random.Random(step)))
            if choice != chosen:
                raise Failed(
                    f"step {step}: bot '{spec.name}' for seat {seat} chose '{chosen}', but "
                    f"'{choice}' when what the seat cannot see was resampled ({who})"
                )
