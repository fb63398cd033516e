"""The Build Phase (rulebook: "The Draft"): five draft turns from a face-up row.

Each draft verb is a refusal (the sentence a player reads when it may not be taken now, or
None) and an effect; the refusals are the rules, and :class:`DraftOptions`, the fast list of a
seat's draft actions, is held to them by a test. Turning up each row, and passing over seats
that can do nothing, are here too; :mod:`.rounds` moves the round on after the last seat.
"""

from __future__ import annotations

from tabletop.plugin_api import Event, LazyEvent
from tabletop_games.castlewars.cards import TOWER, CardRules
from tabletop_games.castlewars.state import DRAFT, CastleState

#: The refusal of a battle order during the Build Phase, and of a draft action after it.
BUILD_PHASE = "It is the Build Phase: take a face-up card, swap a kept Unit for one, or pass."
DRAFT_OVER = "The draft is over: give your battle orders."
VERBS = frozenset(("take", "swap", "pass"))


# ---- the rules of a draft turn ------------------------------------------------------------

def refuse_take(game, state: CastleState, seat: int, card: str) -> str | None:
    """ "Players will take a single card of their choosing", within the hand and Tower limits."""
    if state.phase != DRAFT:
        return DRAFT_OVER
    if card not in state.row:
        return f"There is no face-up {game.cards.names[card]} to take."
    towers = len(state.towers[seat])
    limit = game.cards.hand_limit
    if len(state.units[seat]) + towers >= limit:
        return f"Your hand is full ({limit} cards): swap a kept Unit or pass instead."
    if card == TOWER and towers >= state.tower_limit:
        return f"You may hold at most {state.tower_limit} Tower(s) this round."
    return None


def refuse_swap(game, state: CastleState, seat: int, give: str, get: str) -> str | None:
    """ "If a player retains cards from a previous round she may exchange an owned Unit card
    for another Unit card from the face-up cards" (RULES.md: which Units may be exchanged)."""
    if state.phase != DRAFT:
        return DRAFT_OVER
    names = game.cards.names
    if give == TOWER:
        return "Towers may not be exchanged once acquired."
    if get == TOWER:
        return "Towers may only be taken, not exchanged for."
    if give == get:
        return "Swapping a Unit for one of the same kind changes nothing."
    if give not in state.units[seat]:
        return f"You hold no {names[give]} to give up."
    if give not in state.kept[seat]:
        return (f"Only Units kept from an earlier round may be exchanged, and you kept no {names[give]}"
                " not yet exchanged this round.")
    if get not in state.row:
        return f"There is no face-up {names[get]} to swap for."
    return None


def refuse_pass(game, state: CastleState, seat: int) -> str | None:
    """Taking is compulsory: a seat passes only when no face-up card may be taken."""
    if state.phase != DRAFT:
        return DRAFT_OVER
    if any(refuse_take(game, state, seat, card) is None for card in state.row):
        return "You may pass only with a full hand or when nothing face up may be taken: take a card."
    return None


def take(game, state: CastleState, seat: int, card: str) -> list[Event]:
    state.row.remove(card)
    (state.towers if card == TOWER else state.units)[seat].append(card)
    events = [game.narration.take_event[seat][card]]
    state.drafter += 1
    if not next_drafter(game, state, events):
        game.move_on(state, events)
    return events


def swap(game, state: CastleState, seat: int, give: str, get: str) -> list[Event]:
    """The Unit given goes face up where the one taken lay, for the players after to take."""
    units = state.units[seat]
    units[units.index(give)] = get
    kept = list(state.kept)
    i = kept[seat].index(give)
    kept[seat] = kept[seat][:i] + kept[seat][i + 1:]
    state.kept = tuple(kept)
    state.row[state.row.index(get)] = give
    events = [game.narration.swap_event[seat][give, get]]
    state.drafter += 1
    if not next_drafter(game, state, events):
        game.move_on(state, events)
    return events


def pass_turn(game, state: CastleState, seat: int) -> list[Event]:
    events = [game.narration.pass_event[seat]]
    state.drafter += 1
    if not next_drafter(game, state, events):
        game.move_on(state, events)
    return events


# ---- the fast list of draft actions ---------------------------------------------------------

