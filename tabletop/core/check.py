"""The conformance check every game gets for free (``tabletop check GAME``).

It plays seeded random games and, at every step, checks what the contract promises:
the game ends within its step limit and raises nothing; every card is conserved;
views are JSON-safe and render; copies are independent; illegal actions are rejected
and leave the whole state as it was (hidden parts included); and each record replays.

Hidden information is checked by resampling what each seat cannot see (with the engine's
own resampler for a state built from components, and with the game's ``determinize``
too): that seat's view, the spectator's view, its legal actions, the descriptions of
its actions, the messages of its rejected actions, the events it sees after an action
and the choices of the game's rule-based bots must not change. A ``determinize`` that
never changes anything fails unless the game declares perfect information, and an event
a seat sees must not name a card hidden from it.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from rich.console import Console

from tabletop.agents.base import BotSpec, Decision
from tabletop.core import derive
from tabletop.core.errors import ActionError
from tabletop.core.fingerprint import fingerprint
from tabletop.core.game import Event, Game
from tabletop.core.record import GameRecord
from tabletop.core.zones import CardState

#: Not an action of any sane notation; every game must reject it.
NONSENSE = "\x00not-an-action"
#: Rendering is slow; the prompt's rendering and the bots are tried every this many steps.
PRESENT_EVERY = 7
#: At most this many actions of a seat are described and compared under resampling per step.
DESCRIBE_AT_MOST = 24
#: Words of an event's text that could be card ids.
_TOKEN = re.compile(r"[\w.#:+-]+")


@dataclass
class CheckReport:
    game: str
    games: int = 0
    steps: int = 0
    variants: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


class _Failed(Exception):
    """One game's first problem; the check moves on to the next game."""


def _snapshot(game: Game, state: Any, seats: int) -> tuple:
    """Everything observable about a state, for 'is it unchanged?' comparisons."""
    views = tuple(_dump(game.view(state, s)) for s in [None, *range(seats)])
    acting = tuple(game.to_act(state))
    legal = tuple(tuple(game.legal_actions(state, s)) for s in acting)
    return views, acting, legal, game.census(state), game.outcome(state)


def variants(game: Game, seats: Sequence[int] | None, options: Mapping[str, Any] | None) -> list[tuple[int, dict]]:
    """Seat counts x every combination of the options' choices (fixed ones kept fixed)."""
    if seats is None:
        top = game.max_players
        if game.recommended_max_players is not None:
            top = min(top, game.recommended_max_players)
        seats = list(range(game.min_players, min(top, game.min_players + 3) + 1))
    fixed = dict(options or {})
    axes = [
        [(o.name, c) for c in o.choices] for o in game.options if o.choices and o.name not in fixed
    ]
    combos = [dict(fixed, **dict(combo)) for combo in itertools.product(*axes)] or [fixed]
    return [(n, combo) for n in seats for combo in combos]


def check_game(
    game: Game,
    *,
    games: int = 40,
    seed: int = 0,
    seats: Sequence[int] | None = None,
    options: Mapping[str, Any] | None = None,
    max_problems: int = 10,
    bots: Sequence[BotSpec] = (),
) -> CheckReport:
    """Play ``games`` random games spread over seat counts and option variants.

    ``bots``: the game's rule-based bots, which must choose alike when what their seat
    cannot see is resampled (``tabletop check`` passes every bot registered for the game).
    """
    report = CheckReport(game=game.name)
    plan = variants(game, seats, options)
    report.variants = [{"seats": n, "options": o, "games": 0, "steps": 0} for n, o in plan]
    for index in range(games):
        variant = report.variants[index % len(plan)]
        n, opts = variant["seats"], variant["options"]
        game_seed = seed + index
        variant["games"] += 1
        try:
            steps = _check_one(game, n, opts, game_seed, bots)
            report.steps += steps
            variant["steps"] += steps
        except _Failed as failure:
            report.problems.append(f"{n} seats, options {opts or '{}'}, seed {game_seed}: {failure}")
        except Exception as error:  # a crash inside the rules is exactly what we report
            report.problems.append(
                f"{n} seats, options {opts or '{}'}, seed {game_seed}: "
                f"unexpected {type(error).__name__}: {error}"
            )
        report.games += 1
        if len(report.problems) >= max_problems:
            break
    return report


