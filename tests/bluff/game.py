"""Bluff: a two-seat game of face-down claims, doubts and forced reveals, written as a plugin is.

Fifteen cards, ranks 1 to 5 three times each; six to each seat, three set aside unseen. The
seats take turns to lay one card face down, claiming it is the rank called now (the call
goes 1, 2, 3, 4, 5, 1, ... one step a play). The other seat accepts the claim (the card joins
the face-down pile) or doubts it: the card is turned up, and a false claim makes its player
take the whole pile into hand, a true one makes the doubter take it. A seat wins when its
hand is empty and its last claim stands. After 60 plays the smaller hand wins.

Notation: ``play R`` lays a card of rank R (1 to 5); ``doubt`` and ``accept`` answer a claim.

Search's lesson: a claim is false only when its player could not tell the truth, so a world in
which the honest opponent lied while it held the rank is an unlikely world.
"""

from __future__ import annotations

import random
from pathlib import Path

from tabletop.plugin_api import (
    NOBODY,
    OWNER,
    CardState,
    Event,
    Game,
    InvalidAction,
    LearningKit,
    Outcome,
    Rule,
    rulebook,
    zone,
)

RANKS = 5
COPIES = 3
HAND = 6
PLAY_LIMIT = 60
CARDS = tuple(f"{rank}{copy}" for rank in range(1, RANKS + 1) for copy in "abc"[:COPIES])
PLAYS = {f"play {rank}": ("play", (str(rank),)) for rank in range(1, RANKS + 1)}
ANSWERS = {"doubt": ("doubt", ()), "accept": ("accept", ())}


def rank(card: str) -> int:
    return int(card[0])


class BluffState(CardState):
    ZONES = {
        "hands": zone(OWNER),
        "claim": zone(OWNER),  # the card laid and not yet answered: its player alone sees it
        "pile": zone(NOBODY),  # accepted claims; each player remembers its own cards there
        "aside": zone(NOBODY),
    }
    PUBLIC = ("turn", "answering", "call", "plays", "last")
    __slots__ = (*ZONES, *PUBLIC, "result")

    def __init__(self, deck: list[str], seed: int):
        super().__init__(2, salt=seed)
        self.hands = [sorted(deck[:HAND]), sorted(deck[HAND:2 * HAND])]
        self.aside = deck[2 * HAND:]
        self.claim: list[list[str]] = [[], []]
        self.pile: list[str] = []
        self.turn = 0  # the seat that lays the next card, or whose card is being answered
        self.answering = False
        self.call = 1
        self.plays = 0
        self.last: str | None = None  # the last card turned up by a doubt, as everyone saw it
        self.result: Outcome | None = None


def refuse_play(game, state, seat, wanted):
    if state.answering:
        return "A claim waits for an answer: doubt or accept it."
    if not any(rank(card) == int(wanted) for card in state.hands[seat]):
        return f"You hold no card of rank {wanted}."
    return None


def play(game, state, seat, wanted):
    """Lay one card of that rank face down, claiming the rank called."""
    hand = state.hands[seat]
    card = next(c for c in hand if rank(c) == int(wanted))
    hand.remove(card)
    state.claim[seat].append(card)
    state.answering = True
    return (Event("play", f"{{p{seat}}} lays a card face down: \"a {state.call}\".",
                  {"seat": seat, "call": state.call}),)


def refuse_answer(game, state, seat):
    return None if state.answering else "There is no claim to answer: lay a card."


def accept(game, state, seat):
    """The claim stands: the card joins the pile, and its player remembers it there."""
    player = state.turn
    card = state.claim[player].pop()
    state.pile.append(card)
    state.learn(1 << player, card)
    events = [Event("accept", f"{{p{seat}}} accepts.", {"seat": seat})]
    return game._next(state, player, events)


def doubt(game, state, seat):
    """The card is turned up; the one proved wrong takes the pile (the card with it)."""
    player = state.turn
    card = state.claim[player].pop()
    state.reveal(card)
    truthful = rank(card) == state.call
    loser = seat if truthful else player
    taken = [*state.pile, card]
    state.pile = []
    state.hands[loser] += taken
    state.hands[loser].sort()
    state.last = card
    verdict = "true" if truthful else "false"
    events = [Event("doubt", f"{{p{seat}}} doubts: the card is a {rank(card)}, the claim was {verdict}; "
                             f"{{p{loser}}} takes {len(taken)} card(s).",
                    {"seat": seat, "card": card, "truthful": truthful, "loser": loser})]
    return game._next(state, player, events)


class Bluff(Game):
    state_class = BluffState
    name = "bluff"
    title = "Bluff"
    version = "1.0"
    min_players = 2
    max_players = 2
    notation_help = "Type 'play R' to lay a card of rank R (1 to 5) as the rank called; 'doubt' or 'accept' a claim."
    rules_file = Path(__file__).with_name("RULES.md")
    # Every action text there is (a rank, not a card id, follows 'play'), for reinforcement learning.
    learning = LearningKit(vocabulary=lambda game, seats, options: [*PLAYS, *ANSWERS])
    rules = rulebook(Rule("play", refuse_play, play), Rule("doubt", refuse_answer, doubt),
                     Rule("accept", refuse_answer, accept))

    def parse(self, action):
        found = PLAYS.get(action) or ANSWERS.get(action)
        if found is None:
            raise InvalidAction(f"'{action}' is not an action: type 'play R' (R from 1 to 5), 'doubt' or 'accept'.")
        return found

    def not_asked(self, state, seat, verb):
        return f"Seat {seat + 1} is not to {verb} now."

    def setup(self, seats, options, seed):
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        return BluffState(deck, seed)

    def to_act(self, state):
        if state.result is not None:
            return ()
        return (1 - state.turn,) if state.answering else (state.turn,)

    def candidates(self, state, seat):
        return (*PLAYS, *ANSWERS)

    def legal_actions(self, state, seat):
        if state.result is not None:
            return []
        if state.answering:
            return ["doubt", "accept"] if seat != state.turn else []
        if seat != state.turn:
            return []
        return [f"play {r}" for r in sorted({rank(c) for c in state.hands[seat]})]

    def _next(self, state, player, events):
        """After an answer: the player's empty hand wins; else the other seat lays the next card."""
        state.answering = False
        state.plays += 1
        state.call = state.call % RANKS + 1
        sizes = [len(h) for h in state.hands]
        if sizes[player] == 0:
            state.result = Outcome((player,), "emptied its hand")
        elif state.plays >= PLAY_LIMIT:
            winners = () if sizes[0] == sizes[1] else ((0,) if sizes[0] < sizes[1] else (1,))
            state.result = Outcome(winners, "the smaller hand after the last play" if winners else "equal hands")
        else:
            state.turn = 1 - player
        return events

    def outcome(self, state):
        return state.result

    def step_limit(self, seats):
        return 2 * PLAY_LIMIT

    def describe_action(self, state, seat, action):
        if action.startswith("play"):
            wanted = action.split()[1]
            truth = "truthfully" if int(wanted) == state.call else "a bluff"
            return f"lay a {wanted} claiming a {state.call} ({truth})"
        return f"{action} the claim of a {state.call}"
