"""One game at a table: the only loop that runs a game, and the only face of a game in progress.

Seats. Each seat is a :class:`SeatSpec`: a person (the table waits for :meth:`Session.submit`),
a bot (a ``BotSpec``, made with its own generator ``bot_rng(seed, seat)``), or an agent object
(anything with ``choose(decision)``, a remote or scripted player), asked as a bot is; an agent
object is never remade, so a takeback or a resume does not ask it again. A person may have a
stand-in (:meth:`Session.stand_in`: a bot that plays for someone away), whose actions are the
person's in the record.

Who is asked. The game's ``to_act`` names the seats asked now; several means a simultaneous,
secret decision. Every asked seat may answer, in any order: bots are asked at once (they never
wait for people), people whenever they submit, and a seat with several secret decisions in a
row (three picks, five programmed slots) makes them one after another without waiting for
anyone. A choice is applied as it arrives, unless the game says the decision is ``sealed``:
then each choice is checked and held (and saved with the record) until every asked seat has
chosen, and all are applied in seat order. Either way no seat learns more than "X has chosen",
and the same choices in any arrival order reach the same game (``tabletop check`` plays each
game in several orders to hold a game to it). The record keeps the order choices were applied.

The loop. :meth:`Session.advance` lets bots act until a person must decide or the game ends and
returns that person's :class:`Turn` (None at the end); :meth:`Session.submit` takes a person's
action (:meth:`Session.submit_together`: several seats' at once, all or none); :meth:`Session.play`
runs a table of bots to the end. All of them step through :meth:`Session._run`, the fast loop a
simulation needs: the contract's methods looked up once, one blind decision per ``reads =
"legal"`` seat, events walked only when someone listens. Nothing here reads a terminal, prints or
waits: a front end (the plain prompt, the full screen, a server, a learning environment) calls
these methods and shows what they return. The state is private: a front end asks the session
(who is asked, legal actions, descriptions, refusals, views, decisions) and never the game.

Determinism. One generator per game (seeded with the game seed) draws what each bot decision's
copy hides; a person's decision draws nothing from it. Taking back and resuming rebuild the game
from its record, every bot remade and asked again at each of its recorded decisions, so it goes
on choosing as it did (taking back: :mod:`tabletop.engine.takeback`).

Hand-over. People sharing one screen pass it between them: :meth:`advance` offers the first
person asked (so people at one keyboard answer in seat order), and its :class:`Turn` says whether
this person is another than the one who decided last at the screen (a hand-over page first) and
what public narration they missed. One driver at a time: a server serialises a table's calls.
Saving: ``on_save(record)`` after each person's action, after a takeback and at the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pluggy

from tabletop.core.decision import Agent, Decision, decision_maker
from tabletop.core.errors import ActionError, IllegalAction, RecordError, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.record import GameRecord
from tabletop.engine import takeback
from tabletop.engine.asking import Asking
from tabletop.engine.registry import GuardedHook
from tabletop.engine.table import (
    HUMAN,
    Logged,
    MatchResult,
    NotAsked,
    SeatSpec,
    StepLimitExceeded,
    Turn,
    UndoPlan,
    UndoRefused,
    bot_rng,
)

__all__ = ["Session"]


class Session:
    """A game in progress; :attr:`record` always holds every action taken so far (and the sealed
    choices held, in ``record.held``)."""

    __slots__ = ("game", "seats", "names", "seed", "pm", "options", "humans", "at_screen", "on_save", "on_change",
                 "plugins_off", "record", "agents", "log",
                 "_state", "_asking", "_held", "_sealing",
                 "_observe_event", "_observe_end", "_keep_log", "_told_opening", "_deciders", "_resample", "_ended")

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatSpec],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        pm: pluggy.PluginManager | None = None,
        actions: Sequence[tuple[int, str]] = (),
        held: Sequence[tuple[int, str]] = (),
        on_plugin_error: Callable[[str], None] | None = None,
        keep_log: bool = True,
    ):
        """``pm``: plugins observing events and game ends (``on_plugin_error`` gets one sentence
        when one raises and is switched off). ``keep_log``: keep the narration log (:attr:`log`)
        a front end reads; a simulation keeps none. ``actions``: take these first, and ``held``:
        the sealed choices then held (a resume)."""
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
        #: Whether the game is sealed at some decisions (a game that never is skips the question).
        self._sealing = game.sealed if type(game).sealed is not Game.sealed else None
        self._asking = Asking(seats)
        self._held = self._asking.held
        self._told_opening = bool(actions)  # a resumed game does not tell its setup again
        self._rebuild(actions, held)

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
                   held=record.held, on_plugin_error=on_plugin_error)

    # ---- building the game ------------------------------------------------------------

    def _rebuild(self, actions: Sequence[tuple[int, str]], held: Sequence[tuple[int, str]] = ()) -> None:
        """Set up and take ``actions``, asking each bot at its decisions so its generator advances
        as it did the first time (bots are remade; agent objects and stand-ins are kept and not
        asked); then hold ``held``."""
        game, seed, seats = self.game, self.seed, self.seats
        self._state = state = game.setup(len(seats), self.options, seed)
        self.record = GameRecord(game=game.name, version=game.version, options=self.options, seed=seed,
                                 seats=[{"name": s.name, "agent": s.kind} for s in seats])
        self._asking.restart()
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
        log = self._log_teller()
        self._replay(list(actions), log)
        for seat, action in held:
            try:
                self._hold(seat, action, check=True, tell=log)
            except ActionError as error:
                raise RecordError(f"The held choice of {self.names[seat]} does not fit the game: {error}") from None
        self._end_if_over(observe=False)
        self._open_decisions()

    def _replay(self, actions: list[tuple[int, str]], log: Callable[[Event], None] | None) -> None:
        """Take recorded actions, asking the bots where they decided: a sealed decision's bots all
        chose before any of its choices was applied, so they are asked first there too."""
        game, state, sealing = self.game, self._state, self._sealing
        index = 0
        while index < len(actions):
            group = actions[index:index + 1]
            if sealing is not None and sealing(state):
                asked = list(game.to_act(state))
                batch = actions[index:index + len(asked)]
                if [seat for seat, _ in batch] == sorted(asked):
                    group = batch
                    for seat in asked:
                        self._ask_again(seat)
            else:
                self._ask_again(group[0][0])
            for seat, action in group:
                self._take(seat, action, log)
            index += len(group)

    def _ask_again(self, seat: int) -> None:
        """Ask a remade bot at a recorded decision, so its generator advances as it did (its
        choice is the record's, not asked for)."""
        choose, decision, blind = self._deciders[seat]
        if choose is None or self.seats[seat].agent is not None:
            return
        legal = self.game.legal_actions(self._state, seat)
        if blind is not None:
            blind.legal = legal
            choose(blind)
        else:
            choose(decision(self.game, self._state, seat, legal, self._resample))

    def _take(self, seat: int, action: str, tell: Callable[[Event], None] | None) -> list[Event]:
        """Apply one action, put it in the record and tell its events (``tell``: the log, the
        observers, a front end; None: nobody)."""
        events = self.game.apply(self._state, seat, action)
        self.record.actions.append((seat, action))
        if tell is not None:
            for event in events:
                tell(event)
        return list(events)

    def _act(self, seat: int, action: str, tell: Callable[[Event], None] | None) -> list[Event]:
        """Apply (or, at a sealed decision, hold) one seat's choice taken outside the fast loop."""
        sealing = self._sealing
        if sealing is not None and sealing(self._state):
            return self._hold(seat, action, check=True, tell=tell)
        return self._take(seat, action, tell)

    # ---- sealed choices -----------------------------------------------------------------

    def _hold(self, seat: int, action: str, *, check: bool, tell: Callable[[Event], None] | None = None) -> list[Event]:
        """Hold a sealed choice (checked first if it comes from outside); once every asked seat
        has chosen, apply them all in seat order. Returns the events of that, if it happened."""
        game, state = self.game, self._state
        if check:
            if seat not in game.to_act(state):
                game.apply(game.copy(state), seat, action)  # the game's own sentence for a seat not asked
                raise NotAsked(f"{self.names[seat]} is not asked now.", seat=seat, action=action)
            why = game.refusal(state, seat, action)
            if why is not None:
                raise IllegalAction(why, seat=seat, action=action)
        self._held[seat] = action
        self.record.held = sorted(self._held.items())
        if any(s not in self._held for s in game.to_act(state)):
            return []
        held = dict(self._held)
        self._held.clear()
        self.record.held = []
        events: list[Event] = []
        done = len(self.record.actions)
        try:
            for s in sorted(held):
                events += self._take(s, held[s], tell)
        except ActionError as error:  # the game broke its contract: a sealed choice depended on another
            self._rebuild(self.record.actions[:done])
            raise TabletopError(f"{game.name} refused {self.names[error.seat or 0]}'s sealed choice once the "
                                f"others' were applied ({error}); the game's plugin must let sealed choices "
                                "stand alone. The choices were taken back.") from None
        return events

    def chosen(self) -> list[int]:
        """The seats whose sealed choice is held: everyone may know they have chosen."""
        return sorted(self._held)

    # ---- the loop ---------------------------------------------------------------------

    def _log_teller(self) -> Callable[[Event], None] | None:
        """Puts an event in the narration log (None when none is kept): a rebuild tells nobody else."""
        if not self._keep_log:
            return None
        append, actions = self.log.append, self.record.actions
        return lambda event: append(Logged(len(actions), event))

    def _teller(self, on_event: Callable[[Event], None] | None, *, log: bool) -> Callable[[Event], None] | None:
        """One callable telling an event to everyone listening (None: nobody is)."""
        if on_event is None and self._observe_event is None and not self._keep_log:
            return None
        parts: list[Callable[[Event], None]] = []
        if log and self._keep_log:
            parts.append(self._log_teller())
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
        """Ask bots and agents and apply their actions until only people must decide (None) or
        the game ends (its outcome). The simulation's inner loop: keep it lean."""
        game, state = self.game, self._state
        tell = self._teller(on_event, log=True)
        if not self._told_opening:  # a new game: tell its setup
            self._told_opening = True
            opening = tell if not self._keep_log else self._teller(on_event, log=False)
            if opening is not None:
                for event in [logged.event for logged in self.log] if self._keep_log else game.opening_events(state):
                    opening(event)
        limit = step_limit or game.step_limit(len(self.seats))
        outcome_of, to_act, legal_actions, apply = game.outcome, game.to_act, game.legal_actions, game.apply
        deciders, resample, sealing, held = self._deciders, self._resample, self._sealing, self._held
        actions = self.record.actions
        record = actions.append
        while (outcome := outcome_of(state)) is None:
            steps = len(actions)
            if steps >= limit:
                seed = "" if self.humans else f" (seed {self.seed})"  # a person's game keeps its seed secret
                raise StepLimitExceeded(f"{game.name} did not end within {limit} actions{seed}.")
            acting = to_act(state)
            seat = acting[0]
            choose, decision, blind = deciders[seat]
            if choose is None or held:  # a person first, or a sealed decision under way: any bot asked?
                found = self._asking.first_decider(acting, deciders)
                if found is None:  # only people must decide: the front end asks them
                    self._open_decisions()
                    return None
                seat, choose, decision, blind = found
                if deciders[seat][0] is None:  # a stand-in for a person, with its own generator
                    action = choose(decision(game, state, seat, legal_actions(state, seat),
                                             self._asking.stand_ins[seat][2]))
                    self._act(seat, action, tell)
                    continue
            if before_decision is not None:
                before_decision(seat, state)
            if blind is not None:
                blind.legal = legal_actions(state, seat)
                action = choose(blind)
            else:
                action = choose(decision(game, state, seat, legal_actions(state, seat), resample))
            if sealing is not None and sealing(state):
                self._hold(seat, action, check=False, tell=tell)
                continue
            events = apply(state, seat, action)
            record((seat, action))
            if events and tell is not None:
                for event in events:
                    tell(event)
        if not self._ended:
            self._end_if_over(outcome)
            self._open_decisions()
            if self.on_save is not None:
                self.on_save(self.record)
        return outcome

    def _end_if_over(self, outcome: Outcome | None = None, *, observe: bool = True) -> bool:
        """Once the game is over: its outcome in the record and the end observers told. True
        if it has just ended."""
        if self._ended:
            return False
        if outcome is None:
            outcome = self.game.outcome(self._state)
            if outcome is None:
                return False
        self._ended = True
        self.record.outcome = outcome.to_dict()
        if observe and self._observe_end is not None:
            self._observe_end(game=self.game, record=self.record)
        return True

    def _open_decisions(self) -> None:
        """Number the decisions open now (see :class:`~tabletop.engine.asking.Asking`)."""
        self._asking.open(self.asked())

    def play(self, *, on_event: Callable[[Event], None] | None = None,
             before_decision: Callable[[int, Any], None] | None = None,
             step_limit: int | None = None) -> MatchResult:
        """Play a table of bots and agents to the end. ``before_decision(seat, state)`` runs
        before each is asked; ``on_event`` sees every event, secret ones included."""
        outcome = self._run(on_event, before_decision, step_limit)
        if outcome is None:
            raise TabletopError(f"{self.names[self.asked()[0]]} is a person: `play` runs tables of bots only.")
        return MatchResult(record=self.record, state=self._state, outcome=outcome)

    def advance(self, on_event: Callable[[Event], None] | None = None) -> Turn | None:
        """Let bots act until only people must decide (the first person's :class:`Turn`) or the
        game ends (None). ``on_event`` sees each event as it happens, secret ones included: show
        only what the person at the screen may see."""
        if self._run(on_event) is not None:
            return None
        seat = self.human_to_act()
        if len(self.humans) < 2 or seat == self.at_screen:
            return Turn(seat)
        self.at_screen = seat
        return Turn(seat, True, tuple(self.visible_log(None, since=self.last_step_of(seat))))

    # ---- people's choices -----------------------------------------------------------------

    def submit(self, seat: int, action: str, *, decision: int | None = None) -> list[Logged]:
        """A person's choice, applied (or held, at a sealed decision), then a save. ``decision``:
        the :meth:`decision_number` the answer was made for (a stale one is refused). Raises an
        ActionError (nothing changed) if refused. Returns what happened."""
        self._asking.refuse(seat, action, decision)
        step = len(self.record.actions)
        events = self._act(seat, action, self._teller(None, log=True))
        self._asking.opened[seat] = None
        self._end_if_over()
        self._open_decisions()
        self.save()
        return self._logged(step, events)

    def submit_together(self, choices: Mapping[int, str]) -> list[Logged]:
        """Several seats' choices at one moment (a parallel learning environment's step): each is
        checked first, then all are taken in seat order, or none is. Raises an ActionError naming
        the first seat and action refused."""
        game = self.game
        for seat, action in sorted(choices.items()):
            self._asking.refuse(seat, action, None)
            if action not in self.legal_actions(seat):
                why = self.refusal(seat, action) or f"{self.names[seat]} is not asked now."
                raise IllegalAction(f"Nothing was taken: {self.names[seat]}'s action '{action[:40]}' is refused. {why}",
                                    seat=seat, action=action)
        step = len(self.record.actions)
        tell = self._teller(None, log=True)
        events: list[Event] = []
        try:
            for seat, action in sorted(choices.items()):
                events += self._act(seat, action, tell)
                self._asking.opened[seat] = None
        except ActionError as error:  # one seat's choice changed another's: the game's contract is broken
            self._rebuild(self.record.actions[:step])
            raise TabletopError(f"{game.name} refused {error.action!r} of seat {(error.seat or 0) + 1} once the other "
                                f"choices of the same moment were taken ({error}); none was taken.") from None
        self._end_if_over()
        self._open_decisions()
        self.save()
        return self._logged(step, events)

    def _logged(self, step: int, events: Sequence[Event]) -> list[Logged]:
        """The events of one submission, each with the number of actions taken when it happened."""
        if not events:
            return []
        return [Logged(max(step + 1, len(self.record.actions)), e) for e in events]

    def stand_in(self, seat: int, agent: Any, rng: random.Random | None = None) -> None:
        """Let ``agent`` (anything with ``choose(decision)``) decide for the person in ``seat``
        whenever it is asked, until :meth:`seat_back`; its actions are the person's in the record."""
        self._asking.stand_in(seat, agent, rng or random.Random(f"stand-in:{self.seed}:{seat}"))

    def seat_back(self, seat: int) -> bool:
        """The person is back: their stand-in stops. True if there was one."""
        return self._asking.stand_ins.pop(seat, None) is not None

    def stood_in(self) -> list[int]:
        """The person seats a stand-in plays for now."""
        return sorted(self._asking.stand_ins)

    def save(self) -> None:
        """Hand the record to the front end's ``on_save`` (a save point)."""
        if self.on_save is not None:
            self.on_save(self.record)

    # ---- where the game is, as each seat may know it ---------------------------------------

    @property
    def steps(self) -> int:
        return len(self.record.actions)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self._state)

    def asked(self) -> list[int]:
        """The seats asked now that have not chosen yet (none once the game is over)."""
        if self.game.outcome(self._state) is not None:
            return []
        held = self._held
        return [s for s in self.game.to_act(self._state) if s not in held]

    def human_to_act(self) -> int | None:
        """The first person asked now (no stand-in playing for them), or None."""
        for seat in self.asked():
            if self.seats[seat].person and seat not in self._asking.stand_ins:
                return seat
        return None

    def decision_number(self, seat: int) -> int | None:
        """The number of the decision ``seat`` is asked now (None: it is not asked). A new one
        opens whenever the seat is asked afresh (after its own choice, a takeback, a resume)."""
        return self._asking.opened[seat]

    def waiting(self) -> str:
        return "Bots are thinking..."

    def legal_actions(self, seat: int) -> list[str]:
        """What ``seat`` may choose now (nothing if it is not asked or has chosen)."""
        if seat in self._held:
            return []
        return list(self.game.legal_actions(self._state, seat))

    def describe(self, seat: int, action: str) -> str:
        """The game's few words on ``action`` for ``seat``, from what the seat may see."""
        return self.game.describe_action(self._state, seat, action)

    def refusal(self, seat: int, action: str) -> str | None:
        """Why :meth:`submit` would refuse ``action`` from ``seat`` now (one sentence), or None."""
        try:
            self._asking.refuse(seat, action, None)
            return self.game.refusal(self._state, seat, action)
        except ActionError as error:
            return str(error)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see now (None: a spectator's view)."""
        return self.game.view(self._state, seat)

    def public_view(self) -> dict[str, Any]:
        return self.game.view(self._state, None)

    def decision(self, seat: int) -> Decision:
        """A person's decision: it draws nothing from the game's generator, so looking at it
        again (the screen does) changes nothing the bots will do."""
        return Decision(self.game, self._state, seat, self.legal_actions(seat), rng=random.Random(seat))

    def seen_by(self, seat: int | None, reader: Callable[[Any, int | None], Any]) -> Any:
        """``reader(state, seat)``: the one door to the true state outside the engine, for code
        that reads a seat's components faster than its view (the learning environments'
        observation encoder, a shaped reward); ``reader`` must return only what ``seat`` sees."""
        return reader(self._state, seat)

    # ---- what a seat may see of the narration ----------------------------------------------

    def visible_log(self, seat: int | None, *, since: int | None = None) -> list[str]:
        """Narration lines ``seat`` may see (None: public only) after action number ``since``
        (None: all of them, the setup's included)."""
        return [item.event.render(self.names) for item in self.log
                if (since is None or item.step > since) and item.event.visible(seat)]

    def last_step_of(self, seat: int) -> int | None:
        """The number of actions taken when ``seat`` last acted (None if never)."""
        point = takeback.undo_point(self.record.actions, seat, {})
        return None if point is None else point + 1

    # ---- taking back ---------------------------------------------------------------------------

    def undo_point(self, seat: int) -> int | None:
        """How many actions stay if ``seat`` takes back its last decision; None if it made none."""
        return takeback.undo_point(self.record.actions, seat, self._held)

    def plan_undo(self, seat: int) -> UndoPlan:
        """What a takeback by ``seat`` would do, deciding nothing: ask the others affected (if
        any) before :meth:`undo`, and say the refusal instead if there is one."""
        return takeback.plan_undo(self.game, self.record, self.seats, seat, self._held)

    def undo(self, seat: int, plan: UndoPlan | None = None) -> None:
        """Go back to just before ``seat``'s last decision (bots remade and replayed, choosing as
        before; a held sealed choice is simply dropped), then save; raises UndoRefused with the
        sentence saying why not. ``plan``: one :meth:`plan_undo` made just now."""
        if plan is None or plan.seat != seat or plan.point != self.undo_point(seat):
            plan = self.plan_undo(seat)
        if plan.refusal is not None:
            raise UndoRefused(plan.refusal)
        if seat in self._held:
            del self._held[seat]
            self.record.held = sorted(self._held.items())
            self._open_decisions()
        else:
            self._rebuild(list(self.record.actions[:plan.point]))
        self.at_screen = seat if seat in self.humans else self.at_screen
        self.save()
