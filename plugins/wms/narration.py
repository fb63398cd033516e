"""A few words on what an action does, for a person choosing it (``describe_action``)."""

from __future__ import annotations

from tabletop_games.wms.explain import against_this_play
from tabletop_games.wms.fight import opening
from tabletop_games.wms.state import CANCELS_PER_TURN, FIGHT

UNIT_VERBS = ("play", "arrive", "squad", "reserve", "recycle")
FIXED = {
    "psych": "spend 1 power point for +1", "swarm": "add a Swarm token to the squad",
    "disrupt": "the card you fight against loses this keyword", "top": "put on top of your command stack",
    "sacrifice": "to the graveyard before your draw step",
    "yield": "no unit you could play equals or beats: lose this fight", "retreat": "lose this fight, discard your hand, draw 5",
    "done": "finished",
}


def describe(game, state, seat, verb, arg):
    card = game.cards.get(arg) if arg else None
    if card is not None:
        if verb == "commander":
            # "All other information on your commander card is ignored during the game."
            return f"{card.name}. {card.text or 'No command ability.'} (As commander, nothing else on the card counts.)"
        if verb in UNIT_VERBS:
            return unit_text(card)
        if verb in ("equip", "power"):
            return item_text(card)
        if verb == "command":
            return f"{card.name} ({card.timing}): {card.text}"
    if verb in ("done", "style", "tide") and state.phase == FIGHT and state.pending is not None:
        style = arg or state.style
        mine, theirs = game.values.compare(state, seat, state.pending, style)
        if opening(state):
            return f"finish at {mine} {style.upper()}"
        why = against_this_play(game, state, seat, state.pending, style, theirs) if verb == "done" else ""
        return f"finish at {mine} {style.upper()} against {theirs}{why}"
    if verb == "yield" and state.phase == FIGHT and opening(state):
        return "you have no unit to open the fight with: lose this fight"
    if verb == "cancel":
        return f"take the whole play back ({CANCELS_PER_TURN - state.cancels} of {CANCELS_PER_TURN} left)"
    return FIXED.get(verb, "")


def unit_text(card):
    """'Captain: 5 CC / 4 RC fearless, psych(1)': values and keywords."""
    text = f"{card.name}: {card.cc} CC / {card.rc} RC"
    keywords = sorted(card.keywords - {"psych", "squad"})
    if card.psych:
        keywords.append(f"psych({card.psych})")
    if card.squad:
        keywords.append(f"squad({card.squad_text})")
    if keywords:
        text += " " + ", ".join(keywords)
    return text


def item_text(card):
    """'Power Axe: +2 CC' (and its keywords, its text): what an equipment or power card adds."""
    bonus = [f"{v:+d} {s}" for v, s in ((card.cc, "CC"), (card.rc, "RC")) if v]
    bonus += sorted(card.keywords)
    return f"{card.name}: {', '.join(bonus) or 'no bonus'}" + (f" ({card.text})" if card.text else "")
