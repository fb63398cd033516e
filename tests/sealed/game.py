"""Sealed Draw: a bidding game whose bids do not commute, so the engine must seal them.

Two to four seats, each with bid cards 1 to 5 in hand. A deck of point cards 1 to 5 + 5 x seats
lies face down; each round its top card is turned up as the prize, and every seat bids one card
of its hand in secret, all at once. A bid, as it is applied, draws the bidder the deck's top
card as a secret bonus: applied in another order, the same bids would draw other bonuses. So the
game declares its bids ``sealed``: the engine holds each until every seat has bid, then applies
them in seat order, and the game is the same whoever bids first. Then the bids are turned up and
the highest bid alone takes the prize (equal highest bids: nobody does). After five rounds the
most points (prizes and bonuses) win.

Notation: a bid is the card's number, ``"1"`` to ``"5"``.

``SealedDraw(sealed=False)`` (named ``unsealed-draw``) is the same game with its bids applied as
they arrive: the game a plugin author gets wrong, which ``tabletop check`` must catch.
"""

from __future__ import annotations

import random

from tabletop.plugin_api import (
    EVERYONE,
    NOBODY,
    OWNER,
    CardState,
    Event,
    Game,
    InvalidAction,
    Outcome,
    Rule,
    rulebook,
    zone,
)

HAND = ("1", "2", "3", "4", "5")
ROUNDS = len(HAND)
BIDS = {card: ("bid", (card,)) for card in HAND}


class DrawState(CardState):
    ZONES = {
        "deck": zone(NOBODY, pool="points"),
        "hands": zone(OWNER, pool="seat {seat}"),
        "bids": zone(OWNER, pool="seat {seat}"),  # a bid made, face down until every seat has bid
        "bonus": zone(OWNER, pool="points"),  # the bonus cards each bid drew, the bidder's secret
        "prize": zone(EVERYONE, pool="points"),  # the point card bid for now
        "won": zone(EVERYONE, per_seat=True, pool="points"),  # prizes taken, face up
        "spent": zone(EVERYONE),  # bids turned up, and prizes nobody took
    }
    PUBLIC = ("round",)
    __slots__ = (*ZONES, *PUBLIC, "waiting", "result")

    def __init__(self, seats: int, deck: list[int], seed: int):
        super().__init__(seats, salt=seed)
        self.deck = deck
        self.hands = [list(HAND) for _ in range(seats)]
        self.bids: list[list[str]] = [[] for _ in range(seats)]
        self.bonus: list[list[int]] = [[] for _ in range(seats)]
        self.prize = [self.deck.pop()]
        self.won: list[list[int]] = [[] for _ in range(seats)]
        self.spent: list[int | str] = []
        self.round = 1
        self.waiting: tuple[int, ...] = tuple(range(seats))
        self.result: Outcome | None = None


def refuse_bid(game, state, seat, card):
    return None if card in state.hands[seat] else f"You have already bid your {card}."


def bid(game, state, seat, card):
    """The bid lies face down and draws its bidder the deck's top card; the last bid turns them up."""
    state.hands[seat].remove(card)
    state.bids[seat].append(card)
    bonus = state.deck.pop()
    state.bonus[seat].append(bonus)
    state.waiting = tuple(s for s in state.waiting if s != seat)
    events = [Event("bonus", f"{{p{seat}}} draws a bonus {bonus}.", {"seat": seat, "bonus": bonus},
                    visible_to=frozenset((seat,)))]
    if not state.waiting:
        events.append(game.turn_up(state))
    return events


class SealedDraw(Game):
    state_class = DrawState
    title = "Sealed Draw"
    version = "1.0"
    min_players = 2
    max_players = 4
    notation_help = "Type the number of the card you bid, from 1 to 5."
    rules = rulebook(Rule("bid", refuse_bid, bid))

    def __init__(self, sealed: bool = True):
        self.seals = sealed
        self.name = "sealed-draw" if sealed else "unsealed-draw"

    def sealed(self, state):
        return self.seals

    def parse(self, action):
        try:
            return BIDS[action]
        except KeyError:
            raise InvalidAction(f"'{action}' is not a bid: bid a number from 1 to 5.") from None

    def not_asked(self, state, seat, verb):
        return f"Seat {seat + 1} has bid this round."

    def setup(self, seats, options, seed):
        deck = list(range(1, ROUNDS + ROUNDS * seats + 1))
        random.Random(seed).shuffle(deck)
        return DrawState(seats, deck, seed)

    def to_act(self, state):
        return state.waiting

    def candidates(self, state, seat):
        return HAND

    def outcome(self, state):
        return state.result

    def step_limit(self, seats):
        return ROUNDS * seats

    def describe_action(self, state, seat, action):
        return f"bid {action} for the {state.prize[0]}"

    def turn_up(self, state) -> Event:
        """Every bid is in: turn them up; the highest bid alone takes the prize."""
        bids = [int(state.bids[s].pop()) for s in range(state.seats)]
        prize = state.prize.pop()
        best = max(bids)
        takers = [s for s, b in enumerate(bids) if b == best]
        state.spent += [str(b) for b in bids]
        if len(takers) == 1:
            state.won[takers[0]].append(prize)
        else:
            state.spent.append(prize)
        text = ", ".join(f"{{p{s}}} {b}" for s, b in enumerate(bids))
        taker = f"{{p{takers[0]}}} takes" if len(takers) == 1 else "nobody takes"
        if state.round < ROUNDS:
            state.round += 1
            state.prize.append(state.deck.pop())
            state.waiting = tuple(range(state.seats))
        else:
            points = [sum(state.won[s]) + sum(state.bonus[s]) for s in range(state.seats)]
            top = max(points)
            state.waiting = ()
            state.result = Outcome(tuple(s for s, p in enumerate(points) if p == top), "most points",
                                   scores=tuple(points))
        return Event("bids", f"Bids: {text}; {taker} the {prize}.", {"bids": bids, "prize": prize})
