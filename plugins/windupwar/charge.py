"""Charge!: how points are scored. A lone Charge! of the step succeeds; two or more cancel.

"If no other Charge card is played at the same time as yours, your charge is a success!
Immediately move any one card from your Discard pile to the center of the table": the War
pauses (phase CHARGE) until the charger picks the card (``score <card>``); "If you have no
cards in your Discard pile, you do not get to score a point!" Only legal Charges count
(RULES.md, interpretation 4).
"""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windupwar.state import ASKED, CHARGE, WarState


def charge(state: WarState, chargers: list[int]) -> tuple[dict[int, str], bool]:
    """The notes on the step's legal Charges, and whether a charger must now choose its card."""
    if len(chargers) != 1:
        return dict.fromkeys(chargers, "charges cancel"), False
    s = chargers[0]
    if not state.discard[s]:
        return {s: "charge succeeds, empty discard: no point"}, False
    state.charger = s
    state.phase = CHARGE
    state.pending = (s,)
    return {s: "charge succeeds"}, True


def score_refusal(game, state: WarState, seat: int, card: str) -> str | None:
    """Only after the seat's successful Charge!, and only a card of its discard pile."""
    if state.phase != CHARGE:
        return ASKED[state.phase]
    if card not in state.discard[seat]:
        return f"{card} is not in your discard pile."
    return None


def score(game, state: WarState, card: str, events: list[Event]) -> None:
    """The charger moves ``card`` from its discard pile to the centre: one point."""
    s = state.charger
    state.discard[s].remove(card)
    state.centre[s].append(card)
    state.charger = -1
    points = len(state.centre[s])
    # Named to everyone though it lies face down: it left the face-up discard pile in plain sight.
    events.append(Event("point", f"{{p{s}}} charges and scores {game.card[card].name} "
                                 f"({points} point{'s' if points > 1 else ''}): it goes face down to the "
                                 "centre, but everyone saw it leave the face-up discard pile.",
                        {"seat": s, "card": card, "points": points}))
