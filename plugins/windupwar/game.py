"""Windup War (Katie Khau & Jess Chu): program five toy-army orders, then watch them clash.

The game object holds the metadata, the notation and the verb table; each rule lives in the
module named after its rulebook heading: :mod:`.setup` (factions, the combat order),
:mod:`.windup` (programming), :mod:`.war` (revealing and resolving, with :mod:`.actions`,
:mod:`.broken`, :mod:`.charge` and :mod:`.casualties`) and :mod:`.ending`. The state is built
from zones (:mod:`.state`), so the engine derives copy, determinize and census.

Notation (see RULES.md):

* ``faction tin-fantry``: pick a faction (option ``factions=pick``).
* ``unit tank``: pick the next unit of your combat order (three picks).
* ``A1L.g``: program an action card into the next slot of your windup row.
* ``score BL.k``: after a successful Charge!, the discard card you score.
"""

from __future__ import annotations

from itertools import permutations
from operator import attrgetter
from pathlib import Path

from tabletop.plugin_api import Game, InvalidAction, Option, Rule, derive, rulebook
from tabletop_games.windupwar.board import WindupWarBoard
from tabletop_games.windupwar.cards import CardData, load_cards
from tabletop_games.windupwar.charge import score_refusal
from tabletop_games.windupwar.ending import MAX_ROUNDS
from tabletop_games.windupwar.learning import LEARNING
from tabletop_games.windupwar.narration import Narration
from tabletop_games.windupwar.search import search_kit
from tabletop_games.windupwar.setup import faction_refusal, pick_faction, pick_unit, set_table, unit_refusal
from tabletop_games.windupwar.state import ARMY, ARMY_PICK, CHARGE, FACTION, IN_PLAY, SLOTS, WINDUP, WarState
from tabletop_games.windupwar.stats import figures
from tabletop_games.windupwar.view import hand, war_view
from tabletop_games.windupwar.war import charge_scored
from tabletop_games.windupwar.windup import program, program_refusal

NOTATION_HELP = (
    "Setup: 'faction <id>' picks your faction, 'unit <id>' picks the next unit of your combat order "
    "(first pick = first active unit). Windup: type a card code with its colour letter, e.g. A1L.g, "
    "to program it into your next slot (k black, p purple, i pink, o orange, g green, b blue; codes: "
    "A1L A1R A2L A2R DAR FL FR AS A1RL RL BL RT BR SB DB CH). After a successful Charge!: "
    "'score <card>' moves that card of your discard pile to the centre as a point."
)


