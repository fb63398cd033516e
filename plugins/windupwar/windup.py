"""The Windup: every seat in play programs up to five cards from its hand, face down.

"Place any five Action cards from your hand face-down ... This is your Windup order": one
decision per slot, in slot order, all seats at once and in secret. A seat holding fewer
than five cards programs all it has (RULES.md, interpretation 1). When the last seat has
programmed, "The War begins" (:mod:`.war`).
"""

from __future__ import annotations

from tabletop.plugin_api import Event, LazyEvent
from tabletop_games.windupwar import narration, war
from tabletop_games.windupwar.state import ASKED, SLOTS, WINDUP, WarState


def program_refusal(game, state: WarState, seat: int, card: str) -> str | None:
    """Only during the Windup, and only a card of the seat's hand."""
    if state.phase != WINDUP:
        return ASKED[state.phase]
    if card in state.hands[seat] or card in state.hands_seen[seat]:
        return None
    return f"{card} is not in your hand."


def program(game, state: WarState, seat: int, card: str) -> list[Event] | tuple[Event]:
    """The card goes face down into the seat's next slot; the last card of the table starts the War."""
    hand, seen = state.hands[seat], state.hands_seen[seat]
    try:
        hand.remove(card)
    except ValueError:  # one of the cards every seat saw come back (the refusal found it)
        seen.remove(card)
    row = state.program[seat]
    row.append(card)
    if len(row) >= SLOTS or not (hand or seen):
        pending = state.pending
        i = pending.index(seat)
        state.pending = pending[:i] + pending[i + 1:]
    key = (seat, len(row), card)
    event = game.program_events.get(key)
    if event is None:
        event = _programmed(game, key)
    if state.pending:
        return (event,)
    events = [event, _war_begins(game, state.round)]
    war.run(game, state, events)
    return events


def _programmed(game, key: tuple[int, int, str]) -> LazyEvent:
    """The seat's secret event for (seat, slot, card), made once and shared (events never change)."""
    seat, slot, card = key
    event = game.program_events[key] = LazyEvent(
        "program", narration.program, {"seat": seat, "slot": slot, "card": card}, game.secret[seat])
    return event


def _war_begins(game, round_: int) -> LazyEvent:
    """'Ready...Aim...Card 1!', made once per round number and shared."""
    event = game.war_events.get(round_)
    if event is None:
        event = game.war_events[round_] = LazyEvent("war", narration.war, {"round": round_})
    return event
