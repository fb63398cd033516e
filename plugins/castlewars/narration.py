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


class Narration:
    """Event texts for one set of card data and up to ``seats`` seats."""

    def __init__(self, cards: CardRules, seats: int):
        names = self.names = cards.names
        a = {card: article(name) for card, name in names.items()}
        everyone = range(seats)
        self.take = [{card: f"{{p{s}}} takes {a[card]}." for card in names} for s in everyone]
        self.swap = [{(give, get): f"{{p{s}}} exchanges {a[give]} for {a[get]}."
                      for give in names for get in names} for s in everyone]
        self.passes = [f"{{p{s}}} takes nothing and passes." for s in everyone]
        self.stuck = [f"{{p{s}}} can take nothing and passes." for s in everyone]
        self.order = [{t: f"{{p{s}}} will defend." if t == DEFEND else f"{{p{s}}} will attack {{p{t}}}."
                       for t in (DEFEND, *everyone)} for s in everyone]
        self.reveal = [{t: f"{{p{s}}} defends." if t == DEFEND else f"{{p{s}}} attacks {{p{t}}}."
                        for t in (DEFEND, *everyone)} for s in everyone]
        self.place = [{(unit, position): f"{{p{s}}} places {a[unit]} in position {position}."
                       for unit in cards.units for position in range(1, cards.hand_limit + 1)}
                      for s in everyone]
        self.ready = [f"{{p{s}}} has given battle orders." for s in everyone]
        self.take_event = [{card: Event("take", self.take[s][card], {"seat": s, "card": card}) for card in names}
                           for s in everyone]
        self.swap_event = [{(give, get): Event("swap", text, {"seat": s, "give": give, "get": get})
                            for (give, get), text in self.swap[s].items()} for s in everyone]
        self.pass_event = [Event("pass", self.passes[s], {"seat": s}) for s in everyone]
        self.stuck_event = [Event("pass", self.stuck[s], {"seat": s}) for s in everyone]
        secret = [frozenset((s,)) for s in everyone]
        self.order_event = [{t: Event("order", text, {"seat": s, "order": "defend"} if t == DEFEND
                                      else {"seat": s, "order": "attack", "target": t}, secret[s])
                             for t, text in self.order[s].items()} for s in everyone]
        self.place_event = [{(unit, position): Event("place", text, {"seat": s, "unit": unit}, secret[s])
                             for (unit, position), text in self.place[s].items()} for s in everyone]
        self.ready_event = [Event("ready", self.ready[s], {"seat": s}) for s in everyone]
        self.reveal_event = [{t: Event("reveal", text, {"seat": s, "target": None if t == DEFEND else t})
                              for t, text in self.reveal[s].items()} for s in everyone]

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
            return f"send your Units against seat {t + 1} ({state.hp[t]} hit points, {len(state.towers[t])} Towers)"
        return ""
    return f"{names[args[0]]} fights in position {len(state.line(seat)) + 1}"
