"""Playing a unit card on the battlefield stack, from the hand or "arriving from Reserves",
and the play being made until it is finished: "Sacrificing resources" and taking it back.

A play is composed step by step (RULES.md, "A fight"): the unit, then whatever may go with it
(``equipment``, ``keywords``), then a finish (``fight``). Until it is finished ``cancel``
returns every card to where it came from, at most 3 times a turn.
"""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.phases import elsewhere, give_up
from tabletop_games.wms.state import CANCELS_PER_TURN, FIGHT, from_hand
from tabletop_games.wms.values import play_stats


def making(state):
    """The play being made, as a copy the step may change (copies of the state share the old one)."""
    play = state.pending = state.pending.clone()
    return play


def lay(state, seat, card):
    """A card from the hand onto the battlefield, with the play being made."""
    from_hand(state, seat, card)
    state.field[seat].append(card)


def restat(game, play):
    """Keep the play's stats with it (read several times a decision); no events."""
    play.stats = None
    play.stats = play_stats(play, game.cards)
    return []


def refuse_play(game, state, seat, card):
    if state.pending is not None or state.phase != FIGHT:
        return elsewhere(game, state, seat, "play", card)
    hand = state.hand[seat]
    kind = game.cards[card].type
    if card in hand and kind == "unit":
        return None
    if card in hand:
        what = "equipment" if kind == "equipment" else f"a {kind} card"
        return f"{game.cards[card].name} is {what}, not a unit: play a unit first ('play <card>')."
    return f"You have no unit {game.cards[card].name} in hand."


def play(game, state, seat, card):
    from_hand(state, seat, card)
    state.field[seat].append(card)
    state.pending = game.values.new_play(card, "hand")
    return []


def refuse_arrive(game, state, seat, card):
    if state.pending is not None or state.phase != FIGHT:
        return elsewhere(game, state, seat, "arrive", card)
    return None if card in state.reserves[seat] else f"{game.cards[card].name} is not in your Reserves zone."


def arrive(game, state, seat, card):
    """Arriving from Reserves: the card comes from the Reserves zone instead of the hand."""
    state.reserves[seat].remove(card)
    state.field[seat].append(card)
    state.pending = game.values.new_play(card, "reserves")
    return []


def refuse_sacrifice(game, state, seat, card):
    """One hand card to the graveyard before the draw step, chosen while making the play."""
    play = state.pending
    if play is None:
        return elsewhere(game, state, seat, "sacrifice", card)
    if play.sacrifice is not None:
        return "You already sacrificed a card before this draw step."
    return None if card in state.hand[seat] else f"You have no {game.cards[card].name} in hand to sacrifice."


def sacrifice(game, state, seat, card):
    making(state).sacrifice = card
    lay(state, seat, card)
    return []


def refuse_cancel(game, state, seat):
    if state.pending is None:
        return elsewhere(game, state, seat, "cancel")
    if state.cancels < CANCELS_PER_TURN:
        return None
    return (f"You may take back at most {CANCELS_PER_TURN} plays in one turn: finish this one, "
            f"or {give_up(game, state, seat)}.")


def cancel(game, state, seat):
    events = take_back(game, state, seat)
    state.cancels += 1
    return events


def take_back(game, state, seat):
    """Return every card of the play being made to where it came from, as if never played."""
    first = state.pending.units[0]
    return_cards(game, state, seat)
    return [Event("cancel", f"{{p{seat}}} takes back the play of {game.cards[first].name}.", {"seat": seat})]


def return_cards(game, state, seat):
    """The play being made undone: its cards back in the hand (or Reserves, or beside the deck)."""
    cards = game.cards
    play = state.pending
    hand = state.hand[seat]
    first, *rest = play.units
    (hand if play.source == "hand" else state.reserves[seat]).append(first)
    for unit in rest:
        if cards[unit].type == "token":
            state.tokens[seat] += 1
        else:
            hand.append(unit)
    for gear in play.gear:
        hand.extend(gear)
    hand.extend(play.powers)
    if play.sacrifice is not None:
        hand.append(play.sacrifice)
    # the play's cards were the last ones laid on the battlefield
    laid = len(play.units) + sum(map(len, play.gear)) + len(play.powers) + (play.sacrifice is not None)
    del state.field[seat][-laid:]
    state.pending = None
