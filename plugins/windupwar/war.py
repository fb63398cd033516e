"""The War: card 1 of every row in play is revealed and resolved at once, then card 2, ... card 5.

A step follows the rulebook: "all players flip the first card in their Windup order
face-up", the cards are resolved "as if they had happened simultaneously" (:mod:`.actions`,
:mod:`.broken`, :mod:`.charge`), then destroyed units are replaced before the next card
(:mod:`.casualties`). "After all five Action cards have been resolved, finish the Round by
moving all the Action cards in your Windup order to your Discard pile" (2016: "Reload!"
first), then forfeits (:mod:`.ending`) and a new Windup. Nothing here asks anyone anything
except a successful Charge!, which pauses the war until the charger picks its card.
"""

from __future__ import annotations

from tabletop.plugin_api import DeferredEvent, Event
from tabletop_games.windupwar import actions, casualties, charge, ending
from tabletop_games.windupwar.broken import break_cards
from tabletop_games.windupwar.narration import PLAYED
from tabletop_games.windupwar.state import SLOTS, WAR, WarState

# What a revealed card did, as shown in the reveal rows.
AS_BLOCK = "illegal: counts as Block"
BROKEN = "illegal: broken"
NO_CARD = "no card"


def run(game, state: WarState, events: list[Event]) -> None:
    """Reveal and resolve steps until the round ends, a charge needs a choice, or the game ends."""
    if state.revealed == 0:
        state.reveals = ()
    state.phase = WAR
    state.pending = ()
    while state.result is None:
        if state.revealed >= SLOTS:
            end_round(game, state, events)
            return
        step = state.revealed
        state.revealed = step + 1
        if reveal(game, state, step, events):
            return
        finish_step(game, state, events)


def reveal(game, state: WarState, step: int, events: list[Event]) -> bool:
    """Resolve slot ``step`` of every row at once; True if a charger must now choose."""
    cards = actions.read(game, state, step)
    taken, dealt = actions.damage(state, cards)
    if cards.broken:
        break_cards(state, step, cards)
    if cards.reloads:
        actions.reload(game, state, step, cards)
    notes, pause = charge.charge(state, cards.chargers) if cards.chargers else (None, False)
    record(game, state, step, cards, taken, dealt, notes, events)
    return pause


def charge_scored(game, state: WarState, seat: int, card: str) -> list[Event]:
    """The ``score`` rule's effect: the point is scored, the step finishes and the War goes on."""
    events: list[Event] = []
    charge.score(game, state, card, events)
    finish_step(game, state, events, scored=True)
    if state.result is None:
        run(game, state, events)
    return events


def finish_step(game, state: WarState, events: list[Event], *, scored: bool = False) -> None:
    """After a step: destroyed units replaced; a winning point ends the war; then eliminations.

    Points come before eliminations: a seat that scores its winning point wins even if its
    last unit fell in the same step (RULES.md, interpretation 9). Points change only when a
    charger ``scored``, and a unit falls only at 0 hearts: the checks are skipped otherwise."""
    if 0 not in state.hearts:
        eliminated = ()
    else:
        eliminated = casualties.replace_destroyed(game, state, events)
    if scored and ending.points_win(state, events):
        return
    if eliminated:
        casualties.eliminate(state, eliminated)
        ending.last_standing(state, events, "elimination")


def end_round(game, state: WarState, events: list[Event]) -> None:
    """Clear the rows (2016: Reload and broken cards act now), then forfeits, then a new Windup."""
    edition_2016 = state.edition == "2016"
    rows, program = state.rows, state.program
    for s in range(state.n):
        # Slots never turned (a seat out mid-round) follow the face-up ones.
        row = rows[s] + program[s]
        if edition_2016:
            _clear_row_2016(game, state, s, row)
        else:
            state.discard[s].extend(c for c in row if c is not None)
        rows[s] = []
        program[s] = []
    if ending.forfeits(state, events):
        return
    state.round += 1
    if ending.called_off(state, events):
        return
    state.start_windup()
    ending.stalemate(state, events)


def _clear_row_2016(game, state: WarState, s: int, row: list) -> None:
    """2016 "Reload!": the Reload, the cards left of it and the discard pile return to the hand;
    broken cards go under the Heart card; the rest go to the discard pile."""
    hand, discard, broken = state.hands_seen[s], state.discard[s], state.broken[s]
    reload_at, broke = state.reload_at[s], state.row_broken[s]
    if reload_at >= 0:
        hand.extend(discard)
        discard.clear()
    for slot, card in enumerate(row):
        if card is None:
            continue
        if slot in broke:
            broken.append(card)
        elif slot <= reload_at:
            hand.append(card)
        else:
            discard.append(card)
    if reload_at >= 0:
        hand.sort(key=game.order.__getitem__)


# ---- what the table saw ------------------------------------------------------------------


def record(game, state: WarState, step: int, cards, taken: list[int], dealt: list[int],
           notes: dict[int, str] | None, events: list[Event]) -> None:
    """Keep the step's reveal for the view and narrate it, unless no seat had a card.

    Kept as it is known now (the step, its cards, the units and hearts after the damage):
    the rows :func:`reveal_rows` reads from it are made only when someone reads them."""
    if not cards.any_card:
        return
    reveal = (state.round, step + 1, cards, notes, dealt, taken, state.hearts[:], state.active[:], state.army)
    state.reveals = (*state.reveals, reveal)
    events.append(DeferredEvent("reveal", game.narration.reveal, _reveal_data, reveal))


def reveal_rows(reveal: tuple) -> list[dict]:
    """One row per seat in play of a step kept by :func:`record`: its card, unit and
    what the card did, damage dealt and taken, hearts left."""
    _round, _step, cards, notes, dealt, taken, hearts, active, army = reveal
    outcome_of = dict.fromkeys(cards.illegal, AS_BLOCK)
    if cards.broken:
        outcome_of.update(dict.fromkeys(cards.broken, BROKEN))
    if notes:
        outcome_of.update(notes)
    return [{
        "seat": s, "card": None if card is None else card.notation, "unit": army[s][active[s]],
        "outcome": NO_CARD if card is None else outcome_of.get(s, PLAYED),
        "dealt": dealt[s], "taken": taken[s], "hearts": hearts[s],
    } for s, card in cards.plays]


def _reveal_data(reveal: tuple) -> dict:
    return {"round": reveal[0], "step": reveal[1], "rows": reveal_rows(reveal), "hits": tuple(reveal[2].hits)}
