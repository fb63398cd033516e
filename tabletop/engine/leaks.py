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

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core import derive
from tabletop.core.decision import make_decision
from tabletop.core.errors import ActionError
from tabletop.core.game import Game
from tabletop.core.zones import CardState
from tabletop.engine.card_names import GUESS, CardNames, guessed, scalars, strings, tokens, unmentioned, words
from tabletop.engine.check_steps import Failed, Step, dump, moved

#: At most this many actions of a seat are described and compared under resampling per step.
DESCRIBE_AT_MOST = 24


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


# ---- showing a difference -------------------------------------------------------------------

#: The most characters of one version a message shows.
SHOW_AT_MOST = 160


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else dump(value)
    return text if len(text) <= SHOW_AT_MOST else text[: SHOW_AT_MOST - 3] + "..."


def difference(mine: Any, theirs: Any, path: str = "") -> tuple[str, Any, Any]:
    """Where two JSON-like values first differ, as deep as both go: ``(path, mine, theirs)``."""
    if isinstance(mine, Mapping) and isinstance(theirs, Mapping):
        for key in [*mine, *(k for k in theirs if k not in mine)]:
            if key not in mine or key not in theirs or dump(mine[key]) != dump(theirs[key]):
                if key in mine and key in theirs:
                    return difference(mine[key], theirs[key], f"{path}.{key}" if path else str(key))
                return (f"{path}.{key}" if path else str(key), mine.get(key, "(absent)"), theirs.get(key, "(absent)"))
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if dump(a) != dump(b):
                return difference(a, b, f"{path}[{index}]")
    return path, mine, theirs


def side_by_side(mine: Any, theirs: Any, *, labels: tuple[str, str] = ("as played", "resampled")) -> str:
    """The two versions one under the other, aligned: what a failure shows."""
    width = max(map(len, labels))
    return "".join(f"\n      {label.rjust(width)}: {_short(v)}" for label, v in zip(labels, (mine, theirs), strict=True))


# ---- per resampled state: nothing shown to its seat or a spectator changes ------------------


def _view_changed(step: Step, sample: Sample, viewer: int | None) -> tuple[str, Any, Any] | None:
    index = 0 if viewer is None else viewer + 1
    now = step.game.view(sample.state, viewer)
    if dump(now) == step.before[0][index]:
        return None
    return difference(json.loads(step.before[0][index]), json.loads(dump(now)))


def seat_view_hides_the_unseen(step: Step, sample: Sample) -> None:
    seat = sample.seat
    changed = _view_changed(step, sample, seat)
    if changed:
        key, mine, theirs = changed
        raise Failed(
            f"seat {seat}'s view changed when what it cannot see was resampled ({sample.who}), under '{key}': "
            f"the view shows hidden information, or the resampling changes what it may see{side_by_side(mine, theirs)}"
        )


def spectator_view_hides_the_unseen(step: Step, sample: Sample) -> None:
    changed = _view_changed(step, sample, None)
    if changed:
        key, mine, theirs = changed
        raise Failed(
            f"the spectator's view changed when what seat {sample.seat} cannot see was resampled "
            f"({sample.who}), under '{key}': the spectator view shows hidden information{side_by_side(mine, theirs)}"
        )


ASK_ANYWAY = (
    "the order of decisions is public: a game that asks a seat only when its choice matters tells "
    "the others what it holds; ask anyway, as a rulebook does, even when every choice is the same"
)


def kinds(game: Game, actions: Sequence[str]) -> tuple[str, ...]:
    """What kind of decision a list of actions asks for: their verbs (a game with ``rules``), else
    their first words with a letter, in first-seen order."""
    found: dict[str, None] = {}
    for action in actions:
        if game.rules:
            try:
                found[game._parse_once(action)[0].verb] = None
            except ActionError:
                found["?"] = None
        else:
            word = action.split(" ", 1)[0]
            found[word if any(c.isalpha() for c in word) else "#"] = None
    return tuple(found)


def decision_order_is_public(step: Step, sample: Sample) -> None:
    """Whose turn it is, and what kind of decision each asked seat faces, do not depend on what
    a seat cannot see."""
    game = step.game
    acting = tuple(game.to_act(sample.state))
    if acting != step.before[1]:
        raise Failed(
            f"who must act depends on what seat {sample.seat} cannot see ({sample.who}): {ASK_ANYWAY}"
            + side_by_side(list(step.before[1]), list(acting), labels=("asked as played", "asked resampled"))
        )
    for index, seat in enumerate(acting):
        if seat == sample.seat:
            continue  # its own legal actions are compared whole
        mine = kinds(game, step.before[2][index])
        theirs = kinds(game, game.legal_actions(sample.state, seat))
        if not set(mine) & set(theirs):  # what a seat may do depends on its cards; what it is asked does not
            raise Failed(
                f"the kind of decision seat {seat} is asked depends on what seat {sample.seat} cannot see "
                f"({sample.who}): {ASK_ANYWAY}" + side_by_side(list(mine), list(theirs))
            )


