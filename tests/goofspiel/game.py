"""Goofspiel with 13 cards, written the way a game plugin is written.

Point cards 1..13 are turned up one at a time in a random order; both seats bid one
card from their own 1..13 in secret and at once; the higher bid takes the point card,
equal bids discard it. After 13 bids the higher score wins; equal scores: no winner.

Notation: a bid is the card's number, ``"1"`` to ``"13"``.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from tabletop.core import Event, Game, IllegalAction, InvalidAction, Outcome

CARDS = 13
NAMES = tuple(str(v) for v in range(1, CARDS + 1))
VALUE = {name: v for v, name in enumerate(NAMES, start=1)}
NO_EVENTS: tuple[Event, ...] = ()


class GoofState:
    __slots__ = ("hands", "prizes", "turn", "bids", "waiting", "scores", "history", "result", "discard")

    def __init__(self, prizes: list[int]):
        self.hands = [list(NAMES), list(NAMES)]
        self.prizes = prizes  # the whole shuffled order; prizes[turn] is face up
        self.turn = 0
        self.bids: list[str | None] = [None, None]
        self.waiting = [0, 1]
        self.scores = [0, 0]
        self.history: list[tuple[str, str, int]] = []
        self.discard: list[int] = []  # point cards nobody took
        self.result: Outcome | None = None


class Goofspiel(Game):
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
        return GoofState(prizes)

    def to_act(self, state):
        return state.waiting

    def legal_actions(self, state, seat):
        if seat not in state.waiting:
            return []
        return list(state.hands[seat])

    def apply(self, state, seat, action):
        if seat not in state.waiting:
            raise IllegalAction(f"Seat {seat + 1} is not to bid now.", seat=seat, action=action)
        hand = state.hands[seat]
        if action not in hand:
            if action not in VALUE:
                raise InvalidAction(f"'{action}' is not a card: bid a number from 1 to 13.", seat=seat, action=action)
            raise IllegalAction(f"You have already bid your {action}.", seat=seat, action=action)
        hand.remove(action)
        state.bids[seat] = action
        waiting = state.waiting
        waiting.remove(seat)
        if waiting:
            return NO_EVENTS
        return self._resolve(state)

    def _resolve(self, state):
        b0, b1 = state.bids
        prize = state.prizes[state.turn]
        v0, v1 = VALUE[b0], VALUE[b1]
        if v0 > v1:
            state.scores[0] += prize
            taker = "{p0} takes"
        elif v1 > v0:
            state.scores[1] += prize
            taker = "{p1} takes"
        else:
            state.discard.append(prize)
            taker = "nobody takes"
        state.history.append((b0, b1, prize))
        state.bids = [None, None]
        state.turn += 1
        if state.turn < CARDS:
            state.waiting = [0, 1]
        else:
            s0, s1 = state.scores
            winners = (0,) if s0 > s1 else (1,) if s1 > s0 else ()
            state.result = Outcome(winners, "higher score" if winners else "equal scores", scores=(s0, s1))
        return (Event("bid", f"{{p0}} bids {b0}, {{p1}} bids {b1}: {taker} the {prize}.",
                      {"bids": [b0, b1], "prize": prize}),)

    def outcome(self, state):
        return state.result

    def view(self, state, seat):
        view = {
            "prize": state.prizes[state.turn] if state.turn < CARDS else None,
            "prizes_left": CARDS - state.turn,
            "scores": list(state.scores),
            "history": [list(h) for h in state.history],
            "waiting_for": list(state.waiting),
        }
        if seat is not None:
            view["seat"] = seat
            view["hand"] = list(state.hands[seat])
            view["my_bid"] = state.bids[seat]
        return view

    def copy(self, state):
        new = GoofState.__new__(GoofState)
        new.hands = [state.hands[0][:], state.hands[1][:]]
        new.prizes = state.prizes
        new.turn = state.turn
        new.bids = state.bids[:]
        new.waiting = state.waiting[:]
        new.scores = state.scores[:]
        new.history = state.history[:]
        new.discard = state.discard[:]
        new.result = state.result
        return new

    def determinize(self, state, seat, rng):
        new = self.copy(state)
        future = new.prizes[new.turn + 1:]
        rng.shuffle(future)
        new.prizes = new.prizes[: new.turn + 1] + future
        other = 1 - seat
        if new.bids[other] is not None:
            # The other seat's secret bid could be any card it still held.
            pool = new.hands[other] + [new.bids[other]]
            pick = rng.choice(pool)
            pool.remove(pick)
            new.hands[other] = sorted(pool, key=VALUE.__getitem__)
            new.bids[other] = pick
        return new

    def census(self, state):
        total = Counter()
        for seat in (0, 1):
            total.update(f"s{seat}:{c}" for c in state.hands[seat])
            if state.bids[seat] is not None:
                total[f"s{seat}:{state.bids[seat]}"] += 1
        for b0, b1, _ in state.history:
            total[f"s0:{b0}"] += 1
            total[f"s1:{b1}"] += 1
        total.update(f"p:{p}" for p in state.prizes)
        return total

    def step_limit(self, seats):
        return 2 * CARDS

    def describe_action(self, state, seat, action):
        return f"bid {action} for the {state.prizes[state.turn]}"
