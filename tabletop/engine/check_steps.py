"""The step under check and the contract's checks of it (the runner is :mod:`tabletop.engine.check`).

A :class:`Step` is one decision of a seeded random game: the position before the move and,
once the move is made, its events. Each check is a small function of a step that raises
:class:`Failed` with one sentence; the runner reports it as a :class:`CheckFailure` under
the check's name, with the step, the seat and the action. The hidden-information checks are
in :mod:`tabletop.engine.leaks`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import TYPE_CHECKING, Any

from rich.console import Console

from tabletop.core.decision import BotSpec
from tabletop.core.errors import ActionError
from tabletop.core.events import Event
from tabletop.core.fingerprint import fingerprint
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.core.rules import judged_candidates

if TYPE_CHECKING:
    import random

    from tabletop.engine.leaks import Sample

#: Rendering is slow; the prompt's rendering and the bots are tried every this many steps.
PRESENT_EVERY = 7


class Failed(Exception):
    """What one check found wrong, in a sentence; the check's runner adds its name, the step,
    the seat and the action."""


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


class CheckFailure(Exception):
    """One game's first problem, named after the check that found it; the check moves on to the next game.
    ``trace``: the traceback of an exception raised inside the game, for ``--debug``."""

    def __init__(self, check: str, where: str, problem: str, trace: str | None = None):
        super().__init__(f"{check}: {where}: {problem}")
        self.check = check
        self.trace = trace


@dataclass
class Play:
    """One game under check: its live state and what the checks carry from step to step."""

    game: Game
    seats: int
    state: Any
    rng: random.Random
    bots: Sequence[BotSpec]
    cards: Counter | None
    record: GameRecord
    texts: list[str] = field(default_factory=list)
    #: Actions once legal, to try where they are not.
    tried: list[str] = field(default_factory=list)
    #: Per resampler: did it ever change anything?
    changed: dict[str, bool] = field(default_factory=dict)
    #: Per viewer: the words its view has shown.
    named: dict = field(default_factory=dict)
    #: How people read this game's cards (:class:`~tabletop.engine.card_names.CardNames`), made once.
    names: Any = None
    #: What deserves a warning, not a failure, by kind (the first of each kind).
    warnings: dict = field(default_factory=dict)
    #: The move under check made again on the resampled positions (:func:`moved`).
    moved: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One decision under check: the position before the move (``before``: what every seat and
    the spectator see, who acts and their legal actions; ``deep``: the whole state's fingerprint)
    and, once the move is made, its ``events`` and the ``trial`` copy it was also made on."""

    play: Play
    number: int
    acting: tuple = ()
    seat: int | None = None
    legal: tuple = ()
    action: str | None = None
    before: tuple = ()
    deep: Any = None
    attempts: tuple = ()
    #: Per seat, the position with what that seat cannot see resampled.
    samples: Mapping[int, list[Sample]] = field(default_factory=dict)
    #: ``(seat, action) -> message`` of the refused attempts, filled by :func:`illegal_actions_are_refused`.
    refusals: dict = field(default_factory=dict)
    hidden_before: dict | None = None
    #: How many cards the state had revealed before the move (``CardState.revealed_cards``).
    revealed_before: int = 0
    events: tuple = ()
    trial: Any = None
    #: A copy of the position before the move (a component state, or a simultaneous decision).
    pre: Any = None
    #: Zones' cards in order before the move when a seat knows single cards, and the count of
    #: random events so far: for noticing a reorder the engine did not do.
    orders: dict | None = None
    randomness: int = 0
    #: The slots copies share, before the move, after the same move on a copy, and after it.
    shared_before: Any = None
    shared_trial: Any = None
    shared_after: Any = None
    #: The game is over: the checks of the finished game.
    final: bool = False

    @property
    def game(self) -> Game:
        return self.play.game

    @property
    def state(self) -> Any:
        return self.play.state

    def shown(self, state: Any = None) -> frozenset:
        """The cards the move revealed to everyone (on ``state`` after the same move; default the
        position as played), even those it shuffled away again."""
        state = self.state if state is None else state
        return frozenset(getattr(state, "revealed_cards", ())[self.revealed_before:])

    @property
    def seats(self) -> int:
        return self.play.seats

    @property
    def presented(self) -> bool:
        """Rendering is slow: the prompt's rendering and the bots are tried every few steps."""
        return self.number % PRESENT_EVERY == 1

    @property
    def where(self) -> str:
        if self.number == 0:
            return "setup"
        if self.final:
            return f"the end, after step {self.number}"
        if self.seat is None:
            return f"step {self.number}"
        action = "" if self.action is None else f", action {self.action!r}"
        return f"step {self.number}, seat {self.seat}{action}"


