"""Every action Castle Wars can offer at a table (the learning facet's vocabulary): attacks
name seats, so it is declared, as the rules' candidates are made."""

from __future__ import annotations


def vocabulary(game, seats, options):
    """Draft (take, swap, pass), then orders (defend, attack a seat, place a unit)."""
    units = game.cards.units
    return [*(f"take {card}" for card in game.letters), *(f"swap {give} {get}" for give in units for get in units),
            "pass", "defend", *(f"attack {t + 1}" for t in range(seats)), *(f"place {unit}" for unit in units)]
