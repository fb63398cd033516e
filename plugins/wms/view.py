"""What each seat sees: public zones in full, the other hand and both decks as counts, its own hand sorted."""

from __future__ import annotations

from tabletop.plugin_api import derive
from tabletop_games.wms.state import CANCELS_PER_TURN, RECYCLE
from tabletop_games.wms.values import CC, RC, combat_value, play_stats


def wms_view(game, state, seat):
    values = game.values
    mods = values.mods(state, state.turn, state.pending)
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
            "battlefield": [_play_view(game, state, s, p, mods) for p in state.battle[s]],
        })
    current = values.current_value(state)
    view = {
        "seat": seat,
        "phase": state.phase,
        "fight": state.fights,
        "active": state.active,
        "to_act": list(game.to_act(state)),
        "style": state.style,
        "current": None if current is None else {"seat": current[0], "value": current[1],
                                                  "style": state.style},
        "players": players,
        "pending": None if state.pending is None else {
            "seat": state.turn, **_play_view(game, state, state.turn, state.pending, mods)},
        "cancels_left": CANCELS_PER_TURN - state.cancels,
        "recycle": None if state.phase != RECYCLE else {
            "seat": state.recycle_queue[0], "left": state.recycle_left[state.recycle_queue[0]]},
        "last_fight": state.last_fight,
        "outcome": None if state.result is None else state.result.to_dict(),
    }
    if seat is not None:
        view["hand"] = sorted(derive.zone_view(state, "hand", seat, owner=seat))
    return view


def _play_view(game, state, seat, play, mods):
    values = game.values
    other = 1 - seat
    stats = play_stats(play, game.cards)
    keywords = values.keywords(play, mods[seat])
    if play is state.pending:
        cc, _ = values.compare(state, seat, play, CC, mods)
        rc, _ = values.compare(state, seat, play, RC, mods)
    else:
        answer = state.battle[other][-1] if state.battle[other] else None
        against = None if answer is None else values.keywords(answer, mods[other])
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
