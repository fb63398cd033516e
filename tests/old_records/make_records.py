"""Save seeded games made by the code before the component port, with a digest of every
event their actions produced: ``python tests/old_records/make_records.py`` (run once, before
a change that must keep games identical; the test replays them after it)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from tabletop.core.random_agent import RandomAgent
from tabletop.engine.match import run_match

HERE = Path(__file__).parent

GAMES = {
    "windupwar": [
        (2, {}), (3, {}), (5, {}), (4, {"factions": "pick"}), (3, {"edition": "2016"}),
        (2, {"edition": "2016", "factions": "pick"}),
    ],
    "castlewars": [(2, {}), (3, {}), (4, {}), (4, {}), (3, {})],
}


def events_digest(game, record) -> str:
    """A digest of every event (kind, text, data, who sees it) replaying the record gives."""
    seen = []
    record.replay(game, on_step=lambda n, seat, action, state, events: seen.append(
        [e.to_dict() for e in events]))
    return hashlib.sha256(json.dumps(seen, sort_keys=True).encode()).hexdigest()


def main() -> None:
    from tabletop_games.castlewars.bots import CAPTAIN
    from tabletop_games.castlewars.game import CastleWars
    from tabletop_games.windupwar.bots import TACTICIAN
    from tabletop_games.windupwar.game import WindupWar

    makers = {"windupwar": (WindupWar(), TACTICIAN), "castlewars": (CastleWars(), CAPTAIN)}
    digests = {}
    for name, setups in GAMES.items():
        game, bot = makers[name]
        for i, (seats, options) in enumerate(setups):
            seed = 1000 + 17 * i
            if i % 2:  # bots on odd games, random agents on even ones
                agents = [bot.factory(game, s, random.Random(seed + s)) for s in range(seats)]
            else:
                agents = [RandomAgent(random.Random(seed + s)) for s in range(seats)]
            result = run_match(game, agents, seed=seed, options=options)
            file = f"{name}_{i}.json"
            result.record.save(HERE / file)
            digests[file] = events_digest(game, result.record)
    (HERE / "digests.json").write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
