"""Castle Wars (playtest rulebook v0.6): draft Knights, Archers, Mages and Towers, then battle.

A round (:mod:`.rounds`) is a Build Phase, five draft turns from a face-up row
(:mod:`.draft`), and a Battle Phase: each seat secretly attacks a seat or defends and orders
its Units (:mod:`.orders`); then every interaction is resolved at once (:mod:`.battle`) until
one castle stands (:mod:`.ending`). The state is built from zones (:mod:`.state`), so the
engine derives copy, determinize and census; :mod:`.view` gives each seat its view. RULES.md
gives the rules as implemented and every interpretation. Notation (seats are typed from 1):

* draft: ``take K`` (K, A, M or T), ``swap K A`` (give a Knight kept from an earlier round for
  a face-up Archer), ``pass`` (only when the hand is full or nothing face up may be taken)
* orders: ``attack 2`` or ``defend``, then ``place K`` once per position, leftmost first
"""

from __future__ import annotations

import random
from functools import partial
from operator import attrgetter
from pathlib import Path

from tabletop.plugin_api import Event, Game, InvalidAction, Rule, rulebook
from tabletop_games.castlewars import draft, orders, rounds
from tabletop_games.castlewars.board import CastleWarsBoard
from tabletop_games.castlewars.cards import TOWER, CardRules, load_cards
from tabletop_games.castlewars.learning import LEARNING
from tabletop_games.castlewars.narration import Narration, describe
from tabletop_games.castlewars.search import search_kit
from tabletop_games.castlewars.state import DRAFT, ROUND_LIMIT, CastleState
from tabletop_games.castlewars.stats import castle_stats
from tabletop_games.castlewars.view import castle_view

__all__ = ["CastleWars"]


