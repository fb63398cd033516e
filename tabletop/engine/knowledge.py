"""Whether a seat has been shown, since a point of the game, something it could not know there.

A takeback lets a person choose again. If since that choice the game has shown the seat what
was hidden from it (orders revealed in a battle, the next cards turned up from the deck), or
the choice another seat made in secret at the same time as it (a bid, an order), choosing
again would use that knowledge, so a takeback past it must be refused. Seeing another seat's
open reply is not such knowledge: a takeback after it is an ordinary takeback.

A takeback rewinds everyone at the table, not only the seat that asks: every seat that keeps
what it saw (a person, an agent object that is not remade) is weighed the same way, so nobody
decides again knowing the next card another person's takeback put back in the deck.

The test is the conformance check's leak test turned round. Before each action since the
point, what the seat cannot see is resampled and the same action taken: if what the seat is
shown comes out differently, that action showed it something hidden.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from tabletop.core.errors import ActionError
from tabletop.core.game import Game

#: Resamples tried before each action. Where something hidden is shown it comes out differently
#: in almost every resample; a hidden part with only two possible values could come out the
#: same in all of them with probability 2**-SAMPLES.
SAMPLES = 12
#: Other choices tried to see whether a seat's choice shows (see :func:`_choice_shows`).
ALTERNATIVES = 12


def _shown(game: Game, state: Any, seat: int, who: int, action: str) -> str:
    """Take ``action`` in ``state`` and return what ``seat`` is shown: its view after it and
    the events it sees. Raises ActionError if the action does not fit the state."""
    events = game.apply(state, who, action)
    seen = [[e.kind, e.text, e.data] for e in events if e.visible(seat)]
    return json.dumps([game.view(state, seat), seen], sort_keys=True, default=repr)


def _choice_shows(game: Game, state: Any, seat: int, who: int, action: str, shown: str) -> bool:
    """Whether ``seat`` can tell ``who``'s choice from its other legal choices."""
    others = [a for a in game.legal_actions(state, who) if a != action][:ALTERNATIVES]
    return any(_shown(game, game.copy(state), seat, who, other) != shown for other in others)


def learned_since(
    game: Game, state: Any, seat: int, actions: Sequence[tuple[int, str]], *, rng: random.Random
) -> bool:
    """True if taking ``actions`` from ``state`` (the point a takeback would go back to) shows
    ``seat`` something it could not know there. ``seat`` need not be the one taking back: any
    seat that will decide again from that point. ``state`` is left as it is."""
    state = game.copy(state)
    deciding = game.to_act(state)
    # Choices made in secret alongside the seat's own: those still to come when it decides.
    simultaneous = set(deciding) - {seat} if seat in deciding else set()
    for who, action in actions:
        if who == seat:
            simultaneous |= set(game.to_act(state)) - {seat}
        samples = [game.determinize(state, seat, rng) for _ in range(SAMPLES)]
        before = game.copy(state)
        shown = _shown(game, state, seat, who, action)
        if who in simultaneous:
            simultaneous.discard(who)
            if _choice_shows(game, before, seat, who, action, shown):
                return True
        for sample in samples:
            try:
                if _shown(game, sample, seat, who, action) != shown:
                    return True
            except ActionError:  # the action fits only what the seat cannot see: does it show?
                if who != seat and _choice_shows(game, before, seat, who, action, shown):
                    return True
    return False
