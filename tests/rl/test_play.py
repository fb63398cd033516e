"""Beyond PettingZoo's tests: at every step of masked random play the mask is exactly the legal
actions and play never raises; a seat's observation ignores what it cannot see; seeds replay
`simulate`; refusals are one sentence.

The environments see a game only through its Session's public face; these tests do too, but
for the resampling checks, which read the hidden state white-box (:func:`hidden_state`)."""

import json
import random

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")

import numpy as np  # noqa: E402

import tabletop.rl as rl  # noqa: E402
from tabletop.core.decision import Decision  # noqa: E402
from tabletop.core.errors import IllegalAction, TabletopError  # noqa: E402
from tabletop.core.random_agent import RandomAgent  # noqa: E402
from tabletop.engine.leaks import resamplers  # noqa: E402
from tabletop.engine.session import Session  # noqa: E402
from tabletop.engine.table import SeatSpec, bot_rng  # noqa: E402
from tests.rl.conftest import BUNDLED  # noqa: E402

GAMES_EACH = 3


def hidden_state(table):
    """White-box, for the tests that resample what a seat cannot see: the session's true state
    (nothing outside the engine reads it; the environments read a seat's part through seen_by)."""
    return table.session._state


def masked_random_games(env, games, seed):
    """Play ``games`` masked random games; yield the agent asked before each decision."""
    rng = np.random.default_rng(seed)
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                assert not any(env.infos[other]["action_mask"].any() for other in env.agents)  # nobody is asked
                env.step(None)
                continue
            yield agent
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))


@pytest.mark.parametrize("name", BUNDLED)
def test_the_mask_is_the_legal_actions_at_every_step_and_masked_play_never_raises(name, installed):
    game = installed.game(name)
    for players in sorted({game.min_players, min(game.max_players, 3)}):
        env = rl.env(game, players=players)
        words = env.unwrapped.table.words
        steps = 0
        for agent in masked_random_games(env, GAMES_EACH, seed=11):
            table, seat = env.table, int(agent.split("_")[1])
            mask = env.observe(agent)["action_mask"]
            assert {words[i] for i in np.flatnonzero(mask)} == set(table.session.legal_actions(seat))
            assert np.array_equal(env.infos[agent]["action_mask"], mask)
            assert table.to_act() == seat == table.session.asked()[0]
            assert not any(env.infos[other]["action_mask"].any() for other in env.agents if other != agent)
            steps += 1
        assert steps > 0 and not env.agents  # every game played to its end


@pytest.mark.parametrize("name", BUNDLED)
def test_an_observation_ignores_what_its_seat_cannot_see(name, installed):
    """Resample what each seat cannot see (the check's resamplers: the engine's and the game's)
    and its observation stays the same, number for number."""
    game = installed.game(name)
    env = rl.env(game, players=game.min_players)
    encode = env.table.encoder.encode
    rng = random.Random(5)
    resampled = 0
    for _agent in masked_random_games(env, 2, seed=3):
        state = hidden_state(env.table)
        for seat in range(env.table.players):
            mine = env.table.observation(seat)  # what the environment hands out
            for sample in resamplers(game, state, seat, rng):
                assert np.array_equal(encode(sample.state, seat), mine), (seat, sample.who)
                resampled += 1
    assert resampled > 0


def test_an_observation_changes_when_what_the_seat_sees_changes(installed):
    """Not constant: the seat's own hand shows in its numbers, other hands only as counts."""
    game = installed.game("wms")
    env = rl.env(game, players=2)
    env.reset(seed=2)
    state, encoder = hidden_state(env.table), env.table.encoder
    mine, theirs = encoder.parts["hand[0]"], encoder.parts["hand[1]"]
    seen = env.observe("seat_0")["observation"]
    assert seen[mine][:-3].sum() == len(state.hand[0])  # each card of its own hand, by card
    assert seen[theirs][:-3].sum() == 0 and seen[theirs][-1] == len(state.hand[1])  # the other's: a count


@pytest.mark.parametrize("name", BUNDLED)
def test_reset_with_a_seed_gives_the_game_simulate_plays_with_that_seed(name, installed):
    """Random agents seeded as simulate seeds its random bots choose the same actions through
    the environment: game k after reset(seed=S) is game k of `simulate --seed S`."""
    game = installed.game(name)
    players = game.min_players
    env = rl.env(game, players=players)
    for k in range(2):
        if k == 0:
            env.reset(seed=40)
        else:
            env.reset()
        agents = [RandomAgent(bot_rng(40 + k, s)) for s in range(players)]
        index = env.table.index
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = int(agent.split("_")[1])
            choice = agents[seat].choose(Decision.blind(game, seat, env.table.session.legal_actions(seat)))
            env.step(index[choice])
        played = env.table.session.record.actions
        session = Session(game, [SeatSpec(f"Seat {s + 1}", "random", bot=installed.bot(name, "random"))
                                 for s in range(players)], seed=40 + k, keep_log=False)
        session.play()
        assert played == session.record.actions