def legal_actions_ignore_the_unseen(step: Step, sample: Sample) -> None:
    acting, seat = step.before[1], sample.seat
    if seat not in acting:
        return
    mine = step.before[2][acting.index(seat)]
    theirs = tuple(step.game.legal_actions(sample.state, seat))
    if theirs != mine:
        only_mine = [a for a in mine if a not in theirs][:6]
        only_theirs = [a for a in theirs if a not in mine][:6]
        raise Failed(f"seat {seat}'s legal actions depend on what it cannot see ({sample.who})"
                     + side_by_side(only_mine or list(mine), only_theirs or list(theirs),
                                    labels=("only as played", "only resampled")))


def descriptions_ignore_the_unseen(step: Step, sample: Sample) -> None:
    acting, seat, game = step.before[1], sample.seat, step.game
    if seat not in acting:
        return
    for action in step.before[2][acting.index(seat)][:DESCRIBE_AT_MOST]:
        mine, theirs = game.describe_action(step.state, seat, action), game.describe_action(sample.state, seat, action)
        if theirs != mine:
            raise Failed(
                f"describe_action('{action}') for seat {seat} changed when what it cannot see was "
                f"resampled ({sample.who}): the description names hidden information{side_by_side(mine, theirs)}"
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
                    f"see was resampled ({sample.who}): the error names hidden information"
                    + side_by_side(message, str(error))
                ) from None
        else:
            raise Failed(
                f"'{action}' from seat {seat} is rejected or accepted depending on what it cannot "
                f"see ({sample.who})" + side_by_side(message, "accepted")
            )


#: Run on every resampled state of every step, in this order.
HIDDEN: tuple[Callable[[Step, Sample], None], ...] = (
    seat_view_hides_the_unseen,
    spectator_view_hides_the_unseen,
    decision_order_is_public,
    legal_actions_ignore_the_unseen,
    descriptions_ignore_the_unseen,
    refusals_ignore_the_unseen,
)


def _names(step: Step) -> CardNames:
    play = step.play
    if play.names is None:
        play.names = CardNames(step.game, play.cards)
    return play.names


def views_name_no_hidden_card(step: Step) -> None:
    """A view never starts naming a card that lies hidden from its viewer (in a log, a note).

    The game under check keeps, per viewer, the words its view showed before: a card named
    while it was public (a past battle) may stay named after it went back into a deck. A name
    several cards share is a kind (a claim, a rule text), judged by resampling instead.
    """
    state = step.state
    if not isinstance(state, CardState):
        return
    names = _names(step)
    for viewer in [None, *range(step.seats)]:
        view = step.game.view(state, viewer)
        before = step.play.named.setdefault(viewer, set())
        hidden = derive.hidden_cards(state, viewer) - set(getattr(state, "revealed_cards", ()))  # once shown to all, nameable
        for key, value in view.items():
            found = words(value)
            new = found - before
            named = names.named(hidden, new, " ".join(strings(value)).lower()) if new and hidden else []
            if named:
                who = "the spectator's" if viewer is None else f"seat {viewer}'s"
                raise Failed(
                    f"{who} view names {', '.join(named)} under '{key}', "
                    f"a card hidden from it (a history or note that keeps a secret){side_by_side(value, named, labels=('shown', 'hidden'))}"
                )
            before |= found


def hidden_from_each(state: Any, seats: int) -> dict:
    """Per viewer (None: the spectator), the card ids hidden from it now."""
    if not isinstance(state, CardState):
        return {}
    return {viewer: derive.hidden_cards(state, viewer) for viewer in [None, *range(seats)]}


