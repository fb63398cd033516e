"""Goofspiel with 13 cards, written the way a game plugin is written.

Point cards 1..13 are turned up one at a time in a random order; both seats bid one
card from their own 1..13 in secret and at once; the higher bid takes the point card,
equal bids discard it. After 13 bids the higher score wins; equal scores: no winner.

Notation: a bid is the card's number, ``"1"`` to ``"13"``.

One verb, ``bid``, stated once as a :class:`Rule`: the engine's ``apply`` checks the arguments,
parses the text (once per text), refuses a finished game and a seat that is not asked, then
asks the rule. ``legal_actions`` stays hand-written (a seat's unplayed cards are exactly the
bids no rule refuses; a test compares it with ``allowed``), as it is the hottest call.
"""

from __future__ import annotations

import random
from pathlib import Path

from tabletop.plugin_api import (
    EVERYONE,
    NOBODY,
    OWNER,
    CardState,
    Event,
    Game,
    InvalidAction,
    LazyEvent,
    Outcome,
    Rule,
    rulebook,
    zone,
)

CARDS = 13
NAMES = tuple(str(v) for v in range(1, CARDS + 1))
VALUE = {name: v for v, name in enumerate(NAMES, start=1)}
NO_EVENTS: tuple[Event, ...] = ()
#: What :meth:`Goofspiel.parse` makes of each bid's text, made once.
BIDS = {name: ("bid", (name,)) for name in NAMES}


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


def refuse_bid(game, state, seat, card):
    """A card is bid once: a seat may bid only a card still in its hand."""
    return None if card in state.hands[seat] else f"You have already bid your {card}."


def bid(game, state, seat, card):
    """The bid lies face down until both have bid; then the bids decide the point card."""
    state.hands[seat].remove(card)
    state.bids[seat].append(card)
    if len(state.waiting) == 2:
        state.waiting = (1 - seat,)
        return NO_EVENTS
    return game._resolve(state)


class Goofspiel(Game):
    state_class = GoofState
    name = "goofspiel"
    title = "Goofspiel"
    version = "1.0"
    min_players = 2
    max_players = 2
    notation_help = "Type the number of the card you bid, from 1 to 13."
    rules_file = Path(__file__).with_name("RULES.md")
    rules = rulebook(Rule("bid", refuse_bid, bid))

    def parse(self, action):
        try:
            return BIDS[action]
        except KeyError:
            raise InvalidAction(f"'{action}' is not a card: bid a number from 1 to 13.") from None

    def not_asked(self, state, seat, verb):
        return f"Seat {seat + 1} is not to bid now."

    def setup(self, seats, options, seed):
        prizes = list(range(1, CARDS + 1))
        random.Random(seed).shuffle(prizes)
        return GoofState(prizes, seed)

    def to_act(self, state):
        return state.waiting

    def candidates(self, state, seat):
        return NAMES

    def legal_actions(self, state, seat):  # = allowed(state, seat), without asking the rule per card
        if seat not in state.waiting:
            return []
        return list(state.hands[seat])

    def _resolve(self, state):
        """Both bids turned up: the higher takes the point card, equal bids discard it."""
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
