"""Playing a unit: what may be added to the play being made (equipment, psych, powers, squad, swarm, Disrupt, Change, Sacrifice), its finishes, and taking it back."""

from __future__ import annotations

from tabletop.plugin_api import Event
from tabletop_games.wms.combat import CC, RC, play_stats, squad_fits
from tabletop_games.wms.state import CANCELS_PER_TURN, from_hand

#: The verbs that finish the pending play.
FINISHES = frozenset(("done", "style", "tide"))


class PlayRules:
    """Composing the pending play (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

    def _pending_actions(self, state, seat, play, *, may_yield):
        out = self._compose_actions(state, seat, play)
        if state.cancels < CANCELS_PER_TURN:
            out.append("cancel")
        if may_yield:
            out.append("yield")
        out.append("retreat")
        return out

    def _compose_actions(self, state, seat, play, *, finishing=None):
        """What may be added to the pending play, and the finishes it reaches (no cancel, yield,
        retreat); ``finishing`` True: only the finishes, False: only the additions (no sacrifice)."""
        mods = self._mods(state, seat, play)
        keywords = play_stats(play, self.cards)[4] | mods[seat].grants
        if finishing:
            return self._finishes(state, seat, play, mods, keywords)
        additions = self._additions(state, seat, play, mods, keywords, sacrifice=finishing is None)
        if finishing is None:
            additions += self._finishes(state, seat, play, mods, keywords)
        return additions

    def _psych_left(self, play):
        stats = play_stats(play, self.cards)
        return stats[5] - play.psy_cc - play.psy_rc - len(play.powers)

    def _additions(self, state, seat, play, mods, keywords, *, sacrifice):
        cards = self.cards
        other = 1 - seat
        hand = dict.fromkeys(state.hand[seat])
        out = []
        last = cards[play.units[-1]]
        if last.type == "unit" and len(play.gear[-1]) < (2 if "monster" in last.keywords else 1):
            for c in hand:
                item = cards[c]
                if item.type == "equipment" and (not item.only or item.only & last.keywords):
                    out.append(f"equip {c}")
        if self._psych_left(play) > 0:
            out.append("psych cc")
            out.append("psych rc")
            psychs = [cards[u].keywords for u in play.units if cards[u].psych]
            for c in hand:
                item = cards[c]
                if item.type == "power" and (not item.only or any(item.only & k for k in psychs)):
                    out.append(f"power {c}")
        leader = cards[play.units[0]]
        if leader.squad:
            members = [cards[u] for u in play.units[1:] if cards[u].type == "unit"]
            for c in hand:
                if cards[c].type == "unit" and squad_fits(leader.squad, members + [cards[c]]):
                    out.append(f"squad {c}")
        if "swarm" in leader.keywords and state.tokens[seat] > 0:
            swarmed = sum(1 for u in play.units if cards[u].type == "token")
            if swarmed < state.wounds[seat]:
                out.append("swarm")
        theirs = state.battle[other][-1] if state.battle[other] else None
        if "disrupt" in keywords and play.disrupt is None and theirs is not None:
            their_keywords = self._keywords(theirs, mods[other])
            out.extend(f"disrupt {k}" for k in sorted(their_keywords) if k != "squad")
        if "change" in keywords and play.top is None:
            stack = state.command[seat]
            out.extend(f"top {c}" for c in dict.fromkeys(stack[:-1]) if c != stack[-1])
        if sacrifice and play.sacrifice is None:
            out.extend(f"sacrifice {c}" for c in hand)
        return out

    def _finishes(self, state, seat, play, mods, keywords):
        out = []
        if self._opening(state):
            out.append("style cc")
            out.append("style rc")
        else:
            style = state.style
            if self._reaches(state, seat, play, style, mods):
                out.append("done")
            if "tide" in keywords or mods[seat].tide:   # as can_turn_tide, with mods at hand
                turned = RC if style == CC else CC
                if self._reaches(state, seat, play, turned, mods):
                    out.append(f"tide {turned}")
        return out

    def _pending_step(self, state, seat, verb, arg):
        play = state.pending = state.pending.clone()   # copies of the state share the old one
        field = state.field[seat]
        if verb == "equip":
            from_hand(state, seat, arg)
            field.append(arg)
            play.gear[-1].append(arg)
        elif verb == "power":
            from_hand(state, seat, arg)
            field.append(arg)
            play.powers.append(arg)
        elif verb == "psych":
            if arg == CC:
                play.psy_cc += 1
            else:
                play.psy_rc += 1
        elif verb == "squad":
            from_hand(state, seat, arg)
            field.append(arg)
            play.units.append(arg)
            play.gear.append([])
        elif verb == "swarm":
            state.tokens[seat] -= 1
            token = self.rules.decks[state.decks[seat]].swarm_token
            field.append(token)
            play.units.append(token)
            play.gear.append([])
        elif verb == "disrupt":
            play.disrupt = arg
        elif verb == "top":
            play.top = arg
        elif verb == "sacrifice":
            from_hand(state, seat, arg)
            field.append(arg)
            play.sacrifice = arg
        elif verb in ("cancel", "yield", "retreat"):
            self._cancel(state, seat, play)
            events = [Event("cancel", f"{{p{seat}}} takes back the play of {self.cards[play.units[0]].name}.",
                            {"seat": seat})]
            if verb == "cancel":
                state.cancels += 1
                return events
            return events + self._fight_step(state, seat, verb, None)
        else:
            return self._commit(state, seat, play, verb, arg)
        play.stats = None
        play.stats = play_stats(play, self.cards)   # kept with the play: read several times a decision
        return []

    def _cancel(self, state, seat, play):
        cards = self.cards
        hand = state.hand[seat]
        first, *rest = play.units
        (hand if play.source == "hand" else state.reserves[seat]).append(first)
        for unit in rest:
            if cards[unit].type == "token":
                state.tokens[seat] += 1
            else:
                hand.append(unit)
        for gear in play.gear:
            hand.extend(gear)
        hand.extend(play.powers)
        if play.sacrifice is not None:
            hand.append(play.sacrifice)
        # the play's cards were the last ones laid on the battlefield
        laid = len(play.units) + sum(map(len, play.gear)) + len(play.powers) + (play.sacrifice is not None)
        del state.field[seat][-laid:]
        state.pending = None
