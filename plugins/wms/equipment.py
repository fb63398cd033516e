"""Equipment cards, Power cards and their Restrictions, and Psych's power points.

"You can only play 1 equipment card per unit card" (a Monster carries 2, a token none), and
only to a unit that meets the card's restriction ("Light only"), counting the keywords it has
gained from its equipment and command cards (``Values.unit_keywords``). A Psych unit spends its
power points on +1 CC, +1 RC or a power card whose restriction a Psych unit of the play meets;
the points of a squad's Psych units are pooled (RULES.md, "Keywords", "Gained keywords").
"""

from __future__ import annotations

from tabletop_games.wms.phases import elsewhere
from tabletop_games.wms.playing import lay, making, restat
from tabletop_games.wms.values import CC, play_stats


def capacity(unit, keywords):
    """How many equipment cards a unit of the play may carry (Monster: gained counts too)."""
    if unit.type != "unit":
        return 0
    return 2 if "monster" in keywords else 1


def fits(item, keywords):
    """Whether a card with these keywords meets the item's restriction (if it has one)."""
    return not item.only or bool(item.only & keywords)


def last_keywords(game, state, seat, play):
    """The unit added last and its keywords for restrictions, gained ones included."""
    index = len(play.units) - 1
    grants = game.values.mods(state, seat, play)[seat].grants
    return game.cards[play.units[index]], game.values.unit_keywords(play, index, grants)


def psych_keywords(game, state, seat, play):
    """The keywords of each Psych unit of the play, gained ones included (power restrictions)."""
    grants = game.values.mods(state, seat, play)[seat].grants
    unit_keywords = game.values.unit_keywords
    return [unit_keywords(play, i, grants) for i, u in enumerate(play.units) if game.cards[u].psych]


def equip_options(game, state, seat, play, hand):
    """'equip <card>' for the unit added last, in hand order."""
    cards = game.cards
    last, keywords = last_keywords(game, state, seat, play)
    if len(play.gear[-1]) >= capacity(last, keywords):
        return []
    return [f"equip {c}" for c in hand if cards[c].type == "equipment" and fits(cards[c], keywords)]


def refuse_equip(game, state, seat, card):
    cards = game.cards
    play = state.pending
    if play is None:
        return elsewhere(game, state, seat, "equip", card)
    item = cards[card]
    last, keywords = last_keywords(game, state, seat, play)
    if card not in state.hand[seat] or item.type != "equipment":
        return f"You have no equipment {item.name} in hand."
    if last.type == "token":
        return "Token cards cannot be played with equipment."
    if not fits(item, keywords):
        only = " or ".join(k.capitalize() for k in sorted(item.only))
        return (f"{item.name} is {only} only; {last.name} is not, even with the keywords its equipment "
                "and your command cards give it.")
    if len(play.gear[-1]) >= capacity(last, keywords):
        return f"{last.name} already has all the equipment it may carry."
    return None


def equip(game, state, seat, card):
    play = making(state)
    lay(state, seat, card)
    play.gear[-1].append(card)
    return restat(game, play)


def psych_left(game, play):
    """Power points the play's Psych units have not spent yet."""
    return play_stats(play, game.cards)[5] - play.psy_cc - play.psy_rc - len(play.powers)


def power_options(game, state, seat, play, hand):
    """'psych cc', 'psych rc' and 'power <card>' while power points are left."""
    if psych_left(game, play) <= 0:
        return []
    cards = game.cards
    psychs = psych_keywords(game, state, seat, play)
    return ["psych cc", "psych rc", *(f"power {c}" for c in hand if cards[c].type == "power"
                                      and any(fits(cards[c], k) for k in psychs))]


def refuse_psych(game, state, seat, style):
    play = state.pending
    if play is None:
        return elsewhere(game, state, seat, "psych", style)
    return None if psych_left(game, play) > 0 else "No power points left to spend on this play."


def psych(game, state, seat, style):
    play = making(state)
    if style == CC:
        play.psy_cc += 1
    else:
        play.psy_rc += 1
    return restat(game, play)


def refuse_power(game, state, seat, card):
    cards = game.cards
    play = state.pending
    if play is None:
        return elsewhere(game, state, seat, "power", card)
    if psych_left(game, play) <= 0:
        return "No power points left to spend on this play."
    item = cards[card]
    if card not in state.hand[seat] or item.type != "power":
        return f"You have no power card {item.name} in hand."
    if any(fits(item, k) for k in psych_keywords(game, state, seat, play)):
        return None
    return (f"{item.name}'s restriction is not met by a Psych unit of this play, even with the keywords "
            "its equipment and your command cards give it.")


def power(game, state, seat, card):
    play = making(state)
    lay(state, seat, card)
    play.powers.append(card)
    return restat(game, play)