def events_name_no_hidden_card(step: Step) -> None:
    """The events a seat sees may not name what it could see neither before nor after the
    action (``step.hidden_before``: :func:`hidden_from_each` before it): a card that was face
    up when the event happened may be named though the same action shuffles it away. Ids and
    display names count, in any case; a kind's name (several cards share it) does not."""
    state = step.state
    if not isinstance(state, CardState):
        return
    names = _names(step)
    for viewer in [None, *range(step.seats)]:
        hidden = derive.hidden_cards(state, viewer)
        if step.hidden_before is not None:
            hidden &= step.hidden_before[viewer]
        hidden -= step.shown()  # shown to everyone by the move, though it may have shuffled them away
        if not hidden:
            continue
        for event in step.events:
            if event.visible(viewer):
                guess = guessed(event.data)
                found = (words(_told(event.data)) | tokens(event.text)) - guess
                text = unmentioned(f"{event.text} {' '.join(strings(_told(event.data)))}".lower(), guess)
                named = names.named(hidden, found, text)
                if named:
                    who = "the spectator" if viewer is None else f"seat {viewer}"
                    raise Failed(
                        f"event '{event.kind}' is shown to {who} and names "
                        f"{', '.join(named)}, a card hidden from it" + side_by_side(event.text, event.data,
                                                                                   labels=("text", "data"))
                    )


def _made_visible(names: CardNames, before: Counter, state: Any, viewer: int | None) -> set[str]:
    """The names of the cards a move made visible to a viewer (its derived view of the zones
    shows them more often than before), lower-case."""
    return names.names_of(derive.visible_cards(state, viewer) - before)


def _cards_named(hidden: set[str], events: list[dict], visible: set[str]) -> list[str]:
    """The names of cards hidden before the move (ids, display names, kinds) these events
    mention, beyond those the move made ``visible``."""
    found: set[str] = set()
    for event in events:
        guess = guessed(event.get("data"))
        data = _told(event.get("data"))
        text = unmentioned(f"{event.get('text', '')} {' '.join(strings(data))}".lower(), visible | guess)
        found |= (set(scalars(data)) | set(scalars(text))) - guess
        found |= {n for n in hidden if " " in n and n in text}
    return sorted((found & hidden) - visible)


def _told(data: Any) -> Any:
    """An event's data without the names it only mentions (:data:`~tabletop.engine.card_names.GUESS`)."""
    if isinstance(data, Mapping) and GUESS in data:
        return {k: v for k, v in data.items() if k != GUESS}
    return data


def events_ignore_the_unseen(step: Step) -> None:
    """The same move on a resampled position shows each seat the same events. Where the move
    showed that seat something that differs between the two positions (a card turned face up),
    the events are judged card by card: they may name other cards only among those the move
    made visible to the seat (the rest of the text may follow: who took the trick)."""
    game, action = step.game, step.action
    names = _names(step) if isinstance(step.state, CardState) else None
    after: dict[Any, Any] = {}
    for viewer, sample, resampled_events, _state in moved(step):
        for target in (viewer, None):
            mine = [e.to_dict() for e in step.events if e.visible(target)]
            theirs = [e.to_dict() for e in resampled_events if e.visible(target)]
            if dump(mine) == dump(theirs):
                continue
            name = "the spectator" if target is None else f"seat {target}"
            if target not in after:
                after[target] = game.view(step.state, target)
            view = game.view(sample.state, target)
            revealed = step.shown() | step.shown(sample.state)
            if revealed or dump(view) != dump(after[target]):  # the move showed something: card by card
                if names is None:
                    continue  # no cards declared: what the move showed may differ anyhow
                seen = derive.visible_cards(step.pre, target)
                hidden = names.names_of(step.hidden_before[target]) - names.names_of(seen)
                shown = _made_visible(names, seen, step.state, target) | _made_visible(
                    names, seen, sample.state, target) | names.names_of(revealed)  # either move's cards turned up
                extra, other = _cards_named(hidden, mine, shown), _cards_named(hidden, theirs, shown)
                if extra == other:
                    continue
                raise Failed(
                    f"the events {name} sees after '{action}' name other cards when what seat {viewer} "
                    f"cannot see is resampled ({sample.who}), beyond those the move made visible to "
                    f"{name}: an event names hidden information"
                    + side_by_side(", ".join(extra) or "(none)", ", ".join(other) or "(none)")
                    + side_by_side(*_first_event_difference(mine, theirs)[1:])
                )
            where, a, b = _first_event_difference(mine, theirs)
            raise Failed(
                f"the events {name} sees after '{action}' changed in {where} when what seat {viewer} "
                f"cannot see was resampled ({sample.who}), though the move showed {name} nothing "
                f"new: an event names hidden information{side_by_side(a, b)}"
            )


def _first_event_difference(mine: list, theirs: list) -> tuple[str, Any, Any]:
    for index in range(max(len(mine), len(theirs))):
        a = mine[index] if index < len(mine) else "(none)"
        b = theirs[index] if index < len(theirs) else "(none)"
        if dump(a) != dump(b):
            kind = (a if isinstance(a, dict) else b).get("kind", "?")
            return f"event {index + 1} ('{kind}')", a, b
    return "the events", mine, theirs


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
