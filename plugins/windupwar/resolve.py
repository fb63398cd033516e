"""The War: revealing one card per seat at a time and resolving them simultaneously.

A step works in the rulebook's order: every seat in play reveals the card in the slot;
each card is checked against the seat's active unit; all damage of the step is
computed from the revealed cards and only then applied; destroyed units are
replaced before the next card. Nothing here asks anyone anything except a
successful Charge!, which pauses the war until the charger picks the card it scores.
"""

from __future__ import annotations

from tabletop.plugin_api import DeferredEvent, Event, Outcome
from tabletop_games.windupwar.cards import ActionCard, CardData
from tabletop_games.windupwar.narration import PLAYED, Narration
from tabletop_games.windupwar.state import (
    ARMY,
    CHARGE,
    ELIMINATED,
    FORFEITED,
    OVER,
    SLOTS,
    WAR,
    WINDUP,
    WarState,
    replaced,
)

#: A war that has not ended after this many rounds is called off with no champion
#: (the rulebook has no limit; RULES.md explains why one is needed).
MAX_ROUNDS = 50
#: Broken cards at the end of a round that force a seat to forfeit.
FORFEIT_BROKEN = 3

# What a revealed card did, as shown in the reveal rows.
AS_BLOCK = "illegal: counts as Block"
BROKEN = "illegal: broken"
NO_CARD = "no card"


class _Step:
    """What the cards of one step would do, worked out before anything is applied."""

    __slots__ = ("plays", "any_card", "incoming", "blockers", "retaliators", "illegal", "broken", "reloads",
                 "chargers", "hits")

    def __init__(self):
        self.any_card = False  # whether any seat in play had a card at this step
        self.plays: list[tuple[int, ActionCard | None]] = []  # every seat in play, card or None
        self.incoming: dict[int, list[tuple[int, int]]] = {}  # target -> [(source, damage)]
        self.blockers: set[int] = set()
        self.retaliators: list[tuple[int, int]] = []  # (seat, damage per attacker)
        self.illegal: list[int] = []
        self.broken: list[int] = []
        self.reloads: list[int] = []
        self.chargers: list[int] = []
        self.hits: list[tuple[int, int, int]] = []  # (source, target, damage) as taken, for the narration


def reveal_rows(reveal: tuple) -> list[dict]:
    """One row per seat in play of a step kept by :meth:`War._record`: its card, unit and
    what the card did, damage dealt and taken, hearts left."""
    _round, _step, cards, notes, dealt, taken, hearts, active, army = reveal
    outcome_of = dict.fromkeys(cards.illegal, AS_BLOCK)
    if cards.broken:
        outcome_of.update(dict.fromkeys(cards.broken, BROKEN))
    if notes:
        outcome_of.update(notes)
    return [{
        "seat": s, "card": None if card is None else card.notation, "unit": army[s][active[s]],
        "outcome": NO_CARD if card is None else outcome_of.get(s, PLAYED),
        "dealt": dealt[s], "taken": taken[s], "hearts": hearts[s],
    } for s, card in cards.plays]


def _reveal_data(reveal: tuple) -> dict:
    return {"round": reveal[0], "step": reveal[1], "rows": reveal_rows(reveal), "hits": tuple(reveal[2].hits)}


