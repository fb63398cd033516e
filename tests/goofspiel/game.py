"""Goofspiel with 13 cards, written the way a game plugin is written.

Point cards 1..13 are turned up one at a time in a random order; both seats bid one
card from their own 1..13 in secret and at once; the higher bid takes the point card,
equal bids discard it. After 13 bids the higher score wins; equal scores: no winner.

Notation: a bid is the card's number, ``"1"`` to ``"13"``.
"""

from __future__ import annotations

import random
from pathlib import Path

from tabletop.core import Event, Game, IllegalAction, InvalidAction, LazyEvent, Outcome
from tabletop.core.zones import EVERYONE, NOBODY, OWNER, CardState, zone

CARDS = 13
NAMES = tuple(str(v) for v in range(1, CARDS + 1))
VALUE = {name: v for v, name in enumerate(NAMES, start=1)}
NO_EVENTS: tuple[Event, ...] = ()


class GoofState(CardState):
    """Built from zones: the engine derives view, determinize, copy and census from them.

    The point cards are numbers 1..13, the bid cards strings "1".."13", one pool per
    seat, so a seat's cards are only ever resampled among that seat's own places.
    """

    ZONES = {
        "prizes": zone(NOBODY, pool="prizes"),  # the point cards still to come; top: the next
        "hands": zone(OWNER, pool="seat {seat}"),
        "bids": zone(OWNER, pool="seat {seat}"),  # a bid made, secret until both have bid
        # Face up, in the order laid out: each point card, then the two bids made for it
        # (seat 0's, seat 1's); the last card is the point card bid for now.
        "table": zone(EVERYONE),
    }
    PUBLIC = ("scores",)
    # Not shown (the bids show who has bid), immutable, so shared by copies:
    __slots__ = (*ZONES, *PUBLIC, "waiting", "result")

    def __init__(self, prizes: list[int], seed: int):
        super().__init__(2, salt=seed)
        self.prizes = prizes[::-1]
        self.table: list[int | str] = [self.prizes.pop()]
        self.hands = [list(NAMES), list(NAMES)]
        self.bids: list[list[str]] = [[], []]
        self.waiting: tuple[int, ...] = (0, 1)
        self.scores = (0, 0)
        self.result: Outcome | None = None


def narrate_bid(data):
    """The line people read for a bid event: who bid what, and who took the point card."""
    (b0, b1), prize = data["bids"], data["prize"]
    v0, v1 = VALUE[b0], VALUE[b1]
    taker = "{p0} takes" if v0 > v1 else "{p1} takes" if v1 > v0 else "nobody takes"
    return f"{{p0}} bids {b0}, {{p1}} bids {b1}: {taker} the {prize}."


class Goofspiel(Game):
    state_class = GoofState
    name = "goofspiel"
    title = "Goofspiel"
    version = "1.0"
    min_players = 2
    max_players = 2
    notation_help = "Type the number of the card you bid, from 1 to 13."
    rules_file = Path(__file__).with_name("RULES.md")

    def setup(self, seats, options, seed):
        prizes = list(range(1, CARDS + 1))
        random.Random(seed).shuffle(prizes)
        return GoofState(prizes, seed)

    def to_act(self, state):
        return state.waiting

    def legal_actions(self, state, seat):
        if seat not in state.waiting:
            return []
        return list(state.hands[seat])

    def apply(self, state, seat, action):
        if seat not in state.waiting:
            raise IllegalAction(f"Seat {seat + 1} is not to bid now.", seat=seat, action=action)
        try:
            state.hands[seat].remove(action)  # the check itself: a card not held changes nothing
        except ValueError:
            if action not in VALUE:
                raise InvalidAction(f"'{action}' is not a card: bid a number from 1 to 13.", seat=seat, action=action) from None
            raise IllegalAction(f"You have already bid your {action}.", seat=seat, action=action) from None
        state.bids[seat].append(action)
        if len(state.waiting) == 2:
            state.waiting = (1 - seat,)
            return NO_EVENTS
        return self._resolve(state)

    def _resolve(self, state):
        bids = state.bids
        b0 = bids[0].pop()
        b1 = bids[1].pop()
        table = state.table
        prize = table[-1]
        table += (b0, b1)
        v0, v1 = VALUE[b0], VALUE[b1]
        s0, s1 = state.scores
        if v0 > v1:
            state.scores = (s0 + prize, s1)
        elif v1 > v0:
            state.scores = (s0, s1 + prize)
        if state.prizes:
            table.append(state.prizes.pop())
            state.waiting = (0, 1)
        else:
            s0, s1 = state.scores
            winners = (0,) if s0 > s1 else (1,) if s1 > s0 else ()
            state.waiting = ()
            state.result = Outcome(winners, "higher score" if winners else "equal scores", scores=(s0, s1))
        # The data say all the text does, so the text is made only if someone reads it.
        return (LazyEvent("bid", narrate_bid, {"bids": [b0, b1], "prize": prize}),)

    def outcome(self, state):
        return state.result

    def step_limit(self, seats):
        return 2 * CARDS

    def describe_action(self, state, seat, action):
        return f"bid {action} for the {state.table[-1]}"