def _check_one(game: Game, seats: int, options: dict, seed: int, bots: Sequence[BotSpec] = ()) -> int:
    rng = random.Random(f"check:{seed}")
    state = game.new_state(seats, options=options, seed=seed)
    cards = game.census(state)
    record = GameRecord(
        game=game.name, version=game.version, options=game.resolve_options(options),
        seed=seed, seats=[{"name": f"Seat {i + 1}", "agent": "random"} for i in range(seats)],
    )
    texts: list[str] = []
    tried: list[str] = []  # actions once legal, to try where they are not
    changed: dict[str, bool] = {}  # per resampler: did it ever change anything?
    limit = game.step_limit(seats)
    step = 0
    while game.outcome(state) is None:
        step += 1
        if step > limit:
            raise _Failed(f"did not end within its step limit of {limit} actions")
        acting = list(game.to_act(state))
        if not acting or any(not (isinstance(s, int) and 0 <= s < seats) for s in acting):
            raise _Failed(f"step {step}: to_act gave {acting!r} for an unfinished game")
        before = _snapshot(game, state, seats)
        deep = fingerprint(state)
        if _snapshot(game, game.copy(state), seats) != before:
            raise _Failed(f"step {step}: a copy does not look like the original: copy() misses something")
        seat = acting[0]
        legal = list(game.legal_actions(state, seat))
        if not legal or not all(isinstance(a, str) for a in legal):
            raise _Failed(f"step {step}: seat {seat} must act but its legal actions are {legal!r}")
        attempts = _attempts(game, state, seats, acting, legal, tried, rng)
        refusals = _check_rejections(game, state, seats, attempts, before, deep, step)
        samples = {s: _resamplers(game, state, s, rng) for s in range(seats)}
        for s, pairs in samples.items():
            for who, sample in pairs:
                if not changed.get(who) and fingerprint(sample) != deep:
                    changed[who] = True
                changed.setdefault(who, False)
                _check_hidden(game, state, sample, s, who, before, refusals, step)
        if isinstance(state, CardState):
            _check_named_cards(game, state, seats, step)
        if fingerprint(state) != deep:
            raise _Failed(f"step {step}: determinize, view or describe_action changed the state itself")
        if step % PRESENT_EVERY == 1:
            _check_presentation(game, state, seat, legal, step)
            _check_bots(game, state, seat, legal, samples[seat], bots, step)
        action = rng.choice(legal)
        tried.extend(a for a in legal[:3] if a not in tried)
        trial = game.copy(state)
        game.apply(trial, seat, action)
        if _snapshot(game, state, seats) != before:
            raise _Failed(f"step {step}: applying '{action}' to a copy changed the original")
        try:
            events = game.apply(state, seat, action)
        except ActionError as error:
            raise _Failed(f"step {step}: the legal action '{action}' was rejected: {error}") from None
        for event in events:
            if not isinstance(event, Event):
                raise _Failed(f"step {step}: apply returned {event!r}, not an Event")
            json.dumps(event.to_dict())
            texts.append(event.text)
        _check_events(game, state, seats, seat, action, list(events), samples, step)
        record.actions.append((seat, action))
        if _snapshot(game, trial, seats) != _snapshot(game, state, seats):
            raise _Failed(f"step {step}: '{action}' gave a different position on a copy: copy() misses something")
        if cards is not None and game.census(state) != cards:
            diff = (game.census(state) - cards) + (cards - game.census(state))
            raise _Failed(f"step {step}: '{action}' broke card conservation ({dict(diff)})")
    if not game.perfect_information and not all(changed.values()):
        raise _Failed(
            "the game's determinize never changed anything in a whole game: it resamples nothing a seat "
            "cannot see, so no hidden-information check can fail (declare "
            "perfect_information = True if every seat sees everything)"
        )
    _check_presentation(game, state, None, [], step)
    outcome = game.outcome(state)
    if any(w not in range(seats) for w in outcome.winners):
        raise _Failed(f"outcome names winners {outcome.winners} that are not seats")
    record.outcome = outcome.to_dict()
    replayed_texts: list[str] = []
    loaded = GameRecord.from_dict(json.loads(record.to_json()))
    final = loaded.verify(game, on_step=lambda *a: replayed_texts.extend(e.text for e in a[4]))
    if json.dumps(game.view(final, None), sort_keys=True) != json.dumps(game.view(state, None), sort_keys=True):
        raise _Failed("replaying the record ends in a different position")
    if replayed_texts != texts:
        raise _Failed("replaying the record narrates a different game")
    return step


