"""Illegal & Broken Actions: a card the active unit may not take is a Block, or it breaks.

"If you are attacked at the same time the illegal action is played, the illegal action
counts as a Block All Attacks card (only)"; otherwise it "breaks": 2017 puts it under the
Life card at once, 2016 "At the end of the Round" (:func:`.war.end_round`). Three broken
cards at the end of a round forfeit the game (:mod:`.ending`).
"""

from __future__ import annotations

from tabletop_games.windupwar.state import WarState, replaced


def block_or_break(cards) -> None:
    """Each illegal card of the step (``cards``, an :class:`.actions.Step`): attacked means any
    legal card of the step would damage its seat, before blocks (RULES.md, interpretation 5)."""
    for s in cards.illegal:
        if s in cards.incoming:
            cards.blockers.add(s)
        else:
            cards.broken.append(s)


def break_cards(state: WarState, step: int, cards) -> None:
    """The step's broken cards leave the row (2017) or are marked for the round's end (2016)."""
    for s in cards.broken:
        if state.edition == "2016":
            state.row_broken = replaced(state.row_broken, s, (*state.row_broken[s], step))
        else:
            state.broken[s].append(state.rows[s][step])
            state.rows[s][step] = None
