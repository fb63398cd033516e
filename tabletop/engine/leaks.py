"""The hidden-information half of the conformance check (see :mod:`tabletop.engine.check`).

What a seat cannot see is resampled, by the engine's own resampler for a state built from
components and by the game's ``determinize``; then nothing shown to that seat or to a
spectator may change: views, who acts, legal actions, descriptions, rejection messages,
events, and the choices of the game's rule-based bots. For a component state, no view or
event shown to a seat may name a card hidden from it.

Each of those is a small named check over the step under check (:class:`~tabletop.engine.check_steps.Step`);
:data:`HIDDEN` are run once per resampled state, the others once per step, in the order
:mod:`tabletop.engine.check` lists them, and a failure is reported under the check's name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core import derive
from tabletop.core.decision import make_decision
from tabletop.core.errors import ActionError
from tabletop.core.game import Game
from tabletop.core.zones import CardState
from tabletop.engine.check_steps import Failed, Step, dump

#: At most this many actions of a seat are described and compared under resampling per step.
DESCRIBE_AT_MOST = 24
#: Words of an event's text that could be card ids.
_TOKEN = re.compile(r"[\w.#:+-]+")


ENGINE = "the engine's resampling"
GAMES = "the game's determinize"


@dataclass(frozen=True, slots=True)
class Sample:
    """The position with what ``seat`` cannot see resampled (``who``: by the engine or the game)."""

    seat: int
    who: str
    state: Any


def resamplers(game: Game, state: Any, seat: int, rng: random.Random) -> list[Sample]:
    """States with what ``seat`` cannot see resampled: by the engine's own resampler for a
    state built from components, and by the game's determinize if it has its own."""
    samples = []
    if isinstance(state, CardState):
        samples.append(Sample(seat, ENGINE, derive.determinize(state, seat, rng)))
        if type(game).determinize is Game.determinize:
            return samples
    samples.append(Sample(seat, GAMES, game.determinize(state, seat, rng)))
    return samples


# ---- per resampled state: nothing shown to its seat or a spectator changes ------------------


def seat_view_hides_the_unseen(step: Step, sample: Sample) -> None:
    seat = sample.seat
    if dump(step.game.view(sample.state, seat)) != step.before[0][seat + 1]:
        raise Failed(
            f"seat {seat}'s view changed when what it cannot see was resampled ({sample.who}): "
            "the view shows hidden information, or the resampling changes what it may see"
        )


def spectator_view_hides_the_unseen(step: Step, sample: Sample) -> None:
    if dump(step.game.view(sample.state, None)) != step.before[0][0]:
        raise Failed(
            f"the spectator's view changed when what seat {sample.seat} cannot see was resampled "
            f"({sample.who}): the spectator view shows hidden information"
        )


def who_acts_ignores_the_unseen(step: Step, sample: Sample) -> None:
    if tuple(step.game.to_act(sample.state)) != step.before[1]:
        raise Failed(f"who must act depends on what seat {sample.seat} cannot see ({sample.who})")


def legal_actions_ignore_the_unseen(step: Step, sample: Sample) -> None:
    acting, seat = step.before[1], sample.seat
    if seat in acting and tuple(step.game.legal_actions(sample.state, seat)) != step.before[2][acting.index(seat)]:
        raise Failed(f"seat {seat}'s legal actions depend on what it cannot see ({sample.who})")


def descriptions_ignore_the_unseen(step: Step, sample: Sample) -> None:
    acting, seat, game = step.before[1], sample.seat, step.game
    if seat not in acting:
        return
    for action in step.before[2][acting.index(seat)][:DESCRIBE_AT_MOST]:
        if game.describe_action(sample.state, seat, action) != game.describe_action(step.state, seat, action):
            raise Failed(
                f"describe_action('{action}') for seat {seat} changed when what it cannot see was "
                f"resampled ({sample.who}): the description names hidden information"
            )


def refusals_ignore_the_unseen(step: Step, sample: Sample) -> None:
    seat, game = sample.seat, step.game
    for (by, action), message in step.refusals.items():
        if by != seat:
            continue
        try:
            game.apply(game.copy(sample.state), seat, action)
        except ActionError as error:
            if str(error) != message:
                raise Failed(
                    f"the message rejecting '{action}' from seat {seat} changed when what it cannot "
                    f"see was resampled ({sample.who}): the error names hidden information "
                    f"({message!r} became {str(error)!r})"
                ) from None
        else:
            raise Failed(
                f"'{action}' from seat {seat} is rejected or accepted depending on what it cannot "
                f"see ({sample.who})"
            )


