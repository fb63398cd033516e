"""Windup War positions for tests, on :class:`tabletop.testing.Scenario`; then rounds through apply.

:func:`position` picks the armies through the game's rules (as a record would) and then
arranges each seat's cards and hearts, moving cards between the seat's piles only, so every
seat still owns exactly its 22 cards. :func:`program` plays one Windup through ``apply``; the
War it triggers resolves as in a real game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tabletop.plugin_api import Event
from tabletop.testing import Scenario

#: What a seat whose hand is not given holds: only its Reload, which deals and blocks no
#: damage, so it stays out of the way of the cards under test.
IDLE_HAND = ("RL.k",)


def position(
    game,
    armies: Sequence[Sequence[str]],
    *,
    edition: str = "2017",
    hands: Mapping[int, Sequence[str]] | None = None,
    discard: Mapping[int, Sequence[str]] | None = None,
    broken: Mapping[int, Sequence[str]] | None = None,
    centre: Mapping[int, Sequence[str]] | None = None,
    hearts: Mapping[int, int] | None = None,
    active: Mapping[int, int] | None = None,
    seed: int = 0,
):
    """A state at the first Windup with these armies (unit ids in combat order per seat).

    Each seat's ``discard``, ``broken`` and ``centre`` cards come out of its hand. A seat in
    ``hands`` holds exactly those cards (default :data:`IDLE_HAND`); the rest of its 22
    go to the end of its discard pile. ``active`` sets the index of the active unit (the
    ones before it destroyed) and ``hearts`` its hearts left.
    """
    scene = Scenario(game, seats=len(armies), seed=seed, options={"edition": edition})
    for seat, army in enumerate(armies):
        scene.play(seat, *(f"unit {unit}" for unit in army))
    state = scene.state
    for seat in range(len(armies)):
        for pile, given in (("discard", discard), ("broken", broken), ("centre", centre)):
            for card in (given or {}).get(seat, ()):
                scene.move(card, "hands", pile, seat=seat)
        scene.keep("hands", (hands or {}).get(seat, IDLE_HAND), rest="discard", seat=seat)
        if active and seat in active:
            state.active[seat] = active[seat]
        if state.active[seat] < len(state.army[seat]):
            unit = game.data.unit_by_id[state.army[seat][state.active[seat]]]
            state.hearts[seat] = (hearts or {}).get(seat, unit.hearts)
    state.start_windup()  # who is asked to program depends on the hands just arranged
    return state


def program(game, state, rows: Mapping[int, Sequence[str]]) -> list[Event]:
    """Every seat programs its row through apply (seats left out program their whole idle hand)."""
    events: list[Event] = []
    for seat in list(state.pending):
        row = rows.get(seat, state.hands[seat][:])
        for card in row:
            events.extend(game.apply(state, seat, card))
    return events


def reveals(events: Sequence[Event]) -> list[dict[int, dict]]:
    """The reveal rows of each step in ``events`` at which a card was revealed, as {seat: row}."""
    return [{r["seat"]: r for r in e.data["rows"]} for e in events if e.kind == "reveal"]


def taken(events: Sequence[Event], step: int) -> dict[int, int]:
    """Damage each seat took at card ``step`` (1-based) of the first round in ``events``; 0s left out.

    A step at which no seat revealed a card has no reveal: nobody took damage.
    """
    for event in events:
        if event.kind == "reveal" and event.data["step"] == step:
            return {r["seat"]: r["taken"] for r in event.data["rows"] if r["taken"]}
    return {}
