"""MaskablePPO (sb3-contrib) on a tabletop game against a rule bot: train for some CPU time,
then play it and print its win share with a 95% interval.

Needs sb3-contrib and torch, which tabletop does not depend on (on this project's machines:
``pip install torch==2.13.0 sb3-contrib`` in a venv that has ``tabletop[rl]``).

Usage: python examples/rl_maskable_ppo.py GAME BOT CPU_SECONDS SEED EVAL_GAMES
(e.g. ``windupwar tactician 240 7 100``, as docs/rl.md's table was measured)
Trains on two gym envs (the learner in seat 0 and in seat 1, against BOT) until the process
has used CPU_SECONDS of CPU (one torch thread), then plays EVAL_GAMES games against BOT (half
in each seat, masked, deterministic policy) and prints one JSON line.
"""

import json
import math
import sys
import time

import gymnasium as gym
import numpy as np

try:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv
except ImportError:
    sys.exit("This example needs sb3-contrib and torch: pip install torch sb3-contrib")

import tabletop
from tabletop.rl import gym_env

torch.set_num_threads(1)
if len(sys.argv) != 6:
    sys.exit(__doc__)
game, bot, budget, seed, evals = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])


class Numbers(gym.ObservationWrapper):
    """The observation's numbers only (the mask goes to MaskablePPO through action_masks)."""

    def __init__(self, env):
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation):
        return observation["observation"]

    def action_masks(self):
        return self.env.unwrapped.action_masks()


def make(seat):
    return lambda: Numbers(gym_env(game, seat=seat, opponents=[bot]))


class Budget(BaseCallback):
    def _on_step(self):
        return time.process_time() < budget


def wilson(k, n, z=1.96):
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return round(c - h, 3), round(c + h, 3)


venv = DummyVecEnv([make(0), make(1)])
venv.seed(seed)
model = MaskablePPO("MlpPolicy", venv, n_steps=512, batch_size=128, seed=seed, verbose=0, device="cpu")
start = time.process_time()
model.learn(total_timesteps=10**9, callback=Budget())
trained = model.num_timesteps
wins = 0.0
for i in range(evals):
    env = Numbers(gym_env(game, seat=i % 2, opponents=[bot]))
    obs, info = env.reset(seed=100_000 + seed * 1000 + i)
    done = False
    reward = 0.0
    while not done:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        obs, reward, terminated, truncated, info = env.step(int(action))
        done = terminated or truncated
    wins += 1.0 if reward > 0.5 else (0.5 if reward > 0 else 0.0)
print(json.dumps({"tabletop": tabletop.__file__, "game": game, "against": bot, "cpu_s": round(time.process_time(), 1),
                  "train_cpu_s": budget, "steps": trained, "obs": int(np.prod(venv.observation_space.shape)),
                  "games": evals, "won": wins, "share": round(wins / evals, 3), "wilson95": wilson(wins, evals)}))
