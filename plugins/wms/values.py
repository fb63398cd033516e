"""CC & RC: what a play is worth in a combat style, fighting against another.

The rulebook's "CC & RC", the command abilities of "Commanders", the lingering "Command cards"
on top of a stack, the keywords that change values (AA, Blast, Enfeeble, Fear, Fearless, Fly,
Fury, Sniper, Stealth) and "Minimum combat values" meet here, in one place that the rules,
the views and the bots all ask (RULES.md, "Keywords" and "Command cards").
"""

from __future__ import annotations

from tabletop_games.wms.cards import Card
from tabletop_games.wms.state import NO_KEYWORDS, Play

CC, RC = "cc", "rc"
STYLES = (CC, RC)


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


def side_mods(cards: dict[str, Card], commanders, tops) -> tuple[Mods, Mods]:
    """Mods of both seats from each commander's ability and each top lingering command card."""
    mods = (Mods(), Mods())
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


class Values:
    """Combat values on the table, for one game's cards: each side's mods (commander, top
    lingering command card), keywords after Disrupt, comparisons. Its tables (mods per
    commanders and stack tops, a lone unit's stats) make the many questions a decision asks cheap."""

    __slots__ = ("cards", "_mods", "_unit_stats")

    def __init__(self, cards: dict[str, Card]):
        self.cards = cards
        self._mods: dict[tuple, tuple[Mods, Mods]] = {}   # (commanders, command stack tops) -> side mods
        self._unit_stats: dict[str, tuple] = {}           # card -> play_stats of a play of it alone

    def mods(self, state, seat=None, play=None):
        """Both sides' mods; a pending Change (``play.top``) counts as already done."""
        command = state.command
        tops = [command[0][-1] if command[0] else None, command[1][-1] if command[1] else None]
        if play is not None and play.top is not None:
            tops[seat] = play.top
        key = (state.commander[0], state.commander[1], tops[0], tops[1])
        mods = self._mods.get(key)
        if mods is None:
            mods = self._mods[key] = side_mods(self.cards, state.commander, tops)
        return mods

    def new_play(self, unit, source):
        """A play of ``unit`` alone, its stats already known (one table per card)."""
        play = Play(unit, source)
        stats = self._unit_stats.get(unit)
        if stats is None:
            stats = self._unit_stats[unit] = play_stats(play, self.cards)
        play.stats = stats
        return play

    def keywords(self, play, mods, disrupted=None):
        """The play's keywords with its side's grants, less those Disrupt took."""
        keywords = (play_stats(play, self.cards)[4] | mods.grants) - play.removed
        if disrupted is not None:
            keywords = keywords - {disrupted}
        return keywords

    def unit_keywords(self, play, index, grants):
        """The keywords unit ``index`` of the play has when a restriction asks (equipment, power
        card, Squad slot, Repair): printed, its own equipment's ("The unit card is considered to
        have all keywords on the equipment card"), for a Psych unit the play's power cards'
        (played with it "just like an equipment card"), and its side's command ``grants``, less
        those Disrupt took (RULES.md, "Gained keywords")."""
        cards = self.cards
        card = cards[play.units[index]]
        keywords = card.keywords | grants
        for item in play.gear[index]:
            keywords = keywords | cards[item].keywords
        if card.psych:
            for item in play.powers:
                keywords = keywords | cards[item].keywords
        return keywords - play.removed if play.removed else keywords

    def compare(self, state, seat, play, style, mods=None):
        """(value of ``play`` by ``seat``, value of the opposing top card) in ``style``.

        The new play gets its Fury bonus; the card it answers does not (RULES.md, Fury).
        """
        cards = self.cards
        other = 1 - seat
        if mods is None:
            mods = self.mods(state, seat, play)
        stats = play_stats(play, cards)
        mine_kw = stats[4] | mods[seat].grants
        theirs = state.battle[other][-1] if state.battle[other] else None
        if theirs is None:
            return combat_value(stats, mine_kw, style, mods[seat], None, fury=True), 0
        their_kw = self.keywords(theirs, mods[other], play.disrupt)
        mine = combat_value(stats, mine_kw, style, mods[seat], their_kw, fury=True)
        their_stats = play_stats(theirs, cards)
        value = combat_value(their_stats, their_kw, style, mods[other], mine_kw, fury=False)
        return mine, value

    def reaches(self, state, seat, play, style, mods):
        """Whether the play equals or beats the card it answers in ``style``."""
        mine, theirs = self.compare(state, seat, play, style, mods)
        return mine >= theirs

    def can_turn_tide(self, state, seat, play):
        """True if this play (its keywords, or a lingering effect) lets ``seat`` turn the tide."""
        mods = self.mods(state, seat, play)[seat]
        return "tide" in self.keywords(play, mods) or mods.tide

    def current_value(self, state):
        """The value to equal or beat now: (seat whose card set it, value) or None."""
        if state.style is None:
            return None
        for seat in (state.turn, 1 - state.turn):
            if state.battle[1 - seat]:
                return 1 - seat, self.value_to_beat(state, 1 - seat)
        return None

    def value_to_beat(self, state, setter):
        """The value of ``setter``'s top card fighting against the other's top card, without
        Fury (RULES.md, "current combat value"); None before a style or a card."""
        stack = state.battle[setter]
        if state.style is None or not stack:
            return None
        mods = self.mods(state)
        answer = state.battle[1 - setter][-1] if state.battle[1 - setter] else None
        against = None if answer is None else self.keywords(answer, mods[1 - setter])
        top = stack[-1]
        return combat_value(play_stats(top, self.cards), self.keywords(top, mods[setter]),
                            state.style, mods[setter], against, fury=False)
