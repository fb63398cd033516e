"""Repair: after a fight, Vehicle units (not Unique) may be recycled from the battlefield into the hand."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.state import FIGHT


class RepairRules:
    """The recycle phase (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

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
            state.field[seat].remove(arg)
            state.hand[seat].append(arg)
            state.reveal(arg)   # it went into the hand face up (RULES.md, "Hidden information")
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
