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
a seat sees must not name a card hidden from it (by id or display name). Who acts and what
kind of decision is asked must not change either, and the state must be what it declares
(:mod:`tabletop.engine.leaks_state`: no knowledge kept through a shuffle the engine did not do,
no secret in a slot copies share or in an event before a simultaneous decision resolves, no
state within an agent's reach).

Each of these is a small named check over a :class:`Step` (the position before a move and,
once made, its events), listed in order in :data:`OPENING`, :data:`BEFORE`, :data:`AFTER`
and :data:`END` (the hidden-information ones live in :mod:`tabletop.engine.leaks`), like
OpenSpiel's basic tests. A failure reads ``check_name: step 3, seat 0, action 'x': what is
wrong``, so it says which promise broke and where.
"""

from __future__ import annotations

import itertools
import random
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tabletop.core.decision import BotSpec
from tabletop.core.errors import ActionError, TabletopError
from tabletop.core.fingerprint import fingerprint
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.core.rules import MAX_ACTION
from tabletop.core.zones import CardState, UndeclaredState
from tabletop.engine.arrival import choices_in_any_order_reach_the_same_game
from tabletop.engine.check_steps import (
    CheckFailure,
    Failed,
    Play,
    Step,
    a_finished_game_asks_nobody,
    cards_are_conserved,
    copies_look_like_the_original,
    copies_reach_the_same_position,
    determinize_resamples_something,
    ends_within_its_step_limit,
    events_are_json_safe,
    illegal_actions_are_refused,
    legal_actions_are_text,
    legal_actions_match_the_rules,
    looking_changes_nothing,
    outcome_names_seats,
    records_replay,
    snapshot,
    the_game_can_be_shown,
    to_act_names_seats,
)
from tabletop.engine.leaks import (
    HIDDEN,
    Sample,
    bots_ignore_the_unseen,
    events_ignore_the_unseen,
    events_name_no_hidden_card,
    hidden_from_each,
    resamplers,
    views_name_no_hidden_card,
)
from tabletop.engine.leaks_next import (
    constraints_are_true,
    peeks_for_every_seat_warn,
    samples_keep_the_constraints,
    what_follows_is_public,
)
from tabletop.engine.leaks_state import (
    agents_cannot_reach_the_state,
    knowledge_forgets_a_reorder,
    shared_slots_are_not_changed_in_place,
    shared_slots_name_no_hidden_card,
    shared_values,
    simultaneous_choices_stay_secret,
    zone_orders,
)
from tabletop.engine.vocabulary import legal_actions_are_in_the_vocabulary

__all__ = ["AFTER", "BEFORE", "END", "OPENING", "CheckFailure", "CheckReport", "Step", "check_game", "variants"]

#: Not an action of any sane notation; every game must reject it.
NONSENSE = "\x00not-an-action"


@dataclass
class CheckReport:
    game: str
    games: int = 0
    steps: int = 0
    variants: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    #: What is no failure but is most often a mistake (a look shown to every seat one by one).
    warnings: list[str] = field(default_factory=list)
    #: Per problem, the traceback of an exception raised inside the game (else None), for ``--debug``.
    traces: list[str | None] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


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
            steps = _check_one(game, n, opts, game_seed, bots, report.warnings)
            report.steps += steps
            variant["steps"] += steps
        except CheckFailure as failure:
            report.problems.append(f"{n} seats, options {opts or '{}'}, seed {game_seed}: {failure}")
            report.traces.append(failure.trace)
        except Exception as error:  # a crash inside the rules is exactly what we report
            report.problems.append(f"{n} seats, options {opts or '{}'}, seed {game_seed}: {crash(error)}")
            report.traces.append(traceback.format_exc())
        report.games += 1
        if on_game is not None:
            on_game(report.games, len(report.problems))
        if len(report.problems) >= max_problems:
            break
    return report


def _named(check: Callable[..., Any], step: Step, *args: Any) -> Any:
    """Run one check; any failure, a crash inside the rules included, is reported under its name."""
    try:
        return check(step, *args)
    except Failed as failure:  # its sentence says which resampling
        raise CheckFailure(check.__name__, step.where, str(failure)) from None
    except Crashed as crashed:
        error = crashed.__cause__
        raise CheckFailure(check.__name__, _where(crashed.step, args), crash(error),
                           "".join(traceback.format_exception(error))) from None
    except Exception as error:  # a crash inside the rules is exactly what we report
        raise CheckFailure(check.__name__, _where(step, args), crash(error), traceback.format_exc()) from None


def _where(step: Step, args: tuple) -> str:
    if args and isinstance(args[0], Sample):
        return f"{step.where}, on the position resampled for seat {args[0].seat} ({args[0].who})"
    return step.where


def crash(error: BaseException) -> str:
    """An exception raised inside the game, in a sentence: what and where it was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    place = f" in {frames[-1].name} ({Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    return f"unexpected {type(error).__name__}: {error}{place}; run with --debug for the traceback"


def _run(checks: Sequence[Callable[..., None]], step: Step) -> None:
    for check in checks:
        if check in SAMPLED:
            for samples in step.samples.values():
                for sample in samples:
                    _named(check, step, sample)
        else:
            _named(check, step)


def _check_one(game: Game, seats: int, options: dict, seed: int, bots: Sequence[BotSpec] = (),
               warnings: list[str] | None = None) -> int:
    """Play one seeded random game through every check; the number of steps it took."""
    try:
        state = game.new_state(seats, options=options, seed=seed)
    except UndeclaredState as error:
        raise CheckFailure("the_state_is_declared", "setup", str(error)) from None
    except TabletopError as error:  # options, seats
        raise CheckFailure("setup", "setup", str(error)) from None
    except Exception as error:
        raise CheckFailure("setup", "setup", crash(error), traceback.format_exc()) from None
    record = GameRecord(
        game=game.name, version=game.version, options=game.resolve_options(options),
        seed=seed, seats=[{"name": f"Seat {i + 1}", "agent": "random"} for i in range(seats)],
    )
    play = Play(game, seats, state, random.Random(f"check:{seed}"), bots, game.census(state), record)
    try:
        _run(OPENING, _named(opening_events, Step(play, 0)))
        number = 0
        while _named(is_unfinished, Step(play, number)):
            number += 1
            _run((ends_within_its_step_limit,), Step(play, number))
            step = _named(read_position, Step(play, number))
            _run(BEFORE, step)
            play.tried.extend(a for a in step.legal[:3] if a not in play.tried)
            moved = _named(legal_moves_apply, step)
            _run(AFTER, moved)
            play.texts.extend(event.text for event in moved.events)
            record.actions.append((step.seat, step.action))
        _run(END, Step(play, number, final=True))
    finally:
        if warnings is not None:
            warnings.extend(f"{seats} seats, seed {seed}: {w}" for w in play.warnings.values())
    return number


# ---- reading the position and moving: the checks' context ----------------------------------


def is_unfinished(step: Step) -> bool:
    """Whether the game goes on (its outcome is None)."""
    return step.game.outcome(step.state) is None


def opening_events(step: Step) -> Step:
    """Setup's events, which the opening checks read."""
    return replace(step, events=tuple(step.game.opening_events(step.state)))


def read_position(step: Step) -> Step:
    """Who acts, the move the check makes, what everyone sees, the illegal attempts to try and
    the resampled positions; only as far as the position is sound (the checks then say why not)."""
    game, state, seats = step.game, step.state, step.seats
    acting = tuple(game.to_act(state))
    if not acting or any(not (isinstance(s, int) and 0 <= s < seats) for s in acting):
        return replace(step, acting=acting)
    seat = acting[0]
    try:
        return _read_seat(replace(step, acting=acting, seat=seat))
    except Exception as error:  # name the seat asked when the game crashed
        raise Crashed(replace(step, acting=acting, seat=seat)) from error


class Crashed(Exception):
    """An exception inside the game, raised again with the step as far as it was read."""

    def __init__(self, step: Step):
        super().__init__(step.where)
        self.step = step


def _read_seat(step: Step) -> Step:
    play, game, state, seats, acting, seat = step.play, step.game, step.state, step.seats, step.acting, step.seat
    legal = tuple(game.legal_actions(state, seat))
    if not legal or not all(isinstance(a, str) for a in legal):
        return replace(step, acting=acting, seat=seat, legal=legal)
    before = snapshot(game, state, seats)
    deep = fingerprint(state)
    attempts = _attempts(game, state, seats, list(acting), list(legal), play.tried, play.rng, first=step.number == 1)
    samples = {s: resamplers(game, state, s, play.rng) for s in range(seats)}
    for sample in itertools.chain.from_iterable(samples.values()):
        if not play.changed.get(sample.who) and fingerprint(sample.state) != deep:
            play.changed[sample.who] = True
        play.changed.setdefault(sample.who, False)
    return replace(step, acting=acting, seat=seat, legal=legal, action=play.rng.choice(legal), before=before,
                   deep=deep, attempts=tuple(attempts), samples=samples)


def legal_moves_apply(step: Step) -> Step:
    """The chosen legal move, made on a copy (the original must not change) and then for real."""
    game, state, seat, action = step.game, step.state, step.seat, step.action
    hidden_before = hidden_from_each(state, step.seats)
    revealed_before = len(getattr(state, "revealed_cards", ()))
    # the position before the move: for a simultaneous decision, and for judging events card by card
    pre = game.copy(state) if len(step.acting) > 1 or isinstance(state, CardState) else None
    orders = zone_orders(state)
    randomness = state.randomness[1] if orders is not None else 0
    shared_before = shared_values(state)
    trial = game.copy(state)
    game.apply(trial, seat, action)
    if snapshot(game, state, step.seats) != step.before:
        raise Failed(f"applying {action!r} to a copy changed the original")
    shared_trial = shared_values(state)
    try:
        events = tuple(game.apply(state, seat, action))
    except ActionError as error:
        raise Failed(f"the legal action {action!r} was rejected: {error}") from None
    return replace(step, hidden_before=hidden_before, revealed_before=revealed_before, trial=trial, events=events,
                   pre=pre, orders=orders, randomness=randomness, shared_before=shared_before,
                   shared_trial=shared_trial, shared_after=shared_values(state))


# ---- the checks, each a promise of the contract ----------------------------------------------


#: The checks run once per resampled state.
SAMPLED = (*HIDDEN, samples_keep_the_constraints)
#: The checks of setup's events (and of what setup left within agents' reach).
OPENING = (events_are_json_safe, events_name_no_hidden_card, agents_cannot_reach_the_state)
#: The checks of each position before its move, in order (``HIDDEN`` ones once per resampled state).
BEFORE = (
    to_act_names_seats, legal_actions_are_text, copies_look_like_the_original, legal_actions_match_the_rules,
    legal_actions_are_in_the_vocabulary,
    illegal_actions_are_refused, *SAMPLED, views_name_no_hidden_card, looking_changes_nothing,
    the_game_can_be_shown, bots_ignore_the_unseen, agents_cannot_reach_the_state,
)
#: The checks of each move once made.
AFTER = (
    events_are_json_safe, events_name_no_hidden_card, events_ignore_the_unseen, what_follows_is_public,
    constraints_are_true, peeks_for_every_seat_warn, simultaneous_choices_stay_secret,
    copies_reach_the_same_position, shared_slots_are_not_changed_in_place, shared_slots_name_no_hidden_card,
    knowledge_forgets_a_reorder, cards_are_conserved,
)
#: The checks of the finished game.
END = (determinize_resamples_something, the_game_can_be_shown, outcome_names_seats, a_finished_game_asks_nobody,
       records_replay, agents_cannot_reach_the_state, choices_in_any_order_reach_the_same_game)


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