def snapshot(game: Game, state: Any, seats: int) -> tuple:
    """Everything observable about a state, for 'is it unchanged?' comparisons."""
    views = tuple(dump(game.view(state, s)) for s in [None, *range(seats)])
    acting = tuple(game.to_act(state))
    legal = tuple(tuple(game.legal_actions(state, s)) for s in acting)
    return views, acting, legal, game.census(state), game.outcome(state)


def events_are_json_safe(step: Step) -> None:
    source = "opening_events" if step.number == 0 else "apply"
    for event in step.events:
        if not isinstance(event, Event):
            raise Failed(f"{source} gave {event!r}, not an Event")
        try:
            json.dumps(event.to_dict())
        except (TypeError, ValueError) as error:
            raise Failed(f"event '{event.kind}' from {source} is not JSON-safe: {error}") from None


def ends_within_its_step_limit(step: Step) -> None:
    limit = step.game.limit_of(step.seats, step.play.record.options)
    if step.number > limit:
        raise Failed(f"did not end within its step limit of {limit} actions")


def to_act_names_seats(step: Step) -> None:
    if not step.acting or any(not (isinstance(s, int) and 0 <= s < step.seats) for s in step.acting):
        raise Failed(f"to_act gave {list(step.acting)!r} for an unfinished game")


def legal_actions_are_text(step: Step) -> None:
    if not step.legal or not all(isinstance(a, str) for a in step.legal):
        raise Failed(f"seat {step.seat} must act but its legal actions are {list(step.legal)!r}")


def copies_look_like_the_original(step: Step) -> None:
    if snapshot(step.game, step.game.copy(step.state), step.seats) != step.before:
        raise Failed("a copy does not look like the original: copy() misses something")


def _listed(actions: set[str]) -> str:
    shown = sorted(actions)
    return ", ".join(map(repr, shown[:8])) + (f" and {len(shown) - 8} more" if len(shown) > 8 else "")


def legal_actions_match_the_rules(step: Step) -> None:
    """A game with rules lists what its rules allow: its legal list (its own fast
    ``legal_actions``, or the derived one, which keeps unasked the candidates of a verb claiming
    to refuse none, ``Rule.refuses_no_candidate``) is held to every candidate's refusal, asked here."""
    game = step.game
    if not game.rules or type(game).candidates is Game.candidates:
        return
    for seat, legal in zip(step.before[1], step.before[2], strict=True):
        judged = judged_candidates(game, step.state, seat)
        for action, why, claimant in judged:
            if why is not None and claimant is not None:
                raise Failed(f"the rule '{claimant.verb}' claims to refuse none of its candidates "
                             f"(refuses_no_candidate), but refuses seat {seat}'s {action!r} (\"{why}\"): "
                             "drop the claim, or leave such candidates out of candidates()")
        fast, ruled = set(legal), {action for action, why, _ in judged if why is None}
        if fast != ruled:
            extra = f"lists {_listed(fast - ruled)}, which its rules refuse" if fast - ruled else ""
            missing = f"lacks {_listed(ruled - fast)}, which its rules allow" if ruled - fast else ""
            raise Failed(f"seat {seat}'s legal_actions " + " and ".join(filter(None, (extra, missing)))
                         + " (every candidate's refusal asked)")


def illegal_actions_are_refused(step: Step) -> None:
    """Each attempt is rejected with a reason and changes nothing, hidden parts included; the
    messages are kept in ``step.refusals`` for the hidden-information checks."""
    game, state = step.game, step.state
    for seat, action in step.attempts:
        try:
            game.apply(state, seat, action)
        except ActionError as error:
            if not str(error).strip():
                raise Failed(f"'{action}' by seat {seat} was rejected without a reason") from None
            if type(seat) is int:  # a wrong kind's message names only the kind: nothing to resample
                step.refusals[(seat, action)] = str(error)
        except Exception as error:
            hint = " (it sets checks_arguments: its apply must first test the arguments as the engine's wrapper does)"
            raise Failed(
                f"apply with seat {seat!r} and action {repr(action)[:40]} raised "
                f"{type(error).__name__} instead of an InvalidAction{hint if game.checks_arguments else ''}"
            ) from None
        else:
            raise Failed(
                f"seat {seat} was allowed to play {action!r}, which is not among its "
                "legal actions now (out of turn, out of notation, or no longer legal)"
            )
        if snapshot(game, state, step.seats) != step.before or fingerprint(state) != step.deep:
            raise Failed(
                f"a rejected action by seat {seat} ('{action}') changed the state "
                "(compared deeply, hidden parts included): check before changing anything"
            )


