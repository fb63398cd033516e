"""Gear cards: drawing (with a Tuner's peek and put-back), assigning, Jammer answers and
turning every machine's parts of the card's sizes."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.windup_machines.machine import CELL_NAMES, gear_turns
from tabletop_games.windup_machines.state import ASSIGN, RESPOND, TUNE, TUNING, gear_name


class GearCards:
    """Mixed into the game."""

    def _before_draw(self, s, ev):
        if len(s.gear_deck) >= 2 and self._usable_ability(s, s.active, "tuner"):
            s.phase = TUNE
        else:
            self._draw(s, ev)

    def _tune(self, s, seat, wid, ev):
        """The Tuner looks at the top two gear cards (only its holder learns them)."""
        s.used[(seat, wid)] = s.used.get((seat, wid), 0) + 1
        deck = s.gear_deck
        s.peek(seat, deck[-1], deck[-2])
        s.tuning = True
        s.phase = TUNING
        seen = [gear_name(deck[-1]), gear_name(deck[-2])]
        ev.append(Event("tuner", f"{{p{seat}}} looks at the top two gear cards.", {"seat": seat}))
        ev.append(Event("peek", f"{{p{seat}}} sees {seen[0]} and {seen[1]}.",
                        {"seat": seat, "cards": seen}, visible_to=frozenset((seat,))))

    def _draw(self, s, ev):
        if s.seats == 2:
            card = s.gear_deck.pop()
            name = gear_name(card)
            ev.append(Event("gear", f"{{p{s.active}}} draws gear card {name}.", {"seat": s.active, "card": name}))
            self._offer(s, card, "turn", ev)
            return
        deck = s.gear_deck
        s.drawn = [deck.pop() for _ in range(min(2, len(deck)))]
        names = [gear_name(g) for g in s.drawn]
        ev.append(Event("gear", f"{{p{s.active}}} draws gear cards {' and '.join(names)}.",
                        {"seat": s.active, "cards": names}))
        s.phase = ASSIGN
        if not s.drawn:
            self._turn_start(s, ev)

    def _do_draw(self, s, seat, args, ev):
        self._draw(s, ev)

    def _do_top(self, s, seat, args, ev):
        deck = s.gear_deck
        a, b = deck.pop(), deck.pop()
        top, other = (a, b) if gear_name(a) == args[0] else (b, a)
        deck.insert(0, other)       # the Tuner's holder learnt both cards when it looked
        deck.append(top)
        s.tuning = False
        chosen, other = gear_name(top), gear_name(other)
        ev.append(Event("tune", f"{{p{seat}}} puts one peeked gear card on top and one on the bottom.",
                        {"seat": seat}))
        ev.append(Event("tune_secret", f"{{p{seat}}} puts {chosen} on top and {other} on the bottom.",
                        {"seat": seat, "top": chosen, "bottom": other}, visible_to=frozenset((seat,))))
        self._draw(s, ev)

    def _do_assign(self, s, seat, args, ev):
        name, target = args[0], int(args[1][1:]) - 1
        card = next(g for g in s.drawn if gear_name(g) == name)
        s.drawn.remove(card)
        s.given.add(target)     # "assigns them to two different players"
        ev.append(Event("assign", f"{{p{seat}}} assigns gear card {name} to {{p{target}}}.",
                        {"seat": seat, "card": name, "target": target}))
        if target == seat:
            self._offer(s, card, "assign", ev)
        else:
            s.assigned[target] = card
            self._after_assign(s, ev)

    def _after_assign(self, s, ev):
        if s.drawn:
            s.phase = ASSIGN
        else:
            self._turn_start(s, ev)

    def _offer(self, s, card, after, ev):
        """A gear card is about to turn machines: seats with a usable Jammer may answer first."""
        s.window_card = card
        s.window_owner = s.active
        s.after = after
        order = [(s.active + k) % s.seats for k in range(s.seats)]
        s.window = [t for t in order if self._responses(s, t)]
        if s.window:
            s.phase = RESPOND
        else:
            self._resolve(s, ev)

    def _do_pass(self, s, seat, args, ev):
        s.window.pop(0)
        if not s.window:
            self._resolve(s, ev)

    def _resolve(self, s, ev):
        card = gear_name(s.window_card)
        sizes = self.cards.gears[card]
        for t in range(s.seats):
            if t in s.protected:
                ev.append(Event("jammed", f"Gear card {card} does not turn {{p{t}}}'s parts (Jammer).",
                                {"seat": t, "card": card}))
                continue
            turned = gear_turns(s.parts[t], s.sides[t], sizes, self.cards)
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
            self._after_assign(s, ev)
        else:
            self._main(s, ev)

    def _jam(self, s, seat, wid, ev):
        w = self._worker[wid]
        s.used[(seat, wid)] = s.used.get((seat, wid), 0) + 1
        if w.ability == "jammer_stop":
            s.protected.add(seat)
            s.workers[seat].remove(wid)
            s.worker_discard.append(wid)
            ev.append(Event("jammer", f"{{p{seat}}} stops gears: no gear card turns its parts this turn "
                            "(the Jammer is discarded).", {"seat": seat, "worker": wid}))
            s.window.pop(0)
            if not s.window:
                self._resolve(s, ev)
            return
        s.gold[seat] -= w.pay_gold
        old = s.window_card
        s.gear_deck.insert(0, old)
        s.reveal(old)                # everybody saw it go to the bottom
        card = s.gear_deck.pop()
        old_name, name = gear_name(old), gear_name(card)
        ev.append(Event("jammer", f"{{p{seat}}} pays {w.pay_gold} gold: gear card {old_name} goes to the bottom; "
                        f"{{p{s.window_owner}}} draws {name}.", {"seat": seat, "old": old_name, "card": name}))
        self._offer(s, card, s.after, ev)

    def _responses(self, s, seat):
        out = []
        wid = self._usable_ability(s, seat, "jammer_redraw")
        if (wid and seat != s.window_owner and s.gear_deck
                and s.gold[seat] >= self._worker[wid].pay_gold):
            out.append(f"use {wid}")
        wid = self._usable_ability(s, seat, "jammer_stop")
        if wid and seat not in s.protected:
            out.append(f"use {wid}")
        return out
