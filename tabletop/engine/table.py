"""What the table loop (:class:`~tabletop.engine.session.Session`) is given and gives back:
who sits in a seat, a person's turn, a takeback's plan, the events it logs, its errors; and
:class:`GameTable`, all a front end may use of a table, so the same screens drive a local
session and a seat at a table elsewhere (a network client)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Outcome
from tabletop.core.names import seat_name
from tabletop.core.record import GameRecord

if TYPE_CHECKING:
    from tabletop.core.decision import Decision
    from tabletop.core.game import Game

HUMAN = "human"


def bot_rng(game_seed: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat``: its choices depend on the game seed and seat alone."""
    return random.Random(f"bot:{game_seed}:{seat}")


class StepLimitExceeded(TabletopError):
    """A game ran past its step limit: a rules bug or an agent that never ends it."""


class NotAsked(IllegalAction):
    """A choice from a seat the table does not ask now (a bot's seat, a seat with nothing to decide)."""


class AlreadyChosen(IllegalAction):
    """A second choice to a sealed decision the seat has already answered."""


class StaleDecision(IllegalAction):
    """An answer to a decision that is no longer open: the game moved on, or a takeback or a
    resume opened it again. Nothing is changed; the seat looks again and chooses."""


#: The sentences of the three refusals above, the same at the prompt, over the wire and in RL.
ALREADY_CHOSEN = "{name} has already chosen; wait for the others."
STALE = ("That answer was for a decision that is no longer open (the game has moved on, or a choice was "
         "taken back); look at the table again and choose from it.")


class UndoRefused(TabletopError):
    """This seat cannot take its last decision back: it made none, or the game has since shown
    it something hidden when it chose."""


class Logged(NamedTuple):
    """An event with the number of actions taken when it happened (0: at setup). A named tuple:
    made for every event of every move (a frozen dataclass costs twice as much to make)."""

    step: int
    event: Event


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """Who sits in a seat and the name shown (cleaned here, once): a person (no ``bot``, no
    ``agent``), a bot's ``BotSpec``, or an ``agent`` object; ``kind`` is what the record calls it."""

    name: str
    kind: str
    bot: Any = None
    agent: Any = None
    #: No bot and no agent: the table waits for this seat's person (worked out here, once).
    person: bool = field(init=False, default=True)

    def __post_init__(self) -> None:
        if self.bot is not None and self.agent is not None:
            raise TabletopError(f"Seat {self.name} has a bot and an agent: give it one of them.")
        object.__setattr__(self, "name", seat_name(self.name))
        object.__setattr__(self, "person", self.bot is None and self.agent is None)


@dataclass
class MatchResult:
    record: GameRecord
    state: Any
    outcome: Outcome

    @property
    def steps(self) -> int:
        return len(self.record.actions)


@dataclass(frozen=True, slots=True)
class Turn:
    """A person must decide: ``seat``; ``hand_over``: the screen passes to them from another
    person first, and ``since`` is the public narration since they last decided."""

    seat: int
    hand_over: bool = False
    since: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class UndoPlan:
    """What taking back ``seat``'s last decision would do: ``refusal`` says why it cannot (None:
    it can), ``others`` are the other people whose decisions it also takes back (they must agree)."""

    seat: int
    refusal: str | None
    others: tuple[int, ...] = ()
    point: int | None = None

    def question(self, names: Sequence[str]) -> str:
        """The question the others must agree to, or "" when nobody else is affected."""
        if not self.others:
            return ""
        who = ", ".join(names[s] for s in self.others)
        return f"Taking back also undoes what {who} chose since. Does everyone agree?"


class GameTable(Protocol):
    """What a front end (the full screen, the plain prompt) uses of a table, and nothing more:
    never the state, so a table whose state is elsewhere (a server's) plays on the same screens.
    :class:`~tabletop.engine.session.Session` is one; a network client's table is another.

    ``advance`` may block (bots thinking, other people deciding elsewhere): a front end that
    must stay responsive runs it in a worker thread, while :meth:`waiting` says why it waits.
    """

    game: Game
    names: list[str]
    #: The seats people decide for (at this screen, or, for a network seat, elsewhere too).
    humans: list[int]
    #: The seat whose secrets the screen may show now (None: public only).
    at_screen: int | None
    #: The narration so far; each front end shows the items visible to ``at_screen``.
    log: list[Logged]
    #: Called with the record at each save point (a local table: the front end writes it).
    on_save: Callable[[GameRecord], None] | None
    #: Called, from any thread, when what the screen shows changed while ``advance`` runs
    #: (a network table's news); a local table changes only in the calls a front end makes.
    on_change: Callable[[], None] | None

    def advance(self, on_event: Callable[[Event], None] | None = None) -> Turn | None:
        """Play on until a person here must decide (their :class:`Turn`) or the game ends (None)."""
        ...

    def human_to_act(self) -> int | None:
        """The person asked now, if advancing would return at once; None if it would wait."""
        ...

    def waiting(self) -> str:
        """One sentence for the screen while :meth:`advance` waits."""
        ...

    def decision(self, seat: int) -> Decision:
        """The person's decision: their view, legal actions and what each does."""
        ...

    def submit(self, seat: int, action: str) -> list[Logged]:
        """Take the person's action; raises a TabletopError with one sentence if refused."""
        ...

    def outcome(self) -> Outcome | None: ...

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator's view)."""
        ...

    def public_view(self) -> dict[str, Any]:
        """The spectator's view, which every person may see (a hand-over page shows it)."""
        ...

    def undo_point(self, seat: int) -> int | None: ...

    def plan_undo(self, seat: int) -> UndoPlan: ...

    def undo(self, seat: int, plan: UndoPlan | None = None) -> None: ...

    def save(self) -> None: ...
