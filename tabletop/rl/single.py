"""Any game as a Gymnasium environment for one seat, the other seats played by bots.

The bots play as in ``simulate`` (each from its generator seeded by the game seed and its
seat), between the learner's decisions, so an episode after ``reset(seed=S)`` is game 0 of
``tabletop simulate --seed S`` with the learner in its seat. The observation is the dict of
:mod:`tabletop.rl.aec` (numbers and action mask), the mask also in ``info["action_mask"]``;
the reward is the learner's win share at the end. An action the mask forbids ends the
episode as a loss (reward ``illegal_reward``, ``info["illegal_action"]``), as PettingZoo's
terminate-illegal wrapper does, so an agent that ignores the mask learns not to.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from tabletop.core.errors import IllegalAction
from tabletop.rl.aec import RENDER_MODES, check_render_mode, env_metadata, make_spaces, render
from tabletop.rl.table import LearningTable


class TabletopGym(gymnasium.Env):
    """One seat of a game as a Gymnasium environment (make it with :func:`tabletop.rl.gym_env`)."""

    metadata = {"render_modes": list(RENDER_MODES)}

    def __init__(self, table: LearningTable, seat: int, *, render_mode: str | None = None,
                 text_view: bool = False, illegal_reward: float = -1.0, league: Any = None):
        self.table, self.seat = table, seat
        #: Draws the opponents of the next game (a league), or None: the same bots every game.
        self.league = league
        self.render_mode = check_render_mode(render_mode)
        self.text_view = text_view
        self.illegal_reward = illegal_reward
        self.observation_space, self.action_space = make_spaces(table)
        self.metadata = env_metadata(self.metadata, table)
        self._ended = True

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        if self.league is not None:
            self.table.bots = self.league()
        self.table.start(seed)
        self._ended = self.table.over()
        return self._observe(), self._info()

    def _observe(self) -> dict[str, np.ndarray]:
        """Fresh arrays each call, as Gymnasium asks (a user may keep and change them)."""
        table = self.table
        return {"observation": table.observation(self.seat), "action_mask": table.mask(self.seat).copy()}

    def step(self, action: Any):
        table, seat = self.table, self.seat
        if self._ended:
            raise gymnasium.error.ResetNeeded("The episode is over: call reset() before step().")
        try:
            rewards = table.act(seat, action)
        except IllegalAction:
            self._ended = True
            info = {**self._info(), "illegal_action": True}
            return self._observe(), float(self.illegal_reward), True, False, info
        terminated, truncated = table.over(), table.truncated()
        self._ended = terminated or truncated
        return self._observe(), float(rewards[seat]), terminated, truncated, self._info()

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.table.mask(self.seat).copy()}
        if self.text_view:
            info["view"] = self.table.view_text(self.seat)
        return info

    def render(self) -> str | None:
        """``human``: print the game's text board; ``ansi``: return it."""
        return render(self.table, self.render_mode)

    def action_masks(self) -> np.ndarray:
        """The mask as sb3-contrib's MaskablePPO asks for it."""
        return self.table.mask(self.seat).astype(bool)
