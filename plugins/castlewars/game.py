"""Castle Wars (playtest rulebook v0.6): draft Knights, Archers, Mages and Towers, then battle.

A round is a Build Phase (five draft turns from a face-up row, :mod:`.draft`) and a Battle
Phase: each seat secretly attacks a seat or defends and orders its Units (:mod:`.orders`);
then every interaction is resolved at once (:mod:`.battle`) until one castle stands
(:mod:`.ending`). The state is built from zones (:mod:`.state`), so the engine derives
copy, determinize and census; :mod:`.view` gives each seat its view. RULES.md gives the
rules as implemented and every interpretation. Notation (seats are typed from 1):

* draft: ``take K`` (K, A, M or T), ``swap K A`` (give a Knight kept from an earlier round for
  a face-up Archer), ``pass`` (only when the hand is full or nothing face up may be taken)
* orders: ``attack 2`` or ``defend``, then ``place K`` once per position, leftmost first
"""

from __future__ import annotations

import random
from pathlib import Path

from tabletop.plugin_api import (
    MAX_ACTION,
    ActionError,
    Event,
    Game,
    IllegalAction,
    InvalidAction,
    bad_arguments,
    shorten_error,
)
from tabletop_games.castlewars.battle import DEFEND, Battle
from tabletop_games.castlewars.cards import TOWER, CardRules, load_cards
from tabletop_games.castlewars.draft import Draft, article
from tabletop_games.castlewars.ending import Ending
from tabletop_games.castlewars.narration import Narration
from tabletop_games.castlewars.orders import Orders
from tabletop_games.castlewars.state import DRAFT, ORDERS, OVER, ROUND_LIMIT, CastleState
from tabletop_games.castlewars.view import castle_view

__all__ = ["DEFEND", "ROUND_LIMIT", "CastleState", "CastleWars"]

NO_EVENTS: tuple[Event, ...] = ()


