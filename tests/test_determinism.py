"""Same seed, same game, byte for byte, whatever the process's string hashing."""

import os
import subprocess
import sys

import pytest

from tests.test_bundled_games import BUNDLED


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_a_seeded_bot_game_is_the_same_in_every_process(tmp_path, name):
    bot, seats = BUNDLED[name]
    lineup = ",".join([bot] + ["random"] * (seats - 1))
    texts = []
    for hash_seed in ("1", "2"):
        path = tmp_path / f"{hash_seed}.json"
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        subprocess.run(
            [sys.executable, "-m", "tabletop", "play", name, "--seats", lineup, "--seed", "21", "--save", str(path)],
            env=env, check=True, capture_output=True,
        )
        texts.append(path.read_bytes())
    assert texts[0] == texts[1]
