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

from tabletop.core.decision import Decision
from tabletop.core.errors import ActionError, IllegalAction, RecordError, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.program import command
from tabletop.core.record import GameRecord
from tabletop.engine import takeback
from tabletop.engine.asking import Asking
from tabletop.engine.listeners import Listeners
from tabletop.engine.loop import TableLoop
from tabletop.engine.table import (
    HUMAN,
    Logged,
    MatchResult,
    SeatSpec,
    Turn,
    UndoPlan,
    UndoRefused,
)

__all__ = ["Session"]


class Session:
    """A game in progress; :attr:`record` always holds every action taken so far (and the sealed
    choices held, in ``record.held``)."""

    __slots__ = ("game", "seats", "names", "seed", "pm", "options", "humans", "at_screen", "on_save", "on_change",
                 "plugins_off", "_loop", "_asking", "_held", "_listeners")

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
        self._listeners = Listeners(game, self.names, pm, on_plugin_error, keep_log)
        self.plugins_off = self._listeners.plugins_off
        self._asking = Asking(self.names, humans)
        self._held = self._asking.held
        self._loop = TableLoop(game, seats, self.names, humans, seed, self.options, self._asking, self._listeners,
                               resumed=bool(actions))
        self._loop.rebuild(actions, held)

    @classmethod
    def resume(cls, game: Game, record: GameRecord, *, bots: Callable[[str], Any],
               pm: pluggy.PluginManager | None = None,
               on_plugin_error: Callable[[str], None] | None = None) -> Session:
        """Continue an unfinished record; ``bots(name)`` gives the BotSpec of a bot named in it."""
        if record.outcome is not None:
            raise RecordError(f"That game is over; watch it again with `{command('replay')}`.")
        record.replay(game)  # one clear sentence if the record does not fit this game
        game = record.rules(game)  # an older record goes on under the rules it was made with
        seats = []
        for seat in record.seats:
            kind = seat.get("agent") or HUMAN
            seats.append(SeatSpec(seat["name"], kind, None if kind == HUMAN else bots(kind)))
        return cls(game, seats, seed=record.seed, options=record.options, pm=pm, actions=record.actions,
                   held=record.held, on_plugin_error=on_plugin_error)

    # ---- the loop ---------------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        """Every action taken so far, in the order taken (and the sealed choices held)."""
        return self._loop.record

    @property
    def _state(self) -> Any:
        """The true state: the engine's, and white-box tests'; nothing outside the engine reads it."""
        return self._loop.state

    @property
    def agents(self) -> list[Any]:
        """Each seat's bot or agent object (None: a person)."""
        return self._loop.agents

    def _run(self, on_event: Callable[[Event], None] | None = None, step_limit: int | None = None) -> Outcome | None:
        """The loop's run, and a save when it has just ended the game."""
        loop = self._loop
        ended = loop.ended
        outcome = loop.run(on_event, step_limit)
        if outcome is not None and not ended and self.on_save is not None:
            self.on_save(loop.record)
        return outcome

    def play(self, *, on_event: Callable[[Event], None] | None = None, step_limit: int | None = None) -> MatchResult:
        """Play a table of bots and agents to the end; ``on_event`` sees every event, secret ones
        included."""
        outcome = self._run(on_event, step_limit)
        if outcome is None:
            raise TabletopError(f"{self.names[self.asked()[0]]} is a person: `play` runs tables of bots only.")
        loop = self._loop
        return MatchResult(record=loop.record, state=loop.state, outcome=outcome)

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
        asking, loop = self._asking, self._loop
        if decision is not None or asking.held or seat not in asking.persons:  # the usual case skips the call
            asking.refuse(seat, action, decision)
        if loop.sealing is None:
            events = loop.take(seat, action, loop.tell)
        else:
            events = loop.act(seat, action, loop.tell)
        asking.opened.pop(seat, None)
        self._settle()
        record = loop.record
        if self.on_save is not None:
            self.on_save(record)
        return [Logged(len(record.actions), e) for e in events] if events else []

    def _settle(self) -> None:
        """After people's choices: the game ended, or the decisions open now are numbered."""
        loop = self._loop
        asked = loop.asked()
        if not asked:
            loop.end_if_over()
        self._asking.open(asked)

    def submit_together(self, choices: Mapping[int, str]) -> list[Logged]:
        """Several seats' choices at one moment (a parallel learning environment's step): each is
        checked first, then all are taken in seat order, or none is. Raises an ActionError naming
        the first seat and action refused."""
        game, loop = self.game, self._loop
        for seat, action in sorted(choices.items()):
            self._asking.refuse(seat, action, None)
            if action not in self.legal_actions(seat):
                why = self.refusal(seat, action) or f"{self.names[seat]} is not asked now."
                raise IllegalAction(f"Nothing was taken: {self.names[seat]}'s action '{action[:40]}' is refused. {why}",
                                    seat=seat, action=action)
        step = len(self.record.actions)
        events: list[Event] = []
        try:
            for seat, action in sorted(choices.items()):
                events += loop.act(seat, action, loop.tell)
                self._asking.opened.pop(seat, None)
        except ActionError as error:  # one seat's choice changed another's: the game's contract is broken
            loop.rebuild(self.record.actions[:step])
            raise TabletopError(f"{game.name} refused {error.action!r} of seat {(error.seat or 0) + 1} once the other "
                                f"choices of the same moment were taken ({error}); none was taken.") from None
        self._settle()
        self.save()
        return [Logged(len(self.record.actions), e) for e in events]

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
    def log(self) -> list[Logged]:
        """The narration so far (empty if none is kept): show each item only to whom it is visible."""
        return self._listeners.log

    @property
    def steps(self) -> int:
        """How many actions have been taken."""
        return len(self._loop.record.actions)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self._loop.state)

    def asked(self) -> list[int]:
        """The seats asked now that have not chosen yet (none once the game is over)."""
        return list(self._loop.asked())

    def chosen(self) -> list[int]:
        """The seats whose sealed choice is held: everyone may know they have chosen."""
        return sorted(self._held)

    def human_to_act(self) -> int | None:
        """The first person asked now (no stand-in playing for them), or None."""
        for seat in self._loop.asked():
            if self.seats[seat].person and seat not in self._asking.stand_ins:
                return seat
        return None

    def decision_number(self, seat: int) -> int | None:
        """The number of the decision ``seat`` is asked now (None: it is not asked). A new one
        opens whenever the seat is asked afresh (after its own choice, a takeback, a resume)."""
        return self._asking.opened.get(seat)

    def waiting(self) -> str:
        return "Bots are thinking..."

    def legal_actions(self, seat: int) -> list[str]:
        """What ``seat`` may choose now (nothing if it is not asked or has chosen)."""
        if seat in self._held:
            return []
        return list(self.game.legal_actions(self._loop.state, seat))

    def describe(self, seat: int, action: str) -> str:
        """The game's few words on ``action`` for ``seat``, from what the seat may see."""
        return self.game.describe_action(self._loop.state, seat, action)

    def refusal(self, seat: int, action: str) -> str | None:
        """Why :meth:`submit` would refuse ``action`` from ``seat`` now (one sentence), or None."""
        try:
            self._asking.refuse(seat, action, None)
            return self.game.refusal(self._loop.state, seat, action)
        except ActionError as error:
            return str(error)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see now (None: a spectator's view)."""
        return self.game.view(self._loop.state, seat)

    def public_view(self) -> dict[str, Any]:
        return self.game.view(self._loop.state, None)

    def decision(self, seat: int) -> Decision:
        """A person's decision: it draws nothing from the game's generator, so looking at it
        again (the screen does) changes nothing the bots will do."""
        return Decision(self.game, self._loop.state, seat, self.legal_actions(seat), rng=random.Random(seat))

    def seen_by(self, seat: int | None, reader: Callable[[Any, int | None], Any]) -> Any:
        """``reader(state, seat)``: the one door to the true state outside the engine, for code
        that reads a seat's components faster than its view (the learning environments'
        observation encoder, a shaped reward); ``reader`` must return only what ``seat`` sees."""
        return reader(self._loop.state, seat)

    # ---- what a seat may see of the narration ----------------------------------------------

    def visible_log(self, seat: int | None, *, since: int | None = None) -> list[str]:
        """Narration lines ``seat`` may see (None: public only) after action number ``since``
        (None: all of them, the setup's included)."""
        return self._listeners.visible(seat, since)

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
            self._loop.moved()
            self._asking.open(self.asked())
        else:
            self._loop.rebuild(list(self.record.actions[:plan.point]))
        self.at_screen = seat if seat in self.humans else self.at_screen
        self.save()
