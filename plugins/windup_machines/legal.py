"""What may be done now: the legal-action lists, and checking one action without building them.

``apply`` looks an action up in a table of every text the notation can spell (made once)
and checks that one action against the state; ``legal_actions`` builds the whole list for
agents. A property test keeps the two in agreement on every spellable text.
"""

from __future__ import annotations

from tabletop.plugin_api import InvalidAction
from tabletop_games.windup_machines.cards import KINDS, MAKES, STOPPED
from tabletop_games.windup_machines.machine import CELL_INDEX, CELL_NAMES, NEIGHBOURS, SPOTS
from tabletop_games.windup_machines.state import (
    ASSIGN,
    INSTALL,
    OVER,
    PRODUCE,
    RESPOND,
    SABOTAGE,
    SEATS,
    STACK,
    START,
    TUNE,
    TUNING,
    WIND,
    gear_name,
    seat_name,
)

#: Action texts built once (the legal-action lists are a hot path).
WIND_ACTS = tuple(f"wind {n}" for n in CELL_NAMES)
OVERWIND_ACTS = tuple(f"overwind {n}" for n in CELL_NAMES)
PRODUCE_ACTS = tuple(f"produce {n}" for n in CELL_NAMES)
BUY_ACTS = {k: f"buy {k}" for k in KINDS}
START_ACTS = tuple(f"start {CELL_NAMES[a]} {CELL_NAMES[b]}" for a in range(9) for b in NEIGHBOURS[a])
VERBS = ("start", "draw", "use", "top", "assign", "pass", "wind", "overwind", "produce", "buy",
         "install", "hire", "restart", "done", "unwind")


def action_table(cards) -> dict[str, tuple[str, ...]]:
    """Every action text that can ever be legal, split into words."""
    texts = ["draw", "pass", "restart", "done", *START_ACTS, *WIND_ACTS, *OVERWIND_ACTS,
             *PRODUCE_ACTS, *BUY_ACTS.values()]
    texts += [f"install {spot}" for spot in SPOTS]
    texts += [f"top {g}" for g in cards.gears]
    texts += [f"assign {g} {p}" for g in cards.gears for p in SEATS]
    texts += [f"unwind {p} {c}" for p in SEATS for c in CELL_NAMES]
    for wid in cards.workers:
        texts += [f"use {wid}", f"hire {wid}"]
        texts += [f"use {wid} {p}" for p in SEATS]
        texts += [f"use {wid} {p} {c}" for p in SEATS for c in CELL_NAMES]
    return {text: tuple(text.split()) for text in texts}


