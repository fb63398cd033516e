"""Windup War (Katie Khau & Jess Chu): program five toy-army orders, then watch them clash.

The game object holds the metadata and the rules; :class:`~.state.WarState` holds one
game; :mod:`.resolve` resolves the War. Every decision goes through :meth:`apply`,
setup included, so a record replays a game exactly.

Notation (see RULES.md):

* ``faction tin-fantry``: pick a faction (option ``factions=pick``).
* ``unit tank``: pick the next unit of your combat order (three picks).
* ``A1L.g``: program an action card into the next slot of your windup row.
* ``score BL.k``: after a successful Charge!, the discard card you score.
"""

from __future__ import annotations

import random
from itertools import permutations
from pathlib import Path

from tabletop.plugin_api import (
    MAX_ACTION,
    ActionError,
    Event,
    Game,
    IllegalAction,
    InvalidAction,
    LazyEvent,
    Option,
    Secret,
    bad_arguments,
    derive,
    shorten_error,
)
from tabletop_games.windupwar import narration
from tabletop_games.windupwar.cards import CardData, load_cards
from tabletop_games.windupwar.resolve import War, reveal_rows
from tabletop_games.windupwar.state import (
    ARMY,
    ARMY_PICK,
    CHARGE,
    FACTION,
    IN_PLAY,
    SLOTS,
    WINDUP,
    WarState,
)

