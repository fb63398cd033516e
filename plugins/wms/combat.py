"""Combat values: what a play on the battlefield stack is worth in CC or RC against another.

Kept apart from game.py so the rules of comparison (keywords, command effects, minimum 0)
live in one small place that the bot can also call on a sampled state.
"""

from __future__ import annotations

from tabletop_games.wms.cards import Card, CardRules

CC, RC = "cc", "rc"
STYLES = (CC, RC)
NO_KEYWORDS: frozenset[str] = frozenset()


class Play:
    """One unit card played on a battlefield stack, with everything played together with it.

    ``units[0]`` is the played card; later entries are squad members and swarm tokens, each
    with its equipment in ``gear``. A play on a stack is never changed in place (a copied
    state shares it); Disrupt and recycling replace it with an edited copy. The pending play
    (being composed) also carries its Sacrifice, Disrupt and Change choices.
    """

    __slots__ = ("units", "gear", "powers", "psy_cc", "psy_rc", "source", "removed", "recycled",
                 "sacrifice", "disrupt", "top", "stats")

    def __init__(self, unit: str, source: str):
        self.units = [unit]
        self.gear: list[list[str]] = [[]]
        self.powers: list[str] = []
        self.psy_cc = 0
        self.psy_rc = 0
        self.source = source
        self.removed: frozenset[str] = NO_KEYWORDS
        self.recycled: tuple[int, ...] = ()
        self.sacrifice: str | None = None
        self.disrupt: str | None = None
        self.top: str | None = None
        self.stats: tuple | None = None

    def clone(self) -> Play:
        new = Play.__new__(Play)
        new.units = self.units[:]
        new.gear = [g[:] for g in self.gear]
        new.powers = self.powers[:]
        new.psy_cc = self.psy_cc
        new.psy_rc = self.psy_rc
        new.source = self.source
        new.removed = self.removed
        new.recycled = self.recycled
        new.sacrifice = self.sacrifice
        new.disrupt = self.disrupt
        new.top = self.top
        new.stats = self.stats
        return new

    def cards(self) -> list[str]:
        """Every card of the play (tokens included), recycled units excepted."""
        out = [u for i, u in enumerate(self.units) if i not in self.recycled]
        for gear in self.gear:
            out.extend(gear)
        out.extend(self.powers)
        return out


def play_stats(play: Play, cards: dict[str, Card]) -> tuple:
    """(cc, rc, token cc, token rc, keywords, psych points) before any comparison."""
    if play.stats is not None:
        return play.stats
    cc = rc = tcc = trc = psych = 0
    keywords: set[str] = set()
    for unit, gear in zip(play.units, play.gear, strict=False):
        card = cards[unit]
        if card.type == "token":
            tcc += card.cc
            trc += card.rc
        else:
            cc += card.cc
            rc += card.rc
            psych += card.psych
        keywords |= card.keywords
        for item in gear:
            extra = cards[item]
            cc += extra.cc
            rc += extra.rc
            keywords |= extra.keywords
    for power in play.powers:
        extra = cards[power]
        cc += extra.cc
        rc += extra.rc
        keywords |= extra.keywords
    return (cc + play.psy_cc, rc + play.psy_rc, tcc, trc, frozenset(keywords), psych)


class Mods:
    """What commanders and the top command cards give one side: bonuses, keywords, tide."""

    __slots__ = ("cc", "rc", "grants", "tide")

    def __init__(self):
        self.cc = 0
        self.rc = 0
        self.grants: frozenset[str] = NO_KEYWORDS
        self.tide = False


def side_mods(rules: CardRules, commanders, tops) -> tuple[Mods, Mods]:
    """Mods of both seats from each commander's ability and each top lingering command card."""
    mods = (Mods(), Mods())
    cards = rules.cards
    for seat in (0, 1):
        sources = []
        if commanders[seat] is not None:
            sources.append(cards[commanders[seat]])
        top = tops[seat]
        if top is not None and cards[top].timing == "lingering":
            sources.append(cards[top])
        for card in sources:
            for effect in card.effects:
                target = mods[seat if effect.side == "own" else 1 - seat]
                if effect.kind == "bonus":
                    if effect.style != RC:
                        target.cc += effect.amount
                    if effect.style != CC:
                        target.rc += effect.amount
                elif effect.kind == "grant":
                    target.grants = target.grants | {effect.keyword}
                elif effect.kind == "tide":
                    target.tide = True
    return mods


def combat_value(stats: tuple, keywords: frozenset[str], style: str, mods: Mods,
                 against: frozenset[str] | None, *, fury: bool) -> int:
    """A play's value in ``style`` fighting against a card with keywords ``against``.

    ``against`` is None when nothing fights against it (the opening card). Each distinct
    keyword counts once; penalties add up; the result is never below 0.
    """
    cc, rc, tcc, trc = stats[0], stats[1], stats[2], stats[3]
    if against is None or "blast" not in against:
        cc += tcc
        rc += trc
    if style == CC:
        value = cc + mods.cc
        if fury and "fury" in keywords:
            value += 1
        if against is not None and "enfeeble" in against:
            value -= 1
    else:
        value = rc + mods.rc
        if against is not None:
            if "sniper" in keywords and "character" in against:
                value += 1
            if "stealth" in against:
                value -= 1
    if against is not None:
        if "fear" in against and "fearless" not in keywords:
            value -= 1
        if "fly" in against and "aa" not in keywords and "fly" not in keywords:
            value -= 1
    return value if value > 0 else 0


def squad_fits(alternatives, members: list[Card]) -> bool:
    """True if the members can fill distinct slots of one of the Squad(...) alternatives."""
    for slots in alternatives:
        if len(members) <= len(slots) and _assign(slots, members, 0, [False] * len(slots)):
            return True
    return False


def _assign(slots, members, index, used) -> bool:
    if index == len(members):
        return True
    keywords = members[index].keywords
    for i, slot in enumerate(slots):
        if not used[i] and ("unit" in slot or slot & keywords):
            used[i] = True
            if _assign(slots, members, index + 1, used):
                return True
            used[i] = False
    return False
