"""Tactical retreat: "for any reason", a player automatically loses the current fight, places
all his hand cards in his graveyard zone and draws 5 new cards (RULES.md, "tactical retreat":
a play being made is taken back into the hand first; the fight is lost after the draw)."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.draw import draw
from tabletop_games.wms.ending import end_fight
from tabletop_games.wms.phases import elsewhere
from tabletop_games.wms.playing import take_back
from tabletop_games.wms.state import FIGHT, HAND_SIZE, card_names


def refuse_retreat(game, state, seat):
    return None if state.phase == FIGHT else elsewhere(game, state, seat, "retreat")


def retreat(game, state, seat):
    events = take_back(game, state, seat) if state.pending is not None else []
    hand = state.hand[seat]
    events.append(Event("retreat", f"{{p{seat}}} makes a tactical retreat, discarding {len(hand)} "
                        f"cards: {card_names(game.cards, hand) or 'none'}.", {"seat": seat, "cards": list(hand)}))
    state.graveyard[seat].extend(hand)
    state.hand[seat] = []
    state.forget(hand)
    if draw(game, state, seat, HAND_SIZE, events):
        end_fight(game, state, seat, events)
    return events
