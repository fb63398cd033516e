"""What each seat sees, in the shape the renderer and the bots read.

Built from the zones as the engine derives them (:func:`tabletop.core.derive.zone_view`):
a seat's own line and order, everyone's holdings as counts per kind, never another seat's
arrangement or target before the battle turns them face up.
"""

from __future__ import annotations

from tabletop.plugin_api import derive
from tabletop_games.castlewars.battle import DEFEND
from tabletop_games.castlewars.state import ORDERS, ROUND_LIMIT, CastleState


def castle_view(game, state: CastleState, seat: int | None) -> dict:
    units_of = game.cards.units
    players = []
    for s in range(state.seats):
        # Held Units as counts per kind: which of them are placed, and where, is secret.
        held = state.units[s]
        kept = state.kept[s]
        players.append({
            "seat": s,
            "hit_points": state.hp[s],
            "in_play": s in state.in_play,
            "towers": len(state.towers[s]),
            "hand_size": len(held) + len(state.towers[s]),
            "units": {u: held.count(u) for u in units_of},
            "kept": {u: kept.count(u) for u in units_of},
            "ready": state.phase == ORDERS and s in state.in_play and s not in state.waiting,
        })
    view = {
        "seat": seat,
        "round": state.round,
        "round_limit": ROUND_LIMIT,
        "phase": state.phase,
        "turn_order": list(state.turn_order),
        "draft_turn": state.draft_turn,
        "draft_turns": game.cards.draft_turns,
        "to_act": list(game.to_act(state)),
        "face_up": list(state.row),
        "deck": len(state.deck),
        "discard": {card: state.discard.count(card) for card in game.letters},
        "tower_limit": state.tower_limit,
        "hand_limit": game.cards.hand_limit,
        "players": players,
        "last_battle": state.last_battle,
        "outcome": None if state.result is None else state.result.to_dict(),
    }
    if seat is not None:
        placed = list(state.line(seat))
        choice = None if state.orders is None else state.orders.values[seat]
        view["hand"] = placed + state.unplaced(seat) + derive.zone_view(state, "towers", seat, owner=seat)
        view["placed"] = placed
        view["order"] = (None if choice is None else "defend" if choice == DEFEND else f"attack {choice + 1}")
    return view
