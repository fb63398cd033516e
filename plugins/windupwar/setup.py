"""Setup: factions given out (or picked), then three units picked in secret, in combat order.

"Give each player one faction box": dealt from the seed, or picked with option
``factions=pick`` (the picks are secret until every seat has one). "Select three of your
Unit cards ... Choose which unit will be first, which will be second, and which will be
third": one ``unit`` decision per pick, the first pick the first active unit; the picks are
a :class:`~tabletop.core.zones.Secret` until every army is complete, then revealed.
"""

from __future__ import annotations

import random

from tabletop.plugin_api import Event, LazyEvent
from tabletop_games.windupwar.state import ARMY, ARMY_PICK, ASKED, FACTION, WarState


def set_table(game, seats: int, options, seed: int) -> WarState:
    """A table before the first decision: every hand is the 22 action cards."""
    state = WarState(seats, str(options["edition"]), 4 if seats <= 3 else 3)
    state.hands = [list(game.deck) for _ in range(seats)]
    if options["factions"] == "deal":
        dealt = _deal_factions(game.faction_ids, seats, random.Random(seed))
        state.factions = tuple(dealt)
        state.opening = (LazyEvent("factions", game.narration.dealt, {"factions": dealt}),)
        state.phase = ARMY_PICK
    else:
        state.phase = FACTION
    state.pending = tuple(range(seats))
    return state


def _deal_factions(ids: tuple[str, ...], seats: int, rng: random.Random) -> list[str]:
    """One faction box each, shuffled; past six seats the names repeat (extra boxes)."""
    dealt: list[str] = []
    while len(dealt) < seats:
        batch = list(ids)
        rng.shuffle(batch)
        dealt.extend(batch)
    return dealt[:seats]


# ---- faction <id>: option factions=pick ----------------------------------------------------


def faction_refusal(game, state: WarState, seat: int, faction: str) -> str | None:
    """Only while factions are picked; any faction, even one another seat picked (cosmetic)."""
    return None if state.phase == FACTION else ASKED[state.phase]


def pick_faction(game, state: WarState, seat: int, faction: str) -> list[Event]:
    state.factions.choose(seat, faction, options=game.faction_ids)
    state.pending = tuple(s for s in state.pending if s != seat)
    events = [Event("faction", f"{{p{seat}}} picks {game.data.faction_by_id[faction].name}.",
                    {"seat": seat, "faction": faction}, visible_to=frozenset((seat,)))]
    if not state.pending:
        chosen = state.factions = tuple(state.factions.values)
        names = ", ".join(f"{{p{s}}}: {game.data.faction_by_id[f].name}" for s, f in enumerate(chosen))
        events.append(Event("factions", f"Factions revealed: {names}.", {"factions": list(chosen)}))
        state.phase = ARMY_PICK
        state.pending = tuple(range(state.n))
    return events


# ---- unit <id>: the combat order --------------------------------------------------------


def unit_refusal(game, state: WarState, seat: int, unit_id: str) -> str | None:
    """Three different units: a unit already in the combat order cannot be picked again."""
    if state.phase != ARMY_PICK:
        return ASKED[state.phase]
    if unit_id in (state.picks.values[seat] or ()):
        return f"You already picked the {game.data.unit_by_id[unit_id].name}."
    return None


def pick_unit(game, state: WarState, seat: int, unit_id: str) -> list[Event]:
    """The unit goes next in the combat order; the last army completed reveals them all."""
    picked = (*(state.picks.values[seat] or ()), unit_id)
    state.picks.choose(seat, picked, options=game.pick_options[len(picked)])
    key = (seat, unit_id, len(picked))
    event = game.unit_events.get(key)
    if event is None:  # made once and shared, like the Windup's events (an event never changes)
        event = game.unit_events[key] = LazyEvent(
            "unit", game.narration.unit, {"seat": seat, "unit": unit_id, "position": len(picked)}, game.secret[seat])
    events = [event]
    if len(picked) == ARMY:
        pending = state.pending
        i = pending.index(seat)
        state.pending = pending[:i] + pending[i + 1:]
        if not state.pending:
            _reveal_armies(game, state, events)
    return events


def _reveal_armies(game, state: WarState, events: list) -> None:
    """Every first unit goes on its Life card with its full hearts; the first Windup begins."""
    state.army = tuple(state.picks.values)
    state.picks = None
    for s in range(state.n):
        state.active[s] = 0
        state.hearts[s] = game.data.unit_by_id[state.army[s][0]].hearts
    events.append(LazyEvent("armies", game.narration.armies, {"armies": [list(a) for a in state.army]}))
    state.start_windup()
