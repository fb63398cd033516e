"""One game at a table: the only loop that runs a game, whoever sits in its seats.

Seats. Each seat is a :class:`SeatSpec`: a person (the loop stops and waits for
:meth:`Session.submit`), a bot (a ``BotSpec``, made with its own generator
``bot_rng(seed, seat)``), or an agent object (anything with ``choose(decision)``, a remote or
scripted player), asked as a bot is; an agent object is never remade, so a takeback or a resume
does not ask it again.

The loop. :meth:`Session.advance` lets bots act until a person must decide or the game ends and
returns that person's :class:`Turn` (None at the end); :meth:`Session.submit` takes a person's
action; :meth:`Session.play` runs a table of bots to the end (``simulate``, ``Match``, the test
helpers). All of them step through :meth:`Session._run`, the fast loop a simulation needs: the
contract's methods looked up once, one blind decision per ``reads = "legal"`` seat, events
walked only when someone listens (the narration log, an ``on_event`` callback, a plugin's
observer). Nothing here reads a terminal, prints or waits: a front end (the plain prompt, the
full screen, a server; an asyncio one runs ``advance`` in a worker thread, as bots may think)
calls these methods and shows what they return.

Determinism. One generator per game (seeded with the game seed) draws what each bot decision's
copy hides; a person's decision draws nothing from it, so looking at it changes nothing the bots
do. Taking back and resuming rebuild the game from its record, every bot remade and asked again
at each of its recorded decisions, so it goes on choosing as it did (taking back:
:mod:`tabletop.engine.takeback`).

Hand-over. People sharing one screen pass it between them: a :class:`Turn` says whether this
person is another than the one who decided last at the screen (a hand-over page first) and what
public narration they missed. Submitting: only the seat asked first (``to_act()[0]``) may
submit, so in a simultaneous decision people answer in seat order and the record never depends
on who typed first. One driver at a time: a server serialises a table's calls. Saving. The session calls ``on_save(record)`` after each person's
action, after a takeback and at the end; the front end decides how to write the file.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pluggy

from tabletop.core.decision import Agent, Decision, decision_maker
from tabletop.core.errors import RecordError, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.record import GameRecord
from tabletop.engine.registry import GuardedHook
from tabletop.engine.table import (
    HUMAN,
    Logged,
    MatchResult,
    SeatSpec,
    StepLimitExceeded,
    Turn,
    UndoPlan,
    UndoRefused,
    bot_rng,
)
from tabletop.engine.takeback import Takeback

__all__ = ["HUMAN", "Logged", "MatchResult", "SeatSpec", "Session", "StepLimitExceeded", "Turn", "UndoPlan",
           "UndoRefused", "bot_rng"]

class Session(Takeback):
    """A game in progress; :attr:`record` always holds every action taken so far."""

    __slots__ = ("game", "seats", "names", "seed", "pm", "options", "humans", "at_screen", "on_save", "on_change",
                 "plugins_off",
                 "state", "record", "agents", "log", "_observe_event", "_observe_end", "_keep_log", "_opened",
                 "_deciders", "_resample", "_ended")

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatSpec],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        pm: pluggy.PluginManager | None = None,
        actions: Sequence[tuple[int, str]] = (),
        on_plugin_error: Callable[[str], None] | None = None,
        keep_log: bool = True,
    ):
        """``pm``: plugins observing events and game ends (``on_plugin_error`` gets one sentence
        when one raises and is switched off). ``keep_log``: keep the narration log (:attr:`log`)
        a front end reads; a simulation keeps none. ``actions``: take these first (a resume)."""
        self.game = game
        self.seats = seats = list(seats)
        self.names = [s.name for s in seats]
        self.seed = seed
        self.pm = pm
        game.check_seats(len(seats))
        self.options = game.resolve_options(options)
        self.humans = humans = [i for i, s in enumerate(seats) if s.person]
        #: The person the shared screen was last handed to (the only person, from the start).
        self.at_screen: int | None = humans[0] if len(humans) == 1 else None
        self.on_save: Callable[[GameRecord], None] | None = None
        #: Never called: this table changes only in the calls a front end makes (see GameTable).
        self.on_change: Callable[[], None] | None = None
        self.plugins_off: set[str] = set()
        self._observe_event = self._observe_end = None
        if pm is not None:
            self._observe_event = GuardedHook(pm, "tabletop_observe_event", report=on_plugin_error,
                                              switched_off=self.plugins_off) or None
            self._observe_end = GuardedHook(pm, "tabletop_observe_game_end", report=on_plugin_error,
                                            switched_off=self.plugins_off) or None
        self._keep_log = keep_log
        self._opened = bool(actions)  # a resumed game does not tell its setup again
        self._rebuild(actions)

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

    def _rebuild(self, actions: Sequence[tuple[int, str]]) -> None:
        """Set up and take ``actions``, asking each bot at its decisions so its generator advances
        as it did the first time (bots are remade; agent objects are kept and not asked)."""
        game, seed, seats = self.game, self.seed, self.seats
        self.state = state = game.setup(len(seats), self.options, seed)
        self.record = GameRecord(game=game.name, version=game.version, options=self.options, seed=seed,
                                 seats=[{"name": s.name, "agent": s.kind} for s in seats])
        # A seat whose agent reads only the legal actions keeps one blind decision for the game
        # and gets it with each decision's legal actions in it: nothing else is made per action.
        self.agents: list[Agent | None] = []
        self._deciders: list[tuple[Any, Any, Decision | None]] = []
        sampled = False  # does any agent read everything (its decisions draw from the resampler)?
        for i, s in enumerate(seats):
            agent = s.agent if s.bot is None else s.bot.factory(game, i, bot_rng(seed, i))
            self.agents.append(agent)
            if agent is None:
                self._deciders.append((None, None, None))
                continue
            reads = getattr(agent, "reads", "all")
            self._deciders.append((agent.choose, decision_maker(agent),
                                   Decision.blind(game, i, ()) if reads == "legal" else None))
            sampled = sampled or reads not in ("legal", "view")
        #: Draws what each bot decision's copy hides: one generator per game, made only if used.
        self._resample = random.Random(seed) if sampled else None
        self._ended = False
        self.log: list[Logged] = [Logged(0, e) for e in game.opening_events(state)] if self._keep_log else []
        if not actions:
            return
        apply = game.apply
        for seat, action in actions:
            choose, decision, blind = self._deciders[seat]
            if choose is not None and self.seats[seat].agent is None:
                self._ask(seat, choose, decision, blind)
            events = apply(state, seat, action)
            self.record.actions.append((seat, action))
            if self._keep_log:
                step = len(self.record.actions)
                self.log.extend(Logged(step, e) for e in events)
        self._end_if_over(observe=False)

    def _ask(self, seat: int, choose: Callable, decision: Callable, blind: Decision | None) -> str:
        # An agent never gets the state: a copy determinized for its seat, or less.
        if blind is not None:
            blind.legal = self.game.legal_actions(self.state, seat)
            return choose(blind)
        return choose(decision(self.game, self.state, seat, self.game.legal_actions(self.state, seat), self._resample))

    # ---- the loop ---------------------------------------------------------------------

    def _teller(self, on_event: Callable[[Event], None] | None, *, log: bool) -> Callable[[Event], None] | None:
        """One callable telling an event to everyone listening (None: nobody is)."""
        if on_event is None and self._observe_event is None and not self._keep_log:
            return None
        parts: list[Callable[[Event], None]] = []
        if log and self._keep_log:
            append, actions = self.log.append, self.record.actions
            parts.append(lambda event: append(Logged(len(actions), event)))
        if on_event is not None:
            parts.append(on_event)
        if self._observe_event is not None:
            observe, game, names = self._observe_event, self.game, self.names
            parts.append(lambda event: observe(game=game, seat_names=names, event=event))
        if len(parts) <= 1:
            return parts[0] if parts else None

        def tell(event: Event) -> None:
            for part in parts:
                part(event)
        return tell

    def _run(self, on_event: Callable[[Event], None] | None = None,
             before_decision: Callable[[int, Any], None] | None = None,
             step_limit: int | None = None) -> Outcome | None:
        """Ask bots and agents and apply their actions until a person must decide (None) or the
        game ends (its outcome). The simulation's inner loop: keep it lean."""
        game, state = self.game, self.state
        tell = self._teller(on_event, log=True)
        if not self._opened:  # a new game: tell its setup
            self._opened = True
            opening = tell if not self._keep_log else self._teller(on_event, log=False)
            if opening is not None:
                for event in [logged.event for logged in self.log] if self._keep_log else game.opening_events(state):
                    opening(event)
        limit = step_limit or game.step_limit(len(self.seats))
        outcome_of, to_act, legal_actions, apply = game.outcome, game.to_act, game.legal_actions, game.apply
        deciders, resample = self._deciders, self._resample
        actions = self.record.actions
        record = actions.append
        steps = len(actions)
        while (outcome := outcome_of(state)) is None:
            if steps >= limit:
                seed = "" if self.humans else f" (seed {self.seed})"  # a person's game keeps its seed secret
                raise StepLimitExceeded(f"{game.name} did not end within {limit} actions{seed}.")
            seat = to_act(state)[0]
            choose, decision, blind = deciders[seat]
            if choose is None:  # a person decides: the front end asks them
                return None
            if before_decision is not None:
                before_decision(seat, state)
            if blind is not None:
                blind.legal = legal_actions(state, seat)
                action = choose(blind)
            else:
                action = choose(decision(game, state, seat, legal_actions(state, seat), resample))
            events = apply(state, seat, action)
            record((seat, action))
            steps += 1
            if events and tell is not None:
                for event in events:
                    tell(event)
        if not self._ended:
            self._end_if_over(outcome)
            if self.on_save is not None:
                self.on_save(self.record)
        return outcome

    def _end_if_over(self, outcome: Outcome | None = None, *, observe: bool = True) -> bool:
        """Once the game is over: its outcome in the record and the end observers told. True
        if it has just ended."""
        if self._ended:
            return False
        if outcome is None:
            outcome = self.game.outcome(self.state)
            if outcome is None:
                return False
        self._ended = True
        self.record.outcome = outcome.to_dict()
        if observe and self._observe_end is not None:
            self._observe_end(game=self.game, record=self.record)
        return True

    def play(self, *, on_event: Callable[[Event], None] | None = None,
             before_decision: Callable[[int, Any], None] | None = None,
             step_limit: int | None = None) -> MatchResult:
        """Play a table of bots and agents to the end. ``before_decision(seat, state)`` runs
        before each is asked; ``on_event`` sees every event, secret ones included."""
        outcome = self._run(on_event, before_decision, step_limit)
        if outcome is None:
            raise TabletopError(f"{self.names[self.to_act()]} is a person: `play` runs tables of bots only.")
        return MatchResult(record=self.record, state=self.state, outcome=outcome)

    def advance(self, on_event: Callable[[Event], None] | None = None) -> Turn | None:
        """Let bots act until a person must decide (their :class:`Turn`) or the game ends (None).
        ``on_event`` sees each event as it happens, secret ones included: show only what the
        person at the screen may see."""
        if self._run(on_event) is not None:
            return None
        seat = self.to_act()
        if len(self.humans) < 2 or seat == self.at_screen:
            return Turn(seat)
        self.at_screen = seat
        return Turn(seat, True, tuple(self.visible_log(None, since=self.last_step_of(seat))))

    def submit(self, seat: int, action: str) -> list[Logged]:
        """A person's action, then a save; the game raises ActionError (state untouched) if it is
        illegal. Returns what happened."""
        if not self.seats[seat].person:
            raise TabletopError(f"{self.names[seat]} is not a person: it chooses for itself.")
        deciding = self.to_act()
        if deciding is not None and deciding != seat:
            raise TabletopError(f"{self.names[seat]} is not asked now: {self.names[deciding]} decides first.")
        events = self.game.apply(self.state, seat, action)
        self.record.actions.append((seat, action))
        tell = self._teller(None, log=True)
        if tell is not None:
            for event in events:
                tell(event)
        step = len(self.record.actions)
        self._end_if_over()
        self.save()
        return [Logged(step, e) for e in events]

    def save(self) -> None:
        """Hand the record to the front end's ``on_save`` (a save point)."""
        if self.on_save is not None:
            self.on_save(self.record)

    # ---- where the game is --------------------------------------------------------------

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
        return seat if seat is not None and self.seats[seat].person else None

    def waiting(self) -> str:
        return "Bots are thinking..."

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see now (None: a spectator's view)."""
        return self.game.view(self.state, seat)

    def public_view(self) -> dict[str, Any]:
        return self.game.view(self.state, None)

    def decision(self, seat: int) -> Decision:
        """A person's decision: it draws nothing from the game's generator, so looking at it
        again (the screen does) changes nothing the bots will do."""
        return Decision(self.game, self.state, seat, self.game.legal_actions(self.state, seat),
                        rng=random.Random(seat))

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
