"""Suitors: a Love-Letter-like deduction game, written from the guide as a third party would.

Fifteen cards: five Guards (1), two Priests (2), two Barons (3), two Maids (4), two Princes
(5), a King (6) and the Princess (8). One card is set aside unseen; each seat is dealt one.
On its turn a seat draws a card and plays one of its two (face up, to its discard):

* Guard: name a seat and a kind other than Guard; that seat is out if it holds one. A wrong
  guess tells everyone that the seat does not hold that kind (a public constraint).
* Priest: look at another seat's hand (a peek: only the Priest's player learns it).
* Baron: compare hands in secret with another seat; the lower is out and shows its card. The
  winner's card is then known to be higher than the shown one; a tie tells everyone that the
  two hands are equal, and each of the two now knows the other's card.
* Maid: nobody may target you until your next turn.
* Prince: a seat (you too) discards its hand face up and draws again (the set-aside card
  when the deck is empty); the Princess discarded so puts it out.
* King: trade hands with another seat.
* Princess: playing it puts you out.

A move that needs a target and finds none (every other seat guarded) is played for nothing
(``play guard``). The round ends when one seat is left, or the deck is empty after a turn:
the highest card wins (equal highest share). Notation: ``play KIND [SEAT] [GUESS]``, one verb
whose argument is the card (``card_rule``), so the verbs a seat is asked never name its hand.
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
    card_rule,
    rulebook,
    zone,
)

VALUE = {"guard": 1, "priest": 2, "baron": 3, "maid": 4, "prince": 5, "king": 6, "princess": 8}
COUNT = {"guard": 5, "priest": 2, "baron": 2, "maid": 2, "prince": 2, "king": 1, "princess": 1}
CARDS = tuple(f"{kind}{n}" for kind, copies in COUNT.items() for n in range(1, copies + 1))
TARGETED = ("guard", "priest", "baron", "prince", "king")
GUESSES = tuple(k for k in VALUE if k != "guard")


def kind(card: str) -> str:
    return card.rstrip("0123456789")


def holds_no(guess):
    return lambda hand: all(kind(c) != guess for c in hand)


def higher_than(value):
    return lambda hand: all(VALUE[kind(c)] > value for c in hand)


def equal(a, b):
    return [VALUE[kind(c)] for c in a] == [VALUE[kind(c)] for c in b]


class SuitorsState(CardState):
    ZONES = {
        "deck": zone(NOBODY),
        "aside": zone(NOBODY),
        "hands": zone(OWNER),
        "discards": zone(EVERYONE, per_seat=True),
    }
    PUBLIC = ("turn", "out", "guarded")
    __slots__ = (*ZONES, *PUBLIC, "result")

    def __init__(self, seats, seed):
        super().__init__(seats, salt=seed)
        rng = random.Random(seed)
        self.deck = list(CARDS)
        rng.shuffle(self.deck)
        self.aside = [self.deck.pop()]
        self.hands = [[self.deck.pop()] for _ in range(seats)]
        self.discards = [[] for _ in range(seats)]
        self.turn = 0
        self.out = []
        self.guarded = []
        self.result = None
        self.hands[0].append(self.deck.pop())


class Suitors(Game):
    name = "suitors"
    title = "Suitors"
    version = "1.0"
    min_players = 2
    max_players = 4
    notation_help = "play KIND [SEAT] [GUESS], like 'play guard 2 priest' or 'play maid'."
    state_class = SuitorsState
    #: False: the game says nothing of what a wrong guess or a Baron rules out (how it was before).
    states_constraints = True

    def card_name(self, card):
        return kind(card).capitalize()

    def parse(self, action):
        words = action.split()
        if len(words) < 2 or words[0] != "play" or words[1] not in VALUE or len(words) > 4:
            raise InvalidAction(f"'{action}' is not a play: {self.notation_help}")
        target = guess = None
        if len(words) > 2:
            if not words[2].isdigit():
                raise InvalidAction(f"'{action}': the target is a seat number, like 'play baron 2'.")
            target = int(words[2]) - 1
        if len(words) > 3:
            guess = words[3]
            if guess not in GUESSES:
                raise InvalidAction(f"'{action}': guess a kind other than Guard, like 'play guard 2 priest'.")
        return "play", (words[1], target, guess)

    def setup(self, seats, options, seed):
        return SuitorsState(seats, seed)

    def to_act(self, state):
        return () if state.result else (state.turn,)

    def outcome(self, state):
        return state.result

    def candidates(self, state, seat):
        found = []
        for k in sorted({kind(c) for c in state.hands[seat]}):
            targets = [t for t in range(state.seats) if t not in state.out and t not in state.guarded
                       and (t != seat or k == "prince")]
            if k not in TARGETED or not targets:
                found.append(f"play {k}")
            elif k == "guard":
                found += [f"play guard {t + 1} {g}" for t in targets for g in GUESSES]
            else:
                found += [f"play {k} {t + 1}" for t in targets]
        return found

    def step_limit(self, seats):
        return len(CARDS) + 1


def _targets(state, seat, k):
    return [t for t in range(state.seats) if t not in state.out and t not in state.guarded
            and (t != seat or k == "prince")]


def refuse_play(game, state, seat, k, target, guess):
    card = next((c for c in state.hands[seat] if kind(c) == k), None)
    if card is None:
        return f"You hold no {k.capitalize()}."
    targets = _targets(state, seat, k) if k in TARGETED else []
    if target is None:
        if targets:
            return f"Name a seat for the {k.capitalize()}, like 'play {k} {targets[0] + 1}'."
        return None if guess is None else "Name a seat before a guess."
    if target not in targets:
        return f"Seat {target + 1} cannot be chosen for the {k.capitalize()}."
    if (k == "guard") != (guess is not None):
        return "Only a Guard names a guess." if guess else "Name a guess for the Guard, like 'play guard 2 priest'."
    return None


def play(game, state, seat, k, target, guess, effect=None):
    card = next(c for c in state.hands[seat] if kind(c) == k)
    state.hands[seat].remove(card)
    state.discards[seat].append(card)
    state.guarded = [s for s in state.guarded if s != seat]
    aimed = "" if target is None else f" at {{p{target}}}"
    events = [Event("play", f"{{p{seat}}} plays {card}{aimed}.", {"seat": seat, "card": card, "target": target})]
    if target is None:
        if k == "maid":
            state.guarded = [*state.guarded, seat]
        elif k == "princess":
            events += knock_out(state, seat)
    else:
        events += effect(game, state, seat, target, guess)
    return events + next_turn(state)


def played(effect):
    """The play of a card whose own effect is ``effect`` (None: no target)."""
    return lambda game, state, seat, k, target, guess: play(game, state, seat, k, target, guess, effect)


def guard(game, state, seat, target, guess):
    if any(kind(c) == guess for c in state.hands[target]):
        return [Event("guess", f"{{p{seat}}} guesses right.", {"guess": guess, "right": True}),
                *knock_out(state, target)]
    text = f"{{p{target}}} holds no {guess.capitalize()}."
    if game.states_constraints:
        state.constrain(text, holds_no(guess), ("hands", target))
    return [Event("guess", f"{{p{seat}}} guesses {guess.capitalize()} wrong: {text}", {"guess": guess, "right": False})]


def priest(game, state, seat, target, guess):
    state.peek(seat, *state.hands[target])
    return [Event("look", f"{{p{seat}}} sees {state.hands[target][0]}.", {"card": state.hands[target][0]},
                  frozenset({seat}))]


def baron(game, state, seat, target, guess):
    mine, theirs = VALUE[kind(state.hands[seat][0])], VALUE[kind(state.hands[target][0])]
    state.peek(seat, *state.hands[target])
    state.peek(target, *state.hands[seat])
    if mine == theirs:
        if game.states_constraints:
            state.constrain(f"{{p{seat}}} and {{p{target}}} hold cards of equal value.", equal,
                            ("hands", seat), ("hands", target))
        return [Event("tie", f"{{p{seat}}} and {{p{target}}} tie.", {"seats": [seat, target]})]
    loser, winner = (seat, target) if mine < theirs else (target, seat)
    shown = VALUE[kind(state.hands[loser][0])]
    events = knock_out(state, loser)
    if game.states_constraints:
        state.constrain(f"{{p{winner}}} holds a card above {shown}.", higher_than(shown), ("hands", winner))
    return events


def prince(game, state, seat, target, guess):
    dropped = state.hands[target].pop()
    state.discards[target].append(dropped)
    events = [Event("drop", f"{{p{target}}} discards {dropped}.", {"seat": target, "card": dropped})]
    if kind(dropped) == "princess":
        return events + knock_out(state, target, dropped=True)
    source = state.deck if state.deck else state.aside
    state.hands[target].append(source.pop())
    return events


def king(game, state, seat, target, guess):
    state.hands[seat], state.hands[target] = state.hands[target], state.hands[seat]
    state.peek(seat, *state.hands[target])  # each knows where the card it gave away went
    state.peek(target, *state.hands[seat])
    return [Event("trade", f"{{p{seat}}} and {{p{target}}} trade hands.", {"seats": [seat, target]})]




def knock_out(state, seat, dropped=False):
    shown = [] if dropped else state.hands[seat][:]
    state.discards[seat] += state.hands[seat]
    state.hands[seat].clear()
    state.out = [*state.out, seat]
    state.guarded = [s for s in state.guarded if s != seat]
    return [Event("out", f"{{p{seat}}} is out" + (f", showing {shown[0]}." if shown else "."),
                  {"seat": seat, "shown": shown})]


def next_turn(state):
    left = [s for s in range(state.seats) if s not in state.out]
    if len(left) == 1 or not state.deck:
        best = max(VALUE[kind(state.hands[s][0])] for s in left)
        winners = tuple(s for s in left if VALUE[kind(state.hands[s][0])] == best)
        state.result = Outcome(winners, "last in play" if len(left) == 1 else "highest card")
        shown = ", ".join(f"{{p{s}}} {state.hands[s][0]}" for s in left)
        state.reveal(*(state.hands[s][0] for s in left))
        return [Event("end", f"The round ends: {shown}.", {"winners": list(winners)})]
    turn = state.turn
    while True:
        turn = (turn + 1) % state.seats
        if turn not in state.out:
            break
    state.turn = turn
    drawn = state.deck.pop()
    state.hands[turn].append(drawn)
    return [Event("draw", f"{{p{turn}}} draws {drawn}.", {"card": drawn}, frozenset({turn})),
            Event("turn", f"{{p{turn}}}'s turn.", {"seat": turn})]


#: One public verb, ``play``; its rules read card by card (``card_rule``): a verb per card would
#: tell everyone which cards a seat may play, and so what it holds. The candidates are exactly
#: the plays the rules allow, so no refusal is asked for the legal list (the check asks them all).
Suitors.rules = rulebook(card_rule(
    "play", str,
    Rule("guard", refuse_play, played(guard)), Rule("priest", refuse_play, played(priest)),
    Rule("baron", refuse_play, played(baron)), Rule("maid", refuse_play, played(None)),
    Rule("prince", refuse_play, played(prince)), Rule("king", refuse_play, played(king)),
    Rule("princess", refuse_play, played(None)),
    refuses_no_candidate=True,
))