def test_the_gym_env_plays_the_learner_against_bots_as_simulate_does(installed):
    game = installed.game("castlewars")
    env = rl.gym_env(game, seat=1, opponents=["captain"])
    observation, info = env.reset(seed=7)
    learner = RandomAgent(bot_rng(7, 1))
    done = False
    while not done:
        legal = env.table.session.legal_actions(1)
        assert {env.table.words[i] for i in np.flatnonzero(info["action_mask"])} == set(legal)
        choice = learner.choose(Decision.blind(game, 1, legal))
        observation, reward, done, truncated, info = env.step(env.table.index[choice])
    session = Session(game, [SeatSpec("Seat 1", "captain", bot=installed.bot("castlewars", "captain")),
                             SeatSpec("Seat 2", "random", bot=installed.bot("castlewars", "random"))],
                      seed=7, keep_log=False)
    outcome = session.play().outcome
    # The bot answers a simultaneous decision at once, before the learner, where simulate's
    # loop may take the learner's first: the same choices, each seat's in the same order.
    assert each_seats(env.table.session.record.actions, 2) == each_seats(session.record.actions, 2)
    assert env.table.session.outcome() == outcome and reward == outcome.share(1)


def each_seats(actions, players):
    """Each seat's actions in order: a game's choices whatever order simultaneous ones arrived in."""
    return [[action for seat, action in actions if seat == s] for s in range(players)]


def test_an_illegal_action_is_refused_in_one_sentence_and_ends_a_gym_episode_as_a_loss(installed):
    env = rl.env("castlewars", players=2)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction, match=r"^Action \d+ \('.*'\) is not legal for seat \d now; choose one the action mask allows\.$"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match=r"^An action is a whole number \(an int or a NumPy integer\) from 0 to"):
        env.step("take K")
    one = rl.gym_env("castlewars", seat=0, opponents=["random"])
    _, info = one.reset(seed=1)
    _, reward, terminated, _, info = one.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_unknown_names_and_modes_are_one_sentence():
    with pytest.raises(TabletopError, match="^No game named 'nosuch'"):
        rl.env("nosuch")
    with pytest.raises(TabletopError, match="^render_mode may be None, 'human' .* or 'ansi' .*, not 'rgb'\\.$"):
        rl.env("castlewars", render_mode="rgb")
    with pytest.raises(TabletopError, match="^Castle Wars is for 2-4 players, not 9."):
        rl.env("castlewars", players=9)
    with pytest.raises(TabletopError, match="^reward may be 'win-share' or 'zero-sum', not 'gold'\\.$"):
        rl.env("castlewars", reward="gold")


def test_the_view_as_text_for_language_agents_and_ansi_render(installed):
    game = installed.game("wms")
    env = rl.env(game, players=2, render_mode="ansi", text_view=True)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    text = env.infos[agent]["view"]
    assert text.isascii() and json.loads(text) == json.loads(json.dumps(env.table.session.view(seat)))
    assert env.render() == env.table.board()  # the game's own text board, a spectator's
    assert env.render().startswith("WMS - setup\nSeat 1 - marines")


def test_the_leak_test_finds_a_planted_leak(installed):
    """An encoder that counts every card as if it lay face up is caught by the resampling test."""
    game = installed.game("wms")
    env = rl.env(game, players=2)
    for _agent in masked_random_games(env, 1, seed=1):
        state = hidden_state(env.table)
        if state.hand[1] and state.deck[1]:  # hands dealt: the other's hand unseen
            break
    encoder = env.table.encoder
    rng = random.Random(2)
    honest = [np.array_equal(encoder.encode(s.state, 0), encoder.encode(state, 0)) for s in resamplers(game, state, 0, rng)]
    encoder._zones_of = [[(name, owner, True, *rest) for name, owner, _, *rest in zones]
                         for zones in encoder._zones_of]
    encoder._writers = [None] * len(encoder._writers)  # each seat's writer: made again from the zones
    leaky = [np.array_equal(encoder.encode(s.state, 0), encoder.encode(state, 0)) for s in resamplers(game, state, 0, rng)]
    assert all(honest) and not all(leaky)
