"""A fight: the first unit or a yield or retreat, committing a play, the loss of a wound, clearing the battlefield."""

from __future__ import annotations

from tabletop.plugin_api import Event, Outcome
from tabletop_games.wms.combat import play_stats
from tabletop_games.wms.state import HAND_SIZE, OVER, RECYCLE, card_names, from_hand


class FightRules:
    """Turns of a fight and its end (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

    def _fight_actions(self, state, seat, *, may_yield):
        cards = self.cards
        hand = dict.fromkeys(state.hand[seat])
        out = []
        if self._may_command(state, seat):
            out = [f"command {c}" for c in hand if cards[c].type == "command"]
        out.extend(f"play {c}" for c in hand if cards[c].type == "unit")
        out.extend(f"arrive {c}" for c in dict.fromkeys(state.reserves[seat]))
        if may_yield:
            out.append("yield")
        out.append("retreat")
        return out

    def _opening(self, state):
        return not state.battle[0] and not state.battle[1]

    def _fight_step(self, state, seat, verb, arg):
        cards = self.cards
        events = []
        if verb == "command":
            return self._command_step(state, seat, arg)
        if verb == "yield":
            events.append(Event("yield", f"{{p{seat}}} cannot play a unit that equals or beats the current "
                                "combat value and loses the fight.", {"seat": seat}))
            self._end_fight(state, seat, events)
            return events
        if verb == "retreat":
            hand = state.hand[seat]
            events.append(Event("retreat", f"{{p{seat}}} makes a tactical retreat, discarding {len(hand)} "
                                f"cards: {card_names(cards, hand) or 'none'}.", {"seat": seat, "cards": list(hand)}))
            state.graveyard[seat].extend(hand)
            state.hand[seat] = []
            state.forget(hand)
            if not self._draw(state, seat, HAND_SIZE, events):
                return events
            self._end_fight(state, seat, events)
            return events
        source = "hand" if verb == "play" else "reserves"
        if verb == "play":
            from_hand(state, seat, arg)
        else:
            state.reserves[seat].remove(arg)
        state.field[seat].append(arg)
        state.pending = self._new_play(arg, source)
        return events

    def _commit(self, state, seat, play, verb, arg):
        cards = self.cards
        other = 1 - seat
        events = []
        if verb == "style":
            state.style = arg
        elif verb == "tide":
            state.style = arg
            events.append(Event("tide", f"{{p{seat}}} turns the tide: the fight continues in {arg.upper()}.",
                                {"seat": seat, "style": arg}))
        style = state.style
        mods = self._mods(state, seat, play)
        mine, theirs = self.compare(state, seat, play, style, mods)
        if play.disrupt is not None:
            top = state.battle[other][-1].clone()
            top.removed = top.removed | {play.disrupt}
            state.battle[other][-1] = top
            events.append(Event("disrupt", f"{{p{seat}}} disrupts: {{p{other}}}'s {cards[top.units[0]].name} "
                                f"loses {play.disrupt}.", {"seat": seat, "keyword": play.disrupt}))
        if play.top is not None:
            stack = state.command[seat]
            stack.remove(play.top)
            stack.append(play.top)
            events.append(Event("change", f"{{p{seat}}} puts {cards[play.top].name} on top of the command stack.",
                                {"seat": seat, "card": play.top}))
        if play.sacrifice is not None:
            state.field[seat].remove(play.sacrifice)
            state.graveyard[seat].append(play.sacrifice)
            events.append(Event("sacrifice", f"{{p{seat}}} sacrifices {cards[play.sacrifice].name}.",
                                {"seat": seat, "card": play.sacrifice}))
        play.sacrifice = None
        play.disrupt = None
        play.top = None
        play.stats = play_stats(play, cards)
        state.battle[seat].append(play)
        state.pending = None
        state.cancels = 0
        what = self._play_text(play)
        arrive = " arriving from Reserves" if play.source == "reserves" else ""
        beat = "" if theirs is None or not state.battle[other] else f" against {theirs}"
        events.append(Event("play", f"{{p{seat}}} plays {what}{arrive}: {mine} {style.upper()}{beat}.",
                            {"seat": seat, "units": list(play.units), "value": mine, "style": style}))
        if not self._refill(state, seat, events):
            return events
        state.turn = other
        return events

    def _play_text(self, play):
        cards = self.cards
        parts = []
        for unit, gear in zip(play.units, play.gear, strict=False):
            parts.append(cards[unit].name + "".join(f" + {cards[g].name}" for g in gear))
        text = " with ".join([parts[0], ", ".join(parts[1:])]) if len(parts) > 1 else parts[0]
        extras = [cards[p].name for p in play.powers]
        if play.psy_cc:
            extras.append(f"+{play.psy_cc} CC psych")
        if play.psy_rc:
            extras.append(f"+{play.psy_rc} RC psych")
        return text + (f" ({', '.join(extras)})" if extras else "")

    def _end_fight(self, state, loser, events):
        cards = self.cards
        winner = 1 - loser
        state.pending = None
        mods = self._mods(state)
        support = state.battle[loser][:-1]
        guarded = any("guard" in self._keywords(p, mods[loser]) for p in support)
        if guarded:
            events.append(Event("guard", f"{{p{winner}}} wins the fight; a Guard card in {{p{loser}}}'s support "
                                "zone keeps the commander from losing a wound.", {"winner": winner, "loser": loser}))
        else:
            state.wounds[loser] -= 1
            left = state.wounds[loser]
            events.append(Event("wound", f"{{p{winner}}} wins the fight; {{p{loser}}}'s commander "
                                f"{cards[state.commander[loser]].name} loses a wound ({left} left).",
                                {"winner": winner, "loser": loser, "wounds": left}))
            if left <= 0:
                self._finish(state, winner, f"{cards[state.commander[loser]].name} lost its last wound", events)
                return
        state.last_fight = {"fight": state.fights, "winner": winner, "loser": loser, "wound": not guarded}
        for seat in (0, 1):
            state.recycle_left[seat] = sum(1 for p in state.battle[seat][:-1]
                                           if "repair" in self._keywords(p, mods[seat]))
        order = (state.active, 1 - state.active)
        state.recycle_queue = [s for s in order if state.recycle_left[s] and self._recyclable(state, s)]
        if state.recycle_queue:
            state.phase = RECYCLE
            return
        self._clear_fight(state, events)

    def _clear_fight(self, state, events):
        cards = self.cards
        for seat in (0, 1):
            grave = state.graveyard[seat]
            for play in state.battle[seat]:
                for i, unit in enumerate(play.units):
                    if cards[unit].type == "token":
                        state.tokens[seat] += 1
                    elif i not in play.recycled:
                        grave.append(unit)
                for gear in play.gear:
                    grave.extend(gear)
                grave.extend(play.powers)
            state.battle[seat] = []
            state.field[seat].clear()
        state.style = None
        state.commanded = False
        state.cancels = 0
        state.active = 1 - state.active
        state.turn = state.active
        state.fights += 1
        events.append(Event("fight", f"Fight {state.fights}: {{p{state.active}}} is the active player.",
                            {"fight": state.fights, "active": state.active}))

    def _finish(self, state, winner, reason, events):
        state.phase = OVER
        state.pending = None
        state.result = Outcome((winner,), reason, scores=tuple(float(w) for w in state.wounds))
        events.append(Event("end", f"{{p{winner}}} wins the game: {reason}.", {"winner": winner}))
