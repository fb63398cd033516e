"""Gear cards: drawing them (with a Tuner's peek first), assigning them (3-4 players), the
moment a card is about to turn machines (Jammers may answer), and resolving it: every
machine's parts of the card's sizes turn clockwise, with chain reactions (:func:`.machine.gear_turns`).

Calls back into :mod:`.rounds` once the drawn cards are assigned (the first turn starts).
"""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines import rounds
from tabletop_games.windup_machines.abilities import mark_used, usable_ability
from tabletop_games.windup_machines.machine import CELL_NAMES, gear_turns
from tabletop_games.windup_machines.state import ASSIGN, RESPOND, SEATS, TUNE, TUNING, gear_name, not_now
from tabletop_games.windup_machines.winding import begin_winding

# ---- drawing ---------------------------------------------------------------------------


def before_draw(game, s, ev) -> None:
    """"Before drawing gear cards", a Tuner's holder may look at the top two (two must be left)."""
    if len(s.gear_deck) >= 2 and usable_ability(game, s, s.active, "tuner"):
        s.phase = TUNE
    else:
        draw_cards(game, s, ev)


def draw_cards(game, s, ev) -> None:
    """2 players: the active player draws one and it resolves; 3-4: the first player draws two."""
    if s.seats == 2:
        card = s.gear_deck.pop()
        name = gear_name(card)
        ev.append(Event("gear", f"{{p{s.active}}} draws gear card {name}.", {"seat": s.active, "card": name}))
        offer(game, s, card, "turn", ev)
        return
    deck = s.gear_deck
    s.drawn = [deck.pop() for _ in range(min(2, len(deck)))]
    names = [gear_name(g) for g in s.drawn]
    ev.append(Event("gear", f"{{p{s.active}}} draws gear cards {' and '.join(names)}.",
                    {"seat": s.active, "cards": names}))
    s.phase = ASSIGN
    if not s.drawn:
        rounds.turn_start(game, s, ev)


def refuse_draw(game, s, seat, *args):
    return None if s.phase == TUNE and not args else not_now(s, "draw", args)


def draw(game, s, seat):
    ev: list[Event] = []
    draw_cards(game, s, ev)
    return ev


def tune(game, s, seat, wid):
    """The Tuner looks at the top two gear cards (only its holder learns them)."""
    mark_used(s, seat, wid)
    deck = s.gear_deck
    s.peek(seat, deck[-1], deck[-2])
    s.tuning = True
    s.phase = TUNING
    seen = [gear_name(deck[-1]), gear_name(deck[-2])]
    return [Event("tuner", f"{{p{seat}}} looks at the top two gear cards.", {"seat": seat}),
            Event("peek", f"{{p{seat}}} sees {seen[0]} and {seen[1]}.",
                  {"seat": seat, "cards": seen}, visible_to=frozenset((seat,)))]


def refuse_top(game, s, seat, *args):
    if (s.phase == TUNING and len(args) == 1
            and args[0] in (gear_name(s.gear_deck[-1]), gear_name(s.gear_deck[-2]))):
        return None
    return not_now(s, "top", args)


def top(game, s, seat, name):
    """"Places one card on the bottom of the deck, and places the other on the top", then draws."""
    deck = s.gear_deck
    a, b = deck.pop(), deck.pop()
    chosen, other = (a, b) if gear_name(a) == name else (b, a)
    deck.insert(0, other)       # the Tuner's holder learnt both cards when it looked
    deck.append(chosen)
    s.tuning = False
    chosen_name, other_name = gear_name(chosen), gear_name(other)
    ev = [Event("tune", f"{{p{seat}}} puts one peeked gear card on top and one on the bottom.", {"seat": seat}),
          Event("tune_secret", f"{{p{seat}}} puts {chosen_name} on top and {other_name} on the bottom.",
                {"seat": seat, "top": chosen_name, "bottom": other_name}, visible_to=frozenset((seat,)))]
    draw_cards(game, s, ev)
    return ev

# ---- assigning (3-4 players) ---------------------------------------------------------------


def refuse_assign(game, s, seat, *args):
    if s.phase == ASSIGN and len(args) == 2:
        target = SEATS.get(args[1])
        if (target is not None and target < s.seats and target not in s.given
                and args[0] in map(gear_name, s.drawn)):
            return None
    return not_now(s, "assign", args)


