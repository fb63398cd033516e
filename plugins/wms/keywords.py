"""The keywords that add to a play as it is made: Squad, Swarm (and its token cards), Disrupt
and Change. The keywords that change combat values live in ``values``; Guard* and Repair* act
at the end of a fight (``ending``, ``recycling``).

Only the played (first) card's Squad and Swarm add members; a member's own Squad adds none.
Squad members come from the hand, never from the Reserves zone (RULES.md, "Keywords").
"""

from __future__ import annotations

from tabletop_games.wms.phases import elsewhere
from tabletop_games.wms.playing import lay, making, restat


def squad_fits(alternatives, members) -> bool:
    """True if the members (each a set of keywords) can fill distinct slots of one of the
    Squad(...) alternatives."""
    for slots in alternatives:
        if len(members) <= len(slots) and _assign(slots, members, 0, [False] * len(slots)):
            return True
    return False


def _assign(slots, members, index, used) -> bool:
    if index == len(members):
        return True
    keywords = members[index]
    for i, slot in enumerate(slots):
        if not used[i] and ("unit" in slot or slot & keywords):
            used[i] = True
            if _assign(slots, members, index + 1, used):
                return True
            used[i] = False
    return False


def joins(game, play, card, grants):
    """Whether a unit card from the hand may join the squad of the play's first card. Members
    count the keywords they have gained (their equipment's, the side's command ``grants``); the
    card joining has only its own and the grants, as its equipment comes after it joins."""
    cards = game.cards
    leader = cards[play.units[0]]
    if not leader.squad or cards[card].type != "unit":
        return False
    unit_keywords = game.values.unit_keywords
    members = [unit_keywords(play, i, grants) for i, u in enumerate(play.units) if i and cards[u].type == "unit"]
    return squad_fits(leader.squad, members + [cards[card].keywords | grants])


def squad_options(game, state, seat, play, hand):
    if not game.cards[play.units[0]].squad:
        return []
    grants = game.values.mods(state, seat, play)[seat].grants
    return [f"squad {c}" for c in hand if joins(game, play, c, grants)]


def refuse_squad(game, state, seat, card):
    play = state.pending
    if play is None:
        return elsewhere(game, state, seat, "squad", card)
    if card in state.hand[seat] and joins(game, play, card, game.values.mods(state, seat, play)[seat].grants):
        return None
    return (f"{game.cards[card].name} cannot join this squad (no free Squad slot for its keywords, "
            "counting those your command cards give it).")


def squad(game, state, seat, card):
    play = making(state)
    lay(state, seat, card)
    play.units.append(card)
    play.gear.append([])
    return restat(game, play)


def may_swarm(game, state, seat, play):
    """Swarm: "a number of Swarm token cards equal to the current number of wounds your
    commander has left", one at a time, while the deck's tokens last."""
    cards = game.cards
    if "swarm" not in cards[play.units[0]].keywords or state.tokens[seat] <= 0:
        return False
    return sum(1 for u in play.units if cards[u].type == "token") < state.wounds[seat]


def refuse_swarm(game, state, seat):
    play = state.pending
    if play is None:
        return elsewhere(game, state, seat, "swarm")
    if may_swarm(game, state, seat, play):
        return None
    return "No Swarm token may be added now (Swarm unit, tokens left, one per wound of your commander)."


def swarm(game, state, seat):
    play = making(state)
    state.tokens[seat] -= 1
    token = game.decks[state.decks[seat]].swarm_token
    state.field[seat].append(token)
    play.units.append(token)
    play.gear.append([])
    return restat(game, play)


def disrupt_options(game, state, seat, play, mods, keywords):
    """'disrupt <keyword>' for each keyword (not Squad) of the card the play fights against."""
    theirs = state.battle[1 - seat]
    if "disrupt" not in keywords or play.disrupt is not None or not theirs:
        return []
    return [f"disrupt {k}" for k in sorted(game.values.keywords(theirs[-1], mods[1 - seat])) if k != "squad"]


def refuse_disrupt(game, state, seat, keyword):
    play = state.pending
    if play is None:
        return elsewhere(game, state, seat, "disrupt", keyword)
    values = game.values
    mods = values.mods(state, seat, play)
    theirs = state.battle[1 - seat][-1] if state.battle[1 - seat] else None
    if "disrupt" not in values.keywords(play, mods[seat]) or theirs is None:
        return "This play has no Disrupt against a card (Disrupt works on the card you fight against)."
    if play.disrupt is not None:
        return f"This play already disrupts {play.disrupt}."
    if keyword == "squad":
        return "Disrupt cannot take the Squad keyword."
    if keyword in values.keywords(theirs, mods[1 - seat]):
        return None
    return f"{game.cards[theirs.units[0]].name} has no keyword '{keyword}' to lose."


def disrupt(game, state, seat, keyword):
    """The card fought against loses the keyword when the play is finished (``fight.commit``)."""
    making(state).disrupt = keyword
    return []


def top_options(game, state, seat, play, keywords):
    """Change: 'top <card>' for each card under the top of the seat's command stack."""
    if "change" not in keywords or play.top is not None:
        return []
    stack = state.command[seat]
    return [f"top {c}" for c in dict.fromkeys(stack[:-1]) if c != stack[-1]]


def refuse_top(game, state, seat, card):
    play = state.pending
    if play is None:
        return elsewhere(game, state, seat, "top", card)
    values = game.values
    if "change" not in values.keywords(play, values.mods(state, seat, play)[seat]):
        return "This play has no Change, so it cannot reorder your command stack."
    stack = state.command[seat]
    if play.top is None and card in stack[:-1] and card != stack[-1]:
        return None
    return f"{game.cards[card].name} is not under the top of your command stack, or a card was already put on top."


def top(game, state, seat, card):
    """The chosen card goes on top when the play is finished (``fight.commit``)."""
    making(state).top = card
    return []
