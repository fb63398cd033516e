"""Castle Wars (playtest rulebook v0.6): draft Knights, Archers, Mages and Towers, then battle.

A round is a Build Phase (five draft turns from a face-up row) and a Battle Phase (each
seat secretly attacks a seat or defends and orders its Units; then every interaction is
resolved at once, see battle.py). RULES.md gives the rules as implemented and every
interpretation. Notation (seats are typed from 1):

* draft: ``take K`` (K, A, M or T), ``swap K A`` (give a Knight kept from an earlier round for
  a face-up Archer), ``pass`` (only when the hand is full or nothing face up may be taken)
* orders: ``attack 2`` or ``defend``, then ``place K`` once per position, leftmost first
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from tabletop.core import Event, Game, IllegalAction, InvalidAction, Outcome
from tabletop.core.table import Table
from tabletop_games.castlewars.battle import DEFEND, resolve_battle
from tabletop_games.castlewars.cards import TOWER, CardRules, load_cards

#: House rule (RULES.md, "Ending the game"): after this many rounds the highest hit points win.
ROUND_LIMIT = 40
UNDECIDED = None
DRAFT, ORDERS, OVER = "draft", "orders", "over"


class CastleState:
    """Everything about one game in progress; Units are letters, leftmost (first sent) first."""

    __slots__ = (
        "seats", "hp", "in_play", "units", "towers", "deck", "discard", "row", "round",
        "turn_order", "draft_turn", "drafter", "phase", "choices", "placed", "waiting",
        "tower_limit", "last_battle", "result", "salt", "shuffles", "kept",
    )

    def __init__(self, seats: int, hit_points: int, deck: list[str], salt: str):
        self.seats = seats
        self.hp = [hit_points] * seats
        self.in_play = list(range(seats))
        self.units: list[list[str]] = [[] for _ in range(seats)]   # in hand, not yet placed
        # Units held when this round's draft began and not exchanged yet: only these may be swapped.
        self.kept: list[list[str]] = [[] for _ in range(seats)]
        self.towers = [0] * seats
        self.deck = deck                  # the top card is the last one
        self.discard: list[str] = []
        self.row: list[str] = []          # the face-up cards of this draft turn
        self.round = 0
        self.turn_order: list[int] = []   # this round: clockwise from the first seat
        self.draft_turn = 0
        self.drafter = 0                  # index in turn_order of the seat taking a card now
        self.phase = DRAFT
        self.choices: list[int | None] = [UNDECIDED] * seats   # target seat, DEFEND or undecided
        self.placed: list[list[str]] = [[] for _ in range(seats)]   # the line being ordered
        self.waiting: list[int] = []      # seats with orders still to give
        self.tower_limit = 0
        self.last_battle: dict | None = None
        self.result: Outcome | None = None
        self.salt = salt                  # seeds reshuffles; determinize replaces it
        self.shuffles = 0


def _article(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def _damage_text(seat, power, broken, damage, left):
    towers = f"{broken} Tower{'s' if broken != 1 else ''}"
    if not damage:
        lost = f"loses {towers}" if broken else "loses nothing"
        return f"{{p{seat}}}'s Towers stop all {power} attack power: {{p{seat}}} {lost}."
    points = f"{damage} hit point{'s' if damage != 1 else ''}"
    lost = f"loses {towers} and {points}" if broken else f"loses {points}"
    return f"{{p{seat}}} {lost} ({left} left)."


class CastleWars(Game):
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
        self._letters = c.units + (TOWER,)
        self._unit_set = frozenset(c.units)

    # ---- setup ------------------------------------------------------------------------

    def setup(self, seats, options, seed):
        c = self.cards
        deck = [u for u in c.units for _ in range(c.unit_count[u])]
        deck += [TOWER] * c.towers_in_deck[seats]
        salt = f"castlewars:{seed}"
        random.Random(salt).shuffle(deck)
        state = CastleState(seats, c.hit_points, deck, salt)
        self._start_round(state, [])
        return state

    # ---- whose turn, what is legal ------------------------------------------------------

    def to_act(self, state):
        if state.phase == DRAFT:
            return [state.turn_order[state.drafter]]
        if state.phase == ORDERS:
            return state.waiting[:]
        return []

    def legal_actions(self, state, seat):
        if state.phase == DRAFT:
            if seat != state.turn_order[state.drafter]:
                return []
            return self._draft_options(state, seat)
        if state.phase == ORDERS and seat in state.waiting:
            if state.choices[seat] is UNDECIDED:
                return ["defend"] + [f"attack {t + 1}" for t in state.in_play if t != seat]
            return [f"place {u}" for u in self.cards.units if u in state.units[seat]]
        return []

    def _draft_options(self, state, seat):
        """Takes, then exchanges of kept Units, then ``pass`` when no take is possible.

        A seat with nothing at all to do gets no options (it passes automatically).
        """
        takes = self._takes(state, seat)
        kept = state.kept[seat]
        swaps = [f"swap {give} {get}" for give in self.cards.units if give in kept
                 for get in self.cards.units if get != give and get in state.row]
        if takes:
            return takes + swaps
        return swaps + ["pass"] if swaps else []

    def _takes(self, state, seat):
        if len(state.units[seat]) + state.towers[seat] >= self.cards.hand_limit:
            return []
        return [f"take {card}" for card in self._letters
                if card in state.row and (card != TOWER or state.towers[seat] < state.tower_limit)]

    # ---- applying an action -----------------------------------------------------------

    def _parse(self, seat, action):
        """Split notation into (verb, args), or raise InvalidAction for text that is not notation."""
        parts = action.split() if isinstance(action, str) else []
        verb = parts[0].lower() if parts else ""
        args = [p.upper() for p in parts[1:]]
        if verb == "pass" and not args:
            return verb, args
        if verb == "take" and len(args) == 1 and args[0] in self._letters:
            return verb, args
        if verb == "swap" and len(args) == 2 and all(a in self._letters for a in args):
            return verb, args
        if verb == "place" and len(args) == 1 and args[0] in self._unit_set:
            return verb, args
        if verb == "attack" and len(args) == 1 and args[0].isdigit():
            return verb, [int(args[0]) - 1]
        if verb == "defend" and not args:
            return verb, args
        raise InvalidAction(
            f"'{action}' is not Castle Wars notation: write 'take K', 'swap K A', 'pass', "
            "'attack 2', 'defend' or 'place K' (units K, A, M; Tower T).",
            seat=seat, action=action,
        )

    def apply(self, state, seat, action):
        verb, args = self._parse(seat, action)
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
            self._check_draft(state, seat, verb, args, action)
            return self._draft(state, seat, verb, args)
        if verb in ("take", "swap", "pass"):
            raise IllegalAction("The draft is over: give your battle orders.", seat=seat, action=action)
        if seat not in state.waiting:
            raise IllegalAction(f"Seat {seat + 1} has no orders to give now.", seat=seat, action=action)
        self._check_order(state, seat, verb, args, action)
        return self._order(state, seat, verb, args)

    def _check_draft(self, state, seat, verb, args, action):
        c = self.cards
        names = c.names
        if verb == "take":
            card = args[0]
            if card not in state.row:
                raise IllegalAction(f"There is no face-up {names[card]} to take.", seat=seat, action=action)
            if len(state.units[seat]) + state.towers[seat] >= c.hand_limit:
                raise IllegalAction(
                    f"Your hand is full ({c.hand_limit} cards): swap a kept Unit or pass instead.",
                    seat=seat, action=action,
                )
            if card == TOWER and state.towers[seat] >= state.tower_limit:
                raise IllegalAction(
                    f"You may hold at most {state.tower_limit} Tower(s) this round.", seat=seat, action=action
                )
            return
        if verb == "pass":
            if self._takes(state, seat):
                raise IllegalAction(
                    "You may pass only with a full hand or when nothing face up may be taken: take a card.",
                    seat=seat, action=action,
                )
            return
        give, get = args
        if give == TOWER:
            raise IllegalAction("Towers may not be exchanged once acquired.", seat=seat, action=action)
        if get == TOWER:
            raise IllegalAction("Towers may only be taken, not exchanged for.", seat=seat, action=action)
        if give == get:
            raise IllegalAction("Swapping a Unit for one of the same kind changes nothing.", seat=seat, action=action)
        if give not in state.units[seat]:
            raise IllegalAction(f"You hold no {names[give]} to give up.", seat=seat, action=action)
        if give not in state.kept[seat]:
            raise IllegalAction(
                f"Only Units kept from an earlier round may be exchanged, and you kept no {names[give]}"
                " not yet exchanged this round.", seat=seat, action=action,
            )
        if get not in state.row:
            raise IllegalAction(f"There is no face-up {names[get]} to swap for.", seat=seat, action=action)

    def _check_order(self, state, seat, verb, args, action):
        if verb != "place" and len(state.in_play) == 2:
            raise IllegalAction("With two players both must attack each other: place your Units.",
                                seat=seat, action=action)
        if state.choices[seat] is UNDECIDED:
            if verb == "place":
                raise IllegalAction("First choose: 'attack <seat>' or 'defend'.", seat=seat, action=action)
            if verb == "attack":
                target = args[0]
                if target == seat:
                    raise IllegalAction("You cannot attack yourself.", seat=seat, action=action)
                if target not in state.in_play:
                    raise IllegalAction(f"Seat {target + 1} is not in play.", seat=seat, action=action)
            return
        if verb != "place":
            raise IllegalAction("Your order is given; now place your Units with 'place <unit>'.",
                                seat=seat, action=action)
        if args[0] not in state.units[seat]:
            raise IllegalAction(f"You have no {self.cards.names[args[0]]} left to place.", seat=seat, action=action)

    # ---- Build Phase ------------------------------------------------------------------

    def _start_round(self, state, events):
        c = self.cards
        state.round += 1
        if state.round == 1:
            first = 0  # "The youngest player will begin the first round"
        else:
            first = min(state.in_play, key=lambda s: (state.hp[s], s))
        state.turn_order = Table(state.seats, state.in_play).clockwise_from(first)
        state.tower_limit = c.tower_limit[len(state.in_play)]
        events.append(Event("round", f"Round {state.round} begins; {{p{first}}} drafts first.",
                            {"round": state.round, "first": first}))
        for s in state.in_play:
            extra = state.towers[s] - state.tower_limit
            if extra > 0:
                state.towers[s] -= extra
                state.discard.extend([TOWER] * extra)
                events.append(Event("tower_limit", f"{{p{s}}} discards {extra} Tower(s) over the limit.",
                                    {"seat": s, "towers": extra}))
        for s in range(state.seats):
            state.kept[s] = state.units[s][:]
        state.phase = DRAFT
        state.draft_turn = 0
        self._next_draft_turn(state, events)
        return events

    def _draw(self, state, events):
        if not state.deck:
            if not state.discard:
                return None
            state.deck = state.discard
            state.discard = []
            state.shuffles += 1
            random.Random(f"{state.salt}:{state.shuffles}").shuffle(state.deck)
            events.append(Event("reshuffle", f"The discard pile is shuffled into a new deck of "
                                f"{len(state.deck)} cards.", {"cards": len(state.deck)}))
        return state.deck.pop()

    def _next_draft_turn(self, state, events):
        """Discard the leftovers, turn up the next row, or move on to the Battle Phase."""
        c = self.cards
        while True:
            if state.row:
                state.discard.extend(state.row)
                state.row = []
            if state.draft_turn == c.draft_turns:
                self._start_orders(state, events)
                return
            state.draft_turn += 1
            for _ in range(c.face_up[len(state.in_play)]):
                card = self._draw(state, events)
                if card is None:
                    break
                state.row.append(card)
            # Sorted by kind: the order cards are turned up in is no rule, and a row kept in deck
            # order would tell, after the leftovers are discarded, how the hidden deck lay.
            state.row.sort(key=self._letters.index)
            shown = ", ".join(self.cards.names[card] for card in state.row) or "nothing"
            events.append(Event("face_up", f"Draft turn {state.draft_turn}: face up {shown}.",
                                {"turn": state.draft_turn, "row": list(state.row)}))
            state.drafter = 0
            if self._skip_stuck(state, events):
                return

    def _skip_stuck(self, state, events):
        """Pass over seats that can neither take nor swap; False once the turn is used up."""
        order = state.turn_order
        while state.drafter < len(order):
            seat = order[state.drafter]
            if self._draft_options(state, seat):
                return True
            events.append(Event("pass", f"{{p{seat}}} can take nothing and passes.", {"seat": seat}))
            state.drafter += 1
        return False

    def _draft(self, state, seat, verb, args):
        names = self.cards.names
        events = []
        if verb == "pass":
            events.append(Event("pass", f"{{p{seat}}} takes nothing and passes.", {"seat": seat}))
        elif verb == "take":
            card = args[0]
            state.row.remove(card)
            if card == TOWER:
                state.towers[seat] += 1
            else:
                state.units[seat].append(card)
            events.append(Event("take", f"{{p{seat}}} takes {_article(names[card])}.",
                                {"seat": seat, "card": card}))
        else:
            give, get = args
            units = state.units[seat]
            units[units.index(give)] = get
            state.kept[seat].remove(give)
            state.row[state.row.index(get)] = give
            events.append(Event("swap", f"{{p{seat}}} exchanges {_article(names[give])} for "
                                f"{_article(names[get])}.", {"seat": seat, "give": give, "get": get}))
        state.drafter += 1
        if not self._skip_stuck(state, events):
            self._next_draft_turn(state, events)
        return events

    # ---- Battle Phase: orders -----------------------------------------------------------

    def _start_orders(self, state, events):
        state.phase = ORDERS
        for s in state.in_play:
            state.choices[s] = UNDECIDED
            state.placed[s] = []
        if len(state.in_play) == 2:
            a, b = state.in_play
            state.choices[a], state.choices[b] = b, a
            events.append(Event("must_attack", f"With two players left, {{p{a}}} and {{p{b}}} must attack each other.",
                                {"seats": [a, b]}))
        for s in state.in_play:
            self._auto_place(state, s)
        state.waiting = [s for s in state.turn_order if not self._ready(state, s)]
        if not state.waiting:
            self._battle(state, events)

    def _auto_place(self, state, seat):
        """Units all of one kind can only go in one order: place them without asking."""
        units = state.units[seat]
        if units and units.count(units[0]) == len(units):
            state.placed[seat].extend(units)
            units.clear()

    def _ready(self, state, seat):
        return state.choices[seat] is not UNDECIDED and not state.units[seat]

    def _order(self, state, seat, verb, args):
        names = self.cards.names
        secret = frozenset((seat,))
        events = []
        if verb == "defend":
            state.choices[seat] = DEFEND
            events.append(Event("order", f"{{p{seat}}} will defend.", {"seat": seat, "order": "defend"},
                                visible_to=secret))
        elif verb == "attack":
            state.choices[seat] = args[0]
            events.append(Event("order", f"{{p{seat}}} will attack {{p{args[0]}}}.",
                                {"seat": seat, "order": "attack", "target": args[0]}, visible_to=secret))
        else:
            unit = args[0]
            state.units[seat].remove(unit)
            state.placed[seat].append(unit)
            events.append(Event("place", f"{{p{seat}}} places {_article(names[unit])} in position "
                                f"{len(state.placed[seat])}.", {"seat": seat, "unit": unit}, visible_to=secret))
            self._auto_place(state, seat)
        if self._ready(state, seat):
            state.waiting.remove(seat)
            events.append(Event("ready", f"{{p{seat}}} has given battle orders.", {"seat": seat}))
            if not state.waiting:
                self._battle(state, events)
        return events

    # ---- Battle Phase: resolution -------------------------------------------------------

    def _battle(self, state, events):
        c = self.cards
        order = state.turn_order
        choices = {s: state.choices[s] for s in order}
        lines = {s: state.placed[s] for s in order}
        for s in order:
            target = choices[s]
            text = f"{{p{s}}} defends." if target == DEFEND else f"{{p{s}}} attacks {{p{target}}}."
            events.append(Event("reveal", text, {"seat": s, "target": None if target == DEFEND else target}))
        report = resolve_battle(
            order=order, choices=choices, lines=lines,
            towers={s: state.towers[s] for s in order},
            beats=c.beats, power=c.power, absorbs=c.absorbs,
        )
        names = c.names
        for clash in report.clashes:
            (a, b), (ua, ub), lost = clash["seats"], clash["units"], clash["lost"]
            if len(lost) == 2:
                text = f"{{p{a}}}'s {names[ua]} and {{p{b}}}'s {names[ub]} discard each other."
            elif lost[0] == b:
                text = f"{{p{a}}}'s {names[ua]} discards {{p{b}}}'s {names[ub]}."
            else:
                text = f"{{p{b}}}'s {names[ub]} discards {{p{a}}}'s {names[ua]}."
            if a in lost:
                state.discard.append(ua)
            if b in lost:
                state.discard.append(ub)
            events.append(Event("clash", text, clash))
        for hit in report.strikes:
            units = ", ".join(names[u] for u in hit["units"])
            events.append(Event("strike", f"{{p{hit['seat']}}}'s {units} reach {{p{hit['target']}}} "
                                f"with {hit['power']} attack power.", hit))
        results = []
        for s in order:
            broken, damage = report.towers_broken[s], report.damage[s]
            state.towers[s] -= broken
            state.discard.extend([TOWER] * broken)
            state.hp[s] -= damage
            state.units[s] = report.survivors[s]
            state.placed[s] = []
            state.choices[s] = UNDECIDED
            if report.power[s]:
                events.append(Event("damage", _damage_text(s, report.power[s], broken, damage, state.hp[s]),
                                    {"seat": s, "towers_broken": broken, "damage": damage, "hit_points": state.hp[s]}))
            results.append({"seat": s, "power": report.power[s], "towers_broken": broken,
                            "damage": damage, "hit_points": state.hp[s]})
        out = [s for s in order if state.hp[s] <= 0]
        for s in out:
            state.discard.extend(state.units[s])
            state.discard.extend([TOWER] * state.towers[s])
            state.units[s] = []
            state.towers[s] = 0
            events.append(Event("out", f"{{p{s}}} has no hit points left and is out.", {"seat": s}))
        state.last_battle = {
            "round": state.round,
            "orders": [{"seat": s, "target": None if choices[s] == DEFEND else choices[s]} for s in order],
            "clashes": report.clashes,
            "strikes": report.strikes,
            "results": results,
            "out": out,
        }
        before = state.in_play
        state.in_play = [s for s in before if state.hp[s] > 0]
        state.waiting = []
        self._check_end(state, before, events)

    def _check_end(self, state, before, events):
        hp = state.hp
        standing = state.in_play
        if len(standing) == 1:
            self._finish(state, standing, "last castle standing", events)
        elif not standing:
            best = max(hp[s] for s in before)
            self._finish(state, [s for s in before if hp[s] == best],
                         "all fell at once; the highest remaining hit points win", events)
        elif state.round >= ROUND_LIMIT:
            best = max(hp[s] for s in standing)
            self._finish(state, [s for s in standing if hp[s] == best],
                         f"round limit ({ROUND_LIMIT}); the highest hit points win", events)
        else:
            self._start_round(state, events)

    def _finish(self, state, winners, reason, events):
        state.phase = OVER
        state.result = Outcome(tuple(winners), reason, scores=tuple(float(h) for h in state.hp))
        who = " and ".join(f"{{p{w}}}" for w in winners)
        events.append(Event("end", f"{who} {'wins' if len(winners) == 1 else 'share the win'}: {reason}.",
                            {"winners": list(winners)}))

    # ---- what each seat sees ----------------------------------------------------------

    def outcome(self, state):
        return state.result

    def view(self, state, seat):
        units_of = self.cards.units
        players = []
        for s in range(state.seats):
            held = state.placed[s] + state.units[s]
            players.append({
                "seat": s,
                "hit_points": state.hp[s],
                "in_play": s in state.in_play,
                "towers": state.towers[s],
                "hand_size": len(held) + state.towers[s],
                "units": {u: held.count(u) for u in units_of},
                "kept": {u: state.kept[s].count(u) for u in units_of},
                "ready": state.phase == ORDERS and s in state.in_play and s not in state.waiting,
            })
        view = {
            "seat": seat,
            "round": state.round,
            "round_limit": ROUND_LIMIT,
            "phase": state.phase,
            "turn_order": list(state.turn_order),
            "draft_turn": state.draft_turn,
            "draft_turns": self.cards.draft_turns,
            "to_act": list(self.to_act(state)),
            "face_up": list(state.row),
            "deck": len(state.deck),
            "discard": {card: state.discard.count(card) for card in self._letters},
            "tower_limit": state.tower_limit,
            "hand_limit": self.cards.hand_limit,
            "players": players,
            "last_battle": state.last_battle,
            "outcome": None if state.result is None else state.result.to_dict(),
        }
        if seat is not None:
            choice = state.choices[seat]
            view["hand"] = state.placed[seat] + state.units[seat] + [TOWER] * state.towers[seat]
            view["placed"] = list(state.placed[seat])
            view["order"] = (None if choice is UNDECIDED else "defend" if choice == DEFEND
                             else f"attack {choice + 1}")
        return view

    # ---- search support -----------------------------------------------------------------

    def copy(self, state):
        new = CastleState.__new__(CastleState)
        new.seats = state.seats
        new.hp = state.hp[:]
        new.in_play = state.in_play[:]
        new.units = [u[:] for u in state.units]
        new.towers = state.towers[:]
        new.deck = state.deck[:]
        new.discard = state.discard[:]
        new.row = state.row[:]
        new.round = state.round
        new.turn_order = state.turn_order[:]
        new.draft_turn = state.draft_turn
        new.drafter = state.drafter
        new.phase = state.phase
        new.choices = state.choices[:]
        new.placed = [p[:] for p in state.placed]
        new.waiting = state.waiting[:]
        new.tower_limit = state.tower_limit
        new.last_battle = state.last_battle
        new.result = state.result
        new.salt = state.salt
        new.shuffles = state.shuffles
        new.kept = [k[:] for k in state.kept]
        return new

    def determinize(self, state, seat, rng):
        """Resample the deck order, future reshuffles and other seats' secret orders and lines.

        What each seat holds is public (every card is taken face up and every battle is
        seen), so only the order of other seats' Units and their pending choices are secret.
        """
        new = self.copy(state)
        rng.shuffle(new.deck)
        new.salt = f"castlewars:resampled:{rng.getrandbits(64)}"
        for s in new.in_play:
            if s == seat:
                continue
            if new.phase != ORDERS:
                rng.shuffle(new.units[s])
                continue
            if len(new.in_play) > 2 and new.choices[s] is not UNDECIDED:
                new.choices[s] = rng.choice([DEFEND] + [t for t in new.in_play if t != s])
            done = len(new.placed[s])
            held = new.placed[s] + new.units[s]
            for _ in range(20):
                rng.shuffle(held)
                rest = held[done:]
                if not rest or rest.count(rest[0]) != len(rest):
                    new.placed[s], new.units[s] = held[:done], rest
                    break
        return new

    def census(self, state):
        total = Counter(state.deck)
        total.update(state.discard)
        total.update(state.row)
        for s in range(state.seats):
            total.update(state.units[s])
            total.update(state.placed[s])
            total[TOWER] += state.towers[s]
        return total

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
            return f"take {_article(names[args[0]])} (attack {c.power[args[0]]})"
        if verb == "swap":
            return f"give up {_article(names[args[0]])}, take {_article(names[args[1]])}"
        if verb == "pass":
            return "take nothing this draft turn"
        if verb == "defend":
            return "hold your Units back to meet attackers"
        if verb == "attack":
            t = args[0]
            if 0 <= t < state.seats:
                return f"send your Units against seat {t + 1} ({state.hp[t]} hit points, {state.towers[t]} Towers)"
            return ""
        return f"{names[args[0]]} fights in position {len(state.placed[seat]) + 1}"

    def render(self, view, *, names):
        from tabletop_games.castlewars.render import render_view

        return render_view(view, names=names, cards=self.cards)
