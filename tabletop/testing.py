"""Helpers for testing a game plugin, and a pytest plugin (entry point ``pytest11``).

In any pytest run where tabletop is installed, two fixtures exist: ``tabletop_registry``
(the installed games and bots, loaded as ``tabletop list`` loads them) and ``tabletop_game``
(``tabletop_game("mygame")`` gives that installed game). The helpers:

* :func:`assert_conforms` runs exactly the checks of ``tabletop check`` (hidden information
  and the game's registered bots included: see :mod:`tabletop.engine.check`);
* :class:`Scenario` sets up a rulebook example: plays the opening decisions through the
  game's rules, stacks decks and hands by swaps that conserve every card and keep every zone's
  size, or moves cards between a seat's zones;
* :func:`play_randomly`, :func:`random_match`, :func:`assert_replays`,
  :func:`assert_record_replays` play whole games and check records replay;
* :func:`bot_choice` asks a registered bot what it would do in a state.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from tabletop.core.decision import BotSpec, make_decision
from tabletop.core.game import Game
from tabletop.core.random_agent import RandomAgent
from tabletop.core.record import GameRecord
from tabletop.core.zones import CardState
from tabletop.engine.check import CheckReport, check_game
from tabletop.engine.match import MatchResult, run_match
from tabletop.engine.registry import Registry, build_registry

# ---- the pytest plugin -------------------------------------------------------------------


@pytest.fixture(scope="session")
def tabletop_registry() -> Registry:
    """The installed games and bots (entry points of group ``tabletop``), loaded once."""
    return build_registry()


@pytest.fixture
def tabletop_game(tabletop_registry: Registry) -> Callable[[str], Game]:
    """``tabletop_game(name)``: an installed game; fails the test with the reason if it is
    missing or its plugin failed to load."""

    def get(name: str) -> Game:
        from tabletop.core.errors import UnknownNameError

        try:
            return tabletop_registry.game(name)
        except UnknownNameError as error:
            pytest.fail(str(error), pytrace=False)

    return get


# ---- helpers -----------------------------------------------------------------------------


def assert_conforms(
    game: Game, *, games: int = 20, seed: int = 0, bots: Sequence[BotSpec] | None = None, **kwargs: Any
) -> CheckReport:
    """Fail with every problem ``tabletop check`` would report; ``bots`` are the game's
    rule-based bots (they must choose alike when what their seat cannot see is resampled),
    by default those installed for it, as ``tabletop check`` uses."""
    if bots is None:
        bots = [spec for spec in build_registry().bots_for(game.name).values() if spec.game == game.name]
    report = check_game(game, games=games, seed=seed, bots=bots, **kwargs)
    if not report.ok:
        raise AssertionError(f"{game.name} fails the conformance check:\n" + "\n".join(report.problems))
    return report


def play_randomly(
    game: Game,
    state: Any,
    rng: random.Random,
    *,
    seats: int,
    each_step: Callable[[Any], None] | None = None,
) -> int:
    """Play uniformly random legal actions until the game ends; returns the actions taken.

    Fails if the game runs past its step limit; ``each_step(state)`` runs after every action.
    """
    limit = game.step_limit(seats)
    steps = 0
    while game.outcome(state) is None:
        if steps >= limit:
            raise AssertionError(f"{game.name} did not end within its step limit of {limit} actions")
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps += 1
        if each_step is not None:
            each_step(state)
    return steps


def assert_refusals_agree(game: Game, states: Sequence[Any], seats: int) -> None:
    """For a game with rules: at each state of a ``seats``-seat game, for every seat and candidate, an action the
    rules allow is in the legal list, and a refused one is not, and raises from ``apply`` exactly
    the sentence ``game.refusal`` gives (tried on a copy, so ``states`` are left alone)."""
    from tabletop.core.errors import IllegalAction

    for state in states:
        if game.outcome(state) is not None:
            continue
        for seat in range(seats):
            legal = game.legal_actions(state, seat)
            for action in game.candidates(state, seat):
                why = game.refusal(state, seat, action)
                if why is None:
                    assert action in legal, f"seat {seat}: the rules allow {action!r}, the legal list lacks it"
                    continue
                assert action not in legal, f"seat {seat}: the legal list offers {action!r}, which the rules refuse: {why}"
                try:
                    game.apply(game.copy(state), seat, action)
                except IllegalAction as error:
                    assert str(error) == why, f"seat {seat}, {action!r}: apply says {error}, refusal says {why}"
                else:
                    raise AssertionError(f"seat {seat}, {action!r}: refused ({why}) but apply took it")


def random_match(game: Game, seats: int, *, seed: int, options: Mapping[str, Any] | None = None) -> MatchResult:
    """One game of random agents (seat i's generator seeded with ``seed + i``)."""
    agents = [RandomAgent(random.Random(seed + i)) for i in range(seats)]
    return run_match(game, agents, seed=seed, options=options)


def assert_replays(game: Game, result: MatchResult) -> Any:
    """The record, through JSON and back, replays to the same outcome and position."""
    record = GameRecord.from_dict(json.loads(result.record.to_json()))
    final = record.verify(game)
    if game.view(final, None) != game.view(result.state, None):
        raise AssertionError("replaying the record ends in a different position")
    return final


def assert_record_replays(game: Game, record: GameRecord | str | Any) -> Any:
    """A saved record (a path, or a :class:`GameRecord`) replays with this game to its outcome:
    keep a few records as test data and this fails when a change breaks old games."""
    if not isinstance(record, GameRecord):
        record = GameRecord.load(record)
    return record.verify(game)


def bot_choice(spec: BotSpec, game: Game, state: Any, *, seat: int, seed: int = 0) -> str:
    """The action the bot ``spec`` chooses for ``seat`` in ``state``, given what it reads."""
    rng = random.Random(seed)
    agent = spec.factory(game, seat, rng)
    return agent.choose(make_decision(agent, game, state, seat, game.legal_actions(state, seat), rng))


class Scenario:
    """A state set up for a rulebook example: a new game whose opening is played and whose
    decks and hands are stacked.

    :meth:`play` takes decisions through the game's own ``apply`` (as a record would), so setup
    choices such as picking armies stay the game's business. :meth:`hand` and :meth:`top` put
    each card in place by swapping it with the card already there, so every card stays in the
    game exactly once and every zone keeps its size (the game's own counts still hold); a card
    placed once stays put: later placements take others. :meth:`move` and :meth:`keep` move
    cards from one zone to another, for a position later in a game where piles have grown or
    shrunk; they too never create or lose a card. Works for a state built from zones
    (:class:`~tabletop.core.zones.CardState`).
    """

    def __init__(self, game: Game, *, seats: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None):
        self.game = game
        self.state = game.new_state(seats, options=options, seed=seed)
        if not isinstance(self.state, CardState):
            raise TypeError(f"{game.name}'s state is not built from zones; Scenario stacks zones only")
        self._fixed: set[tuple[int, int]] = set()
        #: Every event :meth:`play` returned, in order.
        self.events: list[Any] = []

    def play(self, seat: int, *actions: str) -> list[Any]:
        """Seat ``seat`` takes ``actions`` in turn through the game's ``apply``; their events."""
        events: list[Any] = []
        for action in actions:
            events.extend(self.game.apply(self.state, seat, action))
        self.events.extend(events)
        return events

    def move(self, card: Any, source: str, target: str, *, seat: int | None = None) -> Scenario:
        """One ``card`` leaves zone ``source`` for the end (the top) of zone ``target``: for a
        zone that is one list per seat, seat ``seat``'s."""
        before = self.game.census(self.state)
        cards = self._zone(source, seat)
        if card not in cards:
            raise ValueError(f"no card {card!r} in {source}")
        cards.remove(card)
        self._zone(target, seat).append(card)
        self._conserved(before)
        return self

    def keep(self, zone: str, cards: Sequence[Any], *, rest: str, seat: int | None = None) -> Scenario:
        """Zone ``zone`` keeps only ``cards`` (in the order it holds them); every other card in it
        goes, in that order, to the end of zone ``rest``."""
        before = self.game.census(self.state)
        held = self._zone(zone, seat)
        wanted = list(cards)
        for card in wanted:
            if wanted.count(card) > held.count(card):
                raise ValueError(f"{zone} holds no {card!r} to keep")
        kept, gone = [], []
        for card in held:
            if card in wanted:
                wanted.remove(card)
                kept.append(card)
            else:
                gone.append(card)
        held[:] = kept
        self._zone(rest, seat).extend(gone)
        self._conserved(before)
        return self

    def hand(self, seat: int, cards: Sequence[Any], *, zone: str = "hands") -> Scenario:
        """Seat ``seat``'s ``zone`` holds ``cards`` (first places; the rest keep what they had)."""
        return self._place(zone, seat, list(range(len(cards))), cards)

    def top(self, zone: str, cards: Sequence[Any], *, seat: int | None = None) -> Scenario:
        """``cards[0]`` is the top of ``zone`` (the next drawn: its end), ``cards[1]`` below it..."""
        return self._place(zone, seat, [-1 - i for i in range(len(cards))], cards)

    def _zone(self, name: str, seat: int | None) -> list:
        """The list of zone ``name`` (seat ``seat``'s, for a zone that is one list per seat)."""
        state = self.state
        if name not in state.ZONES:
            raise ValueError(f"no zone {name!r}; the zones are: {', '.join(state.ZONES)}")
        target = getattr(state, name)
        if state.ZONES[name].per_seat:
            if seat is None:
                raise ValueError(f"zone {name!r} is one list per seat: say whose (seat=)")
            target = target[seat]
        return target

    def _conserved(self, before: Any) -> None:
        if self.game.census(self.state) != before:
            raise AssertionError("stacking changed the cards in the game")

    def _place(self, name: str, seat: int | None, positions: list[int], cards: Sequence[Any]) -> Scenario:
        state = self.state
        target = self._zone(name, seat)
        if len(cards) > len(target):
            raise ValueError(f"{name} holds {len(target)} cards, not {len(cards)}")
        before = self.game.census(state)
        for position, card in zip(positions, cards, strict=True):
            spot = (id(target), position % len(target))
            found = self._find(card, exclude=spot)
            if found is None:
                raise ValueError(f"no card {card!r} is left to put in {name}")
            source, index = found
            source[index], target[position] = target[position], source[index]
            self._fixed.add(spot)
        self._conserved(before)
        return self

    def _find(self, card: Any, *, exclude: tuple[int, int]) -> tuple[list, int] | None:
        for _name, _seat, _spec, cards in self.state.zones():
            for index, held in enumerate(cards):
                spot = (id(cards), index)
                if held == card and (spot == exclude or spot not in self._fixed):
                    return cards, index
        return None
