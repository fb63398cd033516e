"""The draw step: refilling the hand to 5 cards; "Depleted army": a player who cannot draw loses."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.ending import finish
from tabletop_games.wms.state import HAND_SIZE, card_names


def refill(game, state, seat, events):
    """The draw step: up to 5 cards; False if the army is depleted (the game ends)."""
    need = HAND_SIZE - len(state.hand[seat])
    return draw(game, state, seat, need, events) if need > 0 else True


def draw(game, state, seat, count, events):
    """Draw ``count`` cards; False if the deck ran out first: the army is depleted, the game over.
    The cards are told to their player in the order of the card list, not the deck's."""
    deck = state.deck[seat]
    n = min(count, len(deck))
    drawn = deck[:-n - 1:-1]   # the top n cards, top first
    if n:
        del deck[-n:]
        state.hand[seat].extend(drawn)
        events.append(Event("draw", f"{{p{seat}}} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.",
                            {"seat": seat, "count": len(drawn)}))
        drawn.sort()   # in the order of the card list: the order they lay in tells nothing
        events.append(Event("drawn", f"You draw {card_names(game.cards, drawn)}.", {"seat": seat, "cards": drawn},
                            visible_to=frozenset((seat,))))
    if len(drawn) < count:
        events.append(Event("depleted", f"{{p{seat}}} cannot draw from an empty deck: depleted army.",
                            {"seat": seat}))
        finish(state, 1 - seat, "depleted army: the loser could not draw", events)
        return False
    return True
