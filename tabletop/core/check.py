"""The conformance check every game gets for free (``tabletop check GAME``).

It plays seeded random games and, at every step, checks what the contract promises:
the game ends within its step limit and raises nothing; every card is conserved;
views are JSON-safe and render; a seat's view and legal actions do not change when only what it
cannot see is resampled; copies are independent; illegal actions are rejected and
leave the state as it was; and each game's record replays to the same end.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from rich.console import Console

from tabletop.core.errors import ActionError
from tabletop.core.game import Event, Game
from tabletop.core.record import GameRecord

#: Not an action of any sane notation; every game must reject it.
NONSENSE = "\x00not-an-action"
#: Rendering is slow; the prompt's rendering and descriptions are tried every this many steps.
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


class _Failed(Exception):
    """One game's first problem; the check moves on to the next game."""


def _snapshot(game: Game, state: Any, seats: int) -> tuple:
    """Everything observable about a state, for 'is it unchanged?' comparisons."""
    views = tuple(json.dumps(game.view(state, s), sort_keys=True) for s in [None, *range(seats)])
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
) -> CheckReport:
    """Play ``games`` random games spread over seat counts and option variants."""
    report = CheckReport(game=game.name)
    plan = variants(game, seats, options)
    report.variants = [{"seats": n, "options": o, "games": 0, "steps": 0} for n, o in plan]
    for index in range(games):
        variant = report.variants[index % len(plan)]
        n, opts = variant["seats"], variant["options"]
        game_seed = seed + index
        variant["games"] += 1
        try:
            steps = _check_one(game, n, opts, game_seed)
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


def _check_one(game: Game, seats: int, options: dict, seed: int) -> int:
    rng = random.Random(f"check:{seed}")
    state = game.new_state(seats, options=options, seed=seed)
    cards = game.census(state)
    record = GameRecord(
        game=game.name, version=game.version, options=game.resolve_options(options),
        seed=seed, seats=[{"name": f"Seat {i + 1}", "agent": "random"} for i in range(seats)],
    )
    texts: list[str] = []
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
        if _snapshot(game, game.copy(state), seats) != before:
            raise _Failed(f"step {step}: a copy does not look like the original: copy() misses something")
        _check_views(game, state, seats, rng, before, step)
        _check_rejections(game, state, seats, acting, before, step)
        seat = acting[0]
        legal = list(game.legal_actions(state, seat))
        if not legal or not all(isinstance(a, str) for a in legal):
            raise _Failed(f"step {step}: seat {seat} must act but its legal actions are {legal!r}")
        if step % PRESENT_EVERY == 1:
            _check_presentation(game, state, seat, legal, step)
        action = rng.choice(legal)
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
        record.actions.append((seat, action))
        if _snapshot(game, trial, seats) != _snapshot(game, state, seats):
            raise _Failed(f"step {step}: '{action}' gave a different position on a copy: copy() misses something")
        if cards is not None and game.census(state) != cards:
            diff = (game.census(state) - cards) + (cards - game.census(state))
            raise _Failed(f"step {step}: '{action}' broke card conservation ({dict(diff)})")
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


def _check_views(game: Game, state: Any, seats: int, rng: random.Random, before: tuple, step: int) -> None:
    views = before[0]
    for seat in range(seats):
        resampled = game.determinize(state, seat, rng)
        if json.dumps(game.view(resampled, seat), sort_keys=True) != views[seat + 1]:
            raise _Failed(
                f"step {step}: seat {seat}'s view changed when only what it cannot see was "
                "resampled: the view leaks hidden information, or determinize changes what it may see"
            )
        if seat in before[1] and tuple(game.legal_actions(resampled, seat)) != before[2][before[1].index(seat)]:
            raise _Failed(f"step {step}: seat {seat}'s legal actions depend on what it cannot see")
    if _snapshot(game, state, seats) != before:
        raise _Failed(f"step {step}: determinize or view changed the state itself")


def _check_rejections(game: Game, state: Any, seats: int, acting: list[int], before: tuple, step: int) -> None:
    attempts = [(acting[0], NONSENSE)]
    idle = [s for s in range(seats) if s not in acting]
    legal = game.legal_actions(state, acting[0])
    if idle and legal:
        attempts.append((idle[0], legal[0]))
    for seat, action in attempts:
        try:
            game.apply(state, seat, action)
        except ActionError as error:
            if not str(error).strip():
                raise _Failed(f"step {step}: '{action}' by seat {seat} was rejected without a reason") from None
        else:
            raise _Failed(f"step {step}: seat {seat} was allowed to play {action!r} out of turn or out of notation")
        if _snapshot(game, state, seats) != before:
            raise _Failed(f"step {step}: a rejected action by seat {seat} changed the state")


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
