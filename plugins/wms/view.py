"""What each seat sees: public zones in full, the other hand and both decks as counts, its own hand sorted."""

from __future__ import annotations

from tabletop.plugin_api import derive
from tabletop_games.wms.combat import CC, RC, combat_value, play_stats
from tabletop_games.wms.state import CANCELS_PER_TURN, RECYCLE


class ViewRules:
    """The view (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

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
            view["hand"] = sorted(derive.zone_view(state, "hand", seat, owner=seat))
        return view
