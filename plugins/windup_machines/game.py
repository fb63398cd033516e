"""Wind Up (designer's prototype rules): build a 3x3 clockwork machine that keeps unwinding.

A round is one turn per seat and two gear cards. A turn: resolve a pending hard restart,
resolve the turn's gear card (every machine's parts of that size turn clockwise, with chain
reactions), wind, produce, then buy and install a part and/or hire a worker, or take a hard
restart. RULES.md gives the rules as implemented and every interpretation, each heading naming
its module. Notation (seats ``p1`` .. ``p4``, cells ``r1c1`` .. ``r3c3``; ``install r0c2`` ..
``install r4c2``, one step beyond the frame's edge, moves the floating machine so it stays in
its 3x3 frame):

* setup: ``start r2c2 r2c3`` (generator cell, smelter cell)
* gear cards: ``draw``, ``use tuner`` then ``top 3+5``; ``assign 3+5 p2``;
  ``use jammer-redraw`` / ``use jammer-stop`` / ``pass`` when a gear card is about to turn
* turn: ``wind r1c2``, ``overwind r1c2``, ``produce r2c1``, ``use merchant-gold``,
  ``use saboteur-1 p2 r1c1``, ``use thief-gold p2``, ``buy generator`` then ``install r1c3``,
  ``hire winder-1``, ``restart``, ``done``; after a three-unwind Saboteur ``unwind p2 r2c2``
"""

from __future__ import annotations

from operator import attrgetter
from pathlib import Path

from tabletop.plugin_api import Game, InvalidAction, Rule, derive, rulebook
from tabletop_games.windup_machines import building, gears, legal, production, rounds, winding, workers
from tabletop_games.windup_machines.board import WindupMachinesBoard
from tabletop_games.windup_machines.cards import MAKES, CardRules, load_cards
from tabletop_games.windup_machines.learning import LEARNING
from tabletop_games.windup_machines.scoring import scores
from tabletop_games.windup_machines.search import search_kit
from tabletop_games.windup_machines.setup import new_state, opening_events, refuse_start, start
from tabletop_games.windup_machines.state import OVER, RESPOND, WindupState, copy_state, seat_name
from tabletop_games.windup_machines.stats import windup_stats
from tabletop_games.windup_machines.view import describe_action, view


class WindupMachines(Game):
    """The rules, one module per heading of the rulebook; the state is built from zones, so the
    engine derives determinize (the Tuner's peek is knowledge of single cards); ``copy`` is
    the derived copy written out (``state.copy_state``)."""

    state_class = WindupState
    copy = staticmethod(copy_state)
    name = "windup_machines"
    learning = LEARNING  # what reinforcement learning may use: the action list, domains, a shaped reward
    title = "Wind Up (clockwork machines)"
    version = "0.3.0"
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
    board = WindupMachinesBoard
    rules = rulebook(
        Rule("start", refuse_start, start),
        Rule("draw", gears.refuse_draw, gears.draw),
        Rule("top", gears.refuse_top, gears.top),
        Rule("assign", gears.refuse_assign, gears.assign),
        Rule("pass", gears.refuse_pass, gears.pass_),
        Rule("wind", winding.refuse_wind, winding.wind),
        Rule("overwind", winding.refuse_overwind, winding.overwind),
        Rule("produce", production.refuse_produce, production.produce),
        Rule("use", workers.refuse_use, workers.use),
        Rule("unwind", workers.refuse_unwind, workers.unwind),
        Rule("buy", building.refuse_buy, building.buy),
        Rule("install", building.refuse_install, building.install_part),
        Rule("hire", building.refuse_hire, building.hire),
        Rule("restart", rounds.refuse_restart, rounds.restart),
        Rule("done", rounds.refuse_done, rounds.done),
    )

    def __init__(self, cards: CardRules | None = None):
        self.cards = c = cards or load_cards()
        #: Lookup tables the rules read on every action.
        self.part = c.parts
        self.worker = c.workers
        self.kind = {pid: part.kind for pid, part in c.parts.items()}
        #: producer part -> its sides' (cost, made, most); parts that make nothing are absent
        self.makes = {pid: part.sides for pid, part in c.parts.items() if part.kind in MAKES}
        #: generator part -> its sides' energy
        self.energy = {pid: part.sides for pid, part in c.parts.items() if part.kind == "generator"}
        self.hire_acts = {wid: f"hire {wid}" for wid in c.workers}
        self.assign_acts = {(g, t): f"assign {g} {seat_name(t)}" for g in c.gears for t in range(self.max_players)}
        self.winders = frozenset(c.winders)
        self.turn_workers = frozenset(wid for wid, w in c.workers.items() if w.ability in workers.MAY_USE)
        self.jammers = frozenset(wid for wid, w in c.workers.items() if w.ability.startswith("jammer"))
        self.search = search_kit(self)

    # ---- the table ----------------------------------------------------------------------

    def setup(self, seats, options, seed):
        return new_state(self.cards, seats, seed)

    def opening_events(self, state):
        return opening_events(self, state)

    def to_act(self, state):
        if state.phase == OVER:
            return []
        if state.phase == RESPOND:
            return [state.window[0]]
        return [state.active]

    def not_asked(self, state, seat, verb):
        return f"It is not {seat_name(seat)}'s decision now."

    def parse(self, action):
        words = action.lower().split()
        if words and words[0] in self.rules and len(words) <= 4:
            return words[0], tuple(words[1:])
        raise InvalidAction(
            f"'{action}' is not Wind Up notation: write e.g. 'wind r1c2', 'produce r2c1', "
            "'buy smelter', 'install r1c3', 'hire winder-1', 'use merchant-gold', 'restart' or 'done'.",
            action=action,
        )

    #: The list built directly (random play and search ask for it at every step); the rules'
    #: refusals state what is legal (``allowed``), and a test holds the two equal.
    legal_actions = legal.legal_actions
    candidates = legal.candidates

    #: How the game ended (None while it goes on): the result the last turn's scoring left,
    #: read without a Python call (the engine asks before every action).
    outcome = attrgetter("result")

    def scores(self, state):
        """Each seat's score breakdown as the game stands (the final one once it is over)."""
        return scores(self, state)

    # ---- what people see ------------------------------------------------------------------

    view = view
    describe_action = describe_action

    def render(self, view, *, names):
        from tabletop_games.windup_machines.render import render_view

        return render_view(view, names=names)

    def statistics(self, seats, events, outcome, final_view):
        return windup_stats(seats, events, final_view)

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
