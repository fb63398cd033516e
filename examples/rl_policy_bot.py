"""A policy trained by examples/rl_train.py, seated at the table as the bot ``learnt``.

    python examples/rl_train.py --episodes 2000 --quick --save policy.npz
    TABLETOP_POLICY=policy.npz tabletop --plugin examples/rl_policy_bot.py simulate castlewars -n 100 --seats learnt,random --rotate
    TABLETOP_POLICY=policy.npz tabletop --plugin examples/rl_policy_bot.py play castlewars --seats human,learnt

A plugin file: ``tabletop --plugin`` loads it and its ``tabletop_register_bots`` offers the
bot, made by :func:`tabletop.rl.policy_bot` from a function of the observation and the action
mask (the numbers the environment gave the policy while it trained). The saved layout
version is checked against the game's, so a policy never plays numbers laid out otherwise.
"""

from __future__ import annotations

import os

import numpy as np

import tabletop.rl as rl
from tabletop.core.errors import TabletopError
from tabletop.plugin_api import hookimpl


def greedy(params):
    """The trained network's most probable legal action (as rl_train.py's forward pass)."""
    w1, b1, w2, b2 = (params[k] for k in ("w1", "b1", "w2", "b2"))

    def policy(observation, mask):
        x = np.concatenate([np.sign(observation) * np.log1p(np.abs(observation)), mask])
        logits = w2 @ np.tanh(w1 @ x + b1) + b2
        return int(np.argmax(np.where(mask.astype(bool), logits, -np.inf)))
    return policy


@hookimpl
def tabletop_register_bots():
    path = os.environ.get("TABLETOP_POLICY", "policy.npz")
    if not os.path.isfile(path):
        return []
    saved = np.load(path)
    game = str(saved["game"])
    layout = rl.env(game).metadata["layout_version"]
    if str(saved["layout"]) != layout:
        raise TabletopError(f"{path} was trained on layout {saved['layout']}, not this {game}'s {layout}; train it again.")
    return [rl.policy_bot(game, greedy(saved), name="learnt", help=f"The policy trained in {path}.")]
