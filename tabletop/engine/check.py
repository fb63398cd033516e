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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from rich.console import Console

from tabletop.core.decision import BotSpec
from tabletop.core.errors import ActionError
from tabletop.core.events import Event
from tabletop.core.fingerprint import fingerprint
from tabletop.core.game import MAX_ACTION, Game
from tabletop.core.record import GameRecord
from tabletop.core.zones import CardState
from tabletop.engine.leaks import (
    Failed,
    check_bots,
    check_events,
    check_hidden,
    check_named_cards,
    dump,
    hidden_from_each,
    resamplers,
)

#: Not an action of any sane notation; every game must reject it.
NONSENSE = "\x00not-an-action"
#: Rendering is slow; the prompt's rendering and the bots are tried every this many steps.
PRESENT_EVERY = 7


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


def _snapshot(game: Game, state: Any, seats: int) -> tuple:
    """Everything observable about a state, for 'is it unchanged?' comparisons."""
    views = tuple(dump(game.view(state, s)) for s in [None, *range(seats)])
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
    on_game: Callable[[int, int], None] | None = None,
) -> CheckReport:
    """Play ``games`` random games spread over seat counts and option variants.

    ``bots``: the game's rule-based bots, which must choose alike when what their seat
    cannot see is resampled (``tabletop check`` passes every bot registered for the game).
    ``on_game(done, problems)`` is told after each game (a progress line).
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
        except Failed as failure:
            report.problems.append(f"{n} seats, options {opts or '{}'}, seed {game_seed}: {failure}")
        except Exception as error:  # a crash inside the rules is exactly what we report
            report.problems.append(
                f"{n} seats, options {opts or '{}'}, seed {game_seed}: "
                f"unexpected {type(error).__name__}: {error}"
            )
        report.games += 1
        if on_game is not None:
            on_game(report.games, len(report.problems))
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
    opening = list(game.opening_events(state))
    for event in opening:
        if not isinstance(event, Event):
            raise Failed(f"setup: opening_events gave {event!r}, not an Event")
        json.dumps(event.to_dict())
    check_events(game, state, seats, -1, "", opening, {}, 0)
    tried: list[str] = []  # actions once legal, to try where they are not
    changed: dict[str, bool] = {}  # per resampler: did it ever change anything?
    named: dict = {}  # per viewer: the words its view has shown
    limit = game.step_limit(seats)
    step = 0
    while game.outcome(state) is None:
        step += 1
        if step > limit:
            raise Failed(f"did not end within its step limit of {limit} actions")
        acting = list(game.to_act(state))
        if not acting or any(not (isinstance(s, int) and 0 <= s < seats) for s in acting):
            raise Failed(f"step {step}: to_act gave {acting!r} for an unfinished game")
        before = _snapshot(game, state, seats)
        deep = fingerprint(state)
        if _snapshot(game, game.copy(state), seats) != before:
            raise Failed(f"step {step}: a copy does not look like the original: copy() misses something")
        seat = acting[0]
        legal = list(game.legal_actions(state, seat))
        if not legal or not all(isinstance(a, str) for a in legal):
            raise Failed(f"step {step}: seat {seat} must act but its legal actions are {legal!r}")
        attempts = _attempts(game, state, seats, acting, legal, tried, rng, first=step == 1)
        refusals = _check_rejections(game, state, seats, attempts, before, deep, step)
        samples = {s: resamplers(game, state, s, rng) for s in range(seats)}
        for s, pairs in samples.items():
            for who, sample in pairs:
                if not changed.get(who) and fingerprint(sample) != deep:
                    changed[who] = True
                changed.setdefault(who, False)
                check_hidden(game, state, sample, s, who, before, refusals, step)
        if isinstance(state, CardState):
            check_named_cards(game, state, seats, step, named)
        if fingerprint(state) != deep:
            raise Failed(f"step {step}: determinize, view or describe_action changed the state itself")
        if step % PRESENT_EVERY == 1:
            _check_presentation(game, state, seat, legal, step)
            check_bots(game, state, seat, legal, samples[seat], bots, step)
        action = rng.choice(legal)
        tried.extend(a for a in legal[:3] if a not in tried)
        hidden_before = hidden_from_each(state, seats)
        trial = game.copy(state)
        game.apply(trial, seat, action)
        if _snapshot(game, state, seats) != before:
            raise Failed(f"step {step}: applying '{action}' to a copy changed the original")
        try:
            events = game.apply(state, seat, action)
        except ActionError as error:
            raise Failed(f"step {step}: the legal action '{action}' was rejected: {error}") from None
        for event in events:
            if not isinstance(event, Event):
                raise Failed(f"step {step}: apply returned {event!r}, not an Event")
            json.dumps(event.to_dict())
            texts.append(event.text)
        check_events(game, state, seats, seat, action, list(events), samples, step, hidden_before)
        record.actions.append((seat, action))
        if _snapshot(game, trial, seats) != _snapshot(game, state, seats):
            raise Failed(f"step {step}: '{action}' gave a different position on a copy: copy() misses something")
        if cards is not None and game.census(state) != cards:
            diff = (game.census(state) - cards) + (cards - game.census(state))
            raise Failed(f"step {step}: '{action}' broke card conservation ({dict(diff)})")
    if not game.perfect_information and not all(changed.values()):
        raise Failed(
            "the game's determinize never changed anything in a whole game: it resamples nothing a seat "
            "cannot see, so no hidden-information check can fail (declare "
            "perfect_information = True if every seat sees everything)"
        )
    _check_presentation(game, state, None, [], step)
    outcome = game.outcome(state)
    if any(w not in range(seats) for w in outcome.winners):
        raise Failed(f"outcome names winners {outcome.winners} that are not seats")
    record.outcome = outcome.to_dict()
    replayed_texts: list[str] = []
    loaded = GameRecord.from_dict(json.loads(record.to_json()))
    final = loaded.verify(game, on_step=lambda *a: replayed_texts.extend(e.text for e in a[4]))
    if json.dumps(game.view(final, None), sort_keys=True) != json.dumps(game.view(state, None), sort_keys=True):
        raise Failed("replaying the record ends in a different position")
    if replayed_texts != texts:
        raise Failed("replaying the record narrates a different game")
    return step


def _attempts(
    game: Game, state: Any, seats: int, acting: list[int], legal: list[str], tried: list[str], rng: random.Random,
    *, first: bool = False,
) -> list[tuple[Any, Any]]:
    """Actions that must be rejected now: nonsense, a move out of turn, actions once legal;
    on the first step also arguments of the wrong kind (a game that checks its own arguments,
    ``checks_arguments``, must reject them as the engine's wrapper would)."""
    attempts: list[tuple[Any, Any]] = [(acting[0], NONSENSE)]
    if first:
        attempts += [(None, legal[0]), (str(acting[0]), legal[0]), (True, legal[0]), (acting[0], 7),
                     (acting[0], legal[0] + " " * MAX_ACTION)]
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
                raise Failed(f"step {step}: '{action}' by seat {seat} was rejected without a reason") from None
            if type(seat) is int:  # a wrong kind's message names only the kind: nothing to resample
                refusals[(seat, action)] = str(error)
        except Exception as error:
            hint = " (it sets checks_arguments: its apply must first test the arguments as the engine's wrapper does)"
            raise Failed(
                f"step {step}: apply with seat {seat!r} and action {repr(action)[:40]} raised "
                f"{type(error).__name__} instead of an InvalidAction{hint if game.checks_arguments else ''}"
            ) from None
        else:
            raise Failed(
                f"step {step}: seat {seat} was allowed to play {action!r}, which is not among its "
                "legal actions now (out of turn, out of notation, or no longer legal)"
            )
        if _snapshot(game, state, seats) != before or fingerprint(state) != deep:
            raise Failed(
                f"step {step}: a rejected action by seat {seat} ('{action}') changed the state "
                "(compared deeply, hidden parts included): check before changing anything"
            )
    return refusals


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
        raise Failed(f"step {step}: showing {who} the game failed: {type(error).__name__}: {error}") from None