class DraftOptions:
    """A seat's legal draft actions, as the refusals above allow them: takes, then exchanges of
    kept Units, then ``pass`` when nothing may be taken. Worked out once per case (the kinds
    face up, the Units kept, whether the hand has room, whether a Tower may be taken: a few
    thousand at most), then copied."""

    def __init__(self, cards: CardRules):
        self.hand_limit = cards.hand_limit
        self.units = cards.units
        self.letters = (*cards.units, TOWER)
        self.take_text = {card: f"take {card}" for card in self.letters}
        self.swap_text = {(give, get): f"swap {give} {get}" for give in cards.units for get in cards.units}
        self.cache: dict = {}

    def options(self, state: CastleState, seat: int) -> list[str]:
        towers = len(state.towers[seat])
        # The kept Units are sorted by kind (rounds.start_round): one spelling per hand.
        key = (frozenset(state.row), state.kept[seat],
               len(state.units[seat]) + towers < self.hand_limit, towers < state.tower_limit)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self.write(*key)
        return found[:]

    def write(self, row, kept, room, tower_ok) -> list[str]:
        """A seat with nothing at all to do gets none: it passes without being asked."""
        takes = [self.take_text[card] for card in self.letters
                 if room and card in row and (tower_ok or card != TOWER)]
        swaps = [self.swap_text[give, get] for give in self.units if give in kept
                 for get in self.units if get != give and get in row]
        if takes:
            return takes + swaps
        return swaps + ["pass"] if swaps else []


def can_draft(game, state: CastleState, seat: int) -> bool:
    """Whether the seat may take or exchange anything now (the refusals' verdict, unrolled:
    this is asked after every draft action)."""
    row = state.row
    if not row:
        return False
    towers = len(state.towers[seat])
    if len(state.units[seat]) + towers < game.cards.hand_limit and (
            towers < state.tower_limit or row.count(TOWER) < len(row)):
        return True
    kept = state.kept[seat]
    if kept:
        for get in row:  # a face-up Unit, and a kept Unit of another kind to give for it
            if get != TOWER and (get != kept[0] or kept.count(get) < len(kept)):
                return True
    return False


# ---- draft turns: the row, and who drafts next ----------------------------------------------

def next_drafter(game, state: CastleState, events: list) -> bool:
    """Pass over the seats that can neither take nor exchange; False once the turn is used up
    (then the draft actions call ``game.move_on``: :func:`.rounds.move_on`)."""
    order = state.turn_order
    while state.drafter < len(order):
        seat = order[state.drafter]
        if can_draft(game, state, seat):
            state.waiting = game.alone[seat]
            return True
        events.append(game.narration.stuck_event[seat])
        state.drafter += 1
    return False


def next_row(game, state: CastleState, events: list) -> bool:
    """Discard the leftovers ("Interpretation (leftovers)") and turn up the next draft turn's row;
    False when the five draft turns are over."""
    c = game.cards
    if state.row:
        state.discard.extend(state.row)
        state.row.clear()
    if state.draft_turn == c.draft_turns:
        return False
    state.draft_turn += 1
    # Laid out by kind: the order cards are turned up in is no rule, and a row kept in deck
    # order would tell, after the leftovers are discarded, how the hidden deck lay.
    drawn = _turn_up(state, c.face_up[len(state.in_play)], events)
    drawn.sort(key=game.rank)
    state.row += drawn
    events.append(LazyEvent("face_up", game.narration.face_up, {"turn": state.draft_turn, "row": state.row[:]}))
    state.drafter = 0
    return True


def _turn_up(state: CastleState, count: int, events: list) -> list[str]:
    """The next ``count`` cards from the top of the deck (fewer if deck and discard pile run out)."""
    deck = state.deck
    cards = deck[-count:]
    del deck[-count:]
    while len(cards) < count and state.discard:
        deck += state.discard
        state.discard.clear()
        state.shuffle(deck)  # "If the deck is depleted, shuffle the discard pile and replace it."
        events.append(Event("reshuffle", f"The discard pile is shuffled into a new deck of "
                            f"{len(deck)} cards.", {"cards": len(deck)}))
        more = count - len(cards)
        cards += deck[-more:]
        del deck[-more:]
    return cards
