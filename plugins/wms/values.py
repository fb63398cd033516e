"""Combat values on the table: each side's mods (commander, top lingering command card), keywords after Disrupt, and comparisons."""

from __future__ import annotations

from tabletop_games.wms.combat import Play, combat_value, play_stats, side_mods


class CombatValues:
    """Values of plays in a given state (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

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

    def _new_play(self, unit, source):
        """A play of ``unit`` alone, its stats already known (one table per card)."""
        play = Play(unit, source)
        stats = self._unit_stats.get(unit)
        if stats is None:
            stats = self._unit_stats[unit] = play_stats(play, self.cards)
        play.stats = stats
        return play

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