def looking_changes_nothing(step: Step) -> None:
    if fingerprint(step.state) != step.deep:
        raise Failed("determinize, view or describe_action changed the state itself")


def the_game_can_be_shown(step: Step) -> None:
    """What a person at the prompt sees must not crash: the view rendered, each action described
    (every few steps, and the spectator's view at the end)."""
    game, state, seat = step.game, step.state, step.seat
    if not (step.final or step.presented):
        return
    names = [f"Seat {i + 1}" for i in range(game.max_players)]
    try:
        Console(file=StringIO(), width=100).print(game.render(game.view(state, seat), names=names))
        for action in step.legal:
            if not isinstance(game.describe_action(state, seat, action), str):
                raise TypeError(f"describe_action('{action}') did not return text")
    except Exception as error:
        who = "the spectator" if seat is None else f"seat {seat}"
        raise Failed(f"showing {who} the game failed: {type(error).__name__}: {error}") from None


def copies_reach_the_same_position(step: Step) -> None:
    if snapshot(step.game, step.trial, step.seats) != snapshot(step.game, step.state, step.seats):
        raise Failed(f"{step.action!r} gave a different position on a copy: copy() misses something")


def cards_are_conserved(step: Step) -> None:
    cards, now = step.play.cards, step.game.census(step.state)
    if cards is not None and now != cards:
        raise Failed(f"{step.action!r} broke card conservation ({dict((now - cards) + (cards - now))})")


def determinize_resamples_something(step: Step) -> None:
    if not step.game.perfect_information and not all(step.play.changed.values()):
        raise Failed(
            "the game's determinize never changed anything in a whole game: it resamples nothing a seat "
            "cannot see, so no hidden-information check can fail (declare "
            "perfect_information = True if every seat sees everything)"
        )


def outcome_names_seats(step: Step) -> None:
    winners = step.game.outcome(step.state).winners
    if any(w not in range(step.seats) for w in winners):
        raise Failed(f"outcome names winners {winners} that are not seats")


def a_finished_game_asks_nobody(step: Step) -> None:
    """The engine's apply asks whether the game is over only of a seat that is not asked, so a
    finished game must ask nobody (and offer nobody an action)."""
    asked = tuple(step.game.to_act(step.state))
    if asked:
        raise Failed(f"the game is over but to_act still names seats {asked}: return () once it ends")
    offered = [s for s in range(step.seats) if step.game.legal_actions(step.state, s)]
    if offered:
        raise Failed(f"the game is over but seats {offered} still have legal actions")


def records_replay(step: Step) -> None:
    game, state, record = step.game, step.state, step.play.record
    record.outcome = game.outcome(state).to_dict()
    replayed_texts: list[str] = []
    loaded = GameRecord.from_dict(json.loads(record.to_json()))
    final = loaded.verify(game, on_step=lambda *a: replayed_texts.extend(e.text for e in a[4]))
    if dump(game.view(final, None)) != dump(game.view(state, None)):
        raise Failed("replaying the record ends in a different position")
    if replayed_texts != step.play.texts:
        raise Failed("replaying the record narrates a different game")


def moved(step: Step) -> list[tuple[int, Sample, list, Any]]:
    """The move under check made again on each resampled position where it is legal:
    ``(viewer, sample, events, position after)``, made once per step (the sample's state is
    moved in place)."""
    cache = step.play.moved
    if cache.get("step") is not step.number:
        found = []
        game, mover, action = step.game, step.seat, step.action
        for viewer, samples in step.samples.items():
            for sample in samples:
                if mover not in game.to_act(sample.state) or action not in game.legal_actions(sample.state, mover):
                    continue
                try:
                    events = list(game.apply(sample.state, mover, action))
                except ActionError:
                    continue
                found.append((viewer, sample, events, sample.state))
        cache.clear()
        cache.update(step=step.number, found=found)
    return cache["found"]
