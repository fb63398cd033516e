"""A small hidden-hand card game built from zones, for testing the engine's hidden-information
machinery: it writes no view, determinize, copy or census of its own.

Twelve cards (red, green, blue, 1 to 4) are shuffled; each seat is dealt three. In turn a
seat either plays a card from its hand face up (scoring its number, then drawing the top
card of the deck, if any) or, once a game, passes a card face down to the next seat. A
seat with no cards is skipped; when no seat holds a card, the highest score wins.

Notation: ``play r3``, ``give g1``.

It writes its own ``apply`` and ``legal_actions`` (no ``rules``): the way games were written
before the engine's template apply, still supported, so the planted-leak tests
(test_planted_leaks.py, which override ``_parse`` and ``draw_event``) keep proving the check on
such a game too.
"""

from __future__ import annotations

import random

from tabletop.core import Event, Game, IllegalAction, InvalidAction, Outcome
from tabletop.core.seat_ring import SeatRing
from tabletop.core.zones import EVERYONE, NOBODY, OWNER, CardState, zone

CARDS = tuple(f"{colour}{n}" for colour in "rgb" for n in range(1, 5))


class HandState(CardState):
    ZONES = {"deck": zone(NOBODY), "hands": zone(OWNER), "pile": zone(EVERYONE)}
    PUBLIC = ("turn", "scores", "gave")
    __slots__ = (*ZONES, *PUBLIC, "result")

    def __init__(self, seats: int, seed: int):
        super().__init__(seats, salt=seed)
        self.deck = list(CARDS)
        random.Random(seed).shuffle(self.deck)
        self.hands = [[self.deck.pop() for _ in range(3)] for _ in range(seats)]
        self.pile: list[str] = []
        self.turn = 0
        self.scores = [0] * seats
        self.gave = [False] * seats
        self.result: Outcome | None = None


class HiddenHand(Game):
    name = "hiddenhand"
    title = "Hidden Hand"
    min_players = 2
    max_players = 3
    state_class = HandState

    def setup(self, seats, options, seed):
        return HandState(seats, seed)

    def to_act(self, state):
        return [] if state.result else [state.turn]

    def legal_actions(self, state, seat):
        if state.result or seat != state.turn:
            return []
        hand = sorted(state.hands[seat])
        plays = [f"play {c}" for c in hand]
        return plays if state.gave[seat] else plays + [f"give {c}" for c in hand]

    def _parse(self, state, seat, action):
        verb, _, card = action.partition(" ")
        if verb not in ("play", "give") or card not in CARDS:
            raise InvalidAction(f"'{action}' is not an action: type play or give and a card, like 'play r3'.")
        if state.result or seat != state.turn:
            raise IllegalAction(f"Seat {seat + 1} is not to play now.")
        if card not in state.hands[seat]:
            raise IllegalAction(f"You do not hold {card}.")
        if verb == "give" and state.gave[seat]:
            raise IllegalAction("You have already passed a card this game.")
        return verb, card

    def apply(self, state, seat, action):
        verb, card = self._parse(state, seat, action)
        hand = state.hands[seat]
        hand.remove(card)
        events = []
        if verb == "play":
            state.pile.append(card)
            state.scores[seat] += int(card[1])
            events.append(Event("play", f"{{p{seat}}} plays {card}.", {"card": card}))
            if state.deck:
                drawn = state.deck.pop()
                hand.append(drawn)
                events.append(self.draw_event(seat, drawn))
        else:
            target = SeatRing(state.seats).left(seat)
            state.hands[target].append(card)
            state.peek(seat, card)  # the giver knows where its card went
            state.gave = state.gave[:seat] + [True] + state.gave[seat + 1:]
            events.append(Event("give", f"{{p{seat}}} passes a card to {{p{target}}}.", {"to": target}))
        self._next(state, seat)
        return events

    def draw_event(self, seat, card):
        return Event("draw", f"{{p{seat}}} draws {card}.", {"card": card}, frozenset({seat}))

    def _next(self, state, seat):
        held = [s for s in range(state.seats) if state.hands[s]]
        if not held:
            best = max(state.scores)
            state.result = Outcome(tuple(s for s, v in enumerate(state.scores) if v == best), "highest score",
                                   scores=tuple(state.scores))
            return
        state.turn = SeatRing(state.seats, held).next_after(seat)

    def outcome(self, state):
        return state.result

    def step_limit(self, seats):
        return len(CARDS) + seats

    def describe_action(self, state, seat, action):
        verb, _, card = action.partition(" ")
        return f"score {card[1]}" if verb == "play" else "pass it face down to the next seat"
