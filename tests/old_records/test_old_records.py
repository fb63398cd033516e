"""Records saved before the component port replay identically after it: same actions legal,
same events (text, data, who sees them), same outcome; the same seeded agents play the same
games again (bots read the view, so this also holds its meaning steady). The Windup War digests
were taken again twice: when a step's narration began to name who hit whom, and when a Charge!'s
point began to say why the face-down centre card is named (it left the face-up discard pile);
each time the actions, outcomes and every other event were checked unchanged. The two Castle Wars captain games were played again when
the captain learnt to count only damage past the Towers in a duel (the rules did not change;
the old records still replay, but the captain no longer plays them). The Castle Wars records are
of version 0.6.1 and replay, and are played again, under 0.6.1's rules (``Game.of_version``)."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.core.random_agent import RandomAgent
from tabletop.core.record import GameRecord
from tabletop.engine.match import run_match
from tests.old_records.make_records import GAMES, HERE, events_digest

DIGESTS = json.loads((HERE / "digests.json").read_text())
CASES = [(name, i) for name, setups in GAMES.items() for i in range(len(setups))]


def _game_and_bot(name):
    if name == "windupwar":
        from tabletop_games.windupwar.bots import TACTICIAN
        from tabletop_games.windupwar.game import WindupWar

        return WindupWar(), TACTICIAN
    from tabletop_games.castlewars.bots import CAPTAIN
    from tabletop_games.castlewars.game import CastleWars

    return CastleWars(), CAPTAIN


@pytest.mark.parametrize(("name", "index"), CASES)
def test_old_record_replays_with_the_same_events(name, index):
    game, _bot = _game_and_bot(name)
    file = f"{name}_{index}.json"
    record = GameRecord.load(HERE / file)
    record.verify(game)
    assert events_digest(game, record) == DIGESTS[file]


@pytest.mark.parametrize(("name", "index"), CASES)
def test_same_seeded_agents_play_the_same_game(name, index):
    game, bot = _game_and_bot(name)
    record = GameRecord.load(HERE / f"{name}_{index}.json")
    game = record.rules(game)  # the rules of the record's version (Castle Wars 0.6.1 for these)
    seats = len(record.seats)
    if index % 2:
        agents = [bot.factory(game, s, random.Random(record.seed + s)) for s in range(seats)]
    else:
        agents = [RandomAgent(random.Random(record.seed + s)) for s in range(seats)]
    result = run_match(game, agents, seed=record.seed, options=record.options)
    assert result.record.actions == record.actions
