"""Ways to put a Castle Wars game into a position a test needs, without creating or losing cards."""

from __future__ import annotations

from tabletop.core.seat_ring import SeatRing
from tabletop_games.castlewars import rounds
from tabletop_games.castlewars.cards import TOWER
from tabletop_games.castlewars.game import CastleWars

GAME = CastleWars()


def play(state, seat, *actions):
    """Apply several actions of one seat; returns all their events."""
    events = []
    for action in actions:
        events.extend(GAME.apply(state, seat, action))
    return events


def rig_rows(state, rows):
    """Make the current face-up row ``rows[0]`` and the next draws ``rows[1]``, ``rows[2]``, ...

    Only the deck's order changes (as if it had been shuffled that way).
    """
    state.deck.extend(state.row)
    state.row = []
    for card in rows[0]:
        state.deck.remove(card)
        state.row.append(card)
    upcoming = [card for row in rows[1:] for card in row]
    for card in upcoming:
        state.deck.remove(card)
    state.deck.extend(reversed(upcoming))


def _with_hands(hands, *, hp, first, round_number, seed):
    state = GAME.new_state(len(hands), seed=seed)
    state.deck.extend(state.row)
    state.row = []
    for seat, hand in enumerate(hands):
        for card in hand:
            state.deck.remove(card)
            if card == TOWER:
                state.towers[seat].append(TOWER)
            else:
                state.units[seat].append(card)
    if hp is not None:
        state.hp = tuple(hp)
    state.round = round_number
    state.turn_order = tuple(SeatRing(len(hands), state.in_play).clockwise_from(first))
    return state


def staged(hands, *, hp=None, first=0, round_number=1, seed=0):
    """A game at the start of the Battle Phase with these hands (lists of letters, Towers as T).

    The cards come out of the deck; the draft of this round counts as done.
    """
    state = _with_hands(hands, hp=hp, first=first, round_number=round_number, seed=seed)
    state.draft_turn = GAME.cards.draft_turns
    rounds.move_on(GAME, state, [])  # the last draft turn is over: orders begin
    return state


def drafting(hands, row, *, hp=None, first=0, seed=0, kept=None):
    """A game at the first draft turn of a round with these hands and this face-up row.

    The Units in ``hands`` count as kept from an earlier round (so they may be exchanged)
    unless ``kept`` gives, per seat, the letters that do.
    """
    state = _with_hands(hands, hp=hp, first=first, round_number=2, seed=seed)
    state.kept = tuple(tuple(c for c in (hand if kept is None else kept[seat]) if c != TOWER)
                       for seat, hand in enumerate(hands))
    for card in row:
        state.deck.remove(card)
    state.row = list(row)
    state.draft_turn = 1
    state.drafter = 0
    state.waiting = (state.turn_order[0],)
    return state


def total_cards(seats):
    c = GAME.cards
    return sum(c.unit_count.values()) + c.towers_in_deck[seats]


def orders(state, seat, order, line=()):
    """Give a seat's battle order and its line; stops placing once the rest is forced."""
    events = list(GAME.apply(state, seat, order))
    for unit in line:
        if seat not in state.waiting:
            break
        events.extend(GAME.apply(state, seat, f"place {unit}"))
    return events


def towers(state):
    """Towers held per seat."""
    return [len(t) for t in state.towers]
