"""What the table loop (:class:`~tabletop.engine.session.Session`) is given and gives back:
who sits in a seat, a person's turn, a takeback's plan, the events it logs, its errors."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Outcome
from tabletop.core.names import seat_name
from tabletop.core.record import GameRecord

HUMAN = "human"


def bot_rng(game_seed: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat``: its choices depend on the game seed and seat alone."""
    return random.Random(f"bot:{game_seed}:{seat}")


class StepLimitExceeded(TabletopError):
    """A game ran past its step limit: a rules bug or an agent that never ends it."""


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