class LegalActions:
    """Mixed into the game."""

    def to_act(self, state):
        if state.phase == OVER:
            return []
        if state.phase == RESPOND:
            return [state.window[0]]
        return [state.active]

    def legal_actions(self, state, seat):
        s = state
        phase = s.phase
        if phase == OVER or seat != (s.window[0] if phase == RESPOND else s.active):   # to_act
            return []
        if phase == START:
            return list(START_ACTS)
        if phase == TUNE:
            return ["draw", "use tuner"]
        if phase == TUNING:
            return [f"top {g}" for g in dict.fromkeys((gear_name(s.gear_deck[-1]), gear_name(s.gear_deck[-2])))]
        if phase == ASSIGN:
            return [f"assign {g} {seat_name(t)}" for g in dict.fromkeys(map(gear_name, s.drawn))
                    for t in range(s.seats) if t not in s.given]
        if phase == RESPOND:
            return self._responses(s, seat) + ["pass"]
        if phase == INSTALL:
            return [f"install {spot}" for spot in self._install_spots(s, seat, s.pending)]
        if phase == SABOTAGE:
            return [f"unwind {seat_name(t)} {CELL_NAMES[c]}" for t, c in self._sabotage_targets(s, seat)]
        return self._turn_actions(s, seat)

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
            makes, produced, overwound = self._makes, s.produced, s.overwound
            for c in range(9):   # as _can_produce, unrolled: the hottest loop of random play
                limits = makes.get(parts[c])
                if limits is not None and sides[c] != STOPPED:
                    cost, _, most = limits[sides[c]]
                    if energy >= cost and produced.get(c, 0) < most + (overwound == c):
                        out.append(PRODUCE_ACTS[c])
        if s.workers[seat]:
            out += self._worker_actions(s, seat)
        if not s.bought:
            afford = s.iron[seat] + s.gold[seat]
            for k in KINDS:
                stack = getattr(s, STACK[k])
                if stack and self._part[stack[-1]].cost <= afford:
                    out.append(BUY_ACTS[k])
        if not s.hired:
            gold = s.gold[seat]
            hire, worker = self._hire_acts, self._worker
            if s.winders and worker[s.winders[-1]].cost <= gold:
                out.append(hire[s.winders[-1]])
            out += [hire[w] for w in dict.fromkeys(s.face_up) if worker[w].cost <= gold]
        if not s.bought and not s.hired and s.restart_pile and s.restarts[seat] is None:
            out.append("restart")
        out.append("done")
        return out

    def _can_produce(self, s, seat, c, energy):
        pid = s.parts[seat][c]
        if pid is None or self._kind[pid] not in MAKES or s.sides[seat][c] == STOPPED:
            return False
        cost, _, most = self._part[pid].sides[s.sides[seat][c]]
        return energy >= cost and s.produced.get(c, 0) < most + (s.overwound == c)

    # ---- one action, checked without the list ------------------------------------------------

    def _allowed(self, s, seat, text, words):
        """Whether ``text`` (split into ``words``) is in ``legal_actions(s, seat)`` now."""
        phase, verb, n = s.phase, words[0], len(words)
        if phase == START:
            return verb == "start" and text in self._start_set
        if phase == TUNE:
            return text == "draw" or text == "use tuner"
        if phase == TUNING:
            return verb == "top" and words[1] in (gear_name(s.gear_deck[-1]), gear_name(s.gear_deck[-2]))
        if phase == ASSIGN:
            if verb != "assign" or SEATS[words[2]] >= s.seats or SEATS[words[2]] in s.given:
                return False
            return any(gear_name(g) == words[1] for g in s.drawn)
        if phase == RESPOND:
            return text == "pass" or text in self._responses(s, seat)
        if phase == INSTALL:
            return verb == "install" and words[1] in self._install_spots(s, seat, s.pending)
        if phase == SABOTAGE:
            return verb == "unwind" and self._sabotage_target(s, seat, SEATS[words[1]], CELL_INDEX[words[2]])
        if verb == "done":
            return True
        if verb in ("wind", "overwind", "produce"):
            if s.stage > (WIND if verb != "produce" else PRODUCE):
                return False
            c = CELL_INDEX[words[1]]
            pid = s.parts[seat][c]
            if verb == "wind":
                return pid is not None and s.sides[seat][c] > 0 and bool(
                    s.free_winds or s.iron[seat] or s.gold[seat])
            if verb == "overwind":
                return (s.overwind_ok and s.overwound < 0 and pid is not None
                        and self._kind[pid] != "decoration")
            energy = s.energy if s.stage == PRODUCE else self._energy_now(s, seat)
            return self._can_produce(s, seat, c, energy)
        if verb == "buy":
            stack = getattr(s, STACK[words[1]])
            return (not s.bought and bool(stack)
                    and self._part[stack[-1]].cost <= s.iron[seat] + s.gold[seat])
        if verb == "hire":
            wid = words[1]
            if s.hired or self._worker[wid].cost > s.gold[seat]:
                return False
            return (bool(s.winders) and wid == s.winders[-1]) or wid in s.face_up
        if verb == "restart":
            return not s.bought and not s.hired and bool(s.restart_pile) and s.restarts[seat] is None
        if verb == "use":
            return self._worker_allowed(s, seat, words[1], words[2:], n)
        return False

    # ---- telling a player why not -----------------------------------------------------------

    def _parse(self, seat, action):
        """Normalise notation, or raise InvalidAction for text that is not notation."""
        parts = action.lower().split() if isinstance(action, str) else []
        if parts and parts[0] in VERBS and len(parts) <= 4:
            return " ".join(parts)
        raise InvalidAction(
            f"'{action}' is not Wind Up notation: write e.g. 'wind r1c2', 'produce r2c1', "
            "'buy smelter', 'install r1c3', 'hire winder-1', 'use merchant-gold', 'restart' or 'done'.",
            seat=seat, action=action,
        )
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

