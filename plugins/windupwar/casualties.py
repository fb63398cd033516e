"""Casualties & Elimination: destroyed units leave, the next unit of the combat order takes over.

"Before the next Action card is revealed, remove your destroyed unit ... Activate the next
unit in your Combat order" with its full hearts; "When your third unit is destroyed, you are
eliminated from the game!" A destroyed unit still "completes its action" of that step
(:mod:`.war` applies the whole step first).
"""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windupwar.state import ARMY, ELIMINATED, WarState, replaced


def replace_destroyed(game, state: WarState, events: list[Event]) -> list[int]:
    """Every unit with no heart left is removed; the seats whose third unit it was."""
    eliminated = []
    units = game.data.unit_by_id
    for s in state.table.in_play:
        if state.hearts[s] != 0:
            continue
        lost = units[state.army[s][state.active[s]]].name
        state.active[s] += 1
        if state.active[s] >= ARMY:
            eliminated.append(s)
            events.append(Event("eliminated", f"{{p{s}}}'s {lost} is destroyed: {{p{s}}} is eliminated.",
                                {"seat": s}))
        else:
            nxt = units[state.army[s][state.active[s]]]
            state.hearts[s] = nxt.hearts
            events.append(Event("destroyed", f"{{p{s}}}'s {lost} is destroyed; {nxt.name} takes over.",
                                {"seat": s, "unit": nxt.id}))
    return eliminated


def eliminate(state: WarState, seats: list[int]) -> None:
    """The seats leave the table: distances now skip them ("Moving Targets")."""
    for s in seats:
        state.status = replaced(state.status, s, ELIMINATED)
    state.table = state.table.without(*seats)
