"""A small bluffing game built from zones, for planting the leaks a careless plugin makes.

Nine cards, three of each kind (Duke, Captain, Contessa), are shuffled; each seat is dealt
two, face down. On its turn a seat either *claims* a kind (``claim duke``: a public claim,
true or not) or *looks* at the top two cards of the deck (``look``: it alone now knows them).

After a claim, every other seat still holding cards answers at once and in secret
(``challenge`` or ``allow``); the answers are shown when all have answered (until the next claim). Unchallenged, the
claimant scores a point. Challenged, the claimant shows a card of that kind if it holds one
(face up, until the loss is settled: then it goes back into the deck, the deck is shuffled
and the claimant draws a new card) and the first challenger loses a card; else the claimant
loses a card. The loser always chooses which
card to lose (``lose duke2``), even when both are alike: whether a seat is asked must not
tell the others what it holds. A seat with no cards is out. Three points win, or being the
last with cards.

Cards are named ``duke1``..``duke3`` (shown as "Duke"), or all ``duke`` with
``shared_ids = True``: either way "Duke" is a kind, which any seat may name in a claim.
"""

from __future__ import annotations

import random

from tabletop.core import Event, Game, IllegalAction, InvalidAction, Outcome
from tabletop.core.zones import EVERYONE, NOBODY, OWNER, CardState, Secret, zone

KINDS = ("duke", "captain", "contessa")
ANSWERS = ("challenge", "allow")
ACT, ANSWER, LOSE = "act", "answer", "lose"


class BluffState(CardState):
    ZONES = {"deck": zone(NOBODY), "hands": zone(OWNER), "lost": zone(EVERYONE), "shown": zone(EVERYONE)}
    PUBLIC = ("turn", "phase", "claim", "answers", "scores", "loser")
    __slots__ = (*ZONES, *PUBLIC, "result")

    def __init__(self, seats: int, deck: list[str], seed: int):
        super().__init__(seats, salt=seed)
        self.deck = deck
        self.hands = [[deck.pop(), deck.pop()] for _ in range(seats)]
        self.lost: list[str] = []
        self.shown: list[str] = []
        self.turn = 0
        self.phase = ACT
        self.claim: str | None = None
        self.answers = Secret(seats)
        self.scores = [0] * seats
        self.loser: int | None = None
        self.result: Outcome | None = None


def kind(card: str) -> str:
    return card.rstrip("0123456789")


class Bluff(Game):
    name = "bluff"
    title = "Bluff"
    min_players = 2
    max_players = 3
    state_class = BluffState
    shared_ids = False

    def card_name(self, card):
        return kind(card).capitalize()

    def setup(self, seats, options, seed):
        deck = [k if self.shared_ids else f"{k}{n}" for k in KINDS for n in (1, 2, 3)]
        random.Random(seed).shuffle(deck)
        return self.make_state(seats, deck, seed)

    def make_state(self, seats, deck, seed):
        return BluffState(seats, deck, seed)

    def in_play(self, state):
        return [s for s in range(state.seats) if state.hands[s]]

    def answering(self, state):
        return [s for s in self.in_play(state) if s != state.turn and not state.answers.chosen(s)]

    def to_act(self, state):
        if state.result:
            return []
        if state.phase == ANSWER:
            return self.answering(state)
        return [state.loser] if state.phase == LOSE else [state.turn]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if state.phase == ACT:
            return [f"claim {k}" for k in KINDS] + (["look"] if len(state.deck) >= 2 else [])
        if state.phase == ANSWER:
            return list(ANSWERS)
        return [f"lose {c}" for c in sorted(set(state.hands[seat]))]

    def apply(self, state, seat, action):
        if action not in self.legal_actions(state, seat):
            if action.split(" ")[0] not in ("claim", "look", "lose", *ANSWERS):
                raise InvalidAction(f"'{action}' is not an action: claim a kind, look, challenge, allow or lose a card.")
            raise IllegalAction(f"Seat {seat + 1} may not {action} now.")
        if action == "look":
            return self.look(state, seat)
        verb, _, what = action.partition(" ")
        if verb == "claim":
            state.claim, state.phase = what, ANSWER
            self.new_claim(state)
            return [Event("claim", f"{{p{seat}}} claims the {what.capitalize()}.", {"kind": what})]
        if verb == "lose":
            return self.lose(state, seat, what)
        return self.answer(state, seat, verb)

    def new_claim(self, state):
        state.answers = Secret(state.seats)  # the last claim's answers stay shown until now

    def look(self, state, seat):
        state.peek(seat, *state.deck[-2:])
        self.next_turn(state)
        return [Event("look", f"{{p{seat}}} looks at the top two cards of the deck.", {"seat": seat})]

    def answer(self, state, seat, verb):
        self.keep_answer(state, seat, verb)
        events = [self.answered_event(seat, verb)]
        if self.answering(state):
            return events
        return events + self.resolve(state)

    def keep_answer(self, state, seat, verb):
        state.answers.choose(seat, verb, options=ANSWERS)

    def answered_event(self, seat, verb):
        return Event("answered", f"{{p{seat}}} has answered.", {"seat": seat})

    def answers_given(self, state):
        return [s for s in range(state.seats) if state.answers.values[s] == "challenge"]

    def resolve(self, state):
        state.answers.reveal()
        claimant, claim = state.turn, state.claim
        challengers = self.answers_given(state)
        events = [Event("answers", "Challenged by " + (", ".join(f"{{p{s}}}" for s in challengers) or "nobody") + ".",
                        {"challengers": challengers})]
        if not challengers:
            state.scores[claimant] += 1
            events.append(Event("score", f"{{p{claimant}}} scores.", {"seat": claimant}))
            self.next_turn(state)
            return events
        shown = [c for c in state.hands[claimant] if kind(c) == claim]
        if shown:
            state.hands[claimant].remove(shown[0])
            state.shown.append(shown[0])
            events.append(Event("shown", f"{{p{claimant}}} shows a {claim.capitalize()}.", {"kind": claim}))
            state.loser = challengers[0]
        else:
            state.loser = claimant
        return events + self.ask_loser(state)

    def replace_shown(self, state):
        """The shown card goes back into the deck, shuffled, and its owner draws a new one."""
        if not state.shown:
            return []
        state.deck.extend(state.shown)
        state.shown.clear()
        self.shuffle_deck(state)
        drawn = state.deck.pop()
        state.hands[state.turn].append(drawn)
        return [self.draw_event(state.turn, drawn)]

    def shuffle_deck(self, state):
        state.shuffle(state.deck)

    def draw_event(self, seat, card):
        return Event("draw", f"{{p{seat}}} draws {card}.", {"card": card}, frozenset({seat}))

    def ask_loser(self, state):
        state.phase = LOSE
        return []

    def lose(self, state, seat, card):
        state.hands[seat].remove(card)
        state.lost.append(card)
        state.loser = None
        events = [Event("lose", f"{{p{seat}}} loses {card}.", {"card": card}), *self.replace_shown(state)]
        self.next_turn(state)
        return events

    def next_turn(self, state):
        state.phase, state.claim = ACT, None
        held = self.in_play(state)
        if len(held) <= 1 or max(state.scores) >= 3:
            best = max(state.scores)
            winners = tuple(held) if len(held) == 1 else tuple(s for s, v in enumerate(state.scores) if v == best)
            state.result = Outcome(winners, "last with cards" if len(held) == 1 else "three points")
            return
        later = [s for s in held if s > state.turn]
        state.turn = later[0] if later else held[0]

    def outcome(self, state):
        return state.result

    def step_limit(self, seats):
        return 400
