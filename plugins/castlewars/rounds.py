"""Turn Overview: each round is a Build Phase then a Battle Phase, and who begins it.

:func:`start_round` opens a round ("The youngest player will begin the first round ... In
following rounds, the player with the least amount of Hit Points will begin"); :func:`move_on`
(``CastleWars.move_on``: the rule modules call it when a draft turn or the orders are done)
carries the round along until a seat must decide: the next seat to draft, the next row, the
battle orders, the battle, then the end or the next round.
"""

from __future__ import annotations

from tabletop.plugin_api import Event, LazyEvent, SeatRing
from tabletop_games.castlewars import battle, draft, ending, orders
from tabletop_games.castlewars.cards import TOWER
from tabletop_games.castlewars.state import DRAFT, CastleState


def move_on(game, state: CastleState, events: list) -> None:
    """After the last seat of a draft turn, or the last order: the next row (and the first seat
    that can draft from it), the battle orders once five draft turns are done, the battle once
    every order is given, then the end or the next round; until a seat must decide."""
    while True:
        if state.phase == DRAFT:
            if draft.next_row(game, state, events):
                if draft.next_drafter(game, state, events):
                    return
                continue
            orders.start_orders(game, state, events)
            if state.waiting:
                return
        before = state.in_play
        battle.fight(game, state, events)
        if ending.game_ends(state, before, events):
            return
        start_round(game, state, events)


def start_round(game, state: CastleState, events: list) -> None:
    """The round's first player and turn order, the Tower limit of the seats in play (a seat
    over it discards the excess), and the Units each seat keeps from the last round."""
    c = game.cards
    state.round += 1
    in_play = state.in_play
    if state.round == 1:
        first = 0  # "The youngest player will begin the first round"
    else:
        hp = state.hp
        first = min(in_play, key=lambda s: (hp[s], s))
    key = (state.seats, in_play, first)
    order = game.turn_orders.get(key)
    if order is None:
        order = game.turn_orders[key] = tuple(SeatRing(state.seats, in_play).clockwise_from(first))
    state.turn_order = order
    state.tower_limit = c.tower_limit[len(in_play)]
    events.append(LazyEvent("round", game.narration.round, {"round": state.round, "first": first}))
    for s in in_play:
        towers = state.towers[s]
        extra = len(towers) - state.tower_limit
        if extra > 0:
            del towers[-extra:]
            state.discard.extend([TOWER] * extra)
            events.append(Event("tower_limit", f"{{p{s}}} discards {extra} Tower(s) over the limit.",
                                {"seat": s, "towers": extra}))
    # Sorted by kind: which kept Unit is which is no rule, and one spelling per hand keeps the
    # draft's table of options small.
    state.kept = tuple(tuple(sorted(units, key=game.rank)) for units in state.units)
    state.phase = DRAFT
    state.draft_turn = 0