class War:
    """The war rules over one set of card data; stateless, shared by all games."""

    def __init__(self, data: CardData):
        self.data = data
        self.card = data.by_notation
        self.unit = data.unit_by_id
        self.set_bombs = frozenset(c.notation for c in data.actions if c.effect == "set_bomb")
        #: Deck order, used to keep hands sorted so a hand's order reveals nothing.
        self.order = {c.notation: i for i, c in enumerate(data.actions)}
        self.allowed = {u.id: u.allowed for u in data.units}
        self.narration = Narration({c.notation: c.name for c in data.actions}, {u.id: u.name for u in data.units})

    # ---- the round ----------------------------------------------------------------

    def start_windup(self, state: WarState) -> None:
        state.phase = WINDUP
        state.revealed = 0
        n = state.n
        state.rows = [[] for _ in range(n)]
        state.program = [[] for _ in range(n)]
        state.row_broken = ((),) * n
        state.reload_at = (-1,) * n
        state.pending = tuple(s for s in state.table.in_play if state.hands[s] or state.hands_seen[s])

    def run(self, state: WarState, events: list[Event]) -> None:
        """Reveal and resolve steps until the round ends, a charge needs a choice, or the game ends."""
        if state.revealed == 0:
            state.reveals = ()
        state.phase = WAR
        state.pending = ()
        while state.result is None:
            if state.revealed >= SLOTS:
                self.end_round(state, events)
                return
            step = state.revealed
            state.revealed = step + 1
            if self.reveal(state, step, events):
                return
            self.finish_step(state, events)

    def end_round(self, state: WarState, events: list[Event]) -> None:
        """Clear the rows (2016: Reload and broken cards act now), then forfeits, then a new Windup."""
        edition_2016 = state.edition == "2016"
        for s in range(state.n):
            # Slots never turned (a seat out mid-round) follow the face-up ones.
            row = state.rows[s] + state.program[s]
            hand, discard, broken = state.hands_seen[s], state.discard[s], state.broken[s]
            if edition_2016:
                reload_at = state.reload_at[s]
                broke = state.row_broken[s]
                if reload_at >= 0:
                    hand.extend(discard)
                    discard.clear()
                for slot, card in enumerate(row):
                    if card is None:
                        continue
                    if slot in broke:
                        broken.append(card)
                    elif slot <= reload_at:
                        hand.append(card)
                    else:
                        discard.append(card)
                if reload_at >= 0:
                    hand.sort(key=self.order.__getitem__)
            else:
                discard.extend(c for c in row if c is not None)
            state.rows[s] = []
            state.program[s] = []
        forfeits = [s for s in state.table.in_play if len(state.broken[s]) >= FORFEIT_BROKEN]
        for s in forfeits:
            state.status = replaced(state.status, s, FORFEITED)
            events.append(Event("forfeit", f"{{p{s}}} has {len(state.broken[s])} broken cards and forfeits.",
                                {"seat": s}))
        if forfeits:
            state.table = state.table.without(*forfeits)
            if self._last_standing(state, events, "forfeit"):
                return
        state.round += 1
        if state.round > MAX_ROUNDS:
            self._finish(state, (), f"the war was called off after {MAX_ROUNDS} rounds", events)
            return
        self.start_windup(state)
        if not state.pending:
            self._finish(state, (), "stalemate: no army in play holds an action card", events)

    # ---- one step -----------------------------------------------------------------

    def reveal(self, state: WarState, step: int, events: list[Event]) -> bool:
        """Resolve slot ``step`` of every row at once; True if a charger must now choose."""
        cards = self._read(state, step)
        taken, dealt = self._damage(state, cards)
        if cards.broken or cards.reloads:
            self._move_cards(state, step, cards)
        notes, pause = self._charge(state, cards) if cards.chargers else (None, False)
        self._record(state, step, cards, taken, dealt, notes, events)
        return pause

    def _read(self, state: WarState, step: int) -> _Step:
        """Turn up slot ``step`` of each row in play and work out what every card would do."""
        card_of, allowed = self.card, self.allowed
        army, active = state.army, state.active
        table = state.table
        in_play = table.in_play
        edition_2016 = state.edition == "2016"
        rows, program = state.rows, state.program
        cards = _Step()
        plays, incoming = cards.plays, cards.incoming
        for s in in_play:
            row = rows[s]
            face_down = program[s]
            if face_down:
                row.append(face_down.pop(0))
            notation = row[step] if step < len(row) else None
            if notation is None:
                plays.append((s, None))
                continue
            cards.any_card = True
            card = card_of[notation]
            plays.append((s, card))
            if card.colour not in allowed[army[s][active[s]]]:
                cards.illegal.append(s)
                continue
            effect = card.effect
            if effect == "attack":
                for side, spaces in card.hits:
                    target = table.left(s, spaces) if side == "L" else table.right(s, spaces)
                    incoming.setdefault(target, []).append((s, card.damage))
            elif effect == "alpha_strike":
                targets = in_play if edition_2016 else table.within(s, card.reach, include_self=True)
                for target in targets:
                    incoming.setdefault(target, []).append((s, card.damage))
            elif effect == "detonate":
                if any(c in self.set_bombs for c in state.discard[s]):
                    if edition_2016:
                        targets = [t for t in in_play if t != s]
                    else:
                        targets = table.within(s, card.reach, include_self=False)
                    for target in targets:
                        incoming.setdefault(target, []).append((s, card.damage))
            elif effect == "block":
                cards.blockers.add(s)
            elif effect == "block_retaliate":
                cards.blockers.add(s)
                cards.retaliators.append((s, card.damage))
            elif effect == "retaliate":
                cards.retaliators.append((s, card.damage))
            elif effect == "reload":
                cards.reloads.append(s)
            elif effect == "charge":
                cards.chargers.append(s)
        # An illegal card is a Block if anything of this step would damage its seat, else it breaks.
        for s in cards.illegal:
            if s in incoming:
                cards.blockers.add(s)
            else:
                cards.broken.append(s)
        return cards

    def _damage(self, state: WarState, cards: _Step) -> tuple[list[int], list[int]]:
        """Sum the step's damage, then take the hearts: (damage taken, damage dealt) per seat."""
        n = state.n
        taken = [0] * n
        dealt = [0] * n
        blockers, incoming = cards.blockers, cards.incoming
        for target, hits in incoming.items():
            if target in blockers:
                continue
            for source, amount in hits:
                taken[target] += amount
                dealt[source] += amount
                cards.hits.append((source, target, amount))
        for s, amount in cards.retaliators:
            # Only damage from action cards is retaliated, so retaliation never triggers more.
            for attacker in sorted({source for source, _ in incoming.get(s, ()) if source != s}):
                if attacker not in blockers:
                    taken[attacker] += amount
                    dealt[s] += amount
                    cards.hits.append((s, attacker, amount))
        hearts = state.hearts
        for s in state.table.in_play:
            if taken[s]:
                hearts[s] = max(0, hearts[s] - taken[s])
        return taken, dealt

    def _move_cards(self, state: WarState, step: int, cards: _Step) -> None:
        """Broken cards and Reloads: at once in 2017, marked for the round's end in 2016."""
        edition_2016 = state.edition == "2016"
        for s in cards.broken:
            if edition_2016:
                state.row_broken = replaced(state.row_broken, s, (*state.row_broken[s], step))
            else:
                state.broken[s].append(state.rows[s][step])
                state.rows[s][step] = None
        for s in cards.reloads:
            if edition_2016:
                state.reload_at = replaced(state.reload_at, s, step)
                continue
            row, hand, discard = state.rows[s], state.hands_seen[s], state.discard[s]
            for slot in range(step + 1):
                if row[slot] is not None:
                    hand.append(row[slot])
                    row[slot] = None
            hand.extend(discard)
            discard.clear()
            hand.sort(key=self.order.__getitem__)

    @staticmethod
    def _charge(state: WarState, cards: _Step) -> tuple[dict[int, str], bool]:
        """A lone legal Charge! succeeds and, with a discard pile to score from, pauses the war."""
        chargers = cards.chargers
        if len(chargers) != 1:
            return dict.fromkeys(chargers, "charges cancel"), False
        s = chargers[0]
        if not state.discard[s]:
            return {s: "charge succeeds, empty discard: no point"}, False
        state.charger = s
        state.phase = CHARGE
        state.pending = (s,)
        return {s: "charge succeeds"}, True

    def _record(self, state: WarState, step: int, cards: _Step, taken: list[int], dealt: list[int],
                notes: dict[int, str] | None, events: list[Event]) -> None:
        """Keep the step's reveal for the view and narrate it, unless no seat had a card.

        Kept as it is known now (the step, its cards, the units and hearts after the damage):
        the rows :func:`reveal_rows` reads from it are made only when someone reads them."""
        if not cards.any_card:
            return
        reveal = (state.round, step + 1, cards, notes, dealt, taken, state.hearts[:], state.active[:], state.army)
        state.reveals = (*state.reveals, reveal)
        events.append(DeferredEvent("reveal", self.narration.reveal, _reveal_data, reveal))

    def score(self, state: WarState, card: str, events: list[Event]) -> None:
        """The successful charger moves ``card`` from its discard pile to the centre: one point."""
        s = state.charger
        state.discard[s].remove(card)
        state.centre[s].append(card)
        state.charger = -1
        events.append(Event("point", f"{{p{s}}} charges and scores {self.card[card].name} "
                                     f"({len(state.centre[s])} point{'s' if len(state.centre[s]) > 1 else ''}).",
                            {"seat": s, "card": card, "points": len(state.centre[s])}))

    def finish_step(self, state: WarState, events: list[Event]) -> None:
        """After a step: a winning point ends the game; destroyed units are replaced; eliminations."""
        eliminated = []
        for s in state.table.in_play:
            if state.hearts[s] == 0:
                lost = self.unit[state.army[s][state.active[s]]].name
                state.active[s] += 1
                if state.active[s] >= ARMY:
                    eliminated.append(s)
                    events.append(Event("eliminated", f"{{p{s}}}'s {lost} is destroyed: {{p{s}}} is eliminated.",
                                        {"seat": s}))
                else:
                    nxt = self.unit[state.army[s][state.active[s]]]
                    state.hearts[s] = nxt.hearts
                    events.append(Event("destroyed", f"{{p{s}}}'s {lost} is destroyed; {nxt.name} takes over.",
                                        {"seat": s, "unit": nxt.id}))
        for s in state.table.in_play:
            if len(state.centre[s]) >= state.target:
                self._finish(state, (s,), f"scored {state.target} points", events)
                return
        if eliminated:
            for s in eliminated:
                state.status = replaced(state.status, s, ELIMINATED)
            state.table = state.table.without(*eliminated)
            self._last_standing(state, events, "elimination")

    def _last_standing(self, state: WarState, events: list[Event], how: str) -> bool:
        left = state.table.in_play
        if len(left) == 1:
            self._finish(state, left, "last army standing", events)
            return True
        if not left:
            self._finish(state, (), f"all remaining armies fell together ({how}): no champion", events)
            return True
        return False

    def _finish(self, state: WarState, winners: tuple[int, ...], reason: str, events: list[Event]) -> None:
        state.result = Outcome(tuple(winners), reason, scores=tuple(float(len(c)) for c in state.centre))
        state.phase = OVER
        state.pending = ()
        who = ", ".join(f"{{p{s}}}" for s in winners) or "nobody"
        events.append(Event("game_over", f"Champion: {who} ({reason}).", {"winners": list(winners)}))


