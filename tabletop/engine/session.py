"""One game at the table, step by step: bots act, people decide, and a decision can be taken back.

Unlike :class:`tabletop.engine.match.Match`, which asks every agent in turn until the end, a
session stops whenever a person must decide, so a screen can wait for them. Taking back and
resuming both rebuild the game from its record: every bot gets a fresh generator seeded from
the game seed and its seat (as in ``Match``) and is asked again at each of its recorded
decisions, so it is left exactly as it was and goes on choosing as it did.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from tabletop.core.decision import Agent, Decision, make_decision
from tabletop.core.errors import RecordError, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.names import seat_name
from tabletop.core.record import GameRecord
from tabletop.engine.knowledge import learned_since
from tabletop.engine.match import StepLimitExceeded
from tabletop.engine.registry import GuardedHook
from tabletop.engine.simulate import bot_rng

HUMAN = "human"


class UndoRefused(TabletopError):
    """This seat cannot take its last decision back: it made none, or the game has since shown
    it something hidden when it chose."""


@dataclass(frozen=True, slots=True)
class Logged:
    """An event with the number of actions taken when it happened (0: at setup)."""

    step: int
    event: Event


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat: a person (``bot`` None) or a bot's factory, and the name shown."""

    name: str
    kind: str
    bot: Any = None  # a BotSpec for a bot


