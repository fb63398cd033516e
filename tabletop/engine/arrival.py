"""Choices in any order: the same secret choices, arriving in another order, reach the same game.

At a simultaneous decision every seat asked answers when it likes (over a network, whoever
thinks fastest answers first), and the table applies each choice as it arrives unless the game
seals the decision. So a game whose choices are not sealed promises that the order of arrival
does not matter: the same choices reach the same position and outcome. This plays one seeded
game through the :class:`~tabletop.engine.session.Session` several times, every seat a person
who chooses with its own generator (so each seat makes the same choices whenever it is asked),
first answering in seat order, then in random orders, and compares the games reached.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tabletop.core.fingerprint import fingerprint
from tabletop.core.game import Game, Outcome
from tabletop.engine.check_steps import Failed, Step
from tabletop.engine.session import Session
from tabletop.engine.table import HUMAN, SeatSpec

#: Random arrival orders tried against seat order, per game checked.
ORDERS = 2


def play_in_order(game: Game, seats: int, options: Mapping[str, Any], seed: int,
                  order: random.Random | None) -> tuple[Session, Any, list[tuple[int, str]]]:
    """One game with every seat a person choosing with its own generator; ``order`` picks who
    answers next among the seats asked (None: seat order). Returns the session, the final
    position's fingerprint and the choices each seat made, in the order they arrived."""
    session = Session(game, [SeatSpec(f"Seat {s + 1}", HUMAN) for s in range(seats)], seed=seed,
                      options=options, keep_log=False)
    choosers = [random.Random(f"arrival:{seed}:{s}") for s in range(seats)]
    limit = game.limit_of(seats, options)
    arrived: list[tuple[int, str]] = []
    while session.outcome() is None and len(arrived) < limit:
        asked = session.asked()
        seat = asked[0] if order is None else order.choice(asked)
        action = choosers[seat].choice(session.legal_actions(seat))
        session.submit(seat, action)
        arrived.append((seat, action))
    return session, fingerprint(session._state), arrived


def first_difference(one: Any, other: Any) -> str:
    """Where two fingerprints of states first differ: the attribute's name, if it has one."""
    if isinstance(one, tuple) and isinstance(other, tuple) and len(one) == len(other) == 2:
        for mine, theirs in zip(one[1], other[1], strict=False):
            if mine != theirs:
                if isinstance(mine, tuple) and len(mine) == 2 and isinstance(mine[0], str):
                    return f"'{mine[0]}'"
                break
    return "the state"


def choices_in_any_order_reach_the_same_game(step: Step) -> None:
    """The same choices in another arrival order reach the same position and outcome (where a
    simultaneous decision is not sealed, the table applies choices as they arrive)."""
    game, record = step.game, step.play.record
    base, picture, _ = play_in_order(game, step.seats, record.options, record.seed, None)
    for k in range(ORDERS):
        other, other_picture, arrived = play_in_order(game, step.seats, record.options, record.seed,
                                                      random.Random(f"order:{record.seed}:{k}"))
        outcome: Outcome | None = base.outcome()
        if other.outcome() != outcome or other_picture != picture:
            first = next((i for i, (a, b) in enumerate(zip(arrived, base.record.actions, strict=False)) if a != b), 0)
            raise Failed(
                f"the same choices arriving in another order (from choice {first + 1}: seat "
                f"{arrived[first][0]} '{arrived[first][1]}' before the seats asked with it) reached another game "
                f"({first_difference(picture, other_picture)} differs"
                f"{'' if other.outcome() == outcome else ', and so does the outcome'}): let each choice of a "
                "simultaneous decision stand alone, or declare the decision sealed (Game.sealed)")
