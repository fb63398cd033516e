"""Recycling cards: after a fight, each play with Repair* in a player's support zone lets him
recycle 1 Vehicle unit (not Unique) from his battlefield stack into his hand; the active player
chooses first (``ending`` decides who may). Then the fight's cards go to the graveyards."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.ending import clear_fight, recyclable
from tabletop_games.wms.phases import RECYCLE_EXPECTS, elsewhere
from tabletop_games.wms.state import FIGHT, RECYCLE


def refuse_recycle(game, state, seat, card):
    if state.phase != RECYCLE:
        return elsewhere(game, state, seat, "recycle", card)
    return None if card in recyclable(game, state, seat) else RECYCLE_EXPECTS


def recycle(game, state, seat, card):
    stack = state.battle[seat]
    index, i = next((index, i) for index, play in enumerate(stack)
                    for i, unit in enumerate(play.units) if unit == card and i not in play.recycled)
    new = stack[index].clone()
    new.recycled = new.recycled + (i,)
    stack[index] = new
    state.field[seat].remove(card)
    state.hand[seat].append(card)
    state.reveal(card)   # it went into the hand face up (RULES.md, "Hidden information")
    state.recycle_left[seat] -= 1
    events = [Event("recycle", f"{{p{seat}}} recycles {game.cards[card].name} into the hand.",
                    {"seat": seat, "card": card})]
    if state.recycle_left[seat] > 0 and recyclable(game, state, seat):
        return events
    return done(game, state, seat, events)


def done(game, state, seat, events=None):
    """This player recycles no more: the next one may, or the fight's cards are cleared."""
    events = [] if events is None else events
    state.recycle_queue.pop(0)
    if not state.recycle_queue:
        state.phase = FIGHT
        clear_fight(game, state, events)
    return events
