"""The one table loop, which alone holds a game's true state: it sets a game up, replays a
record (bots remade and asked again where they decided), asks bots and agents until only people
must decide, takes each choice (or holds it, at a sealed decision, and applies all in seat order
once every seat asked has chosen) and ends the game.

:class:`~tabletop.engine.session.Session` is its only face: every front end, and every kind of
seat, drives a game through the session, which owns one :class:`TableLoop`. The loop is kept
apart so the simulation's inner loop (:meth:`TableLoop.run`) reads on its own: the contract's
methods looked up once, one blind decision per ``reads = "legal"`` seat, events walked only when
someone listens.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.core.errors import ActionError, IllegalAction, RecordError, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.record import GameRecord
from tabletop.engine.asking import Asking, seat_deciders
from tabletop.engine.listeners import Listeners
from tabletop.engine.table import NotAsked, SeatSpec, StepLimitExceeded


def _NOBODY(event: Event) -> None:
    """Marks a teller worked out to be none (nobody listens)."""


class TableLoop:
    """One game's true state, its record and the seats' deciders, and the loop that advances it."""

    __slots__ = ("game", "seats", "names", "seed", "options", "humans", "asking", "held", "listeners", "sealing",
                 "state", "record", "agents", "deciders", "resample", "ended", "told_opening", "_tell", "_asked")

    def __init__(self, game: Game, seats: Sequence[SeatSpec], names: Sequence[str], humans: Sequence[int],
                 seed: int, options: dict[str, Any], asking: Asking, listeners: Listeners, *, resumed: bool):
        self.game, self.seats, self.names, self.humans, self.seed, self.options = game, seats, names, humans, seed, options
        self.asking, self.held, self.listeners = asking, asking.held, listeners
        #: Whether the game is sealed at some decisions (a game that never is skips the question).
        self.sealing = game.sealed if type(game).sealed is not Game.sealed else None
        self.told_opening = resumed  # a resumed game does not tell its setup again

    def asked(self) -> list[int]:
        """The seats asked now that have not chosen yet (none once the game is over). Worked out
        once per position (a learning environment asks after every move): do not change it."""
        asked = self._asked
        if asked is None:
            game, state, held = self.game, self.state, self.held
            if game.outcome(state) is not None:
                asked = []
            elif held:
                asked = [s for s in game.to_act(state) if s not in held]
            else:
                asked = list(game.to_act(state))
            self._asked = asked
        return asked

    def moved(self) -> None:
        """The position changed (an action taken, a choice held or dropped): who is asked is
        worked out again when next asked."""
        self._asked = None

    def rebuild(self, actions: Sequence[tuple[int, str]], held: Sequence[tuple[int, str]] = ()) -> None:
        """Set up and take ``actions``, asking each bot at its decisions so its generator advances
        as it did the first time (bots are remade; agent objects and stand-ins are kept and not
        asked); then hold ``held``."""
        game, seed, seats = self.game, self.seed, self.seats
        self.state = state = game.setup(len(seats), self.options, seed)
        self.record = GameRecord(game=game.name, version=game.version, options=self.options, seed=seed,
                                 seats=[{"name": s.name, "agent": s.kind} for s in seats])
        asking, listeners = self.asking, self.listeners
        if asking.held or asking.opened:  # a takeback: nothing held, decisions numbered afresh
            asking.restart()
        self.agents, self.deciders, sampled = seat_deciders(game, seats, seed)
        #: Draws what each bot decision's copy hides: one generator per game, made only if used.
        self.resample = random.Random(seed) if sampled else None
        self.ended = False
        self._asked = None
        if listeners.keep_log or listeners.log:
            listeners.restart(game, state)
        self._tell = None
        if actions or held:  # a resume or a takeback (a new game is set up and nothing more)
            log = self.listeners.log_teller(self.record.actions)
            self.replay(list(actions), log)
            for seat, action in held:
                try:
                    self.hold(seat, action, check=True, tell=log)
                except ActionError as error:
                    raise RecordError(f"The held choice of {self.names[seat]} does not fit the game: {error}") from None
            self.end_if_over(observe=False)
        if self.humans:  # only people's decisions are numbered
            self.asking.open(self.asked())

    @property
    def tell(self) -> Callable[[Event], None] | None:
        """Tells an event of a person's choice to everyone listening (None: nobody listens);
        made at the first person's choice after a rebuild (a table of bots never needs it)."""
        if self._tell is None:
            self._tell = self.listeners.teller(None, self.record.actions, log=True) or _NOBODY
        return None if self._tell is _NOBODY else self._tell

    def replay(self, actions: list[tuple[int, str]], log: Callable[[Event], None] | None) -> None:
        """Take recorded actions, asking the bots where they decided: a sealed decision's bots all
        chose before any of its choices was applied, so they are asked first there too."""
        game, state, sealing = self.game, self.state, self.sealing
        index = 0
        while index < len(actions):
            group = actions[index:index + 1]
            if sealing is not None and sealing(state):
                asked = list(game.to_act(state))
                batch = actions[index:index + len(asked)]
                if [seat for seat, _ in batch] == sorted(asked):
                    group = batch
                    for seat in asked:
                        self.ask_again(seat)
            else:
                self.ask_again(group[0][0])
            for seat, action in group:
                self.take(seat, action, log)
            index += len(group)

    def ask_again(self, seat: int) -> None:
        """Ask a remade bot at a recorded decision, so its generator advances as it did (its
        choice is the record's, not asked for)."""
        choose, decision, blind = self.deciders[seat]
        if choose is None or self.seats[seat].agent is not None:
            return
        legal = self.game.legal_actions(self.state, seat)
        if blind is not None:
            blind.legal = legal
            choose(blind)
        else:
            choose(decision(self.game, self.state, seat, legal, self.resample))

    def take(self, seat: int, action: str, tell: Callable[[Event], None] | None) -> Sequence[Event]:
        """Apply one action, put it in the record and tell its events (``tell``: the log, the
        observers, a front end; None: nobody)."""
        events = self.game.apply(self.state, seat, action)
        self.record.actions.append((seat, action))
        self._asked = None
        if tell is not None:
            for event in events:
                tell(event)
        return events

    def act(self, seat: int, action: str, tell: Callable[[Event], None] | None) -> Sequence[Event]:
        """Apply (or, at a sealed decision, hold) one seat's choice taken outside the fast loop."""
        sealing = self.sealing
        if sealing is not None and sealing(self.state):
            return self.hold(seat, action, check=True, tell=tell)
        return self.take(seat, action, tell)

    # ---- sealed choices -----------------------------------------------------------------

    def hold(self, seat: int, action: str, *, check: bool, tell: Callable[[Event], None] | None = None) -> Sequence[Event]:
        """Hold a sealed choice (checked first if it comes from outside); once every asked seat
        has chosen, apply them all in seat order. Returns the events of that, if it happened."""
        game, state = self.game, self.state
        if check:
            if seat not in game.to_act(state):
                game.apply(game.copy(state), seat, action)  # the game's own sentence for a seat not asked
                raise NotAsked(f"{self.names[seat]} is not asked now.", seat=seat, action=action)
            why = game.refusal(state, seat, action)
            if why is not None:
                raise IllegalAction(why, seat=seat, action=action)
        self.held[seat] = action
        self.record.held = sorted(self.held.items())
        self._asked = None
        if any(s not in self.held for s in game.to_act(state)):
            return []
        held = dict(self.held)
        self.held.clear()
        self.record.held = []
        events: list[Event] = []
        done = len(self.record.actions)
        try:
            for s in sorted(held):
                events += self.take(s, held[s], tell)
        except ActionError as error:  # the game broke its contract: a sealed choice depended on another
            self.rebuild(self.record.actions[:done])
            raise TabletopError(f"{game.name} refused {self.names[error.seat or 0]}'s sealed choice once the "
                                f"others' were applied ({error}); the game's plugin must let sealed choices "
                                "stand alone. The choices were taken back.") from None
        return events

    def run(self, on_event: Callable[[Event], None] | None = None, step_limit: int | None = None) -> Outcome | None:
        """Ask bots and agents and apply their actions until only people must decide (None) or
        the game ends (its outcome). The simulation's inner loop: keep it lean."""
        game, state = self.game, self.state
        listeners, actions = self.listeners, self.record.actions
        tell = self.tell if on_event is None else listeners.teller(on_event, actions, log=True)
        if not self.told_opening:  # a new game: tell its setup (the log has it already)
            self.told_opening = True
            opening = None if tell is None else listeners.teller(on_event, actions, log=False)
            if opening is not None:
                for event in game.opening_events(state):
                    opening(event)
        limit = step_limit or game.limit_of(len(self.seats), self.options)
        outcome_of, to_act, legal_actions, apply = game.outcome, game.to_act, game.legal_actions, game.apply
        deciders, resample, sealing, held = self.deciders, self.resample, self.sealing, self.held
        record = actions.append
        steps = len(actions)
        while (outcome := outcome_of(state)) is None:
            if steps >= limit:
                seed = "" if self.humans else f" (seed {self.seed})"  # a person's game keeps its seed secret
                raise StepLimitExceeded(f"{game.name} did not end within {limit} actions{seed}.")
            seat = to_act(state)[0]
            choose, decision, blind = deciders[seat]
            if choose is None or held:  # a person first, or a sealed decision under way: any bot asked?
                found = self.asking.first_decider(to_act(state), deciders)
                if found is None:  # only people must decide: the front end asks them
                    self._asked = None
                    self.asking.open(self.asked())
                    return None
                seat, choose, decision, blind = found
                if deciders[seat][0] is None:  # a stand-in for a person, with its own generator
                    action = choose(decision(game, state, seat, legal_actions(state, seat),
                                             self.asking.stand_ins[seat][2]))
                    self.act(seat, action, tell)
                    steps = len(actions)
                    continue
            if blind is not None:
                blind.legal = legal_actions(state, seat)
                action = choose(blind)
            else:
                action = choose(decision(game, state, seat, legal_actions(state, seat), resample))
            if sealing is not None and sealing(state):
                self.hold(seat, action, check=False, tell=tell)
                steps = len(actions)
                continue
            events = apply(state, seat, action)
            record((seat, action))
            steps += 1
            if events and tell is not None:
                for event in events:
                    tell(event)
        self._asked = None
        if not self.ended:
            self.end_if_over(outcome)
            if self.humans:
                self.asking.open(())
        return outcome

    def end_if_over(self, outcome: Outcome | None = None, *, observe: bool = True) -> bool:
        """Once the game is over: its outcome in the record and the end observers told. True
        if it has just ended."""
        if self.ended:
            return False
        if outcome is None:
            outcome = self.game.outcome(self.state)
            if outcome is None:
                return False
        self.ended = True
        self.record.outcome = outcome.to_dict()
        if observe and self.listeners.observe_end is not None:
            self.listeners.game_over(self.record)
        return True

