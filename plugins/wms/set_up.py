"""Set-up: each player chooses his commander and up to 3 Reserves, then the decks are shuffled
and each player draws 5 cards (the rulebook's "Set-up"; RULES.md, "Setup").

Seat 1 chooses first, then seat 2, in the open: deck lists are public, so nothing is secret
before the shuffle.
"""

from __future__ import annotations

import random

from tabletop.plugin_api import Event
from tabletop_games.wms.cards import MAX_RESERVES
from tabletop_games.wms.draw import draw
from tabletop_games.wms.phases import elsewhere, setup_expects
from tabletop_games.wms.state import FIGHT, HAND_SIZE, SETUP


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


class Choices:
    """The (card, action) pairs a deck offers as commander and as Reserves, in the order of the
    card data (the deck's own order is secret); made once per deck."""

    __slots__ = ("cards", "decks", "_made")

    def __init__(self, cards, decks):
        self.cards = cards
        self.decks = decks
        self._made: dict[str, tuple] = {}

    def __call__(self, deck_id):
        made = self._made.get(deck_id)
        if made is None:
            cards = self.cards
            listed = self.decks[deck_id].cards
            made = self._made[deck_id] = (
                tuple((c, f"commander {c}") for c in listed if "commander" in cards[c].keywords),
                tuple((c, f"reserve {c}") for c in listed if "reserves" in cards[c].keywords),
            )
        return made


def options(game, state, seat):
    """The set-up's legal actions: a commander of the deck, then Reserves (up to 3) and 'done'."""
    deck = state.deck[seat]
    commanders, reserves = game.choices(state.decks[seat])
    if state.commander[seat] is None:
        return [a for c, a in commanders if c in deck]
    out = []
    if len(state.reserves[seat]) < MAX_RESERVES:
        out = [a for c, a in reserves if c in deck]
    out.append("done")
    return out


def refuse_commander(game, state, seat, card):
    if state.phase != SETUP:
        return elsewhere(game, state, seat, "commander", card)
    if state.commander[seat] is None and "commander" in game.cards[card].keywords and card in state.deck[seat]:
        return None
    return setup_expects(state, seat, "commander")


def refuse_reserve(game, state, seat, card):
    if state.phase != SETUP:
        return elsewhere(game, state, seat, "reserve", card)
    if (state.commander[seat] is not None and len(state.reserves[seat]) < MAX_RESERVES
            and "reserves" in game.cards[card].keywords and card in state.deck[seat]):
        return None
    return setup_expects(state, seat, "reserve")


def refuse_done(game, state, seat):
    """'done' with the Reserves: once the commander is chosen."""
    return None if state.commander[seat] is not None else setup_expects(state, seat, "done")


def choose_commander(game, state, seat, card):
    state.deck[seat].remove(card)
    state.commander[seat] = card
    events = [Event("commander", f"{{p{seat}}} chooses {game.cards[card].name} as commander.",
                    {"seat": seat, "card": card})]
    return events if len(options(game, state, seat)) > 1 else done(game, state, seat, events)


def place_reserve(game, state, seat, card):
    state.deck[seat].remove(card)
    state.reserves[seat].append(card)
    events = [Event("reserve", f"{{p{seat}}} places {game.cards[card].name} in the Reserves zone.",
                    {"seat": seat, "card": card})]
    return events if len(options(game, state, seat)) > 1 else done(game, state, seat, events)


def done(game, state, seat, events=None):
    """This seat has chosen (a choice that leaves nothing but 'done' is done by itself): seat 2
    chooses next, or the decks are shuffled and the first fight starts."""
    events = [] if events is None else events
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
        draw(game, state, s, HAND_SIZE, events)
    events.append(Event("fight", f"Fight 1: {{p{state.active}}} is the active player.",
                        {"fight": 1, "active": state.active}))
    state.fights = 1
    return events
