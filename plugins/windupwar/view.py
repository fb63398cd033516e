"""What one seat may know of a war, in the shape the renderer, the screens and the bots read.

Public (RULES.md, interpretation 12): the discard piles, broken cards, the centre cards, the
size of each hand and row, the revealed cards. Secret: a hand's cards, face-down programmed
cards (derived from the zones, so they show as '?'), and setup picks until every seat has
picked.
"""

from __future__ import annotations

from typing import Any

from tabletop.plugin_api import Secret, derive
from tabletop_games.windupwar.state import ARMY, ARMY_PICK, CHARGE, FACTION, WarState
from tabletop_games.windupwar.war import reveal_rows


def war_view(game, state: WarState, seat: int | None) -> dict[str, Any]:
    """The whole table as ``seat`` sees it (None: a spectator)."""
    phase = state.phase
    factions = state.factions.shown(seat) if type(state.factions) is Secret else state.factions
    view = {
        "edition": state.edition,
        "phase": phase,
        "round": state.round,
        "revealed": state.revealed,
        "points_to_win": state.target,
        "seat": seat,
        "to_act": list(state.pending),
        "seats": [_seat_view(game, state, s, seat, factions[s]) for s in range(state.n)],
        "reveals": [_reveal_view(r) for r in state.reveals],
        "last_reveal": _reveal_view(state.reveals[-1]) if state.reveals else None,
        "charger": state.charger if phase == CHARGE else None,
        "outcome": state.result.to_dict() if state.result is not None else None,
    }
    if seat is not None:
        view["hand"] = hand(game, state, seat)
    return view


def _seat_view(game, state: WarState, s: int, seat: int | None, faction) -> dict[str, Any]:
    """Seat ``s``'s army and piles as ``seat`` sees them."""
    setup_secret = state.phase in (FACTION, ARMY_PICK)
    entry = {
        "seat": s,
        "status": state.status[s],
        "faction": faction if isinstance(faction, str) else None,
        "points": len(state.centre[s]),
        "centre": state.centre[s][:],
        "broken": state.broken[s][:],
        "discard": state.discard[s][:],
        "hand_size": len(state.hands[s]) + len(state.hands_seen[s]),
        "row": _row_view(state, s, seat),
        "row_broken": [b + 1 for b in state.row_broken[s]],
        "units_picked": len(_picked(state, s)),
    }
    if setup_secret and s != seat:
        entry["army"] = []
        entry["active"] = None
    else:
        entry["army"] = _army_view(game, state, s, setup_secret)
        entry["active"] = state.active[s] if not setup_secret and state.active[s] < ARMY else None
    return entry


def hand(game, state: WarState, seat: int) -> list[str]:
    """The seat's hand in deck order: its hidden cards and those every seat saw return."""
    seen = state.hands_seen[seat]
    if not seen:
        return state.hands[seat][:]
    return sorted(state.hands[seat] + seen, key=game.order.__getitem__)


def _reveal_view(reveal):
    if reveal is None:
        return None
    return {"round": reveal[0], "step": reveal[1], "rows": reveal_rows(reveal)}


def _row_view(state: WarState, s: int, seat: int | None) -> list[str]:
    """Seat ``s``'s windup row as ``seat`` sees it: cards face up or its own; '?' face down;
    '' a slot emptied mid-round."""
    face_up = ["" if card is None else card for card in state.rows[s]]
    face_down = derive.zone_view(state, "program", seat, owner=s)
    return face_up + ["?" if card is None else card for card in face_down]


def _picked(state: WarState, s: int) -> tuple[str, ...]:
    """Seat ``s``'s units picked so far, in combat order (not for others' eyes in setup)."""
    if state.picks is None:
        return state.army[s]
    return state.picks.values[s] or ()


def _army_view(game, state: WarState, s: int, setup_secret: bool) -> list[dict[str, Any]]:
    units = game.data.unit_by_id
    out = []
    for position, unit_id in enumerate(_picked(state, s)):
        unit = units[unit_id]
        if setup_secret or position > state.active[s]:
            hearts, where = unit.hearts, "waiting"
        elif position == state.active[s]:
            hearts, where = state.hearts[s], "active"
        else:
            hearts, where = 0, "destroyed"
        out.append({"unit": unit_id, "name": unit.name, "hearts": hearts, "max_hearts": unit.hearts,
                    "ribbons": list(unit.ribbons), "state": where})
    return out