ENGINE = "the engine's resampling"
GAMES = "the game's determinize"


def _resamplers(game: Game, state: Any, seat: int, rng: random.Random) -> list[tuple[str, Any]]:
    """States with what ``seat`` cannot see resampled: by the engine's own resampler for a
    state built from components, and by the game's determinize if it has its own."""
    pairs = []
    if isinstance(state, CardState):
        pairs.append((ENGINE, derive.determinize(state, seat, rng)))
        if type(game).determinize is Game.determinize:
            return pairs
    pairs.append((GAMES, game.determinize(state, seat, rng)))
    return pairs


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _check_hidden(
    game: Game, state: Any, sample: Any, seat: int, who: str, before: tuple, refusals: dict, step: int
) -> None:
    """Nothing shown to ``seat`` or a spectator changes in ``sample``."""
    views, acting = before[0], before[1]
    if _dump(game.view(sample, seat)) != views[seat + 1]:
        raise _Failed(
            f"step {step}: seat {seat}'s view changed when what it cannot see was resampled "
            f"({who}): the view shows hidden information, or the resampling changes what it may see"
        )
    if _dump(game.view(sample, None)) != views[0]:
        raise _Failed(
            f"step {step}: the spectator's view changed when what seat {seat} cannot see was "
            f"resampled ({who}): the spectator view shows hidden information"
        )
    if tuple(game.to_act(sample)) != acting:
        raise _Failed(f"step {step}: who must act depends on what seat {seat} cannot see ({who})")
    if seat in acting:
        legal = tuple(game.legal_actions(sample, seat))
        if legal != before[2][acting.index(seat)]:
            raise _Failed(f"step {step}: seat {seat}'s legal actions depend on what it cannot see ({who})")
        for action in legal[:DESCRIBE_AT_MOST]:
            text = game.describe_action(sample, seat, action)
            if text != game.describe_action(state, seat, action):
                raise _Failed(
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
                raise _Failed(
                    f"step {step}: the message rejecting '{action}' from seat {seat} changed when "
                    f"what it cannot see was resampled ({who}): the error names hidden information "
                    f"({message!r} became {str(error)!r})"
                ) from None
        else:
            raise _Failed(
                f"step {step}: '{action}' from seat {seat} is rejected or accepted depending on "
                f"what it cannot see ({who})"
            )


def _attempts(
    game: Game, state: Any, seats: int, acting: list[int], legal: list[str], tried: list[str], rng: random.Random
) -> list[tuple[int, str]]:
    """Actions that must be rejected now: nonsense, a move out of turn, actions once legal."""
    attempts = [(acting[0], NONSENSE)]
    idle = [s for s in range(seats) if s not in acting]
    if idle:
        attempts.append((idle[0], legal[0]))
    stale = [a for a in tried if a not in legal]
    for action in rng.sample(stale, min(2, len(stale))):
        attempts.append((acting[0], action))
    return attempts


def _check_rejections(
    game: Game, state: Any, seats: int, attempts: list[tuple[int, str]], before: tuple, deep: Any, step: int
) -> dict[tuple[int, str], str]:
    """Each attempt is rejected with a reason and changes nothing, hidden parts included;
    returns the messages."""
    refusals: dict[tuple[int, str], str] = {}
    for seat, action in attempts:
        try:
            game.apply(state, seat, action)
        except ActionError as error:
            if not str(error).strip():
                raise _Failed(f"step {step}: '{action}' by seat {seat} was rejected without a reason") from None
            refusals[(seat, action)] = str(error)
        else:
            raise _Failed(
                f"step {step}: seat {seat} was allowed to play {action!r}, which is not among its "
                "legal actions now (out of turn, out of notation, or no longer legal)"
            )
        if _snapshot(game, state, seats) != before or fingerprint(state) != deep:
            raise _Failed(
                f"step {step}: a rejected action by seat {seat} ('{action}') changed the state "
                "(compared deeply, hidden parts included): check before changing anything"
            )
    return refusals


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


def _check_named_cards(game: Game, state: CardState, seats: int, step: int) -> None:
    """A view never names a card that lies hidden from its viewer (in a log, a note...)."""
    for viewer in [None, *range(seats)]:
        hidden = {c for c in derive.hidden_cards(state, viewer) if isinstance(c, str)}
        if not hidden:
            continue
        view = game.view(state, viewer)
        for key, value in view.items():
            named = _words(value) & hidden
            if named:
                who = "the spectator's" if viewer is None else f"seat {viewer}'s"
                raise _Failed(
                    f"step {step}: {who} view names {', '.join(sorted(named))} under '{key}', "
                    "a card hidden from it (a history or note that keeps a secret)"
                )


def _check_events(
    game: Game, state: Any, seats: int, mover: int, action: str, events: list[Event],
    samples: dict[int, list[tuple[str, Any]]], step: int,
) -> None:
    """The events a seat sees may not name what it cannot see after the action."""
    if isinstance(state, CardState):
        for viewer in [None, *range(seats)]:
            hidden = {c for c in derive.hidden_cards(state, viewer) if isinstance(c, str)}
            for event in events:
                if event.visible(viewer) and hidden:
                    named = (_words(event.data) | _tokens(event.text)) & hidden
                    if named:
                        who = "the spectator" if viewer is None else f"seat {viewer}"
                        raise _Failed(
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
                if _dump(game.view(sample, target)) != _dump(game.view(state, target)):
                    continue  # the action showed what was hidden: its events may show it too
                mine = [e.to_dict() for e in events if e.visible(target)]
                theirs = [e.to_dict() for e in resampled_events if e.visible(target)]
                if _dump(mine) != _dump(theirs):
                    name = "the spectator" if target is None else f"seat {target}"
                    raise _Failed(
                        f"step {step}: the events {name} sees after '{action}' changed when what "
                        f"seat {viewer} cannot see was resampled ({who}): an event names hidden information"
                    )


def _check_bots(
    game: Game, state: Any, seat: int, legal: list[str], samples: list[tuple[str, Any]],
    bots: Sequence[BotSpec], step: int,
) -> None:
    """A rule-based bot decides from its seat's information only."""
    for spec in bots:
        chosen = spec.factory(game, seat, random.Random(step)).choose(
            Decision(game, state, seat, legal, rng=random.Random(step))
        )
        for who, sample in samples:
            again = spec.factory(game, seat, random.Random(step)).choose(
                Decision(game, sample, seat, legal, rng=random.Random(step))
            )
            if again != chosen:
                raise _Failed(
                    f"step {step}: bot '{spec.name}' for seat {seat} chose '{chosen}', but "
                    f"'{again}' when what the seat cannot see was resampled ({who})"
                )


def _check_presentation(game: Game, state: Any, seat: int | None, legal: list[str], step: int) -> None:
    """What a person at the prompt sees must not crash: the view rendered, each action described."""
    names = [f"Seat {i + 1}" for i in range(game.max_players)]
    try:
        Console(file=StringIO(), width=100).print(game.render(game.view(state, seat), names=names))
        for action in legal:
            if not isinstance(game.describe_action(state, seat, action), str):
                raise TypeError(f"describe_action('{action}') did not return text")
    except Exception as error:
        who = "the spectator" if seat is None else f"seat {seat}"
        raise _Failed(f"step {step}: showing {who} the game failed: {type(error).__name__}: {error}") from None
