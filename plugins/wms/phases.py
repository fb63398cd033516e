"""What each part of the game expects: the sentence for an action made when it has no place.

A game of WMS is a set-up, then fights; a player in a fight either starts a play or makes the
one he started; after some fights comes Repair's recycling. Every verb belongs to some of
these, and every refusal of a verb out of its place says what the place expects, here, once.
"""

from __future__ import annotations

from tabletop_games.wms.cards import MAX_RESERVES
from tabletop_games.wms.state import RECYCLE, SETUP

RECYCLE_EXPECTS = "Recycle a Vehicle unit (not Unique) from your battlefield stack with 'recycle <card>', or 'done'."
MAKING_FIRST = "Finish or cancel the play you are making first."
AFTER_A_FIGHT = "Recycling happens only after a fight, for a player with Repair in his support zone."


def setup_expects(state, seat, verb):
    """The set-up's sentence: the commander first, then Reserves or 'done'."""
    if state.commander[seat] is None:
        return "First choose your commander: 'commander <card>' with a Commander unit of your deck."
    if verb == "reserve" and len(state.reserves[seat]) >= MAX_RESERVES:
        return f"You may choose at most {MAX_RESERVES} Reserves."
    return "Choose Reserves with 'reserve <card>' (a card with the Reserves keyword) or say 'done'."


def give_up(game, state, seat):
    """The ways out of a fight the rules allow now: 'yield' only when no play would be accepted."""
    return "'yield' or 'retreat'" if game.may_yield(state, seat) else "make a tactical retreat with 'retreat'"


def elsewhere(game, state, seat, verb, arg=None):
    """The sentence for ``verb`` where it has no place now: what the set-up, the recycling, a
    turn with no play started, or the play being made expects instead."""
    if state.phase == SETUP:
        return setup_expects(state, seat, verb)
    if state.phase == RECYCLE:
        return RECYCLE_EXPECTS
    if state.pending is None:
        return f"Play a unit first ('play <card>' or 'arrive <card>'), or {give_up(game, state, seat)}."
    if verb in ("play", "arrive", "command"):
        return MAKING_FIRST
    if verb == "recycle":
        return AFTER_A_FIGHT
    return f"'{verb} {arg}' is not possible with this play."
