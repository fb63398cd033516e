"""Command cards: the active player may put one on his command stack before his first unit of a
fight; immediate effects (heal, draw) happen at once, lingering ones count while the card is
on top of the stack (see ``values``). Each player has his own stack (RULES.md, "Command cards")."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.cards import MAX_WOUNDS
from tabletop_games.wms.draw import draw
from tabletop_games.wms.phases import elsewhere
from tabletop_games.wms.state import FIGHT, from_hand


def may_command(state, seat):
    """Only the active player, once, before the first unit of the fight."""
    return seat == state.active and not state.commanded and not state.battle[0] and not state.battle[1]


def refuse_command(game, state, seat, card):
    if state.pending is not None or state.phase != FIGHT:
        return elsewhere(game, state, seat, "command", card)
    if not may_command(state, seat):
        return "Only the active player plays a command card, once, before his first unit of the fight."
    if card in state.hand[seat] and game.cards[card].type == "command":
        return None
    return f"You have no command card {game.cards[card].name} in hand."


def play_command(game, state, seat, card):
    item = game.cards[card]
    from_hand(state, seat, card)
    state.command[seat].append(card)
    state.commanded = True
    said = f": {item.text.rstrip('.')}" if item.text else ""
    events = [Event("command", f"{{p{seat}}} plays the {item.timing} command card {item.name}{said}.",
                    {"seat": seat, "card": card})]
    for effect in item.effects:
        if effect.kind == "heal":
            healed = min(MAX_WOUNDS, state.wounds[seat] + effect.amount)
            state.wounds[seat] = healed
            events.append(Event("heal", f"{{p{seat}}}'s commander has {healed} wounds.",
                                {"seat": seat, "wounds": healed}))
        elif effect.kind == "draw" and not draw(game, state, seat, effect.amount, events):
            return events
    return events
