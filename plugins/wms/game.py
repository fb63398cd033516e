"""Wobbly Model Syndrome: The Card Game (living rulebook), two commanders fighting it out.

A game is a series of fights. The active player may put one command card on his command
stack, then plays a unit (with equipment, power cards, squad members, swarm tokens) and
announces CC or RC; the players alternate, each equalling or beating the current combat
value, until one yields or retreats. The loser's commander loses a wound; the other player
becomes active. RULES.md gives the rules as implemented and every interpretation.
Notation: ``play captain``, ``equip power-axe``, ``style cc``, ``done`` ... (see notation_help).

The rules live in one module per part of the rulebook (setup in ``reserves``, ``command``,
``fight``, ``playing``, ``acceptable``, ``values``, ``draw``, ``repair``); the state is
built from zones (``state``), so the engine derives determinize; ``copy`` is written out for speed
(``state.copy_state``, checked against the derived one by the tests).
"""

from __future__ import annotations

from pathlib import Path

from tabletop.plugin_api import Game, IllegalAction, Option, derive
from tabletop_games.wms.acceptable import AcceptablePlay
from tabletop_games.wms.cards import CardRules, load_cards
from tabletop_games.wms.command import CommandRules
from tabletop_games.wms.draw import DrawRules
from tabletop_games.wms.fight import FightRules
from tabletop_games.wms.notation import Notation
from tabletop_games.wms.playing import FINISHES, PlayRules
from tabletop_games.wms.repair import RepairRules
from tabletop_games.wms.reserves import SetupRules
from tabletop_games.wms.state import CANCELS_PER_TURN, DEFAULT_DECKS, FIGHT, RECYCLE, SETUP, WmsState, copy_state
from tabletop_games.wms.values import CombatValues
from tabletop_games.wms.view import ViewRules


