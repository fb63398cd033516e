"""The environments answer through the Session alone: who is asked, sealed choices held, and
the refusals, each one sentence that changes nothing. A parallel step is atomic: if one seat's
action is refused, nothing of the step is taken and the error names that seat and its action."""

import re

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")

import numpy as np  # noqa: E402

import tabletop.rl as rl  # noqa: E402
from tabletop.core.errors import IllegalAction  # noqa: E402
from tabletop.engine.table import ALREADY_CHOSEN, AlreadyChosen, NotAsked  # noqa: E402

SIMULTANEOUS = ("windupwar", "goofspiel", "sealed-draw")


def first_legal(mask):
    return int(np.flatnonzero(mask)[0])


def snapshot(table):
    """All a researcher can see of a game: the record (actions and held sealed choices), who is
    asked and who has chosen, each seat's view, numbers and mask."""
    session = table.session
    return (list(session.record.actions), list(session.record.held), session.asked(), session.chosen(),
            [session.view(s) for s in range(table.players)],
            [(table.observation(s).tolist(), table.mask(s).tolist()) for s in range(table.players)])


def one_sentence(error):
    text = str(error)
    return text.endswith(".") and len(re.findall(r"[.;!?] [A-Z]", text)) == 0 and "\n" not in text


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_a_parallel_step_with_one_action_refused_takes_nothing_and_names_the_seat_and_action(name, test_games):
    par = rl.parallel_env(test_games.game(name), players=2)
    observations, _ = par.reset(seed=3)
    observations, *_ = par.step({a: first_legal(observations[a]["action_mask"]) for a in par.agents})
    table = par.table
    assert par.asked() == ["seat_0", "seat_1"]  # a simultaneous decision: both act in this step
    before = snapshot(table)
    good = first_legal(observations["seat_0"]["action_mask"])
    bad = int(np.flatnonzero(observations["seat_1"]["action_mask"] == 0)[0])
    word = table.words[bad]
    expected = (rf"^seat_1's action {bad} \({re.escape(repr(word))}\) was refused, so nothing of this step was "
                r"taken: it is not legal now; choose one its action mask allows\.$")
    with pytest.raises(IllegalAction, match=expected) as refused:
        table.act_together({0: good, 1: bad}, par.possible_agents)  # seat_0's comes first, and is not taken
    assert (refused.value.seat, refused.value.action) == (1, word) and one_sentence(refused.value)
    assert snapshot(table) == before
    with pytest.raises(IllegalAction, match=r"^seat_1's action 'bid' was refused, so nothing of this step was "
                                            r"taken: an action is a whole number \(an int or a NumPy integer\) "
                                            r"from 0 to \d+, not 'bid'\.$"):
        table.act_together({0: good, 1: "bid"}, par.possible_agents)
    assert snapshot(table) == before
    par.step({"seat_0": good, "seat_1": first_legal(observations["seat_1"]["action_mask"])})
    assert len(table.session.record.actions) == len(before[0]) + 2 and table.session.chosen() == []


def test_an_action_from_a_seat_not_asked_is_refused_in_the_games_own_sentence(installed, test_games):
    env = rl.env("castlewars", players=2)
    env.reset(seed=1)
    table = env.table
    assert table.asking == [0] and env.agent_selection == "seat_0"  # seat 1 waits for seat 0's draft
    before = snapshot(table)
    number = first_legal(table.mask(0))
    with pytest.raises(NotAsked) as refused:
        table.act(1, number)
    assert str(refused.value) == table.session.refusal(1, table.words[number]) and one_sentence(refused.value)
    assert refused.value.seat == 1 and snapshot(table) == before
    # A simultaneous decision taken as it comes (Goofspiel's bids): once a seat's bid is in, that
    # seat is not asked until the round is over, and a second bid is refused the same way.
    goof = rl.env(test_games.game("goofspiel"), players=2)
    goof.reset(seed=1)
    goof.step(first_legal(goof.observe("seat_0")["action_mask"]))
    assert goof.agent_selection == "seat_1" and goof.table.asking == [1]
    before = snapshot(goof.table)
    with pytest.raises(NotAsked) as refused:
        goof.table.act(0, first_legal(goof.observe("seat_1")["action_mask"]))
    assert one_sentence(refused.value) and snapshot(goof.table) == before


def test_a_second_sealed_choice_is_refused_and_nothing_of_the_first_is_seen(test_games):
    env = rl.env(test_games.game("sealed-draw"), players=2)
    env.reset(seed=1)
    table, session = env.table, env.table.session
    other_sees = table.observation(1).tolist()
    number = first_legal(env.observe("seat_0")["action_mask"])
    env.step(number)
    # Held, not applied: seat_1 is asked next and its numbers are what they were.
    assert session.chosen() == [0] and session.record.held == [(0, table.words[number])]
    assert session.record.actions == [] and env.agent_selection == "seat_1"
    assert not env.observe("seat_0")["action_mask"].any() and table.observation(1).tolist() == other_sees
    before = snapshot(table)
    with pytest.raises(AlreadyChosen, match=f"^{re.escape(ALREADY_CHOSEN.format(name='Seat 1'))}$"):
        table.act(0, number)
    assert snapshot(table) == before
    env.step(first_legal(env.observe("seat_1")["action_mask"]))
    assert session.chosen() == [] and [seat for seat, _ in session.record.actions] == [0, 1]  # in seat order


def test_every_environment_plays_sealed_draw_to_the_end(test_games):
    game = test_games.game("sealed-draw")
    rng = np.random.default_rng(4)
    aec = rl.env(game, players=3)
    aec.reset(seed=2)
    asked = []
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        asked.append(agent)
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert asked == ["seat_0", "seat_1", "seat_2"] * 5 and aec.table.session.outcome() is not None
    par = rl.parallel_env(game, players=3)
    observations, _ = par.reset(seed=2)
    steps = 0
    while par.agents:
        observations, rewards, *_ = par.step({a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                                              for a in par.agents})
        steps += 1
    outcome = par.table.session.outcome()
    assert steps == 5 and len(par.table.session.record.actions) == 15 and par.table.session.record.held == []
    assert [rewards[f"seat_{s}"] for s in range(3)] == [outcome.share(s) for s in range(3)]
    one = rl.gym_env(game, seat=1, opponents=["random", "random"])
    _, info = one.reset(seed=2)
    done, moves = False, 0
    while not done:
        _, reward, done, truncated, info = one.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        moves += 1
    assert moves == 5 and reward == one.table.session.outcome().share(1)
