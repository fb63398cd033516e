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

from pathlib import Path

from tabletop.plugin_api import Event, Game, IllegalAction, derive
from tabletop_games.windup_machines.building import Building
from tabletop_games.windup_machines.cards import MAKES, CardRules, load_cards
from tabletop_games.windup_machines.gears import GearCards
from tabletop_games.windup_machines.legal import START_ACTS, LegalActions, action_table
from tabletop_games.windup_machines.production import Production
from tabletop_games.windup_machines.rounds import Rounds
from tabletop_games.windup_machines.scoring import Scoring
from tabletop_games.windup_machines.state import OVER, WindupState, copy_state, new_state, seat_name
from tabletop_games.windup_machines.views import Views
from tabletop_games.windup_machines.winding import Winding
from tabletop_games.windup_machines.workers import Workers


class WindupMachines(LegalActions, Rounds, GearCards, Winding, Production, Workers, Building, Scoring,
                     Views, Game):
    """The rules, one mixin per part of the rulebook; the state is built from zones, so the
    engine derives determinize (the Tuner's peek is knowledge of single cards); ``copy`` is
    the derived copy written out (``state.copy_state``)."""

    state_class = WindupState
    copy = staticmethod(copy_state)
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
        #: producer part -> its sides' (cost, made, most); parts that make nothing are absent
        self._makes = {pid: part.sides for pid, part in c.parts.items() if part.kind in MAKES}
        self._hire_acts = {wid: f"hire {wid}" for wid in c.workers}
        self._actions = action_table(c)
        self._start_set = frozenset(START_ACTS)
        self._handlers = {verb: getattr(self, f"_do_{verb}") for verb in {w[0] for w in self._actions.values()}}

    def setup(self, seats, options, seed):
        return new_state(self.cards, seats, seed)

    def apply(self, state, seat, action):
        words = self._actions.get(action) if type(action) is str else None
        text = action
        if words is None:
            text = self._parse(seat, action)
            words = self._actions.get(text)
        s = state
        if s.phase == OVER:
            raise IllegalAction("The game is over.", seat=seat, action=action)
        if seat not in self.to_act(s):
            raise IllegalAction(f"It is not {seat_name(seat)}'s decision now.", seat=seat, action=action)
        if words is None or not self._allowed(s, seat, text, words):
            raise IllegalAction(self._why_not(s, seat, text), seat=seat, action=action)
        ev: list[Event] = []
        self._handlers[words[0]](s, seat, words[1:], ev)
        return ev

    def census(self, state):
        """Every card: the zones, plus the single cards held in a turn's slots."""
        s = state
        total = derive.census(s)
        del total[None]     # a machine's empty cells
        for card in (s.pending, s.window_card, *s.assigned, *s.restarts):
            if card is not None:
                total[card] += 1
        return total

    def step_limit(self, seats):
        return seats + 12 * seats * 250

    def render(self, view, *, names):
        from tabletop_games.windup_machines.render import render_view

        return render_view(view, names=names)

    def opening_events(self, state):
        """What setup lays out on the table, to narrate before the first decision: each seat's
        dealt worker and the face-up workers (all face up). The engine has no hook that asks
        for this yet; a runner may call it after ``new_state``."""
        s = state
        dealt = ", ".join(f"{{p{t}}} {self._worker[s.workers[t][0]].name}" for t in range(s.seats))
        row = ", ".join(self._worker[w].name for w in s.face_up) or "none"
        rules = self.cards.rules
        return [Event("setup", f"Each player takes {rules['start_gold']} gold and {rules['start_iron']} iron "
                      f"and is dealt one worker: {dealt}. Face-up workers: {row}.",
                      {"workers": [list(w) for w in s.workers], "face_up": list(s.face_up)})]
