"""Round 1 is narrated too: what setup did is told before the first decision."""

from __future__ import annotations

import random

from tabletop.core.random_agent import RandomAgent
from tabletop.engine.match import run_match


def _first_events(game, seats, **options):
    told = []
    agents = [RandomAgent(random.Random(s)) for s in range(seats)]
    run_match(game, agents, seed=4, options=options or None, on_event=told.append)
    return told


def test_castle_wars_round_1_opens_like_every_round():
    from tabletop_games.castlewars.game import CastleWars

    told = _first_events(CastleWars(), 3)
    assert [e.kind for e in told[:2]] == ["round", "face_up"]
    assert told[0].text == "Round 1 begins; {p0} drafts first." and told[0].visible_to is None


def test_windup_war_tells_the_factions_dealt_but_not_picked_ones():
    from tabletop_games.windupwar.game import WindupWar

    game = WindupWar()
    told = _first_events(game, 2)
    assert told[0].kind == "factions" and told[0].text.startswith("Factions dealt: {p0}: ")
    state = game.new_state(2, options={"factions": "pick"}, seed=4)
    assert game.opening_events(state) == ()
