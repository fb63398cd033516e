"""Wind Up (designer's prototype rules): build a 3x3 clockwork machine that keeps unwinding.

A round is one turn per seat and two gear cards. A turn: resolve a pending hard restart,
resolve the turn's gear card (every machine's parts of that size turn clockwise, with chain
reactions), wind, produce, then buy and install a part and/or hire a worker, or take a hard
restart. RULES.md gives the rules as implemented and every interpretation. Notation
(seats ``p1`` .. ``p4``, cells ``r1c1`` .. ``r3c3``; ``install r0c2`` .. ``install r4c2``, one
step beyond the frame's edge, moves the floating machine so it stays in its 3x3 frame):

* setup: ``start r2c2 r2c3`` (generator cell, smelter cell)
* gear cards: ``draw``, ``use tuner`` then ``top 3+5``; ``assign 3+5 p2``;
  ``use jammer-redraw`` / ``use jammer-stop`` / ``pass`` when a gear card is about to turn
* turn: ``wind r1c2``, ``overwind r1c2``, ``produce r2c1``, ``use merchant-gold``,
  ``use saboteur-1 p2 r1c1``, ``use thief-gold p2``, ``buy generator`` then ``install r1c3``,
  ``hire winder-1``, ``restart``, ``done``; after a three-unwind Saboteur ``unwind p2 r2c2``
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from tabletop.core import Event, Game, IllegalAction, InvalidAction, Outcome
from tabletop_games.windup_machines.cards import KINDS, MAKES, SIDES, STOPPED, CardRules, in_game, load_cards
from tabletop_games.windup_machines.machine import (
    CELL_INDEX,
    CELL_NAMES,
    NEIGHBOURS,
    SPOTS,
    gear_turns,
    install,
    machine_score,
    moved_cell,
    placements,
    prism_bonus,
)

START, TUNE, TUNING, ASSIGN, RESPOND, TURN, INSTALL, SABOTAGE, OVER = (
    "start", "tune", "tuning", "assign", "respond", "turn", "install", "sabotage", "over")
WIND, PRODUCE, BUILD = 0, 1, 2
STAGE_NAMES = ("wind", "produce", "build")
RESTART_IDS = tuple(f"restart-{i}" for i in range(1, 10))
#: Action texts built once (the legal-action lists are a hot path).
WIND_ACTS = tuple(f"wind {n}" for n in CELL_NAMES)
OVERWIND_ACTS = tuple(f"overwind {n}" for n in CELL_NAMES)
PRODUCE_ACTS = tuple(f"produce {n}" for n in CELL_NAMES)
BUY_ACTS = {k: f"buy {k}" for k in KINDS}


class WindupState:
    """Everything about one game in progress. Piles keep their top card last."""

    __slots__ = (
        "seats", "parts", "sides", "iron", "gold", "prisms", "workers", "fresh", "used",
        "stacks", "winders", "face_up", "worker_deck", "worker_discard", "box", "removed",
        "gear_deck", "gear_discard", "drawn", "assigned", "known", "tuning",
        "restart_pile", "restarts", "round", "first", "active", "phase", "stage", "energy",
        "produced", "overwound", "overwind_ok", "free_winds", "bought", "hired", "pending",
        "sabotage_left", "sabotaged", "protected", "window", "window_card", "window_owner",
        "after", "given", "result",
    )

    def copy(self) -> WindupState:
        new = WindupState.__new__(WindupState)
        new.seats = self.seats
        new.parts = [p[:] for p in self.parts]
        new.sides = [s[:] for s in self.sides]
        new.iron = self.iron[:]
        new.gold = self.gold[:]
        new.prisms = self.prisms[:]
        new.workers = [w[:] for w in self.workers]
        new.fresh = [f[:] for f in self.fresh]
        new.used = dict(self.used)
        new.stacks = {k: v[:] for k, v in self.stacks.items()}
        new.winders = self.winders[:]
        new.face_up = self.face_up[:]
        new.worker_deck = self.worker_deck[:]
        new.worker_discard = self.worker_discard[:]
        new.box = self.box            # never changes after setup
        new.removed = self.removed[:]
        new.gear_deck = self.gear_deck[:]
        new.gear_discard = self.gear_discard[:]
        new.drawn = self.drawn[:]
        new.assigned = self.assigned[:]
        new.known = [set(k) for k in self.known]
        new.tuning = self.tuning
        new.restart_pile = self.restart_pile[:]
        new.restarts = self.restarts[:]
        new.round = self.round
        new.first = self.first
        new.active = self.active
        new.phase = self.phase
        new.stage = self.stage
        new.energy = self.energy
        new.produced = dict(self.produced)
        new.overwound = self.overwound
        new.overwind_ok = self.overwind_ok
        new.free_winds = self.free_winds
        new.bought = self.bought
        new.hired = self.hired
        new.pending = self.pending
        new.sabotage_left = self.sabotage_left
        new.sabotaged = set(self.sabotaged)
        new.protected = set(self.protected)
        new.window = self.window[:]
        new.window_card = self.window_card
        new.window_owner = self.window_owner
        new.after = self.after
        new.given = set(self.given)
        new.result = self.result
        return new


def _seat_name(seat: int) -> str:
    return f"p{seat + 1}"


class WindupMachines(Game):
    name = "windup_machines"
    title = "Wind Up (clockwork machines)"
    version = "0.2.0"
    min_players = 2
    max_players = 4
    notation_help = (
        "Cells are r1c1..r3c3, seats p1..p4. Setup: 'start r2c2 r2c3' (generator, smelter). "
        "Turn: 'wind r1c2' (free winder wind, else 1 iron, else 1 gold), 'overwind r1c2', "
        "'produce r2c1' (one activation), 'use <worker> [p2] [r1c1]', 'buy smelter' then "
        "'install r1c3' (or one step beyond the frame, e.g. 'install r0c2', which moves the machine), "
        "'hire <worker>', 'restart', 'done'. Gear cards: 'draw', 'use tuner', "
        "'top 3+5', 'assign 3+5 p2', 'use jammer-stop', 'pass'."
    )
    rules_file = Path(__file__).with_name("RULES.md")
    round_event = "round"

    def __init__(self, cards: CardRules | None = None):
        self.cards = cards or load_cards()
        c = self.cards
        self._part = c.parts
        self._worker = c.workers
        self._kind = {pid: part.kind for pid, part in c.parts.items()}

    # ---- setup ----------------------------------------------------------------------------

    def setup(self, seats, options, seed):
        c = self.cards
        rng = random.Random(f"windup_machines:{seed}")
        s = WindupState()
        s.seats = seats
        s.parts = [[None] * 9 for _ in range(seats)]
        s.sides = [[0] * 9 for _ in range(seats)]
        s.iron = [c.rules["start_iron"]] * seats
        s.gold = [c.rules["start_gold"]] * seats
        s.prisms = [0] * seats
        s.box = []
        s.stacks = {k: [] for k in KINDS}
        ordered = sorted(c.parts.values(), key=lambda p: (p.size, p.id))
        for part in ordered:
            for _ in range(c.part_copies[part.id]):
                (s.stacks[part.kind] if in_game(part, seats) else s.box).append(part.id)
        for kind in KINDS:
            s.stacks[kind].reverse()     # lowest gear size on top (last)
        s.winders = list(reversed(c.winders))
        deck = [w for w, n in c.worker_copies.items() for _ in range(n)]
        rng.shuffle(deck)
        s.workers = [[deck.pop()] for _ in range(seats)]
        s.fresh = [[] for _ in range(seats)]
        s.face_up = [deck.pop() for _ in range(min(c.rules["face_up_workers"], len(deck)))]
        s.worker_deck = deck
        s.worker_discard = []
        s.removed = []
        gears = [g for g, n in c.gear_copies.items() for _ in range(n)]
        rng.shuffle(gears)
        s.gear_deck = gears
        s.gear_discard = []
        s.drawn = []
        s.assigned = [None] * seats
        s.known = [set() for _ in range(seats)]
        s.tuning = None
        s.restart_pile = list(RESTART_IDS[: c.rules["restart_cards"]])
        s.restarts = [None] * seats
        s.round = 0
        s.first = 0           # RULES.md: seat 1 starts (the runner may seat players in any order)
        s.active = 0
        s.phase = START
        self._clear_turn(s)
        s.window = []
        s.window_card = None
        s.window_owner = 0
        s.after = ""
        s.given = set()
        s.result = None
        return s

    def _clear_turn(self, s):
        s.used = {}
        s.stage = WIND
        s.energy = 0
        s.produced = {}
        s.overwound = -1
        s.overwind_ok = False
        s.free_winds = 0
        s.bought = False
        s.hired = False
        s.pending = None
        s.sabotage_left = 0
        s.sabotaged = set()
        s.protected = set()

    # ---- helpers --------------------------------------------------------------------------

    def _usable(self, s, seat, wid):
        """A held, not newly hired worker with uses left this turn."""
        return (wid in s.workers[seat] and wid not in s.fresh[seat]
                and s.used.get((seat, wid), 0) < self._worker[wid].uses)

    def _usable_ability(self, s, seat, ability):
        for wid in s.workers[seat]:
            if self._worker[wid].ability == ability and self._usable(s, seat, wid):
                return wid
        return None

    def _energy_now(self, s, seat):
        total = 0
        parts, sides, kind = s.parts[seat], s.sides[seat], self._kind
        for cell in range(9):
            pid = parts[cell]
            if pid is not None and kind[pid] == "generator" and sides[cell] != STOPPED:
                total += self._part[pid].sides[sides[cell]] + (1 if s.overwound == cell else 0)
        return total

    def _generators(self, s, seat):
        return [c for c in range(9) if s.parts[seat][c] is not None
                and self._part[s.parts[seat][c]].kind == "generator"]

    def _install_spots(self, s, seat, pid):
        if self._part[pid].kind == "generator":
            gens = self._generators(s, seat)
            if len(gens) >= self.cards.rules["max_generators"]:
                return [CELL_NAMES[c] for c in gens]
        return placements(s.parts[seat])

    def _pay_iron(self, s, seat, amount):
        """Iron first, gold for the rest ("a player may use one gold piece as one iron token")."""
        from_iron = min(amount, s.iron[seat])
        s.iron[seat] -= from_iron
        s.gold[seat] -= amount - from_iron

    def _produce_limit(self, s, seat, cell):
        cost, made, most = self._part[s.parts[seat][cell]].sides[s.sides[seat][cell]]
        return cost, made, most + (1 if s.overwound == cell else 0)

    # ---- whose turn, what is legal ----------------------------------------------------------

    def to_act(self, state):
        if state.phase == OVER:
            return []
        if state.phase == RESPOND:
            return [state.window[0]]
        return [state.active]

    def legal_actions(self, state, seat):
        s = state
        if s.phase == OVER or seat not in self.to_act(s):
            return []
        phase = s.phase
        if phase == START:
            out = []
            for a in range(9):
                for b in NEIGHBOURS[a]:
                    out.append(f"start {CELL_NAMES[a]} {CELL_NAMES[b]}")
            return out
        if phase == TUNE:
            return ["draw", "use tuner"]
        if phase == TUNING:
            return [f"top {g}" for g in dict.fromkeys(s.tuning)]
        if phase == ASSIGN:
            return [f"assign {g} {_seat_name(t)}" for g in dict.fromkeys(s.drawn)
                    for t in range(s.seats) if t not in s.given]
        if phase == RESPOND:
            return self._responses(s, seat) + ["pass"]
        if phase == INSTALL:
            return [f"install {spot}" for spot in self._install_spots(s, seat, s.pending)]
        if phase == SABOTAGE:
            return [f"unwind {_seat_name(t)} {CELL_NAMES[c]}" for t, c in self._sabotage_targets(s, seat)]
        return self._turn_actions(s, seat)

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

    def _sabotage_targets(self, s, seat):
        return [(t, c) for t in range(s.seats) if t != seat for c in range(9)
                if s.parts[t][c] is not None and s.sides[t][c] != STOPPED and (t, c) not in s.sabotaged]

    def _turn_actions(self, s, seat):
        out = []
        stage = s.stage
        parts, sides, kind = s.parts[seat], s.sides[seat], self._kind
        if stage == WIND:
            if s.overwind_ok and s.overwound < 0:
                out += [OVERWIND_ACTS[c] for c in range(9) if parts[c] is not None and kind[parts[c]] != "decoration"]
            if s.free_winds or s.iron[seat] or s.gold[seat]:
                out += [WIND_ACTS[c] for c in range(9) if parts[c] is not None and sides[c] > 0]
        if stage <= PRODUCE:
            energy = s.energy if stage == PRODUCE else self._energy_now(s, seat)
            produced = s.produced
            for c in range(9):
                pid = parts[c]
                if pid is not None and kind[pid] in MAKES and sides[c] != STOPPED:
                    cost, _, most = self._part[pid].sides[sides[c]]
                    if energy >= cost and produced.get(c, 0) < most + (s.overwound == c):
                        out.append(PRODUCE_ACTS[c])
        if s.workers[seat]:
            out += self._worker_actions(s, seat)
        if not s.bought:
            afford = s.iron[seat] + s.gold[seat]
            for k in KINDS:
                stack = s.stacks[k]
                if stack and self._part[stack[-1]].cost <= afford:
                    out.append(BUY_ACTS[k])
        if not s.hired:
            gold = s.gold[seat]
            if s.winders and self._worker[s.winders[-1]].cost <= gold:
                out.append(f"hire {s.winders[-1]}")
            out += [f"hire {w}" for w in dict.fromkeys(s.face_up) if self._worker[w].cost <= gold]
        if not s.bought and not s.hired and s.restart_pile and s.restarts[seat] is None:
            out.append("restart")
        out.append("done")
        return out

    def _worker_actions(self, s, seat):
        out = []
        for wid in dict.fromkeys(s.workers[seat]):
            if not self._usable(s, seat, wid):
                continue
            w = self._worker[wid]
            ability = w.ability
            if ability == "exchange" or (ability == "energy" and s.stage <= PRODUCE):
                if (s.iron[seat] + s.gold[seat] >= w.pay_iron + w.pay_gold and s.gold[seat] >= w.pay_gold
                        and s.prisms[seat] >= w.pay_prisms):
                    out.append(f"use {wid}")
            elif ability == "saboteur":
                if s.gold[seat] >= w.pay_gold:
                    out += [f"use {wid} {_seat_name(t)} {CELL_NAMES[c]}" for t, c in self._sabotage_targets(s, seat)]
            elif ability == "thief":
                if s.gold[seat] >= w.pay_gold:
                    have = getattr(s, w.steal)
                    out += [f"use {wid} {_seat_name(t)}" for t in range(s.seats)
                            if t != seat and have[t] > have[seat]]
            elif ability == "vandal":
                if s.gold[seat] >= w.pay_gold:
                    out += [f"use {wid} {_seat_name(t)}" for t in range(s.seats)
                            if t != seat and s.prisms[t] > s.prisms[seat]]
        return out

    # ---- applying an action ---------------------------------------------------------------

    def _parse(self, seat, action):
        """Normalise notation, or raise InvalidAction for text that is not notation."""
        parts = action.lower().split() if isinstance(action, str) else []
        verbs = ("start", "draw", "use", "top", "assign", "pass", "wind", "overwind", "produce", "buy",
                 "install", "hire", "restart", "done", "unwind")
        if parts and parts[0] in verbs and len(parts) <= 4:
            return " ".join(parts)
        raise InvalidAction(
            f"'{action}' is not Wind Up notation: write e.g. 'wind r1c2', 'produce r2c1', "
            "'buy smelter', 'install r1c3', 'hire winder-1', 'use merchant-gold', 'restart' or 'done'.",
            seat=seat, action=action,
        )

    def apply(self, state, seat, action):
        text = self._parse(seat, action)
        s = state
        if s.phase == OVER:
            raise IllegalAction("The game is over.", seat=seat, action=action)
        if seat not in self.to_act(s):
            raise IllegalAction(f"It is not {_seat_name(seat)}'s decision now.", seat=seat, action=action)
        if text not in self.legal_actions(s, seat):
            raise IllegalAction(self._why_not(s, seat, text), seat=seat, action=action)
        words = text.split()
        verb = words[0]
        ev: list[Event] = []
        handler = getattr(self, f"_do_{verb}")
        handler(s, seat, words[1:], ev)
        return ev

    def _why_not(self, s, seat, text):
        verb = text.split()[0]
        phase = s.phase
        if phase == START:
            return "Place your starting generator and smelter first, on two touching cells: 'start r2c2 r2c3'."
        if phase in (TUNE, TUNING, ASSIGN):
            return {TUNE: "Gear cards are about to be drawn: 'draw' or 'use tuner'.",
                    TUNING: "Choose which peeked gear card goes on top: 'top <card>'.",
                    ASSIGN: "Assign the drawn gear cards to two different players: 'assign <card> p<n>'."}[phase]
        if phase == RESPOND:
            return "A gear card is about to turn: use a Jammer you can use, or 'pass'."
        if phase == INSTALL:
            return "Install the part you bought over a part, or on an empty spot touching your machine " \
                   "left-right or top-bottom such that the machine still fits a 3x3 box (r0c2 .. r4c2 lie " \
                   "one step beyond the frame); a third generator must replace one of yours."
        if phase == SABOTAGE:
            return "Unwind a different opponent part that is not stopped: 'unwind p<n> r<r>c<c>'."
        reasons = {
            "wind": "You can wind only an installed part that is not green, during winding, with a winder "
                    "wind, iron or gold to pay.",
            "overwind": "Overwinding needs a usable winder, a machine fully wound at the start of winding, "
                        "and one non-decoration part, once a turn.",
            "produce": "That part cannot produce now: it must be a producer, not stopped, below its maximum, "
                       "with enough energy, and production comes after winding.",
            "buy": "You may buy one part a turn from the top of a stack you can afford (iron, gold as iron).",
            "hire": "You may hire one worker a turn: the top winder or a face-up worker you can afford in gold.",
            "restart": "A hard restart replaces buying and hiring, needs a card left in the stack, and ends "
                       "your turn.",
            "use": "That worker cannot be used now (not held, hired this turn, used up, or its cost or target "
                   "is not met).",
        }
        return reasons.get(verb, f"'{text}' is not allowed now.")

    # ---- setup placement ------------------------------------------------------------------

    def _do_start(self, s, seat, args, ev):
        gen_cell, smelter_cell = CELL_INDEX[args[0]], CELL_INDEX[args[1]]
        c = self.cards
        size = c.rules["start_size"]
        for kind, cell in zip(c.start_kinds, (gen_cell, smelter_cell), strict=False):
            stack = s.stacks[kind]
            pid = next(p for p in reversed(stack) if self._part[p].size == size)
            stack.remove(pid)
            s.parts[seat][cell] = pid
            s.sides[seat][cell] = 0
        ev.append(Event("start", f"{{p{seat}}} places a generator at {args[0]} and a smelter at {args[1]}.",
                        {"seat": seat, "generator": args[0], "smelter": args[1]}))
        if seat + 1 < s.seats:
            s.active = seat + 1
        else:
            self._start_round(s, ev)

    # ---- rounds, turns and gear cards -----------------------------------------------------

    def _start_round(self, s, ev):
        s.round += 1
        if s.seats > 2:
            s.first = (s.round - 1) % s.seats
        s.given = set()
        ev.append(Event("round", f"Round {s.round} begins; {{p{s.first}}} is the first player.",
                        {"round": s.round, "first": s.first}))
        self._open_turn(s, s.first)
        if s.seats == 2:
            self._turn_start(s, ev)
        else:
            self._before_draw(s, ev)

    def _open_turn(self, s, seat):
        s.active = seat
        self._clear_turn(s)
        s.fresh[seat] = []

    def _turn_start(self, s, ev):
        seat = s.active
        card = s.restarts[seat]
        if card is not None:
            s.restarts[seat] = None
            s.restart_pile.append(card)
            parts, sides = s.parts[seat], s.sides[seat]
            for cell in range(9):
                if parts[cell] is not None:
                    sides[cell] = STOPPED if self._part[parts[cell]].kind == "decoration" else 0
            ev.append(Event("hard_restart", f"{{p{seat}}}'s hard restart: parts to start position, "
                            "decorations stopped.", {"seat": seat}))
        if s.seats == 2:
            self._before_draw(s, ev)
        elif s.assigned[seat] is not None:
            card = s.assigned[seat]
            s.assigned[seat] = None
            self._offer(s, card, "turn", ev)
        else:
            self._main(s, ev)

    def _before_draw(self, s, ev):
        if len(s.gear_deck) >= 2 and self._usable_ability(s, s.active, "tuner"):
            s.phase = TUNE
        else:
            self._draw(s, ev)

    def _take_gear(self, s):
        """Draw the top gear card; nobody knows a position that no longer holds a card."""
        card = s.gear_deck.pop()
        top = len(s.gear_deck)
        for known in s.known:
            known.discard(top)
        return card

    def _gear_to_bottom(self, s, card):
        """Put a gear card under the deck; known positions (counted from the bottom) shift up."""
        s.gear_deck.insert(0, card)
        s.known = [{i + 1 for i in known} for known in s.known]

    def _draw(self, s, ev):
        if s.seats == 2:
            card = self._take_gear(s)
            ev.append(Event("gear", f"{{p{s.active}}} draws gear card {card}.", {"seat": s.active, "card": card}))
            self._offer(s, card, "turn", ev)
            return
        s.drawn = [self._take_gear(s) for _ in range(min(2, len(s.gear_deck)))]
        ev.append(Event("gear", f"{{p{s.active}}} draws gear cards {' and '.join(s.drawn)}.",
                        {"seat": s.active, "cards": list(s.drawn)}))
        s.phase = ASSIGN
        if not s.drawn:
            self._turn_start(s, ev)

    def _do_draw(self, s, seat, args, ev):
        self._draw(s, ev)

    def _do_top(self, s, seat, args, ev):
        chosen = args[0]
        a, b = self._take_gear(s), self._take_gear(s)
        other = b if a == chosen else a
        self._gear_to_bottom(s, other)
        s.gear_deck.append(chosen)
        s.known[seat].update((0, len(s.gear_deck) - 1))
        s.tuning = None
        ev.append(Event("tune", f"{{p{seat}}} puts one peeked gear card on top and one on the bottom.",
                        {"seat": seat}))
        ev.append(Event("tune_secret", f"{{p{seat}}} puts {chosen} on top and {other} on the bottom.",
                        {"seat": seat, "top": chosen, "bottom": other}, visible_to=frozenset((seat,))))
        self._draw(s, ev)

    def _do_assign(self, s, seat, args, ev):
        card, target = args[0], int(args[1][1:]) - 1
        s.drawn.remove(card)
        s.given.add(target)     # "assigns them to two different players"
        ev.append(Event("assign", f"{{p{seat}}} assigns gear card {card} to {{p{target}}}.",
                        {"seat": seat, "card": card, "target": target}))
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
        card = s.window_card
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
        s.gear_discard.append(card)
        s.window_card = None
        s.window = []
        if s.after == "assign":
            self._after_assign(s, ev)
        else:
            self._main(s, ev)

    def _main(self, s, ev):
        seat = s.active
        s.phase = TURN
        s.stage = WIND
        s.free_winds = sum(self._worker[w].winds for w in s.workers[seat]
                           if self._worker[w].ability == "winder" and self._usable(s, seat, w))
        parts, sides = s.parts[seat], s.sides[seat]
        s.overwind_ok = bool(s.free_winds) and all(sides[c] == 0 for c in range(9) if parts[c] is not None)

    def _end_turn(self, s, ev):
        seat = s.active
        if s.overwound >= 0 and s.parts[seat][s.overwound] is not None:
            cell = s.overwound
            s.sides[seat][cell] = min(s.sides[seat][cell] + 1, STOPPED)
            ev.append(Event("overwind_end", f"{{p{seat}}}'s overwound {CELL_NAMES[cell]} unwinds once.",
                            {"seat": seat, "cell": CELL_NAMES[cell]}))
        nxt = (seat + 1) % s.seats
        if nxt == s.first:
            if not s.gear_deck and not s.drawn and not any(g is not None for g in s.assigned):
                self._finish(s, ev)
                return
            self._start_round(s, ev)
            return
        self._open_turn(s, nxt)
        self._turn_start(s, ev)

    # ---- responses to a gear card -----------------------------------------------------------

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
        self._gear_to_bottom(s, old)
        for known in s.known:
            known.add(0)             # everybody saw it go to the bottom
        card = self._take_gear(s)
        ev.append(Event("jammer", f"{{p{seat}}} pays {w.pay_gold} gold: gear card {old} goes to the bottom; "
                        f"{{p{s.window_owner}}} draws {card}.", {"seat": seat, "old": old, "card": card}))
        self._offer(s, card, s.after, ev)

    # ---- the turn -----------------------------------------------------------------------

    def _do_wind(self, s, seat, args, ev):
        cell = CELL_INDEX[args[0]]
        if s.free_winds:
            s.free_winds -= 1
            paid = "a winder"
        elif s.iron[seat]:
            s.iron[seat] -= 1
            paid = "1 iron"
        else:
            s.gold[seat] -= 1
            paid = "1 gold"
        s.sides[seat][cell] -= 1
        ev.append(Event("wind", f"{{p{seat}}} winds {args[0]} to {SIDES[s.sides[seat][cell]]} ({paid}).",
                        {"seat": seat, "cell": args[0], "paid": paid}))

    def _do_overwind(self, s, seat, args, ev):
        s.overwound = CELL_INDEX[args[0]]
        ev.append(Event("overwind", f"{{p{seat}}} overwinds {args[0]}: it produces one more this turn.",
                        {"seat": seat, "cell": args[0]}))

    def _begin_production(self, s, seat):
        if s.stage == WIND:
            s.stage = PRODUCE
            s.energy = self._energy_now(s, seat)

    def _do_produce(self, s, seat, args, ev):
        cell = CELL_INDEX[args[0]]
        self._begin_production(s, seat)
        cost, made, most = self._produce_limit(s, seat, cell)
        done = s.produced.get(cell, 0)
        gain = min(made, most - done)
        s.energy -= cost
        s.produced[cell] = done + gain
        resource = MAKES[self._part[s.parts[seat][cell]].kind]
        pile = getattr(s, resource)
        pile[seat] += gain
        ev.append(Event("produce", f"{{p{seat}}}'s {args[0]} turns {cost} energy into {gain} {resource}.",
                        {"seat": seat, "cell": args[0], "resource": resource, "amount": gain}))

    def _do_use(self, s, seat, args, ev):
        wid = args[0]
        if s.phase == RESPOND:
            self._jam(s, seat, wid, ev)
            return
        if s.phase == TUNE:
            s.used[(seat, wid)] = s.used.get((seat, wid), 0) + 1
            top = len(s.gear_deck) - 1
            s.tuning = (s.gear_deck[top], s.gear_deck[top - 1])
            s.known[seat].update((top, top - 1))
            s.phase = TUNING
            ev.append(Event("tuner", f"{{p{seat}}} looks at the top two gear cards.", {"seat": seat}))
            ev.append(Event("peek", f"{{p{seat}}} sees {s.tuning[0]} and {s.tuning[1]}.",
                            {"seat": seat, "cards": list(s.tuning)}, visible_to=frozenset((seat,))))
            return
        w = self._worker[wid]
        s.used[(seat, wid)] = s.used.get((seat, wid), 0) + 1
        name = w.name
        if w.ability in ("exchange", "energy"):
            if w.ability == "energy":
                self._begin_production(s, seat)
            self._pay_iron(s, seat, w.pay_iron)
            s.gold[seat] -= w.pay_gold
            s.prisms[seat] -= w.pay_prisms
            s.iron[seat] += w.get_iron
            s.gold[seat] += w.get_gold
            s.prisms[seat] += w.get_prisms
            s.energy += w.get_energy
            ev.append(Event("worker", f"{{p{seat}}} uses {name}.", {"seat": seat, "worker": wid}))
            return
        target = int(args[1][1:]) - 1
        s.gold[seat] -= w.pay_gold
        if w.ability == "saboteur":
            self._unwind(s, seat, target, CELL_INDEX[args[2]], ev)
            s.sabotage_left = w.unwinds - 1
            if s.sabotage_left and self._sabotage_targets(s, seat):
                s.phase = SABOTAGE
        elif w.ability == "thief":
            pile = getattr(s, w.steal)
            pile[target] -= 1
            pile[seat] += 1
            ev.append(Event("thief", f"{{p{seat}}}'s Thief steals one {w.steal.rstrip('s')} from {{p{target}}}.",
                            {"seat": seat, "target": target, "resource": w.steal}))
        else:
            s.prisms[target] -= 1
            ev.append(Event("vandal", f"{{p{seat}}}'s Vandal destroys one of {{p{target}}}'s prisms.",
                            {"seat": seat, "target": target}))

    def _unwind(self, s, seat, target, cell, ev):
        s.sides[target][cell] += 1
        s.sabotaged.add((target, cell))
        ev.append(Event("sabotage", f"{{p{seat}}}'s Saboteur unwinds {{p{target}}}'s {CELL_NAMES[cell]}.",
                        {"seat": seat, "target": target, "cell": CELL_NAMES[cell]}))

    def _do_unwind(self, s, seat, args, ev):
        self._unwind(s, seat, int(args[0][1:]) - 1, CELL_INDEX[args[1]], ev)
        s.sabotage_left -= 1
        if not s.sabotage_left or not self._sabotage_targets(s, seat):
            s.sabotage_left = 0
            s.phase = TURN

    def _do_buy(self, s, seat, args, ev):
        kind = args[0]
        pid = s.stacks[kind].pop()
        part = self._part[pid]
        self._pay_iron(s, seat, part.cost)
        s.bought = True
        s.stage = BUILD
        s.pending = pid
        s.phase = INSTALL
        ev.append(Event("buy", f"{{p{seat}}} buys a size-{part.size} {kind} for {part.cost} iron.",
                        {"seat": seat, "part": pid}))

    def _do_install(self, s, seat, args, ev):
        spot = args[0]
        old = s.parts[seat][CELL_INDEX[spot]] if spot in CELL_INDEX else None
        if old is not None:
            s.removed.append(old)
            if s.overwound == CELL_INDEX[spot]:
                s.overwound = -1
        parts, sides, cell, shift = install(s.parts[seat], s.sides[seat], spot, s.pending)
        s.parts[seat], s.sides[seat] = parts, sides
        moved = ""
        if shift != (0, 0):
            # The installer is the active seat: its turn's overwind and production follow its parts.
            if s.overwound >= 0:
                s.overwound = moved_cell(s.overwound, shift)
            s.produced = {moved_cell(c, shift): n for c, n in s.produced.items()}
            moved = f"; the machine moves to keep it in its 3x3 frame, the new part is at {CELL_NAMES[cell]}"
        part = self._part[s.pending]
        s.pending = None
        s.phase = TURN
        replaced = f", replacing a size-{self._part[old].size} {self._part[old].kind}" if old else ""
        ev.append(Event("install", f"{{p{seat}}} installs the size-{part.size} {part.kind} at {spot}{replaced}{moved}.",
                        {"seat": seat, "cell": CELL_NAMES[cell], "spot": spot, "shift": list(shift),
                         "part": part.id, "replaced": old}))

    def _do_hire(self, s, seat, args, ev):
        wid = args[0]
        w = self._worker[wid]
        s.gold[seat] -= w.cost
        if s.winders and wid == s.winders[-1]:
            s.winders.pop()
        else:
            s.face_up.remove(wid)
            if s.worker_deck:
                s.face_up.append(s.worker_deck.pop())
        s.workers[seat].append(wid)
        s.fresh[seat].append(wid)
        s.hired = True
        s.stage = BUILD
        ev.append(Event("hire", f"{{p{seat}}} hires {w.name} for {w.cost} gold.", {"seat": seat, "worker": wid}))

    def _do_restart(self, s, seat, args, ev):
        s.restarts[seat] = s.restart_pile.pop()
        ev.append(Event("restart", f"{{p{seat}}} takes a hard restart card; the turn ends.", {"seat": seat}))
        self._end_turn(s, ev)

    def _do_done(self, s, seat, args, ev):
        self._end_turn(s, ev)

    # ---- scoring ------------------------------------------------------------------------

    def scores(self, s):
        """Each seat's score breakdown as the game stands (the final one once it is over)."""
        rules = self.cards.rules
        bonus = prism_bonus(s.prisms, rules["prism_bonus"])
        out = []
        for seat in range(s.seats):
            m = machine_score(s.parts[seat], s.sides[seat], self.cards)
            m["prisms"] = s.prisms[seat] * rules["prism_points"]
            m["prism_bonus"] = bonus[seat]
            m["gold"] = s.gold[seat] * rules["gold_points"]
            m["total"] = m["gears"] + m["sets"] + m["decorations"] + m["prisms"] + m["prism_bonus"] + m["gold"]
            out.append(m)
        return out

    def _finish(self, s, ev):
        scores = self.scores(s)
        keys = [(m["total"], s.gold[t], m["best_decoration"]) for t, m in enumerate(scores)]
        best = max(keys)
        winners = tuple(t for t in range(s.seats) if keys[t] == best)
        ranks = tuple(1 + sum(1 for k in keys if k > keys[t]) for t in range(s.seats))
        s.phase = OVER
        s.window = []
        s.result = Outcome(winners, "most victory points (ties: most gold, then highest decoration)",
                           scores=tuple(float(m["total"]) for m in scores), ranks=ranks)
        who = " and ".join(f"{{p{w}}}" for w in winners)
        ev.append(Event("end", f"All gear cards are played. {who} {'wins' if len(winners) == 1 else 'share the win'} "
                        f"with {scores[winners[0]]['total']} points.", {"winners": list(winners),
                                                                       "scores": [m["total"] for m in scores]}))

    def outcome(self, state):
        return state.result

    # ---- what each seat sees ------------------------------------------------------------

    def view(self, state, seat):
        s = state
        part_of = self._part
        scores = self.scores(s)
        players = []
        for t in range(s.seats):
            grid = []
            for cell in range(9):
                pid = s.parts[t][cell]
                if pid is None:
                    grid.append(None)
                    continue
                part = part_of[pid]
                grid.append({"cell": CELL_NAMES[cell], "part": pid, "kind": part.kind, "size": part.size,
                             "side": SIDES[s.sides[t][cell]], "values": _side_values(part, s.sides[t][cell])})
            players.append({
                "seat": t,
                "grid": grid,
                "iron": s.iron[t],
                "gold": s.gold[t],
                "prisms": s.prisms[t],
                "workers": [{"id": w, "name": self._worker[w].name, "new": w in s.fresh[t]} for w in s.workers[t]],
                "restart": s.restarts[t] is not None,
                "assigned_gear": s.assigned[t],
                "score": scores[t],
            })
        stacks = {}
        for kind in KINDS:
            stack = s.stacks[kind]
            stacks[kind] = {"top": stack[-1] if stack else None,
                            "top_size": part_of[stack[-1]].size if stack else None,
                            "top_cost": part_of[stack[-1]].cost if stack else None,
                            "sizes": [part_of[p].size for p in reversed(stack)]}
        view = {
            "seat": seat,
            "seats": s.seats,
            "round": s.round,
            "first": s.first,
            "active": s.active,
            "phase": s.phase,
            "stage": STAGE_NAMES[s.stage],
            "to_act": list(self.to_act(s)),
            "energy": s.energy if s.stage != WIND else self._energy_now(s, s.active),
            "free_winds": s.free_winds,
            "overwound": CELL_NAMES[s.overwound] if s.overwound >= 0 else None,
            "produced": {CELL_NAMES[c]: n for c, n in sorted(s.produced.items())},
            "bought": s.bought,
            "hired": s.hired,
            "pending_part": s.pending,
            "gear_cards_left": len(s.gear_deck),
            "gear_discard": list(s.gear_discard),
            "drawn_gears": list(s.drawn),
            "gear_in_play": s.window_card,
            "protected": sorted(s.protected),
            "stacks": stacks,
            "winders": [{"id": w, "winds": self._worker[w].winds, "cost": self._worker[w].cost}
                        for w in reversed(s.winders)],
            "face_up_workers": [{"id": w, "name": self._worker[w].name, "cost": self._worker[w].cost}
                                for w in s.face_up],
            "worker_deck": len(s.worker_deck),
            "worker_discard": list(s.worker_discard),
            "restart_cards": len(s.restart_pile),
            "players": players,
            "outcome": None if s.result is None else s.result.to_dict(),
        }
        if seat is not None:
            deck = s.gear_deck
            top = len(deck) - 1
            view["gear_known"] = [{"card": deck[i], "from_top": top - i}
                                  for i in sorted(s.known[seat], reverse=True)]
            view["tuning"] = list(s.tuning) if s.tuning is not None and s.active == seat else None
        return view

    # ---- search support -----------------------------------------------------------------

    def copy(self, state):
        return state.copy()

    def determinize(self, state, seat, rng):
        """Resample the gear deck (except positions this seat knows) and the worker deck.

        Knowledge is kept as deck positions, so other seats' knowledge stays consistent:
        they know whatever card now lies where they looked.
        """
        new = state.copy()
        rng.shuffle(new.worker_deck)
        deck = new.gear_deck
        known = state.known[seat]
        free = [i for i in range(len(deck)) if i not in known]
        cards = [deck[i] for i in free]
        rng.shuffle(cards)
        for i, g in zip(free, cards, strict=True):
            deck[i] = g
        if new.tuning is not None:
            new.tuning = (deck[-1], deck[-2])
        return new

    def census(self, state):
        s = state
        total = Counter(s.box)
        total.update(s.removed)
        for stack in s.stacks.values():
            total.update(stack)
        for t in range(s.seats):
            total.update(p for p in s.parts[t] if p is not None)
            total.update(s.workers[t])
            if s.restarts[t] is not None:
                total[s.restarts[t]] += 1
        if s.pending is not None:
            total[s.pending] += 1
        total.update(s.winders)
        total.update(s.face_up)
        total.update(s.worker_deck)
        total.update(s.worker_discard)
        total.update(s.gear_deck)
        total.update(s.gear_discard)
        total.update(s.drawn)
        total.update(g for g in s.assigned if g is not None)
        if s.window_card is not None:
            total[s.window_card] += 1
        total.update(s.restart_pile)
        return total

    def step_limit(self, seats):
        return seats + 12 * seats * 250

    def describe_action(self, state, seat, action):
        try:
            words = self._parse(seat, action).split()
        except InvalidAction:
            return ""
        s = state
        verb = words[0]
        try:
            if verb == "buy":
                stack = s.stacks[words[1]]
                part = self._part[stack[-1]]
                return f"size-{part.size} {part.kind} for {part.cost} iron"
            if verb in ("hire", "use") and words[1] in self._worker:
                w = self._worker[words[1]]
                return f"{w.name}" + (f" for {w.cost} gold" if verb == "hire" else "")
            if verb == "install" and words[1] in SPOTS and words[1] not in CELL_INDEX:
                return "an empty spot beyond the frame: the machine moves to keep it in its 3x3 frame"
            if verb in ("wind", "produce", "overwind", "install"):
                cell = CELL_INDEX[words[1]]
                pid = s.parts[seat][cell]
                if pid is None:
                    return "empty cell"
                part = self._part[pid]
                return f"size-{part.size} {part.kind}, {SIDES[s.sides[seat][cell]]} side"
            if verb == "restart":
                return "end the turn; next turn all parts to green, decorations stopped"
            if verb == "done":
                return "end your turn"
            if verb in ("assign", "top"):
                return "gear sizes " + ", ".join(str(x) for x in self.cards.gears[words[1]])
        except (KeyError, IndexError, ValueError):
            return ""
        return ""

    def render(self, view, *, names):
        from tabletop_games.windup_machines.render import render_view

        return render_view(view, names=names)


def _side_values(part, side):
    values = part.sides[side]
    return list(values) if isinstance(values, tuple) else [values]
