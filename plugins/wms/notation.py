"""Action notation: parsing, the texts that describe actions, and the sentence that says why an action is refused."""

from __future__ import annotations

from tabletop.plugin_api import InvalidAction
from tabletop_games.wms.cards import MAX_RESERVES
from tabletop_games.wms.combat import STYLES
from tabletop_games.wms.state import CANCELS_PER_TURN, FIGHT, OVER, RECYCLE, SETUP

ARG_VERBS = frozenset(("commander", "reserve", "command", "play", "arrive", "equip", "power", "squad",
                       "disrupt", "top", "sacrifice", "recycle", "psych", "style", "tide"))
BARE_VERBS = frozenset(("done", "swarm", "cancel", "yield", "retreat"))
#: Parsed texts kept (every action of the card list fits many times over; odd spellings too).
PARSED_MAX = 20000

class Notation:
    """Parsing and describing actions (a mixin of :class:`~tabletop_games.wms.game.Wms`)."""

    def _parse(self, seat, action):
        parsed = self._parsed.get(action) if type(action) is str else None
        if parsed is None:
            parsed = self._read(seat, action)
            if len(self._parsed) < PARSED_MAX:
                self._parsed[action] = parsed
        return parsed

    def _read(self, seat, action):
        parts = action.split() if isinstance(action, str) else []
        verb = parts[0].lower() if parts else ""
        if verb in BARE_VERBS and len(parts) == 1:
            return verb, None
        if verb in ARG_VERBS and len(parts) == 2:
            arg = parts[1].lower()
            if verb in ("psych", "style", "tide"):
                if arg in STYLES:
                    return verb, arg
            elif verb == "disrupt" or arg in self.cards:
                return verb, arg
        raise InvalidAction(
            f"'{action}' is not WMS notation: write e.g. 'play captain', 'equip power-axe', "
            "'style cc', 'done', 'tide rc', 'yield' or 'retreat' (card names as in the card list).",
            seat=seat, action=action,
        )

    def describe_action(self, state, seat, action):
        try:
            verb, arg = self._parse(seat, action)
        except InvalidAction:
            return ""
        cards = self.cards
        card = cards.get(arg) if arg else None
        if verb == "commander" and card is not None:
            # "All other information on your commander card is ignored during the game."
            return f"{card.name}. {card.text or 'No command ability.'} (As commander, nothing else on the card counts.)"
        if verb in ("play", "arrive", "squad", "reserve", "recycle") and card is not None:
            text = f"{card.name}: {card.cc} CC / {card.rc} RC"
            keywords = sorted(card.keywords - {"psych", "squad"})
            if card.psych:
                keywords.append(f"psych({card.psych})")
            if card.squad:
                keywords.append(f"squad({card.squad_text})")
            if keywords:
                text += " " + ", ".join(keywords)
            return text
        if verb in ("equip", "power") and card is not None:
            bonus = [f"{v:+d} {s}" for v, s in ((card.cc, "CC"), (card.rc, "RC")) if v]
            bonus += sorted(card.keywords)
            return f"{card.name}: {', '.join(bonus) or 'no bonus'}" + (f" ({card.text})" if card.text else "")
        if verb == "command" and card is not None:
            return f"{card.name} ({card.timing}): {card.text}"
        if verb in ("done", "style", "tide") and state.phase == FIGHT and state.pending is not None:
            style = arg or state.style
            mine, theirs = self.compare(state, seat, state.pending, style)
            return f"finish at {mine} {style.upper()}" + ("" if self._opening(state) else f" against {theirs}")
        return {
            "psych": "spend 1 power point for +1", "swarm": "add a Swarm token to the squad",
            "disrupt": "the card you fight against loses this keyword", "top": "put on top of your command stack",
            "sacrifice": "to the graveyard before your draw step",
            "cancel": f"take the whole play back ({CANCELS_PER_TURN - state.cancels} of {CANCELS_PER_TURN} left)",
            "yield": "no unit you could play equals or beats: lose this fight", "retreat": "lose this fight, discard your hand, draw 5",
            "done": "finished",
        }.get(verb, "")

    def _give_up(self, state, seat):
        """The ways out of a fight the rules allow now: 'yield' only when no play would be accepted."""
        return "'yield' or 'retreat'" if self.may_yield(state, seat) else "make a tactical retreat with 'retreat'"

    def _why_not(self, state, seat, verb, arg):
        cards = self.cards
        if state.phase == OVER:
            return "The game is over."
        if seat not in self.to_act(state):
            return f"It is not seat {seat + 1}'s turn."
        name = cards[arg].name if arg in cards else arg
        if state.phase == SETUP:
            if state.commander[seat] is None:
                return "First choose your commander: 'commander <card>' with a Commander unit of your deck."
            if verb == "reserve" and len(state.reserves[seat]) >= MAX_RESERVES:
                return f"You may choose at most {MAX_RESERVES} Reserves."
            return "Choose Reserves with 'reserve <card>' (a card with the Reserves keyword) or say 'done'."
        if state.phase == RECYCLE:
            return "Recycle a Vehicle unit (not Unique) from your battlefield stack with 'recycle <card>', or 'done'."
        if verb == "yield":
            found = self.acceptable_play(state, seat)
            if found is not None:
                return (f"You may yield only when no unit you could play equals or beats, and you can "
                        f"({', then '.join(found)}): play a unit, or make a tactical retreat with 'retreat'.")
        if state.pending is None:
            if verb == "command":
                if not self._may_command(state, seat):
                    return "Only the active player plays a command card, once, before his first unit of the fight."
                return f"You have no command card {name} in hand."
            if verb == "play":
                if arg in state.hand[seat]:
                    kind = "equipment" if cards[arg].type == "equipment" else f"a {cards[arg].type} card"
                    return f"{name} is {kind}, not a unit: play a unit first ('play <card>')."
                return f"You have no unit {name} in hand."
            if verb == "arrive":
                return f"{name} is not in your Reserves zone."
            return f"Play a unit first ('play <card>' or 'arrive <card>'), or {self._give_up(state, seat)}."
        play = state.pending
        if verb in ("play", "arrive", "command"):
            return "Finish or cancel the play you are making first."
        if verb == "cancel":
            return (f"You may take back at most {CANCELS_PER_TURN} plays in one turn: finish this one, "
                    f"or {self._give_up(state, seat)}.")
        if verb == "equip":
            last = cards[play.units[-1]]
            if arg not in state.hand[seat] or cards[arg].type != "equipment":
                return f"You have no equipment {name} in hand."
            if last.type == "token":
                return "Token cards cannot be played with equipment."
            if cards[arg].only and not cards[arg].only & last.keywords:
                only = " or ".join(k.capitalize() for k in sorted(cards[arg].only))
                return f"{name} is {only} only; {last.name} is not."
            return f"{last.name} already has all the equipment it may carry."
        if verb in ("psych", "power"):
            if self._psych_left(play) <= 0:
                return "No power points left to spend on this play."
            if arg not in state.hand[seat] or cards[arg].type != "power":
                return f"You have no power card {name} in hand."
            return f"{name}'s restriction is not met by a Psych unit of this play."
        if verb == "squad":
            return f"{name} cannot join this squad."
        if verb == "swarm":
            return "No Swarm token may be added now (Swarm unit, tokens left, one per wound of your commander)."
        if verb in ("done", "tide", "style"):
            if self._opening(state):
                return "Announce the combat style of the opening card: 'style cc' or 'style rc'."
            if verb == "style":
                return "The combat style was announced with the opening card; use 'done' or 'tide'."
            style = arg or state.style
            if verb == "tide" and arg == state.style:
                return f"The fight is already in {arg.upper()}."
            if verb == "tide" and not self.can_turn_tide(state, seat, play):
                return "This play cannot turn the tide."
            mine, theirs = self.compare(state, seat, play, style)
            back = "'cancel' it, " if state.cancels < CANCELS_PER_TURN else ""
            return (f"Your {mine} {style.upper()} does not equal or beat {theirs} {style.upper()}: "
                    f"add to the play, {back}or {self._give_up(state, seat)}.")
        if verb == "sacrifice":
            if play.sacrifice is not None:
                return "You already sacrificed a card before this draw step."
            return f"You have no {name} in hand to sacrifice."
        if verb == "recycle":
            return "Recycling happens only after a fight, for a player with Repair in his support zone."
        mods = self._mods(state, seat, play)
        keywords = self._keywords(play, mods[seat])
        if verb == "disrupt":
            theirs = state.battle[1 - seat][-1] if state.battle[1 - seat] else None
            if "disrupt" not in keywords or theirs is None:
                return "This play has no Disrupt against a card (Disrupt works on the card you fight against)."
            if play.disrupt is not None:
                return f"This play already disrupts {play.disrupt}."
            if arg == "squad":
                return "Disrupt cannot take the Squad keyword."
            return f"{cards[theirs.units[0]].name} has no keyword '{arg}' to lose."
        if verb == "top":
            if "change" not in keywords:
                return "This play has no Change, so it cannot reorder your command stack."
            return f"{name} is not under the top of your command stack, or a card was already put on top."
        return f"'{verb} {arg}' is not possible with this play."