def assign(game, s, seat, name, target_name):
    """"Assigns them to two different players"; one assigned to yourself "resolves immediately"."""
    target = SEATS[target_name]
    card = next(g for g in s.drawn if gear_name(g) == name)
    s.drawn.remove(card)
    s.given.add(target)
    ev = [Event("assign", f"{{p{seat}}} assigns gear card {name} to {{p{target}}}.",
                {"seat": seat, "card": name, "target": target})]
    if target == seat:
        offer(game, s, card, "assign", ev)
    else:
        s.assigned[target] = card
        after_assign(game, s, ev)
    return ev


def after_assign(game, s, ev) -> None:
    if s.drawn:
        s.phase = ASSIGN
    else:
        rounds.turn_start(game, s, ev)

# ---- a card about to turn machines: Jammers may answer -------------------------------------


def offer(game, s, card, after, ev) -> None:
    """Seats holding a usable Jammer are asked in turn order from the active player."""
    s.window_card = card
    s.window_owner = s.active
    s.after = after
    order = [(s.active + k) % s.seats for k in range(s.seats)]
    jammers = game.jammers      # most seats hold none: asked only when they might answer
    s.window = [t for t in order if not jammers.isdisjoint(s.workers[t]) and jammer_answers(game, s, t)]
    if s.window:
        s.phase = RESPOND
    else:
        resolve(game, s, ev)


def jammer_answers(game, s, seat) -> list[str]:
    """[1g -> redraw]: never on your own card, not with an empty deck; [stop gears]: once."""
    out = []
    wid = usable_ability(game, s, seat, "jammer_redraw")
    if wid and seat != s.window_owner and s.gear_deck and s.gold[seat] >= game.worker[wid].pay_gold:
        out.append(f"use {wid}")
    wid = usable_ability(game, s, seat, "jammer_stop")
    if wid and seat not in s.protected:
        out.append(f"use {wid}")
    return out


def refuse_jammer(game, s, seat, args):
    if len(args) == 1 and f"use {args[0]}" in jammer_answers(game, s, seat):
        return None
    return not_now(s, "use", args)


def refuse_pass(game, s, seat, *args):
    return None if s.phase == RESPOND and not args else not_now(s, "pass", args)


def pass_(game, s, seat):
    ev: list[Event] = []
    s.window.pop(0)
    if not s.window:
        resolve(game, s, ev)
    return ev


def jam(game, s, seat, wid):
    """Jammer: [stop gears] protects your parts this turn (then discarded), or [1g] forces the
    card's owner to put it on the bottom (seen by all) and draw a new one."""
    w = game.worker[wid]
    mark_used(s, seat, wid)
    ev: list[Event] = []
    if w.ability == "jammer_stop":
        s.protected.add(seat)
        s.workers[seat].remove(wid)
        s.worker_discard.append(wid)
        ev.append(Event("jammer", f"{{p{seat}}} stops gears: no gear card turns its parts this turn "
                        "(the Jammer is discarded).", {"seat": seat, "worker": wid}))
        s.window.pop(0)
        if not s.window:
            resolve(game, s, ev)
        return ev
    s.gold[seat] -= w.pay_gold
    old = s.window_card
    s.gear_deck.insert(0, old)
    s.reveal(old)                # everybody saw it go to the bottom
    card = s.gear_deck.pop()
    old_name, name = gear_name(old), gear_name(card)
    ev.append(Event("jammer", f"{{p{seat}}} pays {w.pay_gold} gold: gear card {old_name} goes to the bottom; "
                    f"{{p{s.window_owner}}} draws {name}.", {"seat": seat, "old": old_name, "card": name}))
    offer(game, s, card, s.after, ev)
    return ev

# ---- resolving ---------------------------------------------------------------------------------


def resolve(game, s, ev) -> None:
    """"All players must turn each part card with that gear size clockwise", with chain reactions."""
    card = gear_name(s.window_card)
    sizes = game.cards.gears[card]
    for t in range(s.seats):
        if t in s.protected:
            ev.append(Event("jammed", f"Gear card {card} does not turn {{p{t}}}'s parts (Jammer).",
                            {"seat": t, "card": card}))
            continue
        turned = gear_turns(s.parts[t], s.sides[t], sizes, game.cards)
        for cell in turned:
            s.sides[t][cell] += 1
        if turned:
            names = ", ".join(CELL_NAMES[c] for c in turned)
            ev.append(Event("unwind", f"Gear card {card} turns {{p{t}}}'s {names}.",
                            {"seat": t, "card": card, "cells": [CELL_NAMES[c] for c in turned]}))
    s.gear_discard.append(s.window_card)
    s.window_card = None
    s.window = []
    if s.after == "assign":
        after_assign(game, s, ev)
    else:
        begin_winding(game, s)
