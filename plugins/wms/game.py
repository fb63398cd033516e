"""Wobbly Model Syndrome: The Card Game (living rulebook), two commanders fighting it out.

A game is a set-up (:mod:`.set_up`), then a series of fights. The active player may put one
command card on his command stack (:mod:`.command`), then plays a unit (:mod:`.playing`) with
whatever may go with it (:mod:`.equipment`, :mod:`.keywords`) and announces CC or RC
(:mod:`.fight`); the players alternate, each equalling or beating the current combat value
(:mod:`.values`), until one yields (:mod:`.ending`, allowed only when no play would be
accepted: :mod:`.acceptable`) or retreats (:mod:`.retreat`). The loser's commander loses a
wound, Repair* may recycle (:mod:`.recycling`), the other player becomes active; the draw step
and a depleted army are in :mod:`.draw`. RULES.md gives the rules as implemented and every
interpretation. The state is built from zones (:mod:`.state`), so the engine derives determinize.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.plugin_api import Game, InvalidAction, Option, OptionError, Rule, derive, rulebook
from tabletop_games.wms import (
    command,
    ending,
    equipment,
    fight,
    keywords,
    legal,
    playing,
    recycling,
    retreat,
    set_up,
)
from tabletop_games.wms.acceptable import STEP_VERBS, MustPlay, keep_reach
from tabletop_games.wms.board import WmsBoard
from tabletop_games.wms.cards import CardRules, load_cards
from tabletop_games.wms.deckfile import is_file_value, read_deck
from tabletop_games.wms.learning import LEARNING
from tabletop_games.wms.narration import describe
from tabletop_games.wms.search import search_kit
from tabletop_games.wms.state import CANCELS_PER_TURN, DEFAULT_DECKS, FIGHT, RECYCLE, SETUP, WmsState, copy_state
from tabletop_games.wms.stats import wms_stats
from tabletop_games.wms.values import STYLES, Values
from tabletop_games.wms.view import wms_view

ARG_VERBS = frozenset(("commander", "reserve", "command", "play", "arrive", "equip", "power", "squad",
                       "disrupt", "top", "sacrifice", "recycle", "psych", "style", "tide"))
BARE_VERBS = frozenset(("done", "swarm", "cancel", "yield", "retreat"))
STYLE_VERBS = frozenset(("psych", "style", "tide"))
#: The options naming each seat's deck (RULES.md, "Custom decks").
DECK_OPTIONS = ("deck1", "deck2")


def refuse_done(game, state, seat):
    """'done' ends what is being done: the set-up's choices, a play, or recycling."""
    if state.phase == SETUP:
        return set_up.refuse_done(game, state, seat)
    return None if state.phase == RECYCLE else fight.refuse_done(game, state, seat)


def done(game, state, seat):
    if state.phase == SETUP:
        return set_up.done(game, state, seat)
    return recycling.done(game, state, seat) if state.phase == RECYCLE else fight.done(game, state, seat)


