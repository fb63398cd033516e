"""What a game may add through its learning facet: its own features, parts left out, a shaped
reward; and the training example runs end to end."""

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="the rl extra is not installed: pip install -e '.[rl]'")

import numpy as np  # noqa: E402

import tabletop.rl as rl  # noqa: E402
from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.engine.registry import build_registry  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def castle():
    """A fresh Castle Wars whose learning facet a test may change."""
    return build_registry().game("castlewars")


def test_a_game_adds_features_and_leaves_parts_out(castle):
    castle.learning = dataclasses.replace(castle.learning, features=lambda game, state, seat: [state.round, seat * 10],
                                          features_size=2, leave_out=("deck",))
    env = rl.env(castle, players=2)
    env.reset(seed=4)
    parts = env.table.encoder.parts
    assert "deck" not in parts and "row" in parts
    seen = env.observe("seat_1")["observation"]
    assert list(seen[parts["features"]]) == [env.table.session.public_view()["round"], 10.0]


def test_a_shaped_reward_pays_the_potential_as_it_changes_and_the_share_at_the_end(castle):
    castle.learning = dataclasses.replace(castle.learning, reward=lambda game, state, seat: state.hp[seat] / 10)
    env = rl.env(castle, players=2, shaped=True)
    env.reset(seed=9)
    start = env.table.potentials()
    paid = dict.fromkeys(env.agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        paid[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    outcome = env.table.session.outcome()
    for seat, agent in enumerate(["seat_0", "seat_1"]):
        assert paid[agent] == pytest.approx(outcome.share(seat) - start[seat])  # the potentials telescope


@pytest.mark.slow
def test_the_training_example_runs_and_draws_its_chart(tmp_path):
    out = tmp_path / "learning.png"
    run = subprocess.run([sys.executable, str(ROOT / "examples" / "rl_train.py"), "--episodes", "40", "--quick",
                          "--out", str(out)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert "40 training games" in run.stdout and out.stat().st_size > 10_000


def test_without_the_extra_the_environments_say_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # as if it were not installed
    with pytest.raises(TabletopError, match=r"^tabletop.rl needs the rl extra: pip install 'tabletop\[rl\]'"):
        rl.env("castlewars")