class Session:
    """A game in progress; :attr:`record` always holds every action taken so far."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatSpec],
        *,
        seed: int,
        options: dict[str, Any] | None = None,
        pm: pluggy.PluginManager | None = None,
        actions: Sequence[tuple[int, str]] = (),
        on_plugin_error: Callable[[str], None] | None = None,
    ):
        """``on_plugin_error`` gets one sentence when a plugin's observer raises and is switched off
        (as in :class:`~tabletop.engine.match.Match`)."""
        self.game = game
        self.names = [seat_name(s.name) for s in seats]
        self.seats = [SeatSpec(name, s.kind, s.bot) for name, s in zip(self.names, seats, strict=True)]
        self.seed = seed
        self.pm = pm
        self.humans = [i for i, s in enumerate(self.seats) if s.bot is None]
        self.options = game.resolve_options(options)
        self.limit = game.step_limit(len(self.seats))
        self.plugins_off: set[str] = set()
        self._observe_event = self._observe_end = None
        if pm is not None:
            self._observe_event = GuardedHook(pm, "tabletop_observe_event", report=on_plugin_error,
                                              switched_off=self.plugins_off) or None
            self._observe_end = GuardedHook(pm, "tabletop_observe_game_end", report=on_plugin_error,
                                            switched_off=self.plugins_off) or None
        self._rebuild(list(actions), fresh=not actions)

    # ---- building ---------------------------------------------------------------------

    @classmethod
    def resume(cls, game: Game, record: GameRecord, *, bots: Callable[[str], Any],
               pm: pluggy.PluginManager | None = None,
               on_plugin_error: Callable[[str], None] | None = None) -> Session:
        """Continue an unfinished record; ``bots(name)`` gives the BotSpec of a bot named in it."""
        if record.outcome is not None:
            raise RecordError("That game is over; watch it again with `tabletop replay`.")
        record.replay(game)  # one clear sentence if the record does not fit this game
        seats = []
        for seat in record.seats:
            kind = seat.get("agent") or HUMAN
            seats.append(SeatSpec(seat["name"], kind, None if kind == HUMAN else bots(kind)))
        return cls(game, seats, seed=record.seed, options=record.options, pm=pm, actions=record.actions,
                   on_plugin_error=on_plugin_error)

    def _new_record(self) -> GameRecord:
        return GameRecord(game=self.game.name, version=self.game.version, options=dict(self.options),
                          seed=self.seed, seats=[{"name": s.name, "agent": s.kind} for s in self.seats])

    def _rebuild(self, actions: list[tuple[int, str]], *, fresh: bool = False) -> None:
        """Set up again and take ``actions``, asking each bot at its decisions so its generator
        advances as it did the first time. A ``fresh`` game tells the observers of its setup."""
        game = self.game
        self.state = game.new_state(len(self.seats), options=self.options, seed=self.seed)
        self.agents: list[Agent | None] = [
            None if s.bot is None else s.bot.factory(game, i, bot_rng(self.seed, i)) for i, s in enumerate(self.seats)
        ]
        self.record = self._new_record()
        self.log: list[Logged] = [Logged(0, e) for e in game.opening_events(self.state)]
        if fresh and self._observe_event is not None:
            for logged in self.log:
                self._observe_event(game=game, seat_names=self.names, event=logged.event)
        #: Draws what each bot decision's copy hides, as in Match: one generator per game.
        self.resample = random.Random(self.seed)
        for seat, action in actions:
            agent = self.agents[seat]
            if agent is not None:
                agent.choose(self._bot_decision(agent, seat))
            self._apply(seat, action, observe=False)

    # ---- playing ----------------------------------------------------------------------

    @property
    def steps(self) -> int:
        return len(self.record.actions)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def to_act(self) -> int | None:
        """The seat asked next, or None when the game is over."""
        if self.outcome() is not None:
            return None
        return self.game.to_act(self.state)[0]

    def human_to_act(self) -> int | None:
        seat = self.to_act()
        return seat if seat is not None and self.agents[seat] is None else None

    def decision(self, seat: int) -> Decision:
        """A person's decision: it draws nothing from the game's generator, so looking at it
        again (the screen does) changes nothing the bots will do."""
        return Decision(self.game, self.state, seat, self.game.legal_actions(self.state, seat),
                        rng=random.Random(seat))

    def _bot_decision(self, agent: Agent, seat: int) -> Decision:
        return make_decision(agent, self.game, self.state, seat, self.game.legal_actions(self.state, seat),
                             self.resample)

    def play_bots(self, on_event: Callable[[Logged], None] | None = None) -> None:
        """Let bots act until a person must decide or the game ends."""
        while (seat := self.to_act()) is not None and (agent := self.agents[seat]) is not None:
            if self.steps >= self.limit:
                raise StepLimitExceeded(f"{self.game.name} did not end within {self.limit} actions.")
            action = agent.choose(self._bot_decision(agent, seat))
            for logged in self._apply(seat, action):
                if on_event is not None:
                    on_event(logged)

    def submit(self, seat: int, action: str) -> list[Logged]:
        """A person's action; the game raises ActionError (state untouched) if it is illegal."""
        return self._apply(seat, action)

    def _apply(self, seat: int, action: str, *, observe: bool = True) -> list[Logged]:
        events = self.game.apply(self.state, seat, action)
        self.record.actions.append((seat, action))
        step = len(self.record.actions)
        new = [Logged(step, e) for e in events]
        self.log.extend(new)
        if observe and self._observe_event is not None:
            for event in events:
                self._observe_event(game=self.game, seat_names=self.names, event=event)
        outcome = self.outcome()
        if outcome is not None:
            self.record.outcome = outcome.to_dict()
            if observe and self._observe_end is not None:
                self._observe_end(game=self.game, record=self.record)
        return new

    # ---- taking back ------------------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """How many actions stay if ``seat`` takes back its last decision; None if it made none."""
        for index in range(len(self.record.actions) - 1, -1, -1):
            if self.record.actions[index][0] == seat:
                return index
        return None

    def others_affected(self, seat: int) -> list[int]:
        """The other people whose decisions a takeback by ``seat`` would also undo."""
        point = self.undo_point(seat)
        if point is None:
            return []
        return sorted({s for s, _ in self.record.actions[point:] if s != seat and s in self.humans})

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot take back its last decision, or None if it can. It cannot once the
        game has shown it, since that decision, something hidden from it then (another seat's
        cards or secret choice, cards turned up): choosing again would use it."""
        point = self.undo_point(seat)
        name = self.names[seat]
        if point is None:
            return f"{name} has made no decision to take back yet."
        actions = self.record.actions
        state = self.game.new_state(len(self.seats), options=self.options, seed=self.seed)
        for who, action in actions[:point]:
            self.game.apply(state, who, action)
        if learned_since(self.game, state, seat, actions[point:], rng=random.Random(self.seed)):
            return (f"{name} cannot take that back: since then the game has shown {name} what was hidden "
                    "when it was chosen (another player's cards or secret choice, or new cards).")
        return None

    def undo(self, seat: int) -> None:
        """Go back to just before ``seat``'s last decision (bots replayed, choosing as before),
        unless :meth:`undo_refusal` says why not."""
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise UndoRefused(refusal)
        self._rebuild(list(self.record.actions[:self.undo_point(seat)]))

    # ---- what a seat may see ----------------------------------------------------------

    def visible_log(self, seat: int | None, *, since: int | None = None) -> list[str]:
        """Narration lines ``seat`` may see (None: public only) after action number ``since``
        (None: all of them, the setup's included)."""
        return [item.event.render(self.names) for item in self.log
                if (since is None or item.step > since) and item.event.visible(seat)]

    def last_step_of(self, seat: int) -> int | None:
        """The number of actions taken when ``seat`` last acted (None if never)."""
        point = self.undo_point(seat)
        return None if point is None else point + 1