#: Run on every resampled state of every step, in this order.
HIDDEN: tuple[Callable[[Step, Sample], None], ...] = (
    seat_view_hides_the_unseen,
    spectator_view_hides_the_unseen,
    who_acts_ignores_the_unseen,
    legal_actions_ignore_the_unseen,
    descriptions_ignore_the_unseen,
    refusals_ignore_the_unseen,
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


def views_name_no_hidden_card(step: Step) -> None:
    """A view never starts naming a card that lies hidden from its viewer (in a log, a note).

    The game under check keeps, per viewer, the words its view showed before: a card named
    while it was public (a past battle) may stay named after it went back into a deck.
    """
    state = step.state
    if not isinstance(state, CardState):
        return
    for viewer in [None, *range(step.seats)]:
        view = step.game.view(state, viewer)
        before = step.play.named.setdefault(viewer, set())
        hidden = {c for c in derive.hidden_cards(state, viewer) if isinstance(c, str)}
        for key, value in view.items():
            words = _words(value)
            new = (words - before) & hidden
            if new:
                who = "the spectator's" if viewer is None else f"seat {viewer}'s"
                raise Failed(
                    f"{who} view names {', '.join(sorted(new))} under '{key}', "
                    "a card hidden from it (a history or note that keeps a secret)"
                )
            before |= words


def hidden_from_each(state: Any, seats: int) -> dict:
    """Per viewer (None: the spectator), the card ids hidden from it now."""
    if not isinstance(state, CardState):
        return {}
    return {viewer: derive.hidden_cards(state, viewer) for viewer in [None, *range(seats)]}


def events_name_no_hidden_card(step: Step) -> None:
    """The events a seat sees may not name what it could see neither before nor after the
    action (``step.hidden_before``: :func:`hidden_from_each` before it): a card that was face
    up when the event happened may be named though the same action shuffles it away."""
    state = step.state
    if not isinstance(state, CardState):
        return
    for viewer in [None, *range(step.seats)]:
        hidden = {c for c in derive.hidden_cards(state, viewer) if isinstance(c, str)}
        if step.hidden_before is not None:
            hidden &= step.hidden_before[viewer]
        for event in step.events:
            if event.visible(viewer) and hidden:
                named = (_words(event.data) | _tokens(event.text)) & hidden
                if named:
                    who = "the spectator" if viewer is None else f"seat {viewer}"
                    raise Failed(
                        f"event '{event.kind}' is shown to {who} and names "
                        f"{', '.join(sorted(named))}, a card hidden from it"
                    )


def events_ignore_the_unseen(step: Step) -> None:
    """The same move on a resampled position shows each seat the same events, unless the move
    revealed what was hidden."""
    game, mover, action = step.game, step.seat, step.action
    for viewer, samples in step.samples.items():
        for sample in samples:
            if mover not in game.to_act(sample.state) or action not in game.legal_actions(sample.state, mover):
                continue
            try:
                resampled_events = list(game.apply(sample.state, mover, action))
            except ActionError:
                continue
            for target in (viewer, None):
                if dump(game.view(sample.state, target)) != dump(game.view(step.state, target)):
                    continue  # the action showed what was hidden: its events may show it too
                mine = [e.to_dict() for e in step.events if e.visible(target)]
                theirs = [e.to_dict() for e in resampled_events if e.visible(target)]
                if dump(mine) != dump(theirs):
                    name = "the spectator" if target is None else f"seat {target}"
                    raise Failed(
                        f"the events {name} sees after '{action}' changed when what seat {viewer} "
                        f"cannot see was resampled ({sample.who}): an event names hidden information"
                    )


def bots_ignore_the_unseen(step: Step) -> None:
    """A rule-based bot decides from its seat's information only (tried every few steps)."""
    game, state, seat, legal = step.game, step.state, step.seat, list(step.legal)
    if not step.presented:
        return
    for spec in step.play.bots:
        bot = spec.factory(game, seat, random.Random(step.number))
        chosen = bot.choose(make_decision(bot, game, state, seat, legal, random.Random(step.number)))
        for sample in step.samples[seat]:
            again = spec.factory(game, seat, random.Random(step.number))
            choice = again.choose(make_decision(again, game, sample.state, seat, legal, random.Random(step.number)))
            if choice != chosen:
                raise Failed(
                    f"bot '{spec.name}' for seat {seat} chose '{chosen}', but "
                    f"'{choice}' when what the seat cannot see was resampled ({sample.who})"
                )
