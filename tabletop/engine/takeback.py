"""Taking back a decision at a table: what a takeback would undo, and whether it is allowed.

A takeback rebuilds the game from its record up to just before the seat's last decision (bots
remade and asked again, so they choose as before; the session does that). It is refused once
the game has shown, since that decision, something hidden then to a seat that would decide
again (:mod:`tabletop.engine.knowledge`). A sealed choice still held (not yet applied) is the
seat's last decision too: taking it back changes nothing anyone has seen, so it is always allowed.

These are plain functions of a table's game, record, seats and held choices, so the rule reads
on its own; :class:`~tabletop.engine.session.Session` answers ``plan_undo`` and ``undo`` with them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from tabletop.engine.knowledge import learned_since
from tabletop.engine.table import UndoPlan

if TYPE_CHECKING:
    from tabletop.core.game import Game
    from tabletop.core.record import GameRecord
    from tabletop.engine.table import SeatSpec


def undo_point(actions: Sequence[tuple[int, str]], seat: int, held: Mapping[int, str]) -> int | None:
    """How many actions stay if ``seat`` takes back its last decision; None if it made none.
    A held choice is its last: every action stays."""
    if seat in held:
        return len(actions)
    for index in range(len(actions) - 1, -1, -1):
        if actions[index][0] == seat:
            return index
    return None


def others_affected(actions: Sequence[tuple[int, str]], seats: Sequence[SeatSpec], seat: int,
                    held: Mapping[int, str]) -> list[int]:
    """The other people whose decisions a takeback by ``seat`` would also undo: those who acted
    since, and those holding a sealed choice (made after the point, so taken back too)."""
    point = undo_point(actions, seat, held)
    if point is None or seat in held:
        return []
    since = {s for s, _ in actions[point:]} | set(held)
    return sorted(s for s in since if s != seat and seats[s].person)


def rewound(actions: Sequence[tuple[int, str]], seats: Sequence[SeatSpec], seat: int,
            held: Mapping[int, str]) -> list[int]:
    """The seats besides ``seat`` that would decide again after its takeback and still know
    what they saw: people and agent objects with a decision since (bots are remade and asked
    again, so they remember nothing)."""
    point = undo_point(actions, seat, held)
    if point is None or seat in held:
        return []
    since = {s for s, _ in actions[point:]} | set(held)
    return sorted(s for s in since if s != seat and seats[s].bot is None)


def undo_refusal(game: Game, record: GameRecord, seats: Sequence[SeatSpec], seat: int,
                 held: Mapping[int, str]) -> str | None:
    """Why ``seat`` cannot take back its last decision, or None if it can. It cannot once the
    game has shown, since that decision, something hidden then (another seat's cards or secret
    choice, cards turned up) to ``seat`` or to another person whose decisions it takes back
    too (one who has drawn the next card): they would decide again knowing it."""
    actions = record.actions
    point = undo_point(actions, seat, held)
    name = seats[seat].name
    if point is None:
        return f"{name} has made no decision to take back yet."
    if seat in held:
        return None
    state = game.new_state(len(seats), options=record.options, seed=record.seed)
    for who, action in actions[:point]:
        game.apply(state, who, action)
    for who in [seat, *rewound(actions, seats, seat, held)]:
        if not learned_since(game, state, who, actions[point:], rng=random.Random(record.seed)):
            continue
        if who == seat:
            return (f"{name} cannot take that back: since then the game has shown {name} what was hidden "
                    "when it was chosen (another player's cards or secret choice, or new cards).")
        other = seats[who].name
        return (f"{name} cannot take that back: since then the game has shown {other} what was hidden "
                f"then (another player's cards or secret choice, or new cards), and {other} would decide "
                "again knowing it.")
    return None


def plan_undo(game: Game, record: GameRecord, seats: Sequence[SeatSpec], seat: int,
              held: Mapping[int, str]) -> UndoPlan:
    """What a takeback by ``seat`` would do, deciding nothing: the others affected (to ask first)
    and the refusal instead, if there is one."""
    refusal = undo_refusal(game, record, seats, seat, held)
    others = () if refusal is not None else tuple(others_affected(record.actions, seats, seat, held))
    return UndoPlan(seat, refusal, others, undo_point(record.actions, seat, held))
