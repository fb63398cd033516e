"""Forfeit and Ending the War: three broken cards, the last army standing, the winning point.

"At the end of any Round when you have 3 or more Broken cards under your Heart card, you
must forfeit the game!" "The game ends whenever there is only one player left in the game,
or whenever any player scores their third point (or fourth point in a two or three-player
game)." With none left there is no champion. This project's own ends (RULES.md,
interpretations 14 and 18): a war called off after :data:`MAX_ROUNDS` rounds, and a table on
which no seat in play holds a card.
"""

from __future__ import annotations

from tabletop.plugin_api import Event, Outcome
from tabletop_games.windupwar.state import FORFEITED, OVER, WarState, replaced

#: A war that has not ended after this many rounds is called off with no champion
#: (the rulebook has no limit; RULES.md explains why one is needed).
MAX_ROUNDS = 50
#: Broken cards at the end of a round that force a seat to forfeit.
FORFEIT_BROKEN = 3


def forfeits(state: WarState, events: list[Event]) -> bool:
    """Seats in play with three broken cards forfeit, several at once; True if that ended the war."""
    out = [s for s in state.table.in_play if len(state.broken[s]) >= FORFEIT_BROKEN]
    for s in out:
        state.status = replaced(state.status, s, FORFEITED)
        events.append(Event("forfeit", f"{{p{s}}} has {len(state.broken[s])} broken cards and forfeits.",
                            {"seat": s}))
    if not out:
        return False
    state.table = state.table.without(*out)
    return last_standing(state, events, "forfeit")


def points_win(state: WarState, events: list[Event]) -> bool:
    """A seat in play with the winning number of points is champion at once."""
    for s in state.table.in_play:
        if len(state.centre[s]) >= state.target:
            finish(state, (s,), f"scored {state.target} points", events)
            return True
    return False


def last_standing(state: WarState, events: list[Event], how: str) -> bool:
    """One seat left wins; none left: no champion. True if the war ended."""
    left = state.table.in_play
    if len(left) == 1:
        finish(state, left, "last army standing", events)
        return True
    if not left:
        finish(state, (), f"all remaining armies fell together ({how}): no champion", events)
        return True
    return False


def called_off(state: WarState, events: list[Event]) -> bool:
    """Past :data:`MAX_ROUNDS` rounds the war is called off with no champion; True if so."""
    if state.round > MAX_ROUNDS:
        finish(state, (), f"the war was called off after {MAX_ROUNDS} rounds", events)
        return True
    return False


def stalemate(state: WarState, events: list[Event]) -> None:
    """A Windup at which no seat in play holds a card: none can ever be played again."""
    if not state.pending:
        finish(state, (), "stalemate: no army in play holds an action card", events)


def finish(state: WarState, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
    state.result = Outcome(tuple(winners), reason, scores=tuple(float(len(c)) for c in state.centre))
    state.phase = OVER
    state.pending = ()
    who = ", ".join(f"{{p{s}}}" for s in winners) or "nobody"
    events.append(Event("game_over", f"Champion: {who} ({reason}).", {"winners": list(winners)}))