class CastleWars(Game):
    state_class = CastleState
    name = "castlewars"
    learning = LEARNING  # what reinforcement learning may use: the action list, domains, a shaped reward
    title = "Castle Wars"
    version = "0.6.2"  # 0.6.2: a line is no longer finished unasked once one kind is left
    #: 0.6.1 placed a line's last Units unasked once they were all of one kind (see RULES.md).
    fills_one_kind = False
    min_players = 2
    max_players = 4
    notation_help = (
        "Draft: 'take K' takes a face-up Knight (K Knight, A Archer, M Mage, T Tower); "
        "'swap K A' gives up a Knight kept from an earlier round for a face-up Archer; "
        "'pass' takes nothing (only with a full hand or when nothing face up may be taken). "
        "Orders: 'attack 2' attacks seat 2, 'defend' holds your Units back; then 'place M' "
        "puts a Mage in the next position of your line, leftmost (first to fight) first."
    )
    rules_file = Path(__file__).with_name("RULES.md")
    round_event = "round"
    board = CastleWarsBoard

    #: The verbs: why each may not be taken now (a sentence, or None), and what it does.
    rules = rulebook(
        Rule("take", draft.refuse_take, draft.take),
        Rule("swap", draft.refuse_swap, draft.swap),
        Rule("pass", draft.refuse_pass, draft.pass_turn),
        Rule("attack", orders.refuse_attack, orders.attack),
        Rule("defend", orders.refuse_defend, orders.defend),
        Rule("place", orders.refuse_place, orders.place),
    )

    def __init__(self, cards: CardRules | None = None):
        self.cards = c = cards or load_cards()
        self.letters = (*c.units, TOWER)
        #: What each verb's words may be: card letters, Unit letters, or a seat typed from 1.
        self._arguments = {"take": (self.letters,), "swap": (self.letters, self.letters), "pass": (),
                           "attack": ("seat",), "defend": (), "place": (c.units,)}
        #: A card's place in the row's layout by kind (Units in card-data order, then Towers).
        self.rank = {card: i for i, card in enumerate(self.letters)}.__getitem__
        self.narration = Narration(c, self.max_players)
        self.draft_options = draft.DraftOptions(c).options
        self.lines = orders.Lines(c, fill_one_kind=self.fills_one_kind)
        self.turn_orders: dict = {}  # (seats, seats in play, first) -> the round's turn order
        self.alone = tuple((seat,) for seat in range(self.max_players))  # to_act of one seat
        #: ``move_on(state, events)``: the round goes on until a seat must decide (the rule
        #: modules call it at the end of a draft turn and once every order is given).
        self.move_on = partial(rounds.move_on, self)
        self.search = search_kit(self)

    # ---- setup ------------------------------------------------------------------------

    def setup(self, seats, options, seed):
        c = self.cards
        deck = [u for u in c.units for _ in range(c.unit_count[u])]
        deck += [TOWER] * c.towers_in_deck[seats]
        salt = f"castlewars:{seed}"
        random.Random(salt).shuffle(deck)
        state = CastleState(seats, c.hit_points, deck, salt)
        opening: list[Event] = []
        rounds.start_round(self, state, opening)
        rounds.move_on(self, state, opening)
        state.opening = tuple(opening)
        return state

    def opening_events(self, state):
        """Round 1's opening (made by setup), narrated as every later round's is."""
        return state.opening

    # ---- the notation -------------------------------------------------------------------

    def parse(self, action):
        """(verb, args): card letters upper-cased, a seat typed from 1 made an index from 0."""
        parts = action.split()
        verb = parts[0].lower() if parts else ""
        args = tuple(p.upper() for p in parts[1:])
        kinds = self._arguments.get(verb)
        if kinds is not None and len(args) == len(kinds):
            if verb != "attack" and all(arg in kind for arg, kind in zip(args, kinds, strict=True)):
                return verb, args
            if verb == "attack" and args[0].isdecimal():
                return verb, (int(args[0]) - 1,)
        raise InvalidAction(
            f"'{action}' is not Castle Wars notation: write 'take K', 'swap K A', 'pass', "
            "'attack 2', 'defend' or 'place K' (units K, A, M; Tower T).", action=action,
        )

    # ---- whose turn, what is legal ------------------------------------------------------

    #: The seats asked now (the state's ``waiting``): the seat drafting, or those with orders to
    #: give, none once the game is over. Read twice per action, so read straight from the state.
    to_act = staticmethod(attrgetter("waiting"))

    def not_asked(self, state, seat, verb):
        if state.phase == DRAFT:
            return draft.BUILD_PHASE if verb not in draft.VERBS else f"It is not seat {seat + 1}'s turn to draft."
        return draft.DRAFT_OVER if verb in draft.VERBS else f"Seat {seat + 1} has no orders to give now."

    def candidates(self, state, seat):
        if state.phase == DRAFT:
            units = self.cards.units
            return [*(f"take {card}" for card in self.letters),
                    *(f"swap {give} {get}" for give in units for get in units), "pass"]
        return ["defend", *(f"attack {t + 1}" for t in range(state.seats)),
                *(f"place {unit}" for unit in self.cards.units)]

    def legal_actions(self, state, seat):
        """The rules' :meth:`allowed` list, made fast from tables (a test holds them equal)."""
        if seat not in state.waiting:
            return []
        if state.phase == DRAFT:
            return self.draft_options(state, seat)
        return self.lines.options(state, seat)

    # ---- what each seat sees ----------------------------------------------------------

    #: How the game ended (the state's ``result``), None while it goes on: read twice per action.
    outcome = staticmethod(attrgetter("result"))

    def view(self, state, seat):
        return castle_view(self, state, seat)

    def step_limit(self, seats):
        per_round = self.cards.draft_turns * seats + seats * (1 + self.cards.hand_limit)
        return ROUND_LIMIT * per_round

    def describe_action(self, state, seat, action):
        try:
            verb, args = self.parse(action)
        except InvalidAction:
            return ""
        return describe(self.cards, state, seat, verb, args)

    def render(self, view, *, names):
        from tabletop_games.castlewars.render import render_view

        return render_view(view, names=names, cards=self.cards)

    def statistics(self, seats, events, outcome, final_view):
        return castle_stats(seats, events)

    def of_version(self, version):
        """Records of 0.6.1 replay (and go on) under 0.6.1's rule for a line's last Units."""
        if version == CastleWars061.version:
            return CastleWars061(self.cards)
        return super().of_version(version)


class CastleWars061(CastleWars):
    """Castle Wars as version 0.6.1 played it, for its records: once a seat's Units left to
    place were all of one kind, they were placed at once (which told the table its line)."""

    version = "0.6.1"
    fills_one_kind = True
