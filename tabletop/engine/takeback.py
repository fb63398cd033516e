"""Taking back a decision at a table: what a takeback would undo, whether it is allowed, and doing it.

A part of :class:`tabletop.engine.session.Session` (a mixin), kept apart so the session's module
reads as the loop that runs a game. A takeback rebuilds the game from its record up to just
before the seat's last decision (bots remade and asked again, so they choose as before); it is
refused once the game has shown, since that decision, something hidden then to a seat that
would decide again (:mod:`tabletop.engine.knowledge`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tabletop.engine.knowledge import learned_since
from tabletop.engine.table import UndoPlan, UndoRefused

if TYPE_CHECKING:
    from tabletop.core.game import Game, OptionValue
    from tabletop.core.record import GameRecord
    from tabletop.engine.table import SeatSpec


class Takeback:
    """Undo for a session: reads its record, seats and game; remakes it with the session's
    ``_rebuild`` and saves with its ``save``."""

    __slots__ = ()  # the session's own slots hold everything; a mixin must add no __dict__

    game: Game
    seats: list[SeatSpec]
    names: list[str]
    humans: list[int]
    options: dict[str, OptionValue]
    seed: int
    record: GameRecord
    at_screen: int | None

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

    def rewound(self, seat: int) -> list[int]:
        """The seats besides ``seat`` that would decide again after its takeback and still know
        what they saw: people and agent objects with a decision since (bots are remade and
        asked again, so they remember nothing)."""
        point = self.undo_point(seat)
        if point is None:
            return []
        return sorted({s for s, _ in self.record.actions[point:] if s != seat and self.seats[s].bot is None})

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` cannot take back its last decision, or None if it can. It cannot once the
        game has shown, since that decision, something hidden then (another seat's cards or secret
        choice, cards turned up) to ``seat`` or to another person whose decisions it takes back
        too (one who has drawn the next card): they would decide again knowing it."""
        point = self.undo_point(seat)
        name = self.names[seat]
        if point is None:
            return f"{name} has made no decision to take back yet."
        actions = self.record.actions
        state = self.game.new_state(len(self.seats), options=self.options, seed=self.seed)
        for who, action in actions[:point]:
            self.game.apply(state, who, action)
        for who in [seat, *self.rewound(seat)]:
            if not learned_since(self.game, state, who, actions[point:], rng=random.Random(self.seed)):
                continue
            if who == seat:
                return (f"{name} cannot take that back: since then the game has shown {name} what was hidden "
                        "when it was chosen (another player's cards or secret choice, or new cards).")
            other = self.names[who]
            return (f"{name} cannot take that back: since then the game has shown {other} what was hidden "
                    f"then (another player's cards or secret choice, or new cards), and {other} would decide "
                    "again knowing it.")
        return None

    def plan_undo(self, seat: int) -> UndoPlan:
        """What a takeback by ``seat`` would do, deciding nothing: ask the others affected (if
        any) before :meth:`undo`, and say the refusal instead if there is one."""
        refusal = self.undo_refusal(seat)
        others = () if refusal is not None else tuple(self.others_affected(seat))
        return UndoPlan(seat, refusal, others, self.undo_point(seat))

    def undo(self, seat: int, plan: UndoPlan | None = None) -> None:
        """Go back to just before ``seat``'s last decision (bots remade and replayed, choosing as
        before), then save; raises UndoRefused with the sentence saying why not. ``plan``: one
        :meth:`plan_undo` made just now, not worked out again."""
        if plan is None or plan.seat != seat or plan.point != self.undo_point(seat):
            plan = self.plan_undo(seat)
        if plan.refusal is not None:
            raise UndoRefused(plan.refusal)
        self._rebuild(list(self.record.actions[:plan.point]))
        self.at_screen = seat if seat in self.humans else self.at_screen
        self.save()
