"""Train a small agent on a bundled game through ``tabletop.rl.gym_env``, CPU only, NumPy only.

    pip install -e '.[rl]'
    python examples/rl_train.py                          # Castle Wars, about 6 minutes: docs/rl-learning.png
    python examples/rl_train.py --episodes 600 --quick   # a smoke run
    python examples/rl_train.py --save policy.npz        # then seat it: see examples/rl_policy_bot.py

The agent is a masked policy gradient (REINFORCE with a learned value as baseline, Adam) over
a one-hidden-layer network reading the observation and the mask, written here in NumPy: small enough to read in one sitting, and
nothing heavier than the rl extra to install. It plays seat 1 or seat 2 in turn against the
random bot and learns from the win share at the end of each game (the environment's reward).
Every ``--eval-every`` episodes the policy (sampling its actions; ``--greedy``: its most
probable legal action) plays ``--eval-games`` games against the random bot and against the
game's rule bot, on fixed seeds, half in each seat; the win rates with 95% Wilson intervals go to a table on stdout and
a chart (``--out``, PNG).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from pathlib import Path

import numpy as np

import tabletop.rl as rl
from tabletop.core.stats import wilson
from tabletop.engine.registry import build_registry

RULE_BOTS = {"castlewars": "captain", "windupwar": "tactician", "windup_machines": "engineer", "wms": "veteran"}


def squash(observation: np.ndarray) -> np.ndarray:
    """Counts and scores of any size to a range a small network takes well."""
    return np.sign(observation) * np.log1p(np.abs(observation))


class Policy:
    """A softmax policy over the legal actions and a value estimate, on one tanh hidden layer
    that reads the observation and the mask (which says, among other things, the phase)."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator, lr: float):
        inputs += actions
        self.params = {
            "w1": rng.normal(0, 1 / math.sqrt(inputs), (hidden, inputs)), "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.01, (actions, hidden)), "b2": np.zeros(actions),
            "wv": np.zeros(hidden), "bv": np.zeros(1),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.lr, self.steps = lr, 0

    def forward(self, observation: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        """(input, hidden layer, action probabilities, value) for one decision."""
        p = self.params
        x = np.concatenate([squash(observation), mask])
        hidden = np.tanh(p["w1"] @ x + p["b1"])
        logits = p["w2"] @ hidden + p["b2"]
        logits = np.where(mask.astype(bool), logits, -np.inf)
        probs = np.exp(logits - logits.max())
        return x, hidden, probs / probs.sum(), float(p["wv"] @ hidden + p["bv"][0])

    def gradients(self, episode: list, reward: float, entropy: float) -> dict[str, np.ndarray]:
        """d/dparams, over one episode, of sum (reward - value) log pi(a|x) + an entropy bonus
        - half the value's squared error (the value is each decision's baseline)."""
        p = self.params
        grads = {k: np.zeros_like(v) for k, v in p.items()}
        for x, hidden, probs, value, action in episode:
            advantage = reward - value
            dlogits = -probs
            dlogits[action] += 1.0
            dlogits *= advantage
            legal = probs > 0
            logp = np.zeros_like(probs)
            logp[legal] = np.log(probs[legal])
            h = -(probs * logp).sum()
            dlogits += entropy * (-probs * (logp + h))  # gradient of the entropy through the softmax
            grads["w2"] += np.outer(dlogits, hidden)
            grads["b2"] += dlogits
            grads["wv"] += advantage * hidden
            grads["bv"] += advantage
            dhidden = (p["w2"].T @ dlogits + advantage * p["wv"]) * (1 - hidden**2)
            grads["w1"] += np.outer(dhidden, x)
            grads["b1"] += dhidden
        return grads

    def ascend(self, grads: dict[str, np.ndarray], count: int) -> None:
        """One Adam step up the averaged gradient."""
        self.steps += 1
        for k, g in grads.items():
            g = g / count
            m, v = self.moments[k]
            m[:] = 0.9 * m + 0.1 * g
            v[:] = 0.999 * v + 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            self.params[k] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env, policy: Policy, rng: np.random.Generator, *, seed: int | None, greedy: bool):
    """One game; the learner's (input, hidden, probs, value, action) at each decision, and its reward."""
    observation, _ = env.reset(seed=seed)
    episode, reward, done = [], 0.0, False
    while not done:
        x, hidden, probs, value = policy.forward(observation["observation"], observation["action_mask"])
        action = int(np.argmax(probs)) if greedy else int(rng.choice(len(probs), p=probs))
        episode.append((x, hidden, probs, value, action))
        observation, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    return episode, reward


def evaluate(envs: dict, policy: Policy, games: int, *, greedy: bool) -> dict[str, tuple[float, float, float]]:
    """Win share of the policy (sampling its actions with a generator seeded alike each time,
    or with ``greedy`` its most probable action) against each opponent, on the same seeds
    each time, half the games in each seat."""
    out = {}
    for opponent, seats in envs.items():
        total = 0.0
        rng = np.random.default_rng(12345)
        for i in range(games):
            _, reward = play(seats[i % 2], policy, rng, seed=1_000_000 + i, greedy=greedy)
            total += reward
        low, high = wilson(total, games)
        out[opponent] = (total / games, low, high)
    return out


def chart(rows: list, game: str, opponents: list[str], out: Path, games: int, against: str = "random") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    episodes = [r[0] for r in rows]
    for opponent, colour in zip(opponents, ("tab:blue", "tab:red"), strict=False):
        rate = [r[1][opponent][0] for r in rows]
        low = [r[1][opponent][1] for r in rows]
        high = [r[1][opponent][2] for r in rows]
        ax.plot(episodes, rate, marker="o", color=colour, label=f"against {opponent}")
        ax.fill_between(episodes, low, high, color=colour, alpha=0.15)
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xlabel(f"training games (against {against}); each point {games} games, 95% intervals shaded")
    ax.set_ylabel("win rate of the learnt policy")
    ax.set_ylim(0, 1)
    ax.set_title(f"{game}: a NumPy policy gradient learning through tabletop.rl.gym_env")
    ax.legend(loc="lower right")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="castlewars")
    parser.add_argument("--episodes", type=int, default=8000)
    parser.add_argument("--eval-every", type=int, default=1000)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.005)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("docs/rl-learning.png"))
    parser.add_argument("--greedy", action="store_true", help="evaluate the most probable action, not samples")
    parser.add_argument("--quick", action="store_true", help="fewer evaluation games (a smoke run)")
    parser.add_argument("--against", default="random", help="the bot the agent trains against (say, the rule bot)")
    parser.add_argument("--save", type=Path, help="save the trained policy here (.npz) for examples/rl_policy_bot.py")
    args = parser.parse_args()
    if args.quick:
        args.eval_every, args.eval_games = max(args.episodes // 3, 1), 40

    rule_bot = RULE_BOTS.get(args.game) or "random"
    opponents = ["random", rule_bot] if rule_bot != "random" else ["random"]
    build_registry().game(args.game)  # one clear sentence for an unknown game
    train = [rl.gym_env(args.game, seat=s, opponents=[args.against]) for s in (0, 1)]
    evals = {o: [rl.gym_env(args.game, seat=s, opponents=[o]) for s in (0, 1)] for o in opponents}
    train[0].reset(seed=args.seed)
    train[1].reset(seed=args.seed + 500_000)
    rng = np.random.default_rng(args.seed)
    random.seed(args.seed)
    space = train[0].observation_space["observation"].shape[0]
    policy = Policy(space, train[0].action_space.n, args.hidden, rng, args.lr)

    started = time.perf_counter()
    rows = [(0, evaluate(evals, policy, args.eval_games, greedy=args.greedy))]
    batch, count, steps = None, 0, 0
    print(f"| games trained | {' | '.join(f'win rate against {o}' for o in opponents)} | seconds |")
    print("|---|" + "---|" * len(opponents) + "---|")

    def report(row):
        cells = " | ".join(f"{r[0]:.2f} ({r[1]:.2f}-{r[2]:.2f})" for r in (row[1][o] for o in opponents))
        print(f"| {row[0]} | {cells} | {time.perf_counter() - started:.0f} |", flush=True)

    report(rows[0])
    for episode_number in range(1, args.episodes + 1):
        episode, reward = play(train[episode_number % 2], policy, rng, seed=None, greedy=False)
        steps += len(episode)
        grads = policy.gradients(episode, reward, args.entropy)
        batch = grads if batch is None else {k: batch[k] + grads[k] for k in grads}
        count += 1
        if count == args.batch:
            policy.ascend(batch, count)
            batch, count = None, 0
        if episode_number % args.eval_every == 0:
            rows.append((episode_number, evaluate(evals, policy, args.eval_games, greedy=args.greedy)))
            report(rows[-1])
    if args.save is not None:
        np.savez(args.save, game=args.game, layout=train[0].metadata["layout_version"], **policy.params)
        print(f"policy saved to {args.save} (layout {train[0].metadata['layout_version']})")
    chart(rows, args.game, opponents, args.out, args.eval_games, args.against)
    print(f"\n{args.episodes} training games ({steps} decisions) in {time.perf_counter() - started:.0f} s; chart: {args.out}")


if __name__ == "__main__":
    main()
