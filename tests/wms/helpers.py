"""Ways to put a WMS game into the position a test needs, without creating or losing cards."""

from __future__ import annotations

from tabletop_games.wms.ending import end_fight
from tabletop_games.wms.game import Wms

GAME = Wms()


def play(state, seat, *actions):
    """Apply several actions of one seat; returns all their events."""
    events = []
    for action in actions:
        events.extend(GAME.apply(state, seat, action))
    return events


def started(*, swap=False, commanders=(None, None), seed=0):
    """A game right after setup: each seat's commander chosen (first listed if None), no reserves."""
    state = GAME.new_state(2, options={"swap": swap}, seed=seed)
    for seat in (0, 1):
        choice = commanders[seat] or GAME.legal_actions(state, seat)[0].split()[1]
        GAME.apply(state, seat, f"commander {choice}")
        if state.setup_seat == seat and state.phase == "setup":
            GAME.apply(state, seat, "done")
    return state


def give(state, seat, hand, *, deck_top=()):
    """Make ``seat``'s hand exactly ``hand`` (the old hand goes back into the deck), then put
    ``deck_top`` on top of the deck, first drawn first."""
    deck = state.deck[seat]
    deck.extend(state.hand[seat])
    state.hand[seat] = []
    for card in hand:
        deck.remove(card)
        state.hand[seat].append(card)
    for card in deck_top:
        deck.remove(card)
    deck.extend(reversed(list(deck_top)))


def reserve(state, seat, *cards):
    """Move cards from the deck to the Reserves zone."""
    for card in cards:
        state.deck[seat].remove(card)
        state.reserves[seat].append(card)


def current(state):
    value = GAME.values.current_value(state)
    return None if value is None else (value[1], state.style)


MARINES, EVIL = 0, 1   # seats without the swap option


def fight(hand0, hand1, *, commanders=("captain", "dark-apostle"), swap=False, seed=0):
    """A game at the start of fight 1 (seat 1 active) with these exact hands."""
    state = started(swap=swap, commanders=commanders, seed=seed)
    give(state, 0, hand0)
    give(state, 1, hand1)
    return state


def stack_commands(state, seat, *cards):
    """Put command cards from the deck on a seat's command stack, the last one on top."""
    for card in cards:
        state.deck[seat].remove(card)
        state.command[seat].append(card)


def value(state, seat, style):
    """(pending play's value, value it must equal or beat) in ``style``."""
    return GAME.values.compare(state, seat, state.pending, style)


def legal(state, seat):
    return GAME.legal_actions(state, seat)


def lose_fight(state, seat):
    """End the current fight as lost by ``seat`` (a wound, the other seat active), whatever its hand.

    Tests use it to move on to the next fight; the rules let a seat yield only when it has no
    acceptable play (see test_fights.py).
    """
    events = []
    end_fight(GAME, state, seat, events)
    return events
