"""Ending a fight and the end of the game.

"If one of the players cannot equal or beat the current combat value, his opponent wins the
fight": the ``yield`` verb (allowed only when no play would be accepted, see ``acceptable``).
The loser's commander loses a wound unless Guard* keeps it; Repair* may then recycle Vehicles
(``recycling``); the cards go to the graveyards and the other player becomes active. The game
ends when a commander loses his last wound (or an army is depleted, see ``draw``).
"""

from __future__ import annotations

from tabletop.plugin_api import Event, Outcome
from tabletop_games.wms.phases import elsewhere
from tabletop_games.wms.playing import take_back
from tabletop_games.wms.state import FIGHT, OVER, RECYCLE


def refuse_yield(game, state, seat):
    """Yield only when no unit you could play equals or beats (RULES.md: "you must play a unit
    when you can"); the refusal names a play that would."""
    if state.phase != FIGHT:
        return elsewhere(game, state, seat, "yield")
    found = None if game.may_yield(state, seat) else game.must_play.acceptable_play(state, seat)
    if found is None:
        return None
    return (f"You may yield only when no unit you could play equals or beats, and you can "
            f"({', then '.join(found)}): play a unit, or make a tactical retreat with 'retreat'.")


def give_up(game, state, seat):
    """The yield: a play being made is taken back, then the fight is lost."""
    events = take_back(game, state, seat) if state.pending is not None else []
    opening = not state.battle[0] and not state.battle[1]
    why = ("has no unit to open the fight with" if opening else
           "cannot play a unit that equals or beats the current combat value")
    events.append(Event("yield", f"{{p{seat}}} {why} and loses the fight.", {"seat": seat}))
    end_fight(game, state, seat, events)
    return events


def end_fight(game, state, loser, events):
    """The loser's commander loses a wound (unless Guard* is in his support zone); then those
    with Repair* recycle, or the battlefield is cleared at once."""
    cards = game.cards
    values = game.values
    winner = 1 - loser
    state.pending = None
    mods = values.mods(state)
    support = state.battle[loser][:-1]
    guarded = any("guard" in values.keywords(p, mods[loser]) for p in support)
    if guarded:
        events.append(Event("guard", f"{{p{winner}}} wins the fight; a Guard card in {{p{loser}}}'s support "
                            "zone keeps the commander from losing a wound.", {"winner": winner, "loser": loser}))
    else:
        state.wounds[loser] -= 1
        left = state.wounds[loser]
        events.append(Event("wound", f"{{p{winner}}} wins the fight; {{p{loser}}}'s commander "
                            f"{cards[state.commander[loser]].name} loses a wound ({left} left).",
                            {"winner": winner, "loser": loser, "wounds": left}))
        if left <= 0:
            finish(state, winner, f"{cards[state.commander[loser]].name} lost its last wound", events)
            return
    state.last_fight = {"fight": state.fights, "winner": winner, "loser": loser, "wound": not guarded}
    for seat in (0, 1):
        state.recycle_left[seat] = sum(1 for p in state.battle[seat][:-1]
                                       if "repair" in values.keywords(p, mods[seat]))
    order = (state.active, 1 - state.active)
    state.recycle_queue = [s for s in order if state.recycle_left[s] and recyclable(game, state, s)]
    if state.recycle_queue:
        state.phase = RECYCLE
        return
    clear_fight(game, state, events)


def recyclable(game, state, seat):
    """The Vehicle units (not Unique) of ``seat``'s battlefield stack that Repair* may recycle:
    a Vehicle keyword gained from equipment or a command card counts, and Unique is the card's
    own ("Cards with the unique keyword can never be recycled")."""
    cards = game.cards
    grants = game.values.mods(state)[seat].grants
    unit_keywords = game.values.unit_keywords
    out = {}
    for play in state.battle[seat]:
        for i, unit in enumerate(play.units):
            card = cards[unit]
            if (i not in play.recycled and card.type == "unit" and "unique" not in card.keywords
                    and "vehicle" in unit_keywords(play, i, grants)):
                out[unit] = None
    return list(out)


def clear_fight(game, state, events):
    """Every card of both battlefield stacks to its graveyard (tokens back to the side), and the
    other player becomes the active player of the next fight."""
    cards = game.cards
    for seat in (0, 1):
        grave = state.graveyard[seat]
        for play in state.battle[seat]:
            for i, unit in enumerate(play.units):
                if cards[unit].type == "token":
                    state.tokens[seat] += 1
                elif i not in play.recycled:
                    grave.append(unit)
            for gear in play.gear:
                grave.extend(gear)
            grave.extend(play.powers)
        state.battle[seat] = []
        state.field[seat].clear()
    state.style = None
    state.commanded = False
    state.cancels = 0
    state.active = 1 - state.active
    state.turn = state.active
    state.fights += 1
    events.append(Event("fight", f"Fight {state.fights}: {{p{state.active}}} is the active player.",
                        {"fight": state.fights, "active": state.active}))


def finish(state, winner, reason, events):
    """The end of the game: exactly one winner."""
    state.phase = OVER
    state.pending = None
    state.result = Outcome((winner,), reason, scores=tuple(float(w) for w in state.wounds))
    events.append(Event("end", f"{{p{winner}}} wins the game: {reason}.", {"winner": winner}))