class WindupWar(Game):
    state_class = WarState
    name = "windupwar"
    learning = LEARNING  # what reinforcement learning may use: the action list, domains, a shaped reward
    title = "Windup War"
    version = "1.0"
    min_players = 2
    max_players = 16
    recommended_max_players = 8
    options = (
        Option("edition", "2017", ("2017", "2016"),
               help="2017 Kickstarter rules (default) or the 2016 print-and-play rules."),
        Option("factions", "deal", ("deal", "pick"),
               help="deal: each seat is given a faction; pick: each seat chooses one."),
    )
    notation_help = NOTATION_HELP
    rules_file = Path(__file__).with_name("RULES.md")
    round_event = "war"
    board = WindupWarBoard
    rules = rulebook(
        Rule("faction", faction_refusal, pick_faction),
        Rule("unit", unit_refusal, pick_unit),
        Rule("card", program_refusal, program),
        Rule("score", score_refusal, charge_scored),
    )

    def __init__(self, data: CardData | None = None):
        self.data = data = data or load_cards()
        self.narration = Narration({c.notation: c.name for c in data.actions}, {u.id: u.name for u in data.units},
                                   {f.id: f.name for f in data.factions})
        self.card = data.by_notation
        #: The colours each unit type may play: its ribbons and black.
        self.unit_colours = {u.id: u.allowed for u in data.units}
        self.set_bombs = frozenset(c.notation for c in data.actions if c.effect == "set_bomb")
        self.deck = tuple(c.notation for c in data.actions)
        #: Deck order, used to keep hands sorted so a hand's order reveals nothing.
        self.order = {notation: i for i, notation in enumerate(self.deck)}
        self.faction_ids = tuple(f.id for f in data.factions)
        self.faction_actions = tuple(f"faction {f}" for f in self.faction_ids)
        self.unit_actions = {u.id: f"unit {u.id}" for u in data.units}
        #: Every combat order of k units a seat could have picked, for k = 0..3.
        self.pick_options = tuple(tuple(permutations(self.unit_actions, k)) for k in range(ARMY + 1))
        #: Who sees a seat's secret events: that seat alone.
        self.secret = tuple(frozenset((s,)) for s in range(self.max_players))
        #: The events of a unit picked, of programming and of a War's start, made once when
        #: first needed and shared (an event is never changed once made): (seat, unit,
        #: position), (seat, slot, card) and round.
        self.unit_events: dict = {}
        self.program_events: dict = {}
        self.war_events: dict = {}
        self.search = search_kit(self)

    # ---- notation and the verb table -----------------------------------------------------

    def parse(self, action):
        """(verb, args) of a well-formed action text: 'card', 'unit', 'faction' or 'score'."""
        if not isinstance(action, str):
            raise InvalidAction(f"An action is text, not {action!r}.", action=str(action))
        if action in self.card:
            return "card", (action,)
        word, _, arg = action.partition(" ")
        if word == "unit" and arg in self.data.unit_by_id:
            return "unit", (arg,)
        if word == "faction" and arg in self.data.faction_by_id:
            return "faction", (arg,)
        if word == "score" and arg in self.card:
            return "score", (arg,)
        raise InvalidAction(
            f"'{action}' is not Windup War notation: use a card like A1L.g, 'unit tank', "
            f"'faction tin-fantry' or 'score A1L.g'.", action=action)

    def not_asked(self, state, seat, verb):
        return f"Seat {seat + 1} has nothing to decide now."

    def candidates(self, state, seat):
        """What each phase asks about: every faction, every unit, every card of the deck, or
        scoring each card of the discard pile; the rules keep those allowed."""
        phase = state.phase
        if phase == WINDUP:
            return self.deck
        if phase == ARMY_PICK:
            return self.unit_actions.values()
        if phase == CHARGE:
            return [f"score {c}" for c in state.discard[seat]]
        if phase == FACTION:
            return self.faction_actions
        return ()

    def legal_actions(self, state, seat):
        """The same list as :meth:`allowed` (a test holds them equal), made without asking
        each candidate: random play and search ask for it at every decision."""
        if seat not in state.pending:
            return []
        phase = state.phase
        if phase == WINDUP:
            return state.hands[seat][:] if not state.hands_seen[seat] else hand(self, state, seat)
        if phase == ARMY_PICK:
            picked = state.picks.values[seat] or ()
            return [a for u, a in self.unit_actions.items() if u not in picked]
        if phase == CHARGE:
            return [f"score {c}" for c in state.discard[seat]]
        if phase == FACTION:
            return list(self.faction_actions)
        return []

    # ---- the table -----------------------------------------------------------------------

    def setup(self, seats, options, seed):
        return set_table(self, seats, options, seed)

    def opening_events(self, state):
        """The factions dealt at setup, told before the first unit is picked."""
        return state.opening

    #: The seats that must decide now (a tuple, replaced when it changes), and how the war
    #: ended (None while it goes on): read straight off the state, as the engine asks both
    #: at every action.
    to_act = attrgetter("pending")
    outcome = attrgetter("result")

    def view(self, state, seat):
        return war_view(self, state, seat)

    def census(self, state):
        """Every card wherever it lies (derived), without the empty slots a row keeps."""
        total = derive.census(state)
        del total[None]
        return total

    def step_limit(self, seats):
        return seats * (ARMY + 1) + MAX_ROUNDS * (SLOTS * seats + SLOTS) + 10

    # ---- for people, the lab and search -----------------------------------------------------

    def active_unit(self, state, seat):
        """The seat's active unit type, or None once eliminated or before armies exist."""
        if not state.army[seat] or state.active[seat] >= len(state.army[seat]):
            return None
        return self.data.unit_by_id[state.army[seat][state.active[seat]]]

    def describe_action(self, state, seat, action):
        try:
            verb, (arg,) = self.parse(action)
        except InvalidAction:
            return ""
        if verb == "card":
            card = self.card[arg]
            unit = self.active_unit(state, seat)
            text = f"{card.name} ({card.colour})"
            if unit is not None and state.status[seat] == IN_PLAY:
                text += "" if card.colour in unit.allowed else f" - illegal for your {unit.name}"
            return text
        if verb == "unit":
            unit = self.data.unit_by_id[arg]
            return f"{unit.name}: {unit.hearts} hearts, {' + '.join(unit.ribbons)} (+ black)"
        if verb == "faction":
            return self.data.faction_by_id[arg].name
        card = self.card[arg]
        return f"score {card.name} ({card.colour}) as a point"

    def statistics(self, seats, events, outcome, final_view):
        return figures(seats, events, outcome)

    def render(self, view, *, names):
        from tabletop_games.windupwar.render import render_view

        return render_view(self, view, names=names)


__all__ = ["WindupWar"]
