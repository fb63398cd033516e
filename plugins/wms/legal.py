"""The legal actions, fast (``Wms.legal_actions``): each rule module's own options, gathered in
the order players see them. The rules' refusals say the same (``Game.allowed`` keeps the candidates none refuses);
tests/wms/test_legal.py holds the two lists equal over many random positions.
"""

from __future__ import annotations

from tabletop_games.wms import equipment, keywords
from tabletop_games.wms.command import may_command
from tabletop_games.wms.fight import finishes
from tabletop_games.wms.state import CANCELS_PER_TURN, RECYCLE, SETUP
from tabletop_games.wms.values import play_stats


def starts(game, state, seat):
    """A turn with no play started: a command card (the active player, first), a unit from the
    hand, a unit arriving from Reserves (then 'yield' if allowed, and 'retreat')."""
    cards = game.cards
    hand = dict.fromkeys(state.hand[seat])
    out = []
    if may_command(state, seat):
        out = [f"command {c}" for c in hand if cards[c].type == "command"]
    out.extend(f"play {c}" for c in hand if cards[c].type == "unit")
    out.extend(f"arrive {c}" for c in dict.fromkeys(state.reserves[seat]))
    return out


def making_actions(game, state, seat):
    """While a play is being made: what may be added, its finishes, and 'cancel' (then
    ``Wms.legal_actions`` adds 'yield' if allowed, and 'retreat')."""
    play = state.pending
    mods = game.values.mods(state, seat, play)
    kw = play_stats(play, game.cards)[4] | mods[seat].grants
    out = additions(game, state, seat, play, mods, kw, sacrifice=True)
    out += finishes(game, state, seat, play, mods, kw)
    if state.cancels < CANCELS_PER_TURN:
        out.append("cancel")
    return out


def additions(game, state, seat, play, mods, kw, *, sacrifice):
    """What may be added to the play being made (a sacrifice only if asked: it changes no value).
    A keyword's options are asked for only when the play has the keyword (a shortcut for speed:
    each option function checks it again)."""
    hand = dict.fromkeys(state.hand[seat])
    leader = game.cards[play.units[0]].keywords
    out = equipment.equip_options(game, state, seat, play, hand)
    if play_stats(play, game.cards)[5]:   # Psych points
        out += equipment.power_options(game, state, seat, play, hand)
    if "squad" in leader:
        out += keywords.squad_options(game, state, seat, play, hand)
    if "swarm" in leader and keywords.may_swarm(game, state, seat, play):
        out.append("swarm")
    if "disrupt" in kw:
        out += keywords.disrupt_options(game, state, seat, play, mods, kw)
    if "change" in kw:
        out += keywords.top_options(game, state, seat, play, kw)
    if sacrifice and play.sacrifice is None:
        out += [f"sacrifice {c}" for c in hand]
    return out


def candidates(game, state, seat):
    """Every action worth asking the rules about now, in the order of the legal list."""
    if state.phase == SETUP:
        commanders, reserves = game.choices(state.decks[seat])
        return [a for _, a in commanders] + [a for _, a in reserves] + ["done"]
    if state.phase == RECYCLE:
        units = dict.fromkeys(u for play in state.battle[seat] for u in play.units)
        return [f"recycle {u}" for u in units] + ["done"]
    hand = list(dict.fromkeys(state.hand[seat]))
    if state.pending is None:
        reserves = dict.fromkeys(state.reserves[seat])
        return [*_each("command", hand), *_each("play", hand), *_each("arrive", reserves), "yield", "retreat"]
    return [*_each("equip", hand), "psych cc", "psych rc", *_each("power", hand), *_each("squad", hand), "swarm",
            *_each("disrupt", _their_keywords(game, state, seat)), *_each("top", dict.fromkeys(state.command[seat])),
            *_each("sacrifice", hand), "style cc", "style rc", "done", "tide cc", "tide rc", "cancel", "yield",
            "retreat"]


def _each(verb, args):
    return [f"{verb} {a}" for a in args]


def _their_keywords(game, state, seat):
    """Every keyword the card the play fights against might lose to Disrupt."""
    theirs = state.battle[1 - seat]
    if not theirs:
        return []
    grants = game.values.mods(state, seat, state.pending)[1 - seat].grants
    return sorted(play_stats(theirs[-1], game.cards)[4] | grants)
