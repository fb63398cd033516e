"""The sequence of play: rounds and turns. A round opens (the first player card moves), each
turn starts (a pending hard restart resolves, then the turn's gear card) and ends (an overwound
part unwinds, play passes on), and the game ends with the round of the last gear card.

The gear cards (:mod:`.gears`) and this module call each other, as the rulebook's sequence
does: a round starts by drawing gear cards, and once they are assigned the first turn starts.
"""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines import gears
from tabletop_games.windup_machines.cards import STOPPED
from tabletop_games.windup_machines.scoring import finish
from tabletop_games.windup_machines.state import TURN, clear_turn, not_now
from tabletop_games.windup_machines.winding import begin_winding, unwind_overwound

RESTART_REFUSAL = ("A hard restart replaces buying and hiring, needs a card left in the stack, and ends "
                   "your turn.")


def start_round(game, s, ev) -> None:
    """Sequence step 1: in a 3-4 player game the first player card moves clockwise."""
    s.round += 1
    if s.seats > 2:
        s.first = (s.round - 1) % s.seats
    s.given = set()
    ev.append(Event("round", f"Round {s.round} begins; {{p{s.first}}} is the first player.",
                    {"round": s.round, "first": s.first}))
    open_turn(s, s.first)
    if s.seats == 2:
        turn_start(game, s, ev)
    else:
        gears.before_draw(game, s, ev)


def open_turn(s, seat) -> None:
    s.active = seat
    clear_turn(s)
    s.fresh[seat] = []


def turn_start(game, s, ev) -> None:
    """Sequence steps 2-3: a hard restart taken last turn resolves, then the turn's gear card."""
    seat = s.active
    card = s.restarts[seat]
    if card is not None:
        s.restarts[seat] = None
        s.restart_pile.append(card)
        parts, sides = s.parts[seat], s.sides[seat]
        for cell in range(9):
            if parts[cell] is not None:
                sides[cell] = STOPPED if game.kind[parts[cell]] == "decoration" else 0
        ev.append(Event("hard_restart", f"{{p{seat}}}'s hard restart: parts to start position, "
                        "decorations stopped.", {"seat": seat}))
    if s.seats == 2:
        gears.before_draw(game, s, ev)
    elif s.assigned[seat] is not None:
        card = s.assigned[seat]
        s.assigned[seat] = None
        gears.offer(game, s, card, "turn", ev)
    else:
        begin_winding(game, s)


def end_turn(game, s, ev) -> None:
    """Sequence steps 7-8: the game ends after the round whose turns used the last gear card."""
    seat = s.active
    if s.overwound >= 0:
        unwind_overwound(s, seat, ev)
    nxt = (seat + 1) % s.seats
    if nxt == s.first:
        if not s.gear_deck and not s.drawn and not any(g is not None for g in s.assigned):
            finish(game, s, ev)
            return
        start_round(game, s, ev)
        return
    open_turn(s, nxt)
    turn_start(game, s, ev)


def refuse_restart(game, s, seat, *args):
    if s.phase != TURN:
        return not_now(s, "restart", args)
    if not args and not s.bought and not s.hired and s.restart_pile and s.restarts[seat] is None:
        return None
    return RESTART_REFUSAL


def restart(game, s, seat):
    """"Take a hard restart card which immediately ends their turn" (it resolves next turn)."""
    s.restarts[seat] = s.restart_pile.pop()
    ev = [Event("restart", f"{{p{seat}}} takes a hard restart card; the turn ends.", {"seat": seat})]
    end_turn(game, s, ev)
    return ev


def refuse_done(game, s, seat, *args):
    if s.phase != TURN or args:
        return not_now(s, "done", args)
    return None


def done(game, s, seat):
    ev: list[Event] = []
    end_turn(game, s, ev)
    return ev
