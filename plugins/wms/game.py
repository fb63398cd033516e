"""Wobbly Model Syndrome: The Card Game (living rulebook), two commanders fighting it out.

A game is a series of fights. The active player may put one command card on his command
stack, then plays a unit (with equipment, power cards, squad members, swarm tokens) and
announces CC or RC; the players alternate, each equalling or beating the current combat
value, until one yields or retreats. The loser's commander loses a wound; the other player
becomes active. RULES.md gives the rules as implemented and every interpretation.
Notation: ``play captain``, ``equip power-axe``, ``style cc``, ``done`` ... (see notation_help).
"""

from __future__ import annotations

import random
from collections import Counter, deque
from pathlib import Path

from tabletop.core import Event, Game, IllegalAction, InvalidAction, Option, Outcome
from tabletop_games.wms.cards import MAX_RESERVES, MAX_WOUNDS, CardRules, load_cards
from tabletop_games.wms.combat import (
    CC,
    RC,
    STYLES,
    Play,
    combat_value,
    play_stats,
    side_mods,
    squad_fits,
)

SETUP, FIGHT, RECYCLE, OVER = "setup", "fight", "recycle", "over"
HAND_SIZE = 5
DEFAULT_DECKS = ("marines", "evil-marines")
#: The seat that starts the first fight (RULES.md: "Who starts").
FIRST_PLAYER = 0
#: Plays a seat may take back in one turn (RULES.md: "cancel"); keeps every game finite.
CANCELS_PER_TURN = 3
ARG_VERBS = frozenset(("commander", "reserve", "command", "play", "arrive", "equip", "power", "squad",
                       "disrupt", "top", "sacrifice", "recycle", "psych", "style", "tide"))
BARE_VERBS = frozenset(("done", "swarm", "cancel", "yield", "retreat"))


class WmsState:
    """Everything about one game; decks' top card is the last one, command stacks' top too."""

    __slots__ = ("decks", "commander", "wounds", "hand", "deck", "graveyard", "reserves", "tokens",
                 "command", "battle", "phase", "setup_seat", "active", "turn", "style", "pending",
                 "commanded", "cancels", "recycle_left", "recycle_queue", "fights", "last_fight", "result", "salt")

    def __init__(self, decks, piles, tokens, salt):
        self.decks = decks                       # deck id per seat
        self.commander = [None, None]
        self.wounds = [MAX_WOUNDS, MAX_WOUNDS]
        self.hand = [[], []]
        self.deck = piles
        self.graveyard = [[], []]
        self.reserves = [[], []]
        self.tokens = tokens                     # swarm tokens set aside, per seat
        self.command = [[], []]
        self.battle = [[], []]                   # Play objects, the top one last
        self.phase = SETUP
        self.setup_seat = 0
        self.active = FIRST_PLAYER
        self.turn = FIRST_PLAYER
        self.style = None
        self.pending = None                      # the Play being composed by `turn`
        self.commanded = False                   # a command card was played this fight
        self.cancels = 0                         # plays taken back in this turn
        self.recycle_left = [0, 0]
        self.recycle_queue = []
        self.fights = 0
        self.last_fight = None
        self.result = None
        self.salt = salt


def _play_key(play):
    """A play's content: equal keys are equal plays (gear and powers in any order)."""
    return (play.source, tuple(play.units), tuple(tuple(sorted(g)) for g in play.gear), tuple(sorted(play.powers)),
            play.psy_cc, play.psy_rc, play.disrupt, play.top, play.removed, play.recycled)


def _names(cards, ids):
    return ", ".join(cards[i].name for i in ids)