class Wms(Game):
    name = "wms"
    learning = LEARNING  # what reinforcement learning may use: the action list, domains, a shaped reward
    title = "Wobbly Model Syndrome: The Card Game"
    version = "1.3.0"
    min_players = 2
    max_players = 2
    options = (
        Option("swap", False, (False, True),
               "false: seat 1 plays Marines and seat 2 Evil Marines; true: the other way round."),
        Option("deck1", "", (), "seat 1's deck: empty for the one swap gives, a bundled deck (marines, "
               "evil-marines) or a deck file (x.toml: card-id = count lines under [cards])."),
        Option("deck2", "", (), "seat 2's deck, as deck1."),
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
    board = WmsBoard

    #: The verbs: why each may not be taken now (a sentence, or None), and what it does.
    rules = rulebook(
        Rule("commander", set_up.refuse_commander, set_up.choose_commander),
        Rule("reserve", set_up.refuse_reserve, set_up.place_reserve),
        Rule("command", command.refuse_command, command.play_command),
        Rule("play", playing.refuse_play, playing.play),
        Rule("arrive", playing.refuse_arrive, playing.arrive),
        Rule("equip", equipment.refuse_equip, equipment.equip),
        Rule("psych", equipment.refuse_psych, equipment.psych),
        Rule("power", equipment.refuse_power, equipment.power),
        Rule("squad", keywords.refuse_squad, keywords.squad),
        Rule("swarm", keywords.refuse_swarm, keywords.swarm),
        Rule("disrupt", keywords.refuse_disrupt, keywords.disrupt),
        Rule("top", keywords.refuse_top, keywords.top),
        Rule("sacrifice", playing.refuse_sacrifice, playing.sacrifice),
        Rule("style", fight.refuse_style, fight.announce),
        Rule("tide", fight.refuse_tide, fight.tide),
        Rule("done", refuse_done, done),
        Rule("cancel", playing.refuse_cancel, playing.cancel),
        Rule("yield", ending.refuse_yield, ending.give_up),
        Rule("retreat", retreat.refuse_retreat, retreat.retreat),
        Rule("recycle", recycling.refuse_recycle, recycling.recycle),
    )
    rules = {verb: Rule(verb, keep_reach(verb, rule.refusal), rule.effect) if verb in STEP_VERBS else rule
             for verb, rule in rules.items()}

    def __init__(self, cards: CardRules | None = None):
        data = cards or load_cards()
        self.cards = data.cards
        self.decks = data.decks
        self.values = Values(self.cards)
        self.must_play = MustPlay(self)
        self.may_yield = self.must_play.may_yield
        self.choices = set_up.Choices(self.cards, self.decks)
        # deck id -> (its cards in data order, swarm tokens)
        self._piles = {d: ([c for c, n in deck.cards.items() for _ in range(n)], sum(deck.tokens.values()))
                       for d, deck in self.decks.items()}
        self.search = search_kit(self)

    def resolve_options(self, given=None):
        """The options checked; a deck named by an option is read and checked now (RULES.md,
        "Custom decks"), and a deck file's value kept as ``path#digest``."""
        resolved = super().resolve_options(given)
        for key in DECK_OPTIONS:
            if resolved[key]:
                resolved[key] = self._deck_option(key, resolved[key])[0]
        return resolved

    def _deck_option(self, key, value):
        """(value as kept, deck id) of a deck option; a deck file's deck joins ``self.decks``."""
        if not is_file_value(value):
            if value not in self.decks or value.startswith("custom-"):
                bundled = ", ".join(d for d in self.decks if not d.startswith("custom-"))
                raise OptionError(f"Option '{key}' takes a bundled deck ({bundled}) or a deck file ending in "
                                  f".toml, not '{value[:40]}'.")
            return value, value
        kept, deck = read_deck(key, value, self.cards)
        if deck.id not in self.decks:
            self.decks[deck.id] = deck
            self._piles[deck.id] = ([c for c, n in deck.cards.items() for _ in range(n)], sum(deck.tokens.values()))
        return kept, deck.id

    def setup(self, seats, options, seed):
        ids = list(DEFAULT_DECKS[::-1] if options.get("swap") else DEFAULT_DECKS)
        for seat, key in enumerate(DECK_OPTIONS):
            if options.get(key):
                ids[seat] = self._deck_option(key, options[key])[1]
        a, b = self._piles[ids[0]], self._piles[ids[1]]
        return WmsState(ids, [a[0][:], b[0][:]], [a[1], b[1]], f"wms:{seed}")

    def parse(self, action):
        """(verb, args): a bare verb, or a verb and a card id, a style or (Disrupt) a keyword."""
        parts = action.split() if isinstance(action, str) else []
        verb = parts[0].lower() if parts else ""
        if verb in BARE_VERBS and len(parts) == 1:
            return verb, ()
        if verb in ARG_VERBS and len(parts) == 2:
            arg = parts[1].lower()
            if arg in STYLES if verb in STYLE_VERBS else verb == "disrupt" or arg in self.cards:
                return verb, (arg,)
        raise InvalidAction(
            f"'{action}' is not WMS notation: write e.g. 'play captain', 'equip power-axe', "
            "'style cc', 'done', 'tide rc', 'yield' or 'retreat' (card names as in the card list).",
            action=action,
        )

    def to_act(self, state):
        if state.phase == FIGHT:
            return [state.turn]
        if state.phase == SETUP:
            return [state.setup_seat]
        return [state.recycle_queue[0]] if state.phase == RECYCLE else []

    def candidates(self, state, seat):
        return legal.candidates(self, state, seat)

    def legal_actions(self, state, seat):
        """The rules' :meth:`allowed` list, made fast by each rule module's options (a test holds them equal)."""
        phase = state.phase
        if phase == FIGHT:
            if seat != state.turn:
                return []
            may_yield = self.may_yield(state, seat)
            out = legal.making_actions(self, state, seat) if state.pending is not None else legal.starts(self, state, seat)
            if state.cancels >= CANCELS_PER_TURN:   # no take-back left: no step may strand the play
                strands = self.must_play.strands
                out = [a for a in out if a.partition(" ")[0] not in STEP_VERBS or strands(state, seat, a) is None]
            if may_yield:
                out.append("yield")
            out.append("retreat")
            return out
        if phase == SETUP:
            return set_up.options(self, state, seat) if seat == state.setup_seat else []
        if phase == RECYCLE and seat == state.recycle_queue[0]:
            return [f"recycle {u}" for u in ending.recyclable(self, state, seat)] + ["done"]
        return []

    copy = staticmethod(copy_state)

    def outcome(self, state):
        return state.result

    def view(self, state, seat):
        return wms_view(self, state, seat)

    def census(self, state):
        """Every card of the zones, plus the commanders and the swarm tokens set aside."""
        total = derive.census(state)
        for s in (0, 1):
            if state.commander[s] is not None:
                total[state.commander[s]] += 1
            token = self.decks[state.decks[s]].swarm_token
            if token:
                total[token] += state.tokens[s]
        return total

    def step_limit(self, seats):
        return 5000

    def describe_action(self, state, seat, action):
        try:
            verb, args = self.parse(action)
        except InvalidAction:
            return ""
        return describe(self, state, seat, verb, args[0] if args else None)

    def render(self, view, *, names):
        from tabletop_games.wms.render import render_view

        return render_view(view, names=names, cards=self.cards)

    def statistics(self, seats, events, outcome, final_view):
        return wms_stats(self, seats, events)
