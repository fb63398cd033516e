"""Setup: each seat chooses its commander and up to three Reserves, then both decks are shuffled and five cards drawn."""

from __future__ import annotations

import random

from tabletop.plugin_api import Event
from tabletop_games.wms.cards import MAX_RESERVES
from tabletop_games.wms.state import FIGHT, HAND_SIZE


def shuffle(cards, rng):
    """``rng.shuffle(cards)``, the same order for the same generator, without a method call
    per card (setup shuffles two 55-card decks every game)."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


class SetupRules:
    """Choosing commanders and Reserves (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

    def _setup_actions(self, state, seat):
        deck = state.deck[seat]
        commanders, reserves = self._setup_choices(state.decks[seat])
        if state.commander[seat] is None:
            return [a for c, a in commanders if c in deck]
        out = []
        if len(state.reserves[seat]) < MAX_RESERVES:
            out = [a for c, a in reserves if c in deck]
        out.append("done")
        return out

    def _setup_choices(self, deck_id):
        """(card, action) pairs a deck offers as commander and as Reserves, in the order of
        the card data (the deck's own order is secret); made once per deck."""
        choices = self._choices.get(deck_id)
        if choices is None:
            cards = self.cards
            listed = self.rules.decks[deck_id].cards
            choices = self._choices[deck_id] = (
                tuple((c, f"commander {c}") for c in listed if "commander" in cards[c].keywords),
                tuple((c, f"reserve {c}") for c in listed if "reserves" in cards[c].keywords),
            )
        return choices

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
            deck = state.deck[s]
            shuffle(deck, rng)
            state.forget(deck)
        state.phase = FIGHT
        for s in (0, 1):
            self._draw(state, s, HAND_SIZE, events)
        events.append(Event("fight", f"Fight 1: {{p{state.active}}} is the active player.",
                            {"fight": 1, "active": state.active}))
        state.fights = 1
        return events
