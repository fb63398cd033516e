"""The tactician: plays only what its units can take, times Reload and Charge, beats random."""

import random

from tabletop.core.decision import Decision
from tabletop.core.random_agent import RandomAgent
from tabletop.engine.match import run_match
from tabletop.engine.registry import make_plugin_manager
from tabletop_games.windupwar.bots import TACTICIAN, Tactician
from tests.windupwar.helpers import position


class Recorder:
    """Wraps the tactician and checks each card it programs against its own view."""

    def __init__(self, game, seat, rng):
        self.inner = Tactician(game, seat, rng)
        self.game = game
        self.bad = []

    def choose(self, decision):
        action = self.inner.choose(decision)
        view = decision.view
        if view["phase"] == "windup":
            me = view["seats"][decision.seat]
            units = self.game.data.unit_by_id
            army = [units[u["unit"]] for u in me["army"]]
            now = army[me["active"]]
            nxt = army[me["active"] + 1] if me["active"] + 1 < len(army) else now
            ok = now.allowed | nxt.allowed
            colour = self.game.data.by_notation
            playable = [a for a in decision.legal if colour[a].colour in ok]
            if playable and colour[action].colour not in ok:
                self.bad.append((view["round"], action))
        return action


def test_tactician_is_registered_for_windupwar():
    pm = make_plugin_manager()
    bots = [spec for result in pm.hook.tabletop_register_bots() for spec in result]
    assert any(b.name == "tactician" and b.game == "windupwar" for b in bots)
    assert TACTICIAN.game == "windupwar"


def test_tactician_programs_only_cards_its_current_or_next_unit_can_play(game):
    for seed in range(30):
        bot = Recorder(game, 0, random.Random(seed))
        agents = [bot] + [RandomAgent(random.Random(seed * 7 + i)) for i in range(3)]
        run_match(game, agents, seed=seed)
        assert bot.bad == []


def test_tactician_beats_three_random_seats(game):
    wins = 0
    games = 120
    for seed in range(games):
        seat = seed % 4  # every seat in turn
        agents = [RandomAgent(random.Random(seed * 10 + i)) for i in range(4)]
        agents[seat] = Tactician(game, seat, random.Random(seed))
        wins += seat in run_match(game, agents, seed=seed).outcome.winners
    assert wins / games >= 0.7


def test_tactician_scores_its_least_useful_discard_card(game):
    # Its discard pile holds every card but its Charge!. Infantry, Tank and Helicopter play no
    # blue card, and of the blue cards a plain attack is worth least: Attack 1 Right (blue).
    state = position(game, [["infantry", "tank", "helicopter"]] * 3, hands={0: ["CH.k"], 1: ["BL.k"]})
    assert len(state.discard[0]) == 21
    game.apply(state, 0, "CH.k")
    game.apply(state, 1, "BL.k")
    game.apply(state, 2, "RL.k")
    assert state.phase == "charge"
    bot = Tactician(game, 0, random.Random(0))
    assert bot.choose(Decision(game, state, 0, game.legal_actions(state, 0))) == "score A1R.b"


def test_tactician_reloads_in_the_last_slot_when_its_hand_runs_low(game):
    hand = ["RL.k", "BL.k", "A1L.k", "A2L.g", "A1R.g", "BL.g", "CH.p", "A2R.g"]
    state = position(game, [["infantry", "tank", "helicopter"]] * 3, hands={0: hand})
    bot = Tactician(game, 0, random.Random(1))
    row = []
    while 0 in game.to_act(state):
        action = bot.choose(Decision(game, state, 0, game.legal_actions(state, 0)))
        row.append(action)
        game.apply(state, 0, action)
    assert row[-1] == "RL.k" and "RL.k" not in row[:-1]