class CastleWars(Draft, Orders, Battle, Ending, Game):
    state_class = CastleState
    name = "castlewars"
    title = "Castle Wars"
    version = "0.6.1"
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

    def __init__(self, cards: CardRules | None = None):
        self.cards = cards or load_cards()
        c = self.cards
        self.letters = self._letters = c.units + (TOWER,)
        self._unit_set = frozenset(c.units)
        #: A card's place in the row's layout by kind (Units in card-data order, then Towers).
        self._rank = {card: i for i, card in enumerate(self._letters)}.__getitem__
        # Notation made once, not per legal-action list.
        self._take_text = {card: f"take {card}" for card in self._letters}
        self._place_text = {unit: f"place {unit}" for unit in c.units}
        self._swap_text = {(give, get): f"swap {give} {get}" for give in c.units for get in c.units}
        #: Every action as written by legal_actions (and the bots), parsed once: apply looks
        #: it up; any other spelling ("Take k", "attack 02") goes through :meth:`_parse`.
        self._parsed = {text: self._parse(None, text) for text in (
            "pass", "defend",
            *(f"take {a}" for a in self._letters),
            *(f"swap {a} {b}" for a in self._letters for b in self._letters),
            *self._place_text.values(),
            *(f"attack {t}" for t in range(1, self.max_players + 1)),
        )}
        self.narration = Narration(c, self.max_players)
        self._choice_cache: dict = {}
        self._line_cache: dict = {}
        self._place_cache: dict = {}
        self._draft_cache: dict = {}
        self._turn_orders: dict = {}  # (seats, seats in play, first) -> the round's turn order

    # ---- setup ------------------------------------------------------------------------

    def setup(self, seats, options, seed):
        c = self.cards
        deck = [u for u in c.units for _ in range(c.unit_count[u])]
        deck += [TOWER] * c.towers_in_deck[seats]
        salt = f"castlewars:{seed}"
        random.Random(salt).shuffle(deck)
        state = CastleState(seats, c.hit_points, deck, salt)
        opening: list[Event] = []
        self.start_round(state, opening)
        state.opening = tuple(opening)
        return state

    def opening_events(self, state):
        """Round 1's opening (made by setup), narrated as every later round's is."""
        return state.opening

    # ---- whose turn, what is legal ------------------------------------------------------

    def to_act(self, state):
        if state.phase == DRAFT:
            return (state.turn_order[state.drafter],)
        if state.phase == ORDERS:
            return state.waiting
        return ()

    def legal_actions(self, state, seat):
        if state.phase == DRAFT:
            if seat != state.turn_order[state.drafter]:
                return []
            return self.draft_options(state, seat)
        if state.phase == ORDERS and seat in state.waiting:
            return self.order_options(state, seat)
        return []

    # ---- applying an action -----------------------------------------------------------

    def _parse(self, seat, action):
        """Split notation into (verb, args), or raise InvalidAction for text that is not notation."""
        parts = action.split() if isinstance(action, str) else []
        verb = parts[0].lower() if parts else ""
        args = tuple(p.upper() for p in parts[1:])
        if verb == "pass" and not args:
            return verb, args
        if verb == "take" and len(args) == 1 and args[0] in self._letters:
            return verb, args
        if verb == "swap" and len(args) == 2 and all(a in self._letters for a in args):
            return verb, args
        if verb == "place" and len(args) == 1 and args[0] in self._unit_set:
            return verb, args
        if verb == "attack" and len(args) == 1 and args[0].isdigit():
            return verb, (int(args[0]) - 1,)
        if verb == "defend" and not args:
            return verb, args
        raise InvalidAction(
            f"'{action}' is not Castle Wars notation: write 'take K', 'swap K A', 'pass', "
            "'attack 2', 'defend' or 'place K' (units K, A, M; Tower T).",
            seat=seat, action=action,
        )

    checks_arguments = True  # apply checks its arguments as the engine's wrapper would

    def apply(self, state, seat, action):
        if not (type(seat) is int and seat >= 0 and type(action) is str and len(action) <= MAX_ACTION):
            raise bad_arguments(seat, action)
        try:
            verb, args = self._parsed.get(action) or self._parse(seat, action)
            if state.phase == OVER:
                raise IllegalAction("The game is over.", seat=seat, action=action)
            if state.phase == DRAFT:
                if verb not in ("take", "swap", "pass"):
                    raise IllegalAction(
                        "It is the Build Phase: take a face-up card, swap a kept Unit for one, or pass.",
                        seat=seat, action=action,
                    )
                if seat != state.turn_order[state.drafter]:
                    raise IllegalAction(f"It is not seat {seat + 1}'s turn to draft.", seat=seat, action=action)
                self.check_draft(state, seat, verb, args, action)
                return self.draft(state, seat, verb, args)
            if verb in ("take", "swap", "pass"):
                raise IllegalAction("The draft is over: give your battle orders.", seat=seat, action=action)
            if seat not in state.waiting:
                raise IllegalAction(f"Seat {seat + 1} has no orders to give now.", seat=seat, action=action)
            self.check_order(state, seat, verb, args, action)
            return self.order(state, seat, verb, args)
        except ActionError as error:
            shorten_error(error, action)
            raise

    # ---- what each seat sees ----------------------------------------------------------

    def outcome(self, state):
        return state.result

    def view(self, state, seat):
        return castle_view(self, state, seat)

    def step_limit(self, seats):
        per_round = self.cards.draft_turns * seats + seats * (1 + self.cards.hand_limit)
        return ROUND_LIMIT * per_round

    def describe_action(self, state, seat, action):
        try:
            verb, args = self._parse(seat, action)
        except InvalidAction:
            return ""
        c = self.cards
        names = c.names
        if verb == "take":
            if args[0] == TOWER:
                return f"take a Tower (stops {c.absorbs} attack power)"
            return f"take {article(names[args[0]])} (attack {c.power[args[0]]})"
        if verb == "swap":
            return f"give up {article(names[args[0]])}, take {article(names[args[1]])}"
        if verb == "pass":
            return "take nothing this draft turn"
        if verb == "defend":
            return "hold your Units back to meet attackers"
        if verb == "attack":
            t = args[0]
            if 0 <= t < state.seats:
                return f"send your Units against seat {t + 1} ({state.hp[t]} hit points, {len(state.towers[t])} Towers)"
            return ""
        return f"{names[args[0]]} fights in position {len(state.line(seat)) + 1}"

    def render(self, view, *, names):
        from tabletop_games.castlewars.render import render_view

        return render_view(view, names=names, cards=self.cards)
