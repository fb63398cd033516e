import random

from tabletop.agents.ismcts import ISMCTSAgent
from tabletop.agents.random_bot import RandomAgent
from tabletop.core.match import run_match


def test_search_beats_random_play_at_goofspiel(goofspiel):
    wins = 0.0
    for seed in range(30):
        agents = [ISMCTSAgent(random.Random(seed), iterations=60), RandomAgent(random.Random(-seed))]
        wins += run_match(goofspiel, agents, seed=seed).outcome.share(0)
    assert wins >= 22


def test_search_is_reproducible_from_its_seed(goofspiel):
    def game():
        agents = [ISMCTSAgent(random.Random(3), iterations=20), ISMCTSAgent(random.Random(4), iterations=20)]
        return run_match(goofspiel, agents, seed=11).record.actions

    assert game() == game()