class Wms(SetupRules, CommandRules, FightRules, PlayRules, AcceptablePlay, CombatValues, DrawRules,
          RepairRules, Notation, ViewRules, Game):
    name = "wms"
    title = "Wobbly Model Syndrome: The Card Game"
    version = "1.1.0"
    min_players = 2
    max_players = 2
    options = (
        Option("swap", False, (False, True),
               "false: seat 1 plays Marines and seat 2 Evil Marines; true: the other way round."),
    )
    notation_help = (
        "Setup: 'commander chapter-master', 'reserve honour-guard' (up to 3), 'done'. "
        "A fight: 'command lord-of-terror' (active player, before his first unit), 'play captain' "
        "from hand or 'arrive dark-guard' from reserves, then add to it: 'equip power-axe', "
        "'psych cc', 'power smite', 'squad technomarine', 'swarm', 'disrupt fear', 'top frenzy', "
        "'sacrifice marine'; finish with 'style cc' (opening card), 'done' or 'tide rc' (turn the "
        "tide), or 'cancel' to take the play back (3 times a turn). 'yield' loses the fight, 'retreat' "
        "loses it and swaps your hand for 5 new cards (both take back a play being made). "
        "After a fight: 'recycle razortank' or 'done'."
    )
    rules_file = Path(__file__).with_name("RULES.md")
    round_event = "fight"
    state_class = WmsState

    def __init__(self, rules: CardRules | None = None):
        self.rules = rules or load_cards()
        self.cards = self.rules.cards
        self._mods_cache: dict[tuple, tuple] = {}   # (commanders, command stack tops) -> side mods
        self._accept_cache: dict[tuple, tuple | None] = {}   # _search_key -> acceptable play or None
        self._piles: dict[str, tuple[list[str], int]] = {}   # deck id -> (its cards in data order, swarm tokens)
        self._choices: dict[str, tuple] = {}   # deck id -> its commander and Reserves choices
        self._parsed: dict[str, tuple] = {}    # action text -> (verb, arg): notation is parsed once
        self._unit_stats: dict[str, tuple] = {}   # card -> play_stats of a play of it alone
        # (opposing top play, style, mods, seat) -> {card: whether a play of it alone is accepted};
        # plays on a battlefield stack never change, so the play itself (by identity) is the key
        self._alone_cache: dict[tuple, dict[str, bool]] = {}

    def setup(self, seats, options, seed):
        decks = DEFAULT_DECKS[::-1] if options.get("swap") else DEFAULT_DECKS
        piles = []
        tokens = []
        for deck_id in decks:
            pile = self._piles.get(deck_id)
            if pile is None:
                deck = self.rules.decks[deck_id]
                pile = self._piles[deck_id] = ([c for c, n in deck.cards.items() for _ in range(n)],
                                               sum(deck.tokens.values()))
            piles.append(pile[0][:])
            tokens.append(pile[1])
        return WmsState(list(decks), piles, tokens, f"wms:{seed}")

    # ---- whose turn, what is legal ----------------------------------------------------

    def to_act(self, state):
        if state.phase == SETUP:
            return [state.setup_seat]
        if state.phase == FIGHT:
            return [state.turn]
        if state.phase == RECYCLE:
            return [state.recycle_queue[0]]
        return []

    def legal_actions(self, state, seat):
        phase = state.phase
        if phase == FIGHT:
            if seat != state.turn:
                return []
            may_yield = self.may_yield(state, seat)
            if state.pending is not None:
                return self._pending_actions(state, seat, state.pending, may_yield=may_yield)
            return self._fight_actions(state, seat, may_yield=may_yield)
        if phase == SETUP:
            return self._setup_actions(state, seat) if seat == state.setup_seat else []
        if phase == RECYCLE and seat == state.recycle_queue[0]:
            return [f"recycle {u}" for u in self._recyclable(state, seat)] + ["done"]
        return []

    def apply(self, state, seat, action):
        verb, arg = self._parse(seat, action)
        if not self._allowed(state, seat, verb, arg):
            raise IllegalAction(self._why_not(state, seat, verb, arg), seat=seat, action=action)
        if state.phase == SETUP:
            return self._setup_step(state, seat, verb, arg)
        if state.phase == RECYCLE:
            return self._recycle_step(state, seat, verb, arg)
        if state.pending is None:
            return self._fight_step(state, seat, verb, arg)
        return self._pending_step(state, seat, verb, arg)

    def _allowed(self, state, seat, verb, arg):
        """Whether the action is in ``legal_actions(state, seat)``, found without building that
        list (and without the acceptable-play search unless the action is a yield)."""
        phase = state.phase
        if phase == FIGHT:
            if seat != state.turn:
                return False
            if verb == "retreat":
                return True
            if verb == "yield":
                return self.may_yield(state, seat)
            play = state.pending
            if play is None:
                if verb == "play":
                    return arg in state.hand[seat] and self.cards[arg].type == "unit"
                if verb == "arrive":
                    return arg in state.reserves[seat]
                return (verb == "command" and self._may_command(state, seat) and arg in state.hand[seat]
                        and self.cards[arg].type == "command")
            if verb == "cancel":
                return state.cancels < CANCELS_PER_TURN
            if verb == "sacrifice":
                return play.sacrifice is None and arg in state.hand[seat]
            action = verb if arg is None else f"{verb} {arg}"
            return action in self._compose_actions(state, seat, play, finishing=verb in FINISHES)
        if phase == SETUP:
            return seat == state.setup_seat and (verb if arg is None else f"{verb} {arg}") in self._setup_actions(state, seat)
        if phase == RECYCLE:
            return seat == state.recycle_queue[0] and (
                verb == "done" or (verb == "recycle" and arg in self._recyclable(state, seat)))
        return False

    copy = staticmethod(copy_state)

    def outcome(self, state):
        return state.result

    def census(self, state):
        """Every card of the zones, plus the commanders and the swarm tokens set aside."""
        total = derive.census(state)
        for s in (0, 1):
            if state.commander[s] is not None:
                total[state.commander[s]] += 1
            token = self.rules.decks[state.decks[s]].swarm_token
            if token:
                total[token] += state.tokens[s]
        return total

    def step_limit(self, seats):
        return 5000

    def render(self, view, *, names):
        from tabletop_games.wms.render import render_view

        return render_view(view, names=names, cards=self.cards)
