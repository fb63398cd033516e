"""What a researcher meets around the observation: action numbers, a step after the end,
rewards, opponents that are policies, a policy seated by ``simulate``, pickling, rendering and
the layout's version."""

from __future__ import annotations

import pickle

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import numpy as np  # noqa: E402

import tabletop.rl as rl  # noqa: E402
from tabletop.core.errors import IllegalAction, TabletopError  # noqa: E402
from tabletop.engine.session import Session  # noqa: E402
from tabletop.engine.table import SeatSpec  # noqa: E402


def first(observation, mask):
    return int(np.flatnonzero(mask)[0])


def play_out(env):
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else first(None, observation["action_mask"]))


@pytest.mark.parametrize("action", [np.True_, np.float32(0), True, 0.0])
def test_an_action_number_is_a_plain_or_numpy_integer_and_nothing_else(action, installed):
    env = rl.env("castlewars")
    env.reset(seed=1)
    before = len(env.table.session.record.actions)
    with pytest.raises(IllegalAction, match=r"^An action is a whole number \(an int or a NumPy integer\) from 0 to "
                                            r"\d+, not '[^']+' \(a [a-z_0-9]+\)\.$"):
        env.step(action)
    assert len(env.table.session.record.actions) == before
    env.step(np.int64(first(None, env.observe(env.agent_selection)["action_mask"])))  # a NumPy integer is taken
    assert len(env.table.session.record.actions) == before + 1


def test_a_step_after_the_game_is_over_is_refused_in_one_sentence(installed):
    env = rl.env("castlewars")
    env.reset(seed=2)
    play_out(env)
    with pytest.raises(TabletopError, match=r"^The game is over: reset the environment to play another\.$"):
        env.step(0)
    par = rl.parallel_env("castlewars")
    par.reset(seed=2)
    while par.agents:
        par.step({a: first(None, par.table.mask(par.possible_agents.index(a))) if par.table.mask(
            par.possible_agents.index(a)).any() else 0 for a in par.agents})
    with pytest.raises(TabletopError, match=r"^The game is over: reset the environment to play another\.$"):
        par.step({"seat_0": 0, "seat_1": 0})


def test_an_unmasked_illegal_parallel_action_ends_the_episode_as_the_offenders_loss(installed):
    par = rl.parallel_env("castlewars")
    observations, _ = par.reset(seed=3)
    asked = par.asked()[0]
    illegal = int(np.flatnonzero(observations[asked]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = par.step({a: illegal for a in par.agents})
    assert rewards[asked] == -1.0 and all(terminations.values()) and infos[asked]["illegal_action"]
    assert par.agents == [] and sum(rewards.values()) == -1.0


def test_zero_sum_pays_a_win_one_and_a_loss_minus_one(installed):
    env = rl.env("castlewars", reward="zero-sum")
    env.reset(seed=4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else first(None, observation["action_mask"]))
    outcome = env.table.session.outcome()
    assert sum(totals.values()) == pytest.approx(0.0)
    assert totals[f"seat_{outcome.winners[0]}"] == (1.0 if len(outcome.winners) == 1 else 0.0)


@pytest.mark.parametrize("name", ["castlewars", "windupwar", "windup_machines", "wms"])
def test_every_bundled_game_declares_a_shaped_reward(name, installed):
    env = rl.env(name, shaped=True)
    env.reset(seed=5)
    play_out(env)  # paid as its potential changes; the game ends as ever
    assert env.table.over() or env.table.truncated()


def test_a_policy_is_an_opponent_and_a_league_draws_opponents_each_game(installed):
    calls = []

    def policy(observation, mask):
        calls.append(observation.shape)
        return first(observation, mask)

    one = rl.gym_env("castlewars", opponents=[policy])
    observation, _ = one.reset(seed=1)
    while True:
        observation, _, terminated, truncated, _ = one.step(first(None, observation["action_mask"]))
        if terminated or truncated:
            break
    assert calls and set(calls) == {one.observation_space["observation"].shape}  # self-play: the same numbers
    drawn = iter(["random", policy, "captain"])  # the first draw lays out the table
    league = rl.gym_env("castlewars", opponents=lambda: [next(drawn)])
    league.reset(seed=1)
    assert league.table.bots[1].name == "policy-2"
    league.reset(seed=2)
    assert league.table.bots[1].name == "captain"


def test_a_policy_as_a_bot_plays_the_games_simulate_plays(installed):
    """The bot reads the same numbers the environment gives its seat, so a policy trained on
    the env plays identically when seated at a table."""
    seen = []

    def policy(observation, mask):
        seen.append(observation.copy())
        return first(observation, mask)

    bot = rl.policy_bot("castlewars", policy, name="learnt")
    game = installed.game("castlewars")
    session = Session(game, [SeatSpec("A", "learnt", bot=bot), SeatSpec("B", "random", bot=installed.bot(
        "castlewars", "random"))], seed=9, keep_log=False)
    result = session.play()
    assert result.outcome is not None and seen
    env = rl.env("castlewars")
    env.reset(seed=9)
    assert seen[0].shape == env.observe("seat_0")["observation"].shape
    assert np.array_equal(seen[0], env.observe("seat_0")["observation"])


def test_environments_pickle_and_go_on_from_the_same_position(installed):
    env = rl.env("windupwar", players=3, reward="zero-sum")
    env.reset(seed=6)
    for _ in range(10):
        env.step(first(None, env.observe(env.agent_selection)["action_mask"]))
    copy = pickle.loads(pickle.dumps(env))
    for name in env.possible_agents:
        assert np.array_equal(copy.observe(name)["observation"], env.observe(name)["observation"])
    assert copy.agent_selection == env.agent_selection and copy.table.zero_sum
    one = pickle.loads(pickle.dumps(rl.gym_env("wms", opponents=["veteran"])))
    one.reset(seed=1)


def test_human_render_prints_the_text_board_and_metadata_names_the_layout(installed, capsys):
    env = rl.env("castlewars", render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert capsys.readouterr().out.startswith("Castle Wars - round 1 of at most 40")
    assert env.metadata["is_parallelizable"] is False
    assert env.metadata["layout_version"] == rl.env("castlewars").metadata["layout_version"]
    assert env.metadata["layout_version"] != rl.env("castlewars", players=3).metadata["layout_version"]


def test_an_env_refuses_a_game_that_fails_the_check_unless_told(test_games):
    """A planted leak: Goofspiel's legal actions also depend on the next prize, which nobody sees."""
    game = test_games.game("goofspiel")

    class Leaky(type(game)):
        def legal_actions(self, state, seat):
            legal = super().legal_actions(state, seat)
            return legal[:1] if legal and state.prizes and state.prizes[-1] > 6 else legal

    leaky = Leaky()
    with pytest.raises(TabletopError, match=r"^goofspiel fails `tabletop check` \(.*\), so its observations or masks "
                                            r"may show what a seat cannot see; fix the game, or pass "
                                            r"unchecked=True to build it anyway\.$"):
        rl.env(leaky)
    rl.env(leaky, unchecked=True).reset(seed=1)
    rl.env(game).reset(seed=1)  # the honest game passes
