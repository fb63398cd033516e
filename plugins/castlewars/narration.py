"""The words of Castle Wars' events, at the least cost to play that nobody reads.

The short lines of a turn (a take, a swap, an order, a placement) are made once per seat
and card when the game is made, and so are their events (``*_event``): an event is never
changed once made, so every game shares them; the long ones (a row turned face up, a clash, a strike)
are :class:`~tabletop.core.events.LazyEvent` texts made from the event's data only when
someone reads them: random play and search never do. Either way the text is the same
as it always was, so records of earlier games replay to the same events.
"""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.castlewars.battle import DEFEND
from tabletop_games.castlewars.cards import TOWER, CardRules


def article(name: str) -> str:
    return ("an " if name[0] in "AEIOU" else "a ") + name


def towers(count: int) -> str:
    """"1 Tower", "0 Towers", "2 Towers"."""
    return f"{count} Tower{'' if count == 1 else 's'}"


class Narration:
    """Event texts for one set of card data and up to ``seats`` seats."""

    def __init__(self, cards: CardRules, seats: int):
        self.names = cards.names
        self.a = {card: article(name) for card, name in cards.names.items()}
        everyone = range(seats)
        targets = (DEFEND, *everyone)
        self.take_event = [{card: Event("take", f"{{p{s}}} takes {self.a[card]}.", {"seat": s, "card": card})
                            for card in self.names} for s in everyone]
        self.swap_event = [self._swaps(s) for s in everyone]
        self.pass_event = [Event("pass", f"{{p{s}}} takes nothing and passes.", {"seat": s}) for s in everyone]
        self.stuck_event = [Event("pass", f"{{p{s}}} can take nothing and passes.", {"seat": s}) for s in everyone]
        self.order_event = [{t: self._order(s, t) for t in targets} for s in everyone]
        self.place_event = [self._places(s, cards) for s in everyone]
        self.ready_event = [Event("ready", f"{{p{s}}} has given battle orders.", {"seat": s}) for s in everyone]
        self.reveal_event = [{t: self._reveal(s, t) for t in targets} for s in everyone]

    def _swaps(self, s: int) -> dict:
        a = self.a
        return {(give, get): Event("swap", f"{{p{s}}} exchanges {a[give]} for {a[get]}.",
                                   {"seat": s, "give": give, "get": get})
                for give in self.names for get in self.names}

    @staticmethod
    def _order(s: int, t: int) -> Event:
        """Told to the seat alone until the battle turns it face up."""
        if t == DEFEND:
            return Event("order", f"{{p{s}}} will defend.", {"seat": s, "order": "defend"}, frozenset((s,)))
        return Event("order", f"{{p{s}}} will attack {{p{t}}}.", {"seat": s, "order": "attack", "target": t},
                     frozenset((s,)))

    def _places(self, s: int, cards: CardRules) -> dict:
        secret = frozenset((s,))
        return {(unit, position): Event("place", f"{{p{s}}} places {self.a[unit]} in position {position}.",
                                        {"seat": s, "unit": unit}, secret)
                for unit in cards.units for position in range(1, cards.hand_limit + 1)}

    @staticmethod
    def _reveal(s: int, t: int) -> Event:
        if t == DEFEND:
            return Event("reveal", f"{{p{s}}} defends.", {"seat": s, "target": None})
        return Event("reveal", f"{{p{s}}} attacks {{p{t}}}.", {"seat": s, "target": t})

    @staticmethod
    def round(data: dict) -> str:
        return f"Round {data['round']} begins; {{p{data['first']}}} drafts first."

    def face_up(self, data: dict) -> str:
        names = self.names
        shown = ", ".join(names[card] for card in data["row"]) or "nothing"
        return f"Draft turn {data['turn']}: face up {shown}."

    def clash(self, clash: dict) -> str:
        names = self.names
        (a, b), (ua, ub), lost = clash["seats"], clash["units"], clash["lost"]
        if len(lost) == 2:
            return f"{{p{a}}}'s {names[ua]} and {{p{b}}}'s {names[ub]} discard each other."
        if lost[0] == b:
            return f"{{p{a}}}'s {names[ua]} discards {{p{b}}}'s {names[ub]}."
        return f"{{p{b}}}'s {names[ub]} discards {{p{a}}}'s {names[ua]}."

    def strike(self, hit: dict) -> str:
        units = ", ".join(self.names[u] for u in hit["units"])
        return f"{{p{hit['seat']}}}'s {units} reach {{p{hit['target']}}} with {hit['power']} attack power."


def describe(cards: CardRules, state, seat: int, verb: str, args: tuple) -> str:
    """A few words on what a parsed action does, for a person choosing it."""
    names = cards.names
    if verb == "take":
        if args[0] == TOWER:
            return f"take a Tower (stops {cards.absorbs} attack power)"
        return f"take {article(names[args[0]])} (attack {cards.power[args[0]]})"
    if verb == "swap":
        return f"give up {article(names[args[0]])}, take {article(names[args[1]])}"
    if verb == "pass":
        return "take nothing this draft turn"
    if verb == "defend":
        return "hold your Units back to meet attackers"
    if verb == "attack":
        t = args[0]
        if 0 <= t < state.seats:
            return f"send your Units against seat {t + 1} ({state.hp[t]} hit points, {towers(len(state.towers[t]))})"
        return ""
    return f"{names[args[0]]} fights in position {len(state.line(seat)) + 1}"
