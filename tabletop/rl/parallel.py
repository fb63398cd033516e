"""Any game as a PettingZoo parallel environment: every seat asked now acts in one step.

Made for games whose decisions are simultaneous (secret bids, programmed orders): each step
takes an action from every live agent; the seats the session asks now
(:meth:`~tabletop.engine.session.Session.asked`: all of a simultaneous decision, one in a
turn-based moment) act, and the others' actions are ignored (their action mask is all zeros).
A step is atomic: every asked seat's action is checked first and all are taken together
(:meth:`~tabletop.engine.session.Session.submit_together`, in seat order), or, if one is
refused, none is and the error names that agent and its action. Observations, masks and
rewards are those of :mod:`tabletop.rl.aec`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from tabletop.core.errors import IllegalAction, TabletopError
from tabletop.rl.aec import RENDER_MODES, SeatAgents, render
from tabletop.rl.table import GAME_OVER, GameOver, LearningTable


class TabletopParallel(SeatAgents, ParallelEnv):
    """A game as a PettingZoo parallel environment (make it with :func:`tabletop.rl.parallel_env`)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "tabletop"}

    def __init__(self, table: LearningTable, *, render_mode: str | None = None, text_view: bool = False,
                 illegal_reward: float = -1.0):
        self._seat_agents(table, render_mode, text_view)
        self.illegal_reward = illegal_reward

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None):
        self.table.start(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(self, actions: Mapping[str, Any]):
        table = self.table
        if not self.agents:
            raise GameOver(GAME_OVER)
        names = self.possible_agents
        asked = table.asking
        missing = [names[seat] for seat in asked if names[seat] not in actions]
        if missing:
            raise TabletopError(f"{missing[0]} must act now: give an action for every agent the table asks.")
        try:
            rewards = table.act_together({seat: actions[names[seat]] for seat in asked}, names)
        except IllegalAction as error:  # as gym_env and PettingZoo's terminate-illegal wrapper: a loss
            seat = getattr(error, "seat", None)
            return self._illegal(names[seat] if seat is not None else names[asked[0]])
        observations, infos = self._observations(), self._infos()
        done, cut = table.over(), table.truncated()
        terminations = dict.fromkeys(self.agents, done)
        truncations = dict.fromkeys(self.agents, cut)
        rewards = {name: rewards[self._seat[name]] for name in self.agents}
        if done or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _illegal(self, offender: str):
        """An action its mask forbids (unmasked sampling): nothing of the step is taken, the
        episode ends, the offender is paid ``illegal_reward`` and the others nothing."""
        observations, infos = self._observations(), self._infos()
        for name in self.agents:
            infos[name]["illegal_action"] = name == offender
        rewards = {name: float(self.illegal_reward) if name == offender else 0.0 for name in self.agents}
        terminations = dict.fromkeys(self.agents, True)
        truncations = dict.fromkeys(self.agents, False)
        self.agents = []
        return observations, rewards, terminations, truncations, infos

    def asked(self) -> list[str]:
        """The agents that act in the next step: the seats the session asks now."""
        names = self.possible_agents
        return [names[seat] for seat in self.table.asking]

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
        """``human``: print the game's text board; ``ansi``: return it."""
        return render(self.table, self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