NO_EVENTS: tuple[Event, ...] = ()

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

    def __init__(self, data: CardData | None = None):
        self.data = data or load_cards()
        self.war = War(self.data)
        self.deck = tuple(c.notation for c in self.data.actions)
        self.faction_actions = tuple(f"faction {f.id}" for f in self.data.factions)
        self.unit_actions = {u.id: f"unit {u.id}" for u in self.data.units}
        self.faction_ids = tuple(f.id for f in self.data.factions)
        #: Every combat order of k units a seat could have picked, for k = 0..3.
        unit_ids = tuple(u.id for u in self.data.units)
        self.pick_options = tuple(tuple(permutations(unit_ids, k)) for k in range(ARMY + 1))
        #: Every action as legal_actions writes it, parsed once: apply looks it up.
        self._parsed = {text: self._parse(text, None) for text in (
            *self.deck, *self.faction_actions, *self.unit_actions.values(), *(f"score {c}" for c in self.deck))}
        #: Who sees a seat's secret events: that seat alone.
        self._secret = tuple(frozenset((s,)) for s in range(self.max_players))
        #: The events of programming and of a War's start, made once when first needed and
        #: shared (an event is never changed once made): (seat, slot, card) and round.
        self._program_events: dict[tuple[int, int, str], LazyEvent] = {}
        self._war_events: dict[int, LazyEvent] = {}

    # ---- setup --------------------------------------------------------------------

    def setup(self, seats, options, seed):
        state = WarState(seats, str(options["edition"]), 4 if seats <= 3 else 3)
        state.hands = [list(self.deck) for _ in range(seats)]
        if options["factions"] == "deal":
            rng = random.Random(seed)
            ids = list(self.faction_ids)
            dealt: list[str] = []
            while len(dealt) < seats:
                batch = ids[:]
                rng.shuffle(batch)
                dealt.extend(batch)
            state.factions = tuple(dealt[:seats])
            state.opening = (LazyEvent("factions", self._dealt_text, {"factions": dealt[:seats]}),)
            state.phase = ARMY_PICK
        else:
            state.phase = FACTION
        state.pending = tuple(range(seats))
        return state

    def _dealt_text(self, data):
        names = ", ".join(f"{{p{s}}}: {self.data.faction_by_id[f].name}" for s, f in enumerate(data["factions"]))
        return f"Factions dealt: {names}."

    def opening_events(self, state):
        """The factions dealt at setup, told before the first unit is picked."""
        return state.opening

    # ---- whose turn, what is legal ------------------------------------------------

    def to_act(self, state):
        """The seats that must decide now (a tuple, replaced when it changes)."""
        return state.pending

    def legal_actions(self, state, seat):
        if seat not in state.pending:
            return []
        phase = state.phase
        if phase == WINDUP:
            return state.hands[seat][:] if not state.hands_seen[seat] else self.hand(state, seat)
        if phase == ARMY_PICK:
            picked = state.picks.values[seat] or ()
            return [a for u, a in self.unit_actions.items() if u not in picked]
        if phase == CHARGE:
            return [f"score {c}" for c in state.discard[seat]]
        if phase == FACTION:
            return list(self.faction_actions)
        return []

    def _parse(self, action, seat):
        """(kind, argument) of a well-formed action text, else InvalidAction."""
        if not isinstance(action, str):
            raise InvalidAction(f"An action is text, not {action!r}.", seat=seat, action=str(action))
        if action in self.war.card:
            return "card", action
        word, _, arg = action.partition(" ")
        if word == "unit" and arg in self.data.unit_by_id:
            return "unit", arg
        if word == "faction" and arg in self.data.faction_by_id:
            return "faction", arg
        if word == "score" and arg in self.war.card:
            return "score", arg
        raise InvalidAction(
            f"'{action}' is not Windup War notation: use a card like A1L.g, 'unit tank', "
            f"'faction tin-fantry' or 'score A1L.g'.", seat=seat, action=action)

    # ---- apply --------------------------------------------------------------------

    checks_arguments = True  # apply checks its arguments as the engine's wrapper would

    def apply(self, state, seat, action):
        if not (type(seat) is int and seat >= 0 and type(action) is str and len(action) <= MAX_ACTION):
            raise bad_arguments(seat, action)
        try:
            kind, arg = self._parsed.get(action) or self._parse(action, seat)
            if state.result is not None:
                raise IllegalAction("The war is over.", seat=seat, action=action)
            if seat not in state.pending:
                raise IllegalAction(f"Seat {seat + 1} has nothing to decide now.", seat=seat, action=action)
            phase = state.phase
            if phase == WINDUP:
                if kind != "card":
                    raise IllegalAction("Now is the Windup: program one card from your hand, e.g. A1L.g.",
                                        seat=seat, action=action)
                return self._program(state, seat, arg, action)
            if phase == ARMY_PICK:
                if kind != "unit":
                    raise IllegalAction("Pick a unit for your combat order first, e.g. 'unit tank'.",
                                        seat=seat, action=action)
                return self._pick_unit(state, seat, arg, action)
            if phase == CHARGE:
                if kind != "score":
                    raise IllegalAction("Your Charge! succeeded: choose the card to score, e.g. 'score A1L.g'.",
                                        seat=seat, action=action)
                if arg not in state.discard[seat]:
                    raise IllegalAction(f"{arg} is not in your discard pile.", seat=seat, action=action)
                events: list[Event] = []
                self.war.score(state, arg, events)
                self.war.finish_step(state, events)
                if state.result is None:
                    self.war.run(state, events)
                return events
            if kind != "faction":
                raise IllegalAction("Pick your faction first, e.g. 'faction tin-fantry'.", seat=seat, action=action)
            return self._pick_faction(state, seat, arg)
        except ActionError as error:
            shorten_error(error, action)
            raise

    def _pick_faction(self, state, seat, faction):
        state.factions.choose(seat, faction, options=self.faction_ids)
        state.pending = tuple(s for s in state.pending if s != seat)
        events = [Event("faction", f"{{p{seat}}} picks {self.data.faction_by_id[faction].name}.",
                        {"seat": seat, "faction": faction}, visible_to=frozenset((seat,)))]
        if not state.pending:
            chosen = state.factions = tuple(state.factions.values)
            names = ", ".join(f"{{p{s}}}: {self.data.faction_by_id[f].name}" for s, f in enumerate(chosen))
            events.append(Event("factions", f"Factions revealed: {names}.", {"factions": list(chosen)}))
            state.phase = ARMY_PICK
            state.pending = tuple(range(state.n))
        return events

    def _pick_unit(self, state, seat, unit_id, action):
        picked = state.picks.values[seat] or ()
        if unit_id in picked:
            raise IllegalAction(f"You already picked the {self.data.unit_by_id[unit_id].name}.",
                                seat=seat, action=action)
        picked = (*picked, unit_id)
        state.picks.choose(seat, picked, options=self.pick_options[len(picked)])
        events = [LazyEvent("unit", self.war.narration.unit, {"seat": seat, "unit": unit_id, "position": len(picked)},
                            self._secret[seat])]
        if len(picked) == ARMY:
            pending = state.pending
            i = pending.index(seat)
            state.pending = pending[:i] + pending[i + 1:]
            if not state.pending:
                state.army = tuple(state.picks.values)
                state.picks = None
                for s in range(state.n):
                    state.active[s] = 0
                    state.hearts[s] = self.data.unit_by_id[state.army[s][0]].hearts
                events.append(LazyEvent("armies", self.war.narration.armies, {"armies": [list(a) for a in state.army]}))
                self.war.start_windup(state)
        return events

    def _program(self, state, seat, card, action):
        hand, seen = state.hands[seat], state.hands_seen[seat]
        if card in hand:
            hand.remove(card)
        elif card in seen:
            seen.remove(card)
        else:
            raise IllegalAction(f"{card} is not in your hand.", seat=seat, action=action)
        row = state.program[seat]
        row.append(card)
        if len(row) >= SLOTS or not (hand or seen):
            pending = state.pending
            i = pending.index(seat)
            state.pending = pending[:i] + pending[i + 1:]
        key = (seat, len(row), card)
        event = self._program_events.get(key)
        if event is None:
            event = self._program_events[key] = LazyEvent(
                "program", narration.program, {"seat": seat, "slot": key[1], "card": card}, self._secret[seat])
        if state.pending:
            return (event,)
        war = self._war_events.get(state.round)
        if war is None:
            war = self._war_events[state.round] = LazyEvent("war", narration.war, {"round": state.round})
        events = [event, war]
        self.war.run(state, events)
        return events

    # ---- outcome, views -----------------------------------------------------------

    def outcome(self, state):
        return state.result

    def view(self, state, seat):
        """The derived parts (:mod:`tabletop.core.derive`) in the shape the renderer and bots read."""
        phase = state.phase
        setup_secret = phase in (FACTION, ARMY_PICK)
        factions = state.factions.shown(seat) if type(state.factions) is Secret else state.factions
        seats = []
        for s in range(state.n):
            own = s == seat
            faction = factions[s]
            entry = {
                "seat": s,
                "status": state.status[s],
                "faction": faction if isinstance(faction, str) else None,
                "points": len(state.centre[s]),
                "centre": state.centre[s][:],
                "broken": state.broken[s][:],
                "discard": state.discard[s][:],
                "hand_size": len(state.hands[s]) + len(state.hands_seen[s]),
                "row": self._row_view(state, s, seat),
                "row_broken": [b + 1 for b in state.row_broken[s]],
            }
            entry["units_picked"] = len(self._picked(state, s))
            if setup_secret and not own:
                entry["army"] = []
                entry["active"] = None
            else:
                entry["army"] = self._army_view(state, s, setup_secret)
                entry["active"] = state.active[s] if not setup_secret and state.active[s] < ARMY else None
            seats.append(entry)
        view = {
            "edition": state.edition,
            "phase": phase,
            "round": state.round,
            "revealed": state.revealed,
            "points_to_win": state.target,
            "seat": seat,
            "to_act": list(state.pending),
            "seats": seats,
            "reveals": [self._reveal_view(r) for r in state.reveals],
            "last_reveal": self._reveal_view(state.reveals[-1]) if state.reveals else None,
            "charger": state.charger if phase == CHARGE else None,
            "outcome": state.result.to_dict() if state.result is not None else None,
        }
        if seat is not None:
            view["hand"] = self.hand(state, seat)
        return view

    @staticmethod
    def _reveal_view(reveal):
        if reveal is None:
            return None
        return {"round": reveal[0], "step": reveal[1], "rows": reveal_rows(reveal)}

    @staticmethod
    def _row_view(state, s, seat):
        """Seat ``s``'s windup row as ``seat`` sees it: cards face up or its own; '?' face down;
        '' a slot emptied mid-round."""
        face_up = ["" if card is None else card for card in state.rows[s]]
        face_down = derive.zone_view(state, "program", seat, owner=s)
        return face_up + ["?" if card is None else card for card in face_down]

    @staticmethod
    def _picked(state, s):
        """Seat ``s``'s units picked so far, in combat order (not for others' eyes in setup)."""
        if state.picks is None:
            return state.army[s]
        return state.picks.values[s] or ()

    def _army_view(self, state, s, setup_secret):
        units = self.data.unit_by_id
        out = []
        for position, unit_id in enumerate(self._picked(state, s)):
            unit = units[unit_id]
            if setup_secret or position > state.active[s]:
                hearts, where = unit.hearts, "waiting"
            elif position == state.active[s]:
                hearts, where = state.hearts[s], "active"
            else:
                hearts, where = 0, "destroyed"
            out.append({"unit": unit_id, "name": unit.name, "hearts": hearts, "max_hearts": unit.hearts,
                        "ribbons": list(unit.ribbons), "state": where})
        return out

    def hand(self, state, seat):
        """The seat's hand in deck order: its hidden cards and those every seat saw return."""
        seen = state.hands_seen[seat]
        if not seen:
            return state.hands[seat][:]
        return sorted(state.hands[seat] + seen, key=self.war.order.__getitem__)

    # ---- search support -----------------------------------------------------------

    def census(self, state):
        """Every card wherever it lies (derived), without the empty slots a row keeps."""
        total = derive.census(state)
        del total[None]
        return total

    def step_limit(self, seats):
        from tabletop_games.windupwar.resolve import MAX_ROUNDS

        return seats * (ARMY + 1) + MAX_ROUNDS * (SLOTS * seats + SLOTS) + 10

    # ---- for people ---------------------------------------------------------------

    def active_unit(self, state, seat):
        """The seat's active unit type, or None once eliminated or before armies exist."""
        if not state.army[seat] or state.active[seat] >= len(state.army[seat]):
            return None
        return self.data.unit_by_id[state.army[seat][state.active[seat]]]

    def describe_action(self, state, seat, action):
        try:
            kind, arg = self._parse(action, seat)
        except InvalidAction:
            return ""
        if kind == "card":
            card = self.data.by_notation[arg]
            unit = self.active_unit(state, seat)
            text = f"{card.name} ({card.colour})"
            if unit is not None and state.status[seat] == IN_PLAY:
                text += "" if card.colour in unit.allowed else f" - illegal for your {unit.name}"
            return text
        if kind == "unit":
            unit = self.data.unit_by_id[arg]
            return f"{unit.name}: {unit.hearts} hearts, {' + '.join(unit.ribbons)} (+ black)"
        if kind == "faction":
            return self.data.faction_by_id[arg].name
        card = self.data.by_notation[arg]
        return f"score {card.name} ({card.colour}) as a point"

    def render(self, view, *, names):
        from tabletop_games.windupwar.render import render_view

        return render_view(self, view, names=names)


__all__ = ["WindupWar"]
