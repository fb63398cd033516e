"""Any game as a PettingZoo parallel environment: every seat asked now acts in one step.

Made for games whose decisions are simultaneous (secret bids, programmed orders): each step
takes an action from every live agent; the seats the table asks now (all of a simultaneous
decision, one in a turn-based moment) act, in the order the table loop asks them, and the
others' actions are ignored (their action mask is all zeros). Observations, masks and
rewards are those of :mod:`tabletop.rl.aec`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from tabletop.core.errors import TabletopError
from tabletop.rl.aec import RENDER_MODES, SeatAgents, agent_name
from tabletop.rl.table import LearningTable


class TabletopParallel(SeatAgents, ParallelEnv):
    """A game as a PettingZoo parallel environment (make it with :func:`tabletop.rl.parallel_env`)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "tabletop"}

    def __init__(self, table: LearningTable, *, render_mode: str | None = None, text_view: bool = False):
        self._seat_agents(table, render_mode, text_view)

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None):
        self.table.start(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(self, actions: Mapping[str, Any]):
        table = self.table
        if not self.agents:
            raise TabletopError("The game is over: reset the environment to play another.")
        asked = self.asked()
        missing = [name for name in asked if name not in actions]
        if missing:
            raise TabletopError(f"{missing[0]} must act now: give an action for every agent the table asks.")
        totals = [0.0] * table.players
        for name in asked:
            seat = self._seat[name]
            if table.over() or table.to_act() != seat:
                break
            rewards = table.act(seat, actions[name])
            totals = [t + r for t, r in zip(totals, rewards, strict=True)]
        observations, infos = self._observations(), self._infos()
        done, cut = table.over(), table.truncated()
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, cut)
        rewards = {name: totals[self._seat[name]] for name in self.agents}
        if done or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def asked(self) -> list[str]:
        """The agents that act in the next step, in the order the table asks them."""
        table = self.table
        if table.over():
            return []
        return [agent_name(s) for s in table.game.to_act(table.state)]

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {name: self.table.observe(self._seat[name]) for name in self.agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        infos = {}
        for name in self.agents:
            seat = self._seat[name]
            infos[name] = {"action_mask": self.table.mask(seat)}
            if self.text_view:
                infos[name]["view"] = self.table.view_text(seat)
        return infos

    def render(self) -> str | None:
        """``ansi``: the spectator's view as JSON text (every control character escaped)."""
        return None if self.render_mode is None else self.table.view_text(None)

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
