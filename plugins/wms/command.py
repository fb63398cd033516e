"""Command cards: the active player may put one on his command stack before his first
unit of a fight; immediate effects (heal, draw) happen at once, lingering ones count while
the card is on top of the stack (see ``values``)."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.cards import MAX_WOUNDS
from tabletop_games.wms.state import from_hand


class CommandRules:
    """Playing a command card (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

    def _may_command(self, state, seat):
        return seat == state.active and not state.commanded and not state.battle[0] and not state.battle[1]

    def _command_step(self, state, seat, arg):
        cards = self.cards
        events = []
        card = cards[arg]
        from_hand(state, seat, arg)
        state.command[seat].append(arg)
        state.commanded = True
        said = f": {card.text.rstrip('.')}" if card.text else ""
        events.append(Event("command", f"{{p{seat}}} plays the {card.timing} command card {card.name}{said}.",
                            {"seat": seat, "card": arg}))
        for effect in card.effects:
            if effect.kind == "heal":
                healed = min(MAX_WOUNDS, state.wounds[seat] + effect.amount)
                state.wounds[seat] = healed
                events.append(Event("heal", f"{{p{seat}}}'s commander has {healed} wounds.",
                                    {"seat": seat, "wounds": healed}))
            elif effect.kind == "draw":
                if not self._draw(state, seat, effect.amount, events):
                    return events
        return events
