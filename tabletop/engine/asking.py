"""Who a table asks, and what it will take from each seat: the bookkeeping of a simultaneous
decision that touches no state, kept by :class:`~tabletop.engine.session.Session`.

* Deciders: for each seat, the agent that decides for it (a bot, an agent object) or nobody (a
  person, whom the front end asks).

* Sealed choices held: at a decision the game seals, each choice waits here (and in the record's
  ``held``) until every seat asked has chosen; everyone may know who has chosen, nobody what.
* Decision numbers: each time a seat is asked afresh (after its own choice, a takeback, a resume)
  its decision gets a new number; an answer naming an older one is stale and refused, so an
  answer typed for a decision that has since gone is never taken for the next one.
* Stand-ins: a bot that decides for a person who is away, until they are back.
* The refusals of a choice the table would not take now, each one sentence, the same at the
  prompt, over the wire and in the learning environments.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tabletop.core.decision import Agent, Decision, decision_maker
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.engine.table import ALREADY_CHOSEN, STALE, AlreadyChosen, NotAsked, SeatSpec, StaleDecision, bot_rng

#: How the table asks one seat: ``(choose, decision maker, blind decision)``; all None for a person.
Decider = tuple[Any, Any, Decision | None]


def seat_deciders(game: Game, seats: Sequence[SeatSpec], seed: int) -> tuple[list[Agent | None], list[Decider], bool]:
    """Each seat's agent (bots made afresh, each with its own generator ``bot_rng(seed, seat)``;
    agent objects as given; None for a person), how the table asks it, and whether any agent
    reads everything (its decisions then draw from the game's resampler). A seat whose agent
    reads only the legal actions keeps one blind decision for the game and gets it with each
    decision's legal actions in it: nothing else is made per action."""
    agents: list[Agent | None] = []
    deciders: list[Decider] = []
    sampled = False
    for i, s in enumerate(seats):
        agent = s.agent if s.bot is None else s.bot.factory(game, i, bot_rng(seed, i))
        agents.append(agent)
        if agent is None:
            deciders.append((None, None, None))
            continue
        reads = getattr(agent, "reads", "all")
        deciders.append((agent.choose, decision_maker(agent), Decision.blind(game, i, ()) if reads == "legal" else None))
        sampled = sampled or reads not in ("legal", "view")
    return agents, deciders, sampled


class Asking:
    """The seats' side of a table: held sealed choices, open decisions' numbers, stand-ins."""

    __slots__ = ("names", "persons", "held", "opened", "tickets", "stand_ins")

    def __init__(self, names: Sequence[str], humans: Sequence[int]):
        self.names = names
        #: The seats people sit in.
        self.persons = humans
        #: Sealed choices made and not yet applied: seat -> action.
        self.held: dict[int, str] = {}
        #: The number of each asked seat's open decision (a seat not asked now has none).
        self.opened: dict[int, int] = {}
        #: The last number given; numbers are never given twice in a session.
        self.tickets = 0
        #: seat -> (agent, its decision maker, its generator), for people away.
        self.stand_ins: dict[int, tuple[Any, Any, random.Random]] = {}

    def restart(self) -> None:
        """The game is rebuilt (a takeback): nothing held, every decision to be numbered afresh."""
        self.held.clear()
        self.opened.clear()

    def open(self, asked: Sequence[int]) -> None:
        """Number each decision as it opens: a seat newly asked gets a new number, a seat no
        longer asked none."""
        opened = self.opened
        if len(asked) == 1 and len(opened) == 1 and asked[0] in opened:
            return  # the usual case: the seat asked goes on deciding
        for seat in asked:
            if seat not in opened:
                self.tickets += 1
                opened[seat] = self.tickets
        if len(opened) > len(asked):  # some seat asked before is asked no more
            for seat in [s for s in opened if s not in asked]:
                del opened[seat]

    def refuse(self, seat: Any, action: str, decision: int | None) -> None:
        """Raise the refusal of a choice the table would not take from ``seat`` now, if any: a seat
        no person sits in, a sealed choice already made, an answer to a decision no longer open.
        A seat with nothing to decide is the game's to refuse, in its own words."""
        if type(seat) is not int or not 0 <= seat < len(self.names):
            return  # the game's apply names it
        if seat not in self.persons:
            raise NotAsked(f"{self.names[seat]} is not a person: it chooses for itself.", seat=seat, action=action)
        if seat in self.held:
            raise AlreadyChosen(ALREADY_CHOSEN.format(name=self.names[seat]), seat=seat, action=action)
        if decision is not None and decision != self.opened.get(seat):
            raise StaleDecision(STALE, seat=seat, action=action)

    def stand_in(self, seat: int, agent: Any, rng: random.Random) -> None:
        if seat not in self.persons:
            raise TabletopError(f"{self.names[seat]} is not a person; nobody stands in for it.")
        self.stand_ins[seat] = (agent, decision_maker(agent), rng)

    def first_decider(self, acting: Sequence[int], deciders: Sequence[tuple[Any, Any, Any]]) -> tuple | None:
        """``(seat, choose, decision maker, blind decision)`` of the first asked seat a bot, an
        agent or a stand-in decides for that has not chosen yet; None if only people are left."""
        held, stand_ins = self.held, self.stand_ins
        for seat in acting:
            if seat in held:
                continue
            choose, decision, blind = deciders[seat]
            if choose is not None:
                return seat, choose, decision, blind
            if seat in stand_ins:
                agent, maker, _ = stand_ins[seat]
                self.opened.pop(seat, None)  # the person's decision is taken for them
                return seat, agent.choose, maker, None
        return None
