"""Every action Windup War can offer at a table (the learning facet's vocabulary): cards are
played by their bare ids, so it is declared, from the same lists as the rules' candidates."""

from __future__ import annotations


def vocabulary(game, seats, options):
    """Every card of the deck, every unit pick, scoring every card, every faction pick."""
    return [*game.deck, *game.unit_actions.values(), *(f"score {card}" for card in game.deck), *game.faction_actions]
