"""Fights: the opening play announces the combat style; each answer must equal or beat the
current combat value ("Continuing the fight"), or turn the tide and then equal or beat it
("Turning the tide"). A finished play goes on the battlefield stack; the draw step follows.

The finishes are ``style cc|rc`` (the opening play), ``done`` and ``tide cc|rc`` (an answer);
each is offered only when the play equals or beats (RULES.md, "A fight").
"""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.draw import refill
from tabletop_games.wms.explain import against_this_play, fury_note
from tabletop_games.wms.phases import elsewhere, give_up
from tabletop_games.wms.playing import making
from tabletop_games.wms.state import CANCELS_PER_TURN
from tabletop_games.wms.values import CC, RC, play_stats


def opening(state):
    """The first play of a fight: nothing on either battlefield stack yet."""
    return not state.battle[0] and not state.battle[1]


def finishes(game, state, seat, play, mods, keywords):
    """The finishes the play reaches now, in the order players see them."""
    if opening(state):
        return ["style cc", "style rc"]
    out = []
    style = state.style
    values = game.values
    if values.reaches(state, seat, play, style, mods):
        out.append("done")
    if "tide" in keywords or mods[seat].tide:   # as can_turn_tide, with mods at hand
        turned = RC if style == CC else CC
        if values.reaches(state, seat, play, turned, mods):
            out.append(f"tide {turned}")
    return out


def refuse_style(game, state, seat, style):
    if state.pending is None:
        return elsewhere(game, state, seat, "style", style)
    if opening(state):
        return None
    return "The combat style was announced with the opening card; use 'done' or 'tide'."


def refuse_done(game, state, seat):
    if state.pending is None:
        return elsewhere(game, state, seat, "done")
    return _short(game, state, seat, state.style)


def refuse_tide(game, state, seat, style):
    if state.pending is None:
        return elsewhere(game, state, seat, "tide", style)
    if not opening(state):
        if style == state.style:
            return f"The fight is already in {style.upper()}."
        if not game.values.can_turn_tide(state, seat, state.pending):
            return "This play cannot turn the tide."
    return _short(game, state, seat, style)


def _short(game, state, seat, style):
    """None if the answer equals or beats in ``style``, else by how much it falls short."""
    if opening(state):
        return "Announce the combat style of the opening card: 'style cc' or 'style rc'."
    mine, theirs = game.values.compare(state, seat, state.pending, style)
    if mine >= theirs:
        return None
    back = "'cancel' it, " if state.cancels < CANCELS_PER_TURN else ""
    return (f"Your {mine} {style.upper()} does not equal or beat {theirs} {style.upper()}: "
            f"add to the play, {back}or {give_up(game, state, seat)}.")


def announce(game, state, seat, style):
    """The opening play, finished in the style its player announces."""
    state.style = style
    return commit(game, state, seat, [])


def done(game, state, seat):
    return commit(game, state, seat, [])


def tide(game, state, seat, style):
    state.style = style
    return commit(game, state, seat, [Event("tide", f"{{p{seat}}} turns the tide: the fight continues in "
                                                    f"{style.upper()}.", {"seat": seat, "style": style})])


def commit(game, state, seat, events):
    """The play goes on the battlefield stack (its Disrupt, Change and Sacrifice take effect), then
    the player's draw step, then the other player's turn."""
    cards = game.cards
    other = 1 - seat
    play = making(state)
    style = state.style
    mods = game.values.mods(state, seat, play)
    mine, theirs = game.values.compare(state, seat, play, style, mods)
    turned = any(e.kind == "tide" for e in events)
    why = "" if turned or not state.battle[other] else against_this_play(game, state, seat, play, style, theirs)
    if play.disrupt is not None:
        top = state.battle[other][-1].clone()
        top.removed = top.removed | {play.disrupt}
        state.battle[other][-1] = top
        events.append(Event("disrupt", f"{{p{seat}}} disrupts: {{p{other}}}'s {cards[top.units[0]].name} "
                            f"loses {play.disrupt}.", {"seat": seat, "keyword": play.disrupt}))
    if play.top is not None:
        stack = state.command[seat]
        stack.remove(play.top)
        stack.append(play.top)
        events.append(Event("change", f"{{p{seat}}} puts {cards[play.top].name} on top of the command stack.",
                            {"seat": seat, "card": play.top}))
    if play.sacrifice is not None:
        state.field[seat].remove(play.sacrifice)
        state.graveyard[seat].append(play.sacrifice)
        events.append(Event("sacrifice", f"{{p{seat}}} sacrifices {cards[play.sacrifice].name}.",
                            {"seat": seat, "card": play.sacrifice}))
    play.sacrifice = play.disrupt = play.top = None
    play.stats = play_stats(play, cards)
    state.battle[seat].append(play)
    state.pending = None
    state.cancels = 0
    arrive = " arriving from Reserves" if play.source == "reserves" else ""
    beat = "" if theirs is None or not state.battle[other] else f" against {theirs}{why}"
    beat += fury_note(game, state, seat, play, style, mine)
    events.append(Event("play", f"{{p{seat}}} plays {play_text(cards, play)}{arrive}: {mine} {style.upper()}{beat}.",
                        {"seat": seat, "units": list(play.units), "value": mine, "style": style}))
    if refill(game, state, seat, events):
        state.turn = other
    return events


def play_text(cards, play):
    """'Evil Marine + Power Axe with Cultist (Smite, +1 CC psych)': the play as the log tells it."""
    parts = []
    for unit, gear in zip(play.units, play.gear, strict=False):
        parts.append(cards[unit].name + "".join(f" + {cards[g].name}" for g in gear))
    text = " with ".join([parts[0], ", ".join(parts[1:])]) if len(parts) > 1 else parts[0]
    extras = [cards[p].name for p in play.powers]
    if play.psy_cc:
        extras.append(f"+{play.psy_cc} CC psych")
    if play.psy_rc:
        extras.append(f"+{play.psy_rc} RC psych")
    return text + (f" ({', '.join(extras)})" if extras else "")