class Wms(Game):
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

    def __init__(self, rules: CardRules | None = None):
        self.rules = rules or load_cards()
        self.cards = self.rules.cards
        self._mods_cache: dict[tuple, tuple] = {}   # (commanders, command stack tops) -> side mods
        self._accept_cache: dict[tuple, tuple | None] = {}   # _search_key -> acceptable play or None

    # ---- setup ------------------------------------------------------------------------

    def setup(self, seats, options, seed):
        decks = DEFAULT_DECKS[::-1] if options.get("swap") else DEFAULT_DECKS
        piles = []
        tokens = []
        for deck_id in decks:
            deck = self.rules.decks[deck_id]
            piles.append([c for c, n in deck.cards.items() for _ in range(n)])
            tokens.append(sum(deck.tokens.values()))
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
        return self._legal(state, seat, may_yield=None)

    def _legal(self, state, seat, *, may_yield):
        """Legal actions; ``may_yield`` True/False skips the search for an acceptable play
        (``apply`` knows whether the action is a yield), None runs it."""
        phase = state.phase
        if phase == FIGHT:
            if seat != state.turn:
                return []
            if may_yield is None:
                may_yield = self.acceptable_play(state, seat) is None
            if state.pending is not None:
                return self._pending_actions(state, seat, state.pending, may_yield=may_yield)
            return self._fight_actions(state, seat, may_yield=may_yield)
        if phase == SETUP:
            return self._setup_actions(state, seat) if seat == state.setup_seat else []
        if phase == RECYCLE and seat == state.recycle_queue[0]:
            return [f"recycle {u}" for u in self._recyclable(state, seat)] + ["done"]
        return []

    def _setup_actions(self, state, seat):
        cards = self.cards
        listed = self.rules.decks[state.decks[seat]].cards   # data order: the deck's own order is secret
        deck = state.deck[seat]
        if state.commander[seat] is None:
            return [f"commander {c}" for c in listed if "commander" in cards[c].keywords and c in deck]
        out = []
        if len(state.reserves[seat]) < MAX_RESERVES:
            out = [f"reserve {c}" for c in listed if "reserves" in cards[c].keywords and c in deck]
        out.append("done")
        return out

    def _fight_actions(self, state, seat, *, may_yield):
        cards = self.cards
        hand = dict.fromkeys(state.hand[seat])
        out = []
        if self._may_command(state, seat):
            out = [f"command {c}" for c in hand if cards[c].type == "command"]
        out.extend(f"play {c}" for c in hand if cards[c].type == "unit")
        out.extend(f"arrive {c}" for c in dict.fromkeys(state.reserves[seat]))
        if may_yield:
            out.append("yield")
        out.append("retreat")
        return out

    def _may_command(self, state, seat):
        return seat == state.active and not state.commanded and not state.battle[0] and not state.battle[1]

    def _opening(self, state):
        return not state.battle[0] and not state.battle[1]

    def _psych_left(self, play):
        stats = play_stats(play, self.cards)
        return stats[5] - play.psy_cc - play.psy_rc - len(play.powers)

    def _pending_actions(self, state, seat, play, *, may_yield):
        out = self._compose_actions(state, seat, play)
        if state.cancels < CANCELS_PER_TURN:
            out.append("cancel")
        if may_yield:
            out.append("yield")
        out.append("retreat")
        return out

    def _compose_actions(self, state, seat, play):
        """What may be added to the pending play, and the finishes it reaches (no cancel, yield, retreat)."""
        mods = self._mods(state, seat, play)
        keywords = play_stats(play, self.cards)[4] | mods[seat].grants
        return (self._additions(state, seat, play, mods, keywords, sacrifice=True)
                + self._finishes(state, seat, play, mods, keywords))

    def _additions(self, state, seat, play, mods, keywords, *, sacrifice):
        cards = self.cards
        other = 1 - seat
        hand = dict.fromkeys(state.hand[seat])
        out = []
        last = cards[play.units[-1]]
        if last.type == "unit" and len(play.gear[-1]) < (2 if "monster" in last.keywords else 1):
            for c in hand:
                item = cards[c]
                if item.type == "equipment" and (not item.only or item.only & last.keywords):
                    out.append(f"equip {c}")
        if self._psych_left(play) > 0:
            out.append("psych cc")
            out.append("psych rc")
            psychs = [cards[u].keywords for u in play.units if cards[u].psych]
            for c in hand:
                item = cards[c]
                if item.type == "power" and (not item.only or any(item.only & k for k in psychs)):
                    out.append(f"power {c}")
        leader = cards[play.units[0]]
        if leader.squad:
            members = [cards[u] for u in play.units[1:] if cards[u].type == "unit"]
            for c in hand:
                if cards[c].type == "unit" and squad_fits(leader.squad, members + [cards[c]]):
                    out.append(f"squad {c}")
        if "swarm" in leader.keywords and state.tokens[seat] > 0:
            swarmed = sum(1 for u in play.units if cards[u].type == "token")
            if swarmed < state.wounds[seat]:
                out.append("swarm")
        theirs = state.battle[other][-1] if state.battle[other] else None
        if "disrupt" in keywords and play.disrupt is None and theirs is not None:
            their_keywords = self._keywords(theirs, mods[other])
            out.extend(f"disrupt {k}" for k in sorted(their_keywords) if k != "squad")
        if "change" in keywords and play.top is None:
            stack = state.command[seat]
            out.extend(f"top {c}" for c in dict.fromkeys(stack[:-1]) if c != stack[-1])
        if sacrifice and play.sacrifice is None:
            out.extend(f"sacrifice {c}" for c in hand)
        return out

    def _finishes(self, state, seat, play, mods, keywords):
        out = []
        if self._opening(state):
            out.append("style cc")
            out.append("style rc")
        else:
            style = state.style
            if self._reaches(state, seat, play, style, mods):
                out.append("done")
            if "tide" in keywords or mods[seat].tide:   # as can_turn_tide, with mods at hand
                turned = RC if style == CC else CC
                if self._reaches(state, seat, play, turned, mods):
                    out.append(f"tide {turned}")
        return out

    # ---- must a unit be played? -----------------------------------------------------------

    def acceptable_play(self, state, seat):
        """The actions of one play ``seat`` could make now that would be accepted, or None.

        "He must play a unit card" and "must try to equal or beat": a seat may yield only when
        this is None. Every unit in hand or reserves is tried with everything that may go with
        it (a sacrifice changes no value, so it is left out). While a play is being composed
        and no take-back is left, only that play's continuations count.
        """
        if state.phase != FIGHT or seat != state.turn:
            return None
        base = self._trial(state)
        committed = base.pending is not None and state.cancels >= CANCELS_PER_TURN
        if base.pending is not None and not committed:
            self._cancel(base, seat, base.pending)
        base.hand[seat].sort()      # the order cards are held in changes nothing: one search per hand
        base.reserves[seat].sort()
        key = self._search_key(base, seat)
        cache = self._accept_cache
        if key not in cache:
            if len(cache) > 256:
                cache.clear()
            cache[key] = self._find_play(base, seat, committed)
        found = cache[key]
        return None if found is None else list(found)

    def _search_key(self, state, seat):
        """Everything the search for an acceptable play depends on (a cache key)."""
        tops = tuple(_play_key(stack[-1]) if stack else None for stack in state.battle)
        pending = None if state.pending is None else _play_key(state.pending)
        return (seat, state.style, tops, pending, tuple(state.hand[seat]), tuple(state.reserves[seat]),
                state.tokens[seat], state.wounds[seat], state.decks[seat], tuple(state.commander),
                tuple(state.command[0]), tuple(state.command[1]))

    def _find_play(self, base, seat, committed):
        if committed:
            queue = deque([(base, [])])
        else:
            cards = self.cards
            starts = [f"play {c}" for c in dict.fromkeys(base.hand[seat]) if cards[c].type == "unit"]
            starts += [f"arrive {c}" for c in dict.fromkeys(base.reserves[seat])]
            if self._opening(base):
                return [starts[0], "style cc"] if starts else None
            queue = deque()
            for start in starts:
                trial = self._trial(base)
                verb, arg = start.split()
                self._fight_step(trial, seat, verb, arg)
                queue.append((trial, [start]))
        return self._search_play(queue, seat)

    def _trial(self, state):
        """A partial copy to try plays on: what composing a play changes (hand, reserves, tokens,
        the pending play) is copied, what judging it reads is shared, nothing else is set."""
        new = WmsState.__new__(WmsState)
        new.decks = state.decks
        new.commander = state.commander
        new.wounds = state.wounds
        new.hand = [state.hand[0][:], state.hand[1][:]]
        new.reserves = [state.reserves[0][:], state.reserves[1][:]]
        new.tokens = state.tokens[:]
        new.command = state.command
        new.battle = state.battle
        new.style = state.style
        new.pending = None if state.pending is None else state.pending.clone()
        return new

    def _search_play(self, queue, seat):
        """Breadth first, so the play found is one of the fewest additions."""
        seen = set()
        while queue:
            state, path = queue.popleft()
            play = state.pending
            key = _play_key(play)
            if key in seen:
                continue
            seen.add(key)
            mods = self._mods(state, seat, play)
            keywords = play_stats(play, self.cards)[4] | mods[seat].grants
            finishes = self._finishes(state, seat, play, mods, keywords)
            if finishes:
                return path + finishes[:1]
            for action in self._additions(state, seat, play, mods, keywords, sacrifice=False):
                verb, _, arg = action.partition(" ")
                trial = self._trial(state)
                self._pending_step(trial, seat, verb, arg or None)
                queue.append((trial, path + [action]))
        return None

    # ---- combat values ------------------------------------------------------------------

    def _mods(self, state, seat=None, play=None):
        """Both sides' mods; a pending Change (``play.top``) counts as already done."""
        command = state.command
        tops = [command[0][-1] if command[0] else None, command[1][-1] if command[1] else None]
        if play is not None and play.top is not None:
            tops[seat] = play.top
        key = (state.commander[0], state.commander[1], tops[0], tops[1])
        mods = self._mods_cache.get(key)
        if mods is None:
            mods = self._mods_cache[key] = side_mods(self.rules, state.commander, tops)
        return mods

    def _keywords(self, play, mods, disrupted=None):
        keywords = (play_stats(play, self.cards)[4] | mods.grants) - play.removed
        if disrupted is not None:
            keywords = keywords - {disrupted}
        return keywords

    def compare(self, state, seat, play, style, mods=None):
        """(value of ``play`` by ``seat``, value of the opposing top card) in ``style``.

        The new play gets its Fury bonus; the card it answers does not (RULES.md, Fury).
        """
        cards = self.cards
        other = 1 - seat
        if mods is None:
            mods = self._mods(state, seat, play)
        stats = play_stats(play, cards)
        mine_kw = stats[4] | mods[seat].grants
        theirs = state.battle[other][-1] if state.battle[other] else None
        if theirs is None:
            return combat_value(stats, mine_kw, style, mods[seat], None, fury=True), 0
        their_kw = self._keywords(theirs, mods[other], play.disrupt)
        mine = combat_value(stats, mine_kw, style, mods[seat], their_kw, fury=True)
        their_stats = play_stats(theirs, cards)
        value = combat_value(their_stats, their_kw, style, mods[other], mine_kw, fury=False)
        return mine, value

    def can_turn_tide(self, state, seat, play):
        """True if this play (its keywords, or a lingering effect) lets ``seat`` turn the tide."""
        mods = self._mods(state, seat, play)[seat]
        return "tide" in self._keywords(play, mods) or mods.tide

    def _reaches(self, state, seat, play, style, mods):
        mine, theirs = self.compare(state, seat, play, style, mods)
        return mine >= theirs

    def current_value(self, state):
        """The value to equal or beat now: (seat whose card set it, value) or None."""
        if state.style is None:
            return None
        for seat in (state.turn, 1 - state.turn):
            stack = state.battle[1 - seat]
            if stack:
                setter = 1 - seat
                mods = self._mods(state)
                answer = state.battle[seat][-1] if state.battle[seat] else None
                against = None if answer is None else self._keywords(answer, mods[seat])
                top = stack[-1]
                return setter, combat_value(play_stats(top, self.cards), self._keywords(top, mods[setter]),
                                            state.style, mods[setter], against, fury=False)
        return None

    # ---- applying an action -----------------------------------------------------------

    def _parse(self, seat, action):
        parts = action.split() if isinstance(action, str) else []
        verb = parts[0].lower() if parts else ""
        if verb in BARE_VERBS and len(parts) == 1:
            return verb, None
        if verb in ARG_VERBS and len(parts) == 2:
            arg = parts[1].lower()
            if verb in ("psych", "style", "tide"):
                if arg in STYLES:
                    return verb, arg
            elif verb == "disrupt" or arg in self.cards:
                return verb, arg
        raise InvalidAction(
            f"'{action}' is not WMS notation: write e.g. 'play captain', 'equip power-axe', "
            "'style cc', 'done', 'tide rc', 'yield' or 'retreat' (card names as in the card list).",
            seat=seat, action=action,
        )

    def apply(self, state, seat, action):
        verb, arg = self._parse(seat, action)
        legal = self._legal(state, seat, may_yield=None if verb == "yield" else False)
        if (verb if arg is None else f"{verb} {arg}") not in legal:
            raise IllegalAction(self._why_not(state, seat, verb, arg), seat=seat, action=action)
        if state.phase == SETUP:
            return self._setup_step(state, seat, verb, arg)
        if state.phase == RECYCLE:
            return self._recycle_step(state, seat, verb, arg)
        if state.pending is None:
            return self._fight_step(state, seat, verb, arg)
        return self._pending_step(state, seat, verb, arg)

    def _why_not(self, state, seat, verb, arg):
        cards = self.cards
        if state.phase == OVER:
            return "The game is over."
        if seat not in self.to_act(state):
            return f"It is not seat {seat + 1}'s turn."
        name = cards[arg].name if arg in cards else arg
        if state.phase == SETUP:
            if state.commander[seat] is None:
                return "First choose your commander: 'commander <card>' with a Commander unit of your deck."
            if verb == "reserve" and len(state.reserves[seat]) >= MAX_RESERVES:
                return f"You may choose at most {MAX_RESERVES} Reserves."
            return "Choose Reserves with 'reserve <card>' (a card with the Reserves keyword) or say 'done'."
        if state.phase == RECYCLE:
            return "Recycle a Vehicle unit (not Unique) from your battlefield stack with 'recycle <card>', or 'done'."
        if verb == "yield":
            found = self.acceptable_play(state, seat)
            if found is not None:
                return (f"You may yield only when no unit you could play equals or beats, and you can "
                        f"({', then '.join(found)}): play a unit, or make a tactical retreat with 'retreat'.")
        if state.pending is None:
            if verb == "command":
                if not self._may_command(state, seat):
                    return "Only the active player plays a command card, once, before his first unit of the fight."
                return f"You have no command card {name} in hand."
            if verb == "play":
                return f"You have no unit {name} in hand."
            if verb == "arrive":
                return f"{name} is not in your Reserves zone."
            return "Play a unit first ('play <card>' or 'arrive <card>'), or 'yield' or 'retreat'."
        play = state.pending
        if verb in ("play", "arrive", "command"):
            return "Finish or cancel the play you are making first."
        if verb == "cancel":
            return f"You may take back at most {CANCELS_PER_TURN} plays in one turn: finish this one or yield."
        if verb == "equip":
            last = cards[play.units[-1]]
            if arg not in state.hand[seat] or cards[arg].type != "equipment":
                return f"You have no equipment {name} in hand."
            if last.type == "token":
                return "Token cards cannot be played with equipment."
            if cards[arg].only and not cards[arg].only & last.keywords:
                only = " or ".join(k.capitalize() for k in sorted(cards[arg].only))
                return f"{name} is {only} only; {last.name} is not."
            return f"{last.name} already has all the equipment it may carry."
        if verb in ("psych", "power"):
            return "No power points left to spend on this play."
        if verb == "squad":
            return f"{name} cannot join this squad."
        if verb == "swarm":
            return "No Swarm token may be added now (Swarm unit, tokens left, one per wound of your commander)."
        if verb in ("done", "tide", "style"):
            if self._opening(state):
                return "Announce the combat style of the opening card: 'style cc' or 'style rc'."
            if verb == "style":
                return "The combat style was announced with the opening card; use 'done' or 'tide'."
            style = arg or state.style
            if verb == "tide" and arg == state.style:
                return f"The fight is already in {arg.upper()}."
            if verb == "tide" and not self.can_turn_tide(state, seat, play):
                return "This play cannot turn the tide."
            mine, theirs = self.compare(state, seat, play, style)
            return (f"Your {mine} {style.upper()} does not equal or beat {theirs} {style.upper()}: "
                    "add to the play, 'cancel' it, or 'yield'.")
        if verb == "sacrifice":
            if play.sacrifice is not None:
                return "You already sacrificed a card before this draw step."
            return f"You have no {name} in hand to sacrifice."
        return f"'{verb} {arg}' is not possible with this play."

    # ---- setup --------------------------------------------------------------------------

    def _setup_step(self, state, seat, verb, arg):
        cards = self.cards
        events = []
        if verb == "commander":
            state.deck[seat].remove(arg)
            state.commander[seat] = arg
            events.append(Event("commander", f"{{p{seat}}} chooses {cards[arg].name} as commander.",
                                {"seat": seat, "card": arg}))
            if len(self._setup_actions(state, seat)) > 1:
                return events
        elif verb == "reserve":
            state.deck[seat].remove(arg)
            state.reserves[seat].append(arg)
            events.append(Event("reserve", f"{{p{seat}}} places {cards[arg].name} in the Reserves zone.",
                                {"seat": seat, "card": arg}))
            if len(self._setup_actions(state, seat)) > 1:
                return events
        if seat == 0:
            state.setup_seat = 1
            return events
        rng = random.Random(state.salt)
        for s in (0, 1):
            rng.shuffle(state.deck[s])
        state.phase = FIGHT
        for s in (0, 1):
            self._draw(state, s, HAND_SIZE, events)
        events.append(Event("fight", f"Fight 1: {{p{state.active}}} is the active player.",
                            {"fight": 1, "active": state.active}))
        state.fights = 1
        return events

    # ---- fights -------------------------------------------------------------------------

    def _fight_step(self, state, seat, verb, arg):
        cards = self.cards
        events = []
        if verb == "command":
            card = cards[arg]
            state.hand[seat].remove(arg)
            state.command[seat].append(arg)
            state.commanded = True
            said = f": {card.text.rstrip('.')}" if card.text else ""
            events.append(Event("command", f"{{p{seat}}} plays the {card.timing} command card {card.name}{said}.",
                                {"seat": seat, "card": arg}))
            for effect in card.effects:
                if effect.kind == "heal":
                    healed = min(MAX_WOUNDS, state.wounds[seat] + effect.amount)
                    state.wounds[seat] = healed
                    events.append(Event("heal", f"{{p{seat}}}'s commander has {healed} wounds.",
                                        {"seat": seat, "wounds": healed}))
                elif effect.kind == "draw":
                    if not self._draw(state, seat, effect.amount, events):
                        return events
            return events
        if verb == "yield":
            events.append(Event("yield", f"{{p{seat}}} cannot play a unit that equals or beats the current "
                                "combat value and loses the fight.", {"seat": seat}))
            self._end_fight(state, seat, events)
            return events
        if verb == "retreat":
            hand = state.hand[seat]
            events.append(Event("retreat", f"{{p{seat}}} makes a tactical retreat, discarding {len(hand)} "
                                f"cards: {_names(cards, hand) or 'none'}.", {"seat": seat, "cards": list(hand)}))
            state.graveyard[seat].extend(hand)
            state.hand[seat] = []
            if not self._draw(state, seat, HAND_SIZE, events):
                return events
            self._end_fight(state, seat, events)
            return events
        source = "hand" if verb == "play" else "reserves"
        (state.hand if verb == "play" else state.reserves)[seat].remove(arg)
        state.pending = Play(arg, source)
        return events

    def _pending_step(self, state, seat, verb, arg):
        play = state.pending
        hand = state.hand[seat]
        if verb == "equip":
            hand.remove(arg)
            play.gear[-1].append(arg)
        elif verb == "power":
            hand.remove(arg)
            play.powers.append(arg)
        elif verb == "psych":
            if arg == CC:
                play.psy_cc += 1
            else:
                play.psy_rc += 1
        elif verb == "squad":
            hand.remove(arg)
            play.units.append(arg)
            play.gear.append([])
        elif verb == "swarm":
            state.tokens[seat] -= 1
            play.units.append(self.rules.decks[state.decks[seat]].swarm_token)
            play.gear.append([])
        elif verb == "disrupt":
            play.disrupt = arg
        elif verb == "top":
            play.top = arg
        elif verb == "sacrifice":
            hand.remove(arg)
            play.sacrifice = arg
        elif verb in ("cancel", "yield", "retreat"):
            self._cancel(state, seat, play)
            events = [Event("cancel", f"{{p{seat}}} takes back the play of {self.cards[play.units[0]].name}.",
                            {"seat": seat})]
            if verb == "cancel":
                state.cancels += 1
                return events
            return events + self._fight_step(state, seat, verb, None)
        else:
            return self._commit(state, seat, play, verb, arg)
        return []

    def _cancel(self, state, seat, play):
        cards = self.cards
        hand = state.hand[seat]
        first, *rest = play.units
        (hand if play.source == "hand" else state.reserves[seat]).append(first)
        for unit in rest:
            if cards[unit].type == "token":
                state.tokens[seat] += 1
            else:
                hand.append(unit)
        for gear in play.gear:
            hand.extend(gear)
        hand.extend(play.powers)
        if play.sacrifice is not None:
            hand.append(play.sacrifice)
        state.pending = None

    def _commit(self, state, seat, play, verb, arg):
        cards = self.cards
        other = 1 - seat
        events = []
        if verb == "style":
            state.style = arg
        elif verb == "tide":
            state.style = arg
            events.append(Event("tide", f"{{p{seat}}} turns the tide: the fight continues in {arg.upper()}.",
                                {"seat": seat, "style": arg}))
        style = state.style
        mods = self._mods(state, seat, play)
        mine, theirs = self.compare(state, seat, play, style, mods)
        if play.disrupt is not None:
            top = state.battle[other][-1].clone()
            top.removed = top.removed | {play.disrupt}
            state.battle[other][-1] = top
            events.append(Event("disrupt", f"{{p{seat}}} disrupts: {{p{other}}}'s {cards[top.units[0]].name} "
                                f"loses {play.disrupt}.", {"seat": seat, "keyword": play.disrupt}))
        if play.top is not None:
            stack = state.command[seat]
            stack.remove(play.top)
            stack.append(play.top)
            events.append(Event("change", f"{{p{seat}}} puts {cards[play.top].name} on top of the command stack.",
                                {"seat": seat, "card": play.top}))
        if play.sacrifice is not None:
            state.graveyard[seat].append(play.sacrifice)
            events.append(Event("sacrifice", f"{{p{seat}}} sacrifices {cards[play.sacrifice].name}.",
                                {"seat": seat, "card": play.sacrifice}))
        play.sacrifice = None
        play.disrupt = None
        play.top = None
        play.stats = play_stats(play, cards)
        state.battle[seat].append(play)
        state.pending = None
        state.cancels = 0
        what = self._play_text(play)
        arrive = " arriving from Reserves" if play.source == "reserves" else ""
        beat = "" if theirs is None or not state.battle[other] else f" against {theirs}"
        events.append(Event("play", f"{{p{seat}}} plays {what}{arrive}: {mine} {style.upper()}{beat}.",
                            {"seat": seat, "units": list(play.units), "value": mine, "style": style}))
        if not self._refill(state, seat, events):
            return events
        state.turn = other
        return events

    def _play_text(self, play):
        cards = self.cards
        parts = []
        for unit, gear in zip(play.units, play.gear, strict=False):
            parts.append(cards[unit].name + "".join(f" + {cards[g].name}" for g in gear))
        text = " with ".join([parts[0], ", ".join(parts[1:])]) if len(parts) > 1 else parts[0]
        extras = [cards[p].name for p in play.powers]
        if play.psy_cc:
            extras.append(f"+{play.psy_cc} CC psych")
        if play.psy_rc:
            extras.append(f"+{play.psy_rc} RC psych")
        return text + (f" ({', '.join(extras)})" if extras else "")

    def _refill(self, state, seat, events):
        """The draw step: up to 5 cards; False if the army is depleted (the game ends)."""
        need = HAND_SIZE - len(state.hand[seat])
        return self._draw(state, seat, need, events) if need > 0 else True

    def _draw(self, state, seat, count, events):
        deck = state.deck[seat]
        drawn = []
        for _ in range(count):
            if not deck:
                break
            drawn.append(deck.pop())
        state.hand[seat].extend(drawn)
        if drawn:
            events.append(Event("draw", f"{{p{seat}}} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.",
                                {"seat": seat, "count": len(drawn)}))
            events.append(Event("drawn", f"You draw {_names(self.cards, drawn)}.", {"seat": seat, "cards": drawn},
                                visible_to=frozenset((seat,))))
        if len(drawn) < count:
            events.append(Event("depleted", f"{{p{seat}}} cannot draw from an empty deck: depleted army.",
                                {"seat": seat}))
            self._finish(state, 1 - seat, "depleted army: the loser could not draw", events)
            return False
        return True

    def _end_fight(self, state, loser, events):
        cards = self.cards
        winner = 1 - loser
        state.pending = None
        mods = self._mods(state)
        support = state.battle[loser][:-1]
        guarded = any("guard" in self._keywords(p, mods[loser]) for p in support)
        if guarded:
            events.append(Event("guard", f"{{p{winner}}} wins the fight; a Guard card in {{p{loser}}}'s support "
                                "zone keeps the commander from losing a wound.", {"winner": winner, "loser": loser}))
        else:
            state.wounds[loser] -= 1
            left = state.wounds[loser]
            events.append(Event("wound", f"{{p{winner}}} wins the fight; {{p{loser}}}'s commander "
                                f"{cards[state.commander[loser]].name} loses a wound ({left} left).",
                                {"winner": winner, "loser": loser, "wounds": left}))
            if left <= 0:
                self._finish(state, winner, f"{cards[state.commander[loser]].name} lost its last wound", events)
                return
        state.last_fight = {"fight": state.fights, "winner": winner, "loser": loser, "wound": not guarded}
        for seat in (0, 1):
            state.recycle_left[seat] = sum(1 for p in state.battle[seat][:-1]
                                           if "repair" in self._keywords(p, mods[seat]))
        order = (state.active, 1 - state.active)
        state.recycle_queue = [s for s in order if state.recycle_left[s] and self._recyclable(state, s)]
        if state.recycle_queue:
            state.phase = RECYCLE
            return
        self._clear_fight(state, events)

    def _recyclable(self, state, seat):
        cards = self.cards
        out = {}
        for play in state.battle[seat]:
            for i, unit in enumerate(play.units):
                card = cards[unit]
                if (i not in play.recycled and card.type == "unit" and "vehicle" in card.keywords
                        and "unique" not in card.keywords):
                    out[unit] = None
        return list(out)

    def _recycle_step(self, state, seat, verb, arg):
        events = []
        if verb == "recycle":
            stack = state.battle[seat]
            index, i = next((index, i) for index, play in enumerate(stack)
                            for i, unit in enumerate(play.units) if unit == arg and i not in play.recycled)
            new = stack[index].clone()
            new.recycled = new.recycled + (i,)
            stack[index] = new
            state.hand[seat].append(arg)
            state.recycle_left[seat] -= 1
            events.append(Event("recycle", f"{{p{seat}}} recycles {self.cards[arg].name} into the hand.",
                                {"seat": seat, "card": arg}))
            if state.recycle_left[seat] > 0 and self._recyclable(state, seat):
                return events
        state.recycle_queue.pop(0)
        if not state.recycle_queue:
            state.phase = FIGHT
            self._clear_fight(state, events)
        return events

    def _clear_fight(self, state, events):
        cards = self.cards
        for seat in (0, 1):
            grave = state.graveyard[seat]
            for play in state.battle[seat]:
                for i, unit in enumerate(play.units):
                    if cards[unit].type == "token":
                        state.tokens[seat] += 1
                    elif i not in play.recycled:
                        grave.append(unit)
                for gear in play.gear:
                    grave.extend(gear)
                grave.extend(play.powers)
            state.battle[seat] = []
        state.style = None
        state.commanded = False
        state.cancels = 0
        state.active = 1 - state.active
        state.turn = state.active
        state.fights += 1
        events.append(Event("fight", f"Fight {state.fights}: {{p{state.active}}} is the active player.",
                            {"fight": state.fights, "active": state.active}))

    def _finish(self, state, winner, reason, events):
        state.phase = OVER
        state.pending = None
        state.result = Outcome((winner,), reason, scores=tuple(float(w) for w in state.wounds))
        events.append(Event("end", f"{{p{winner}}} wins the game: {reason}.", {"winner": winner}))

    # ---- what each seat sees ----------------------------------------------------------

    def outcome(self, state):
        return state.result

    def _play_view(self, state, seat, play, mods):
        other = 1 - seat
        stats = play_stats(play, self.cards)
        keywords = self._keywords(play, mods[seat])
        if play is state.pending:
            cc, _ = self.compare(state, seat, play, CC, mods)
            rc, _ = self.compare(state, seat, play, RC, mods)
        else:
            answer = state.battle[other][-1] if state.battle[other] else None
            against = None if answer is None else self._keywords(answer, mods[other])
            cc = combat_value(stats, keywords, CC, mods[seat], against, fury=False)
            rc = combat_value(stats, keywords, RC, mods[seat], against, fury=False)
        out = {
            "units": [u for i, u in enumerate(play.units) if i not in play.recycled],
            "equipment": [list(g) for g in play.gear],
            "powers": list(play.powers),
            "psych": [play.psy_cc, play.psy_rc],
            "from_reserves": play.source == "reserves",
            "keywords": sorted(keywords),
            "removed": sorted(play.removed),
            "cc": cc,
            "rc": rc,
        }
        if play is state.pending:
            out.update(sacrifice=play.sacrifice, disrupt=play.disrupt, top=play.top)
        return out

    def view(self, state, seat):
        mods = self._mods(state, state.turn, state.pending)
        players = []
        for s in (0, 1):
            players.append({
                "seat": s,
                "deck": state.decks[s],
                "commander": state.commander[s],
                "wounds": state.wounds[s],
                "hand": len(state.hand[s]),
                "deck_count": len(state.deck[s]),
                "graveyard": list(state.graveyard[s]),
                "reserves": list(state.reserves[s]),
                "tokens": state.tokens[s],
                "command_stack": list(state.command[s]),
                "battlefield": [self._play_view(state, s, p, mods) for p in state.battle[s]],
            })
        current = self.current_value(state)
        view = {
            "seat": seat,
            "phase": state.phase,
            "fight": state.fights,
            "active": state.active,
            "to_act": list(self.to_act(state)),
            "style": state.style,
            "current": None if current is None else {"seat": current[0], "value": current[1],
                                                      "style": state.style},
            "players": players,
            "pending": None if state.pending is None else {
                "seat": state.turn, **self._play_view(state, state.turn, state.pending, mods)},
            "cancels_left": CANCELS_PER_TURN - state.cancels,
            "recycle": None if state.phase != RECYCLE else {
                "seat": state.recycle_queue[0], "left": state.recycle_left[state.recycle_queue[0]]},
            "last_fight": state.last_fight,
            "outcome": None if state.result is None else state.result.to_dict(),
        }
        if seat is not None:
            view["hand"] = sorted(state.hand[seat])
        return view

    # ---- search support -----------------------------------------------------------------

    def copy(self, state):
        new = WmsState.__new__(WmsState)
        new.decks = state.decks
        new.commander = state.commander[:]
        new.wounds = state.wounds[:]
        new.hand = [state.hand[0][:], state.hand[1][:]]
        new.deck = [state.deck[0][:], state.deck[1][:]]
        new.graveyard = [state.graveyard[0][:], state.graveyard[1][:]]
        new.reserves = [state.reserves[0][:], state.reserves[1][:]]
        new.tokens = state.tokens[:]
        new.command = [state.command[0][:], state.command[1][:]]
        new.battle = [state.battle[0][:], state.battle[1][:]]
        new.phase = state.phase
        new.setup_seat = state.setup_seat
        new.active = state.active
        new.turn = state.turn
        new.style = state.style
        new.pending = None if state.pending is None else state.pending.clone()
        new.commanded = state.commanded
        new.cancels = state.cancels
        new.recycle_left = state.recycle_left[:]
        new.recycle_queue = state.recycle_queue[:]
        new.fights = state.fights
        new.last_fight = state.last_fight
        new.result = state.result
        new.salt = state.salt
        return new

    def determinize(self, state, seat, rng):
        """Resample the other seat's hand and deck together, and this seat's deck order.

        Deck lists are public, and so are reserves, graveyards, stacks and the pending play:
        only what is in the other hand and the order of both decks is unknown to ``seat``.
        """
        new = self.copy(state)
        other = 1 - seat
        pool = new.hand[other] + new.deck[other]
        rng.shuffle(pool)
        size = len(new.hand[other])
        new.hand[other] = pool[:size]
        new.deck[other] = pool[size:]
        rng.shuffle(new.deck[seat])
        new.salt = f"wms:resampled:{rng.getrandbits(64)}"
        return new

    def census(self, state):
        total = Counter()
        for s in (0, 1):
            total.update(state.hand[s])
            total.update(state.deck[s])
            total.update(state.graveyard[s])
            total.update(state.reserves[s])
            total.update(state.command[s])
            if state.commander[s] is not None:
                total[state.commander[s]] += 1
            token = self.rules.decks[state.decks[s]].swarm_token
            if token:
                total[token] += state.tokens[s]
            for play in state.battle[s]:
                total.update(play.cards())
        if state.pending is not None:
            total.update(state.pending.cards())
            if state.pending.sacrifice is not None:
                total[state.pending.sacrifice] += 1
        return total

    def step_limit(self, seats):
        return 5000

    def describe_action(self, state, seat, action):
        try:
            verb, arg = self._parse(seat, action)
        except InvalidAction:
            return ""
        cards = self.cards
        card = cards.get(arg) if arg else None
        if verb in ("play", "arrive", "squad", "commander", "reserve", "recycle") and card is not None:
            text = f"{card.name}: {card.cc} CC / {card.rc} RC"
            keywords = sorted(card.keywords - {"psych", "squad"})
            if card.psych:
                keywords.append(f"psych({card.psych})")
            if card.squad:
                keywords.append(f"squad({card.squad_text})")
            if keywords:
                text += " " + ", ".join(keywords)
            if verb == "commander" and card.text:
                text += f". {card.text}"
            return text
        if verb in ("equip", "power") and card is not None:
            bonus = [f"{v:+d} {s}" for v, s in ((card.cc, "CC"), (card.rc, "RC")) if v]
            bonus += sorted(card.keywords)
            return f"{card.name}: {', '.join(bonus) or 'no bonus'}" + (f" ({card.text})" if card.text else "")
        if verb == "command" and card is not None:
            return f"{card.name} ({card.timing}): {card.text}"
        if verb in ("done", "style", "tide") and state.phase == FIGHT and state.pending is not None:
            style = arg or state.style
            mine, theirs = self.compare(state, seat, state.pending, style)
            return f"finish at {mine} {style.upper()}" + ("" if self._opening(state) else f" against {theirs}")
        return {
            "psych": "spend 1 power point for +1", "swarm": "add a Swarm token to the squad",
            "disrupt": "the card you fight against loses this keyword", "top": "put on top of your command stack",
            "sacrifice": "to the graveyard before your draw step",
            "cancel": f"take the whole play back ({CANCELS_PER_TURN - state.cancels} of {CANCELS_PER_TURN} left)",
            "yield": "no unit you could play equals or beats: lose this fight", "retreat": "lose this fight, discard your hand, draw 5",
            "done": "finished",
        }.get(verb, "")

    def render(self, view, *, names):
        from tabletop_games.wms.render import render_view

        return render_view(view, names=names, cards=self.cards)
