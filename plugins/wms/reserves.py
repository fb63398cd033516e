"""Setup: each seat chooses its commander and up to three Reserves, then both decks are shuffled and five cards drawn."""

from __future__ import annotations

import random

from tabletop.core import Event
from tabletop_games.wms.cards import MAX_RESERVES
from tabletop_games.wms.state import FIGHT, HAND_SIZE


class SetupRules:
    """Choosing commanders and Reserves (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

    def _setup_actions(self, state, seat):
        cards = self.cards
        listed = self.rules.decks[state.decks[seat]].cards   # data order: the deck's own order is secret
        deck = state.deck[seat]
        if state.commander[seat] is None:
            return [f"commander {c}" for c in listed if "commander" in cards[c].keywords and c in deck]
        out = []
        if len(state.reserves[seat]) < MAX_RESERVES:
            out = [f"reserve {c}" for c in listed if "reserves" in cards[c].keywords and c in deck]
        out.append("done")
        return out

    def _setup_step(self, state, seat, verb, arg):
        cards = self.cards
        events = []
        if verb == "commander":
            state.deck[seat].remove(arg)
            state.commander[seat] = arg
            events.append(Event("commander", f"{{p{seat}}} chooses {cards[arg].name} as commander.",
                                {"seat": seat, "card": arg}))
            if len(self._setup_actions(state, seat)) > 1:
                return events
        elif verb == "reserve":
            state.deck[seat].remove(arg)
            state.reserves[seat].append(arg)
            events.append(Event("reserve", f"{{p{seat}}} places {cards[arg].name} in the Reserves zone.",
                                {"seat": seat, "card": arg}))
            if len(self._setup_actions(state, seat)) > 1:
                return events
        if seat == 0:
            state.setup_seat = 1
            return events
        rng = random.Random(state.randomness[0])   # the salt, as records made before expect
        for s in (0, 1):
            state.shuffle(state.deck[s], rng)
        state.phase = FIGHT
        for s in (0, 1):
            self._draw(state, s, HAND_SIZE, events)
        events.append(Event("fight", f"Fight 1: {{p{state.active}}} is the active player.",
                            {"fight": 1, "active": state.active}))
        state.fights = 1
        return events
