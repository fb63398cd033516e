"""Any game as a PettingZoo AEC environment: one seat acts at a time.

Agents are ``seat_0`` .. ``seat_{n-1}``. The agent selected is the first seat the session asks
(:meth:`~tabletop.engine.session.Session.asked`), so a simultaneous decision is asked one seat at
a time, in seat order, and nothing of one seat's choice reaches the next seat's observation but
what its view would show (that a choice was made; at a sealed decision the session holds it
until every seat has chosen). Each observation is a
dict: ``observation`` (the numbers of :mod:`tabletop.rl.observe`) and ``action_mask``; the
mask is also in ``infos[agent]["action_mask"]`` (with ``view``, the seat's view as JSON text,
when asked for). Rewards come at the end: each seat's share of the win.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tabletop.core.errors import TabletopError
from tabletop.rl.table import GAME_OVER, GameOver, LearningTable

#: ``human`` prints the game's text board, ``ansi`` returns it.
RENDER_MODES = ("human", "ansi")


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def make_spaces(table: LearningTable) -> tuple[spaces.Dict, spaces.Discrete]:
    """A fresh observation and action space (one per agent, so each can be seeded alone)."""
    observation = spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (table.encoder.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (len(table.words),), np.int8),
    })
    return observation, spaces.Discrete(len(table.words))


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise TabletopError("render_mode may be None, 'human' (print the game's text board) or 'ansi' (return it), "
                            f"not {str(render_mode)[:20]!r}.")
    return render_mode


def render(table: LearningTable, render_mode: str | None) -> str | None:
    """The game's own text board, as ``tabletop play`` shows it: printed (``human``) or
    returned (``ansi``)."""
    if render_mode is None or table.session is None:
        return None
    board = table.board()
    if render_mode == "human":
        print(board, end="")
        return None
    return board


def env_metadata(base: Mapping[str, Any], table: LearningTable) -> dict[str, Any]:
    return {**base, "name": f"tabletop_{table.game.name}", "layout_version": table.layout_version}


class SeatAgents:
    """What both PettingZoo environments set up alike: the table, one agent per seat and each
    agent's spaces (a mixin before PettingZoo's own class)."""

    def _seat_agents(self, table: LearningTable, render_mode: str | None, text_view: bool) -> None:
        self.table = table
        self.render_mode = check_render_mode(render_mode)
        self.text_view = text_view
        self.metadata = env_metadata(self.metadata, table)
        self.possible_agents = [agent_name(s) for s in range(table.players)]
        self._seat = {name: s for s, name in enumerate(self.possible_agents)}
        made = {name: make_spaces(table) for name in self.possible_agents}
        self.observation_spaces = {name: pair[0] for name, pair in made.items()}
        self.action_spaces = {name: pair[1] for name, pair in made.items()}
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]


class TabletopAEC(SeatAgents, AECEnv):
    """A game as a PettingZoo AEC environment (make it with :func:`tabletop.rl.env`)."""

    # Not parallelizable: PettingZoo's aec_to_parallel assumes each agent acts once per cycle,
    # not the turns of a game; use tabletop.rl.parallel_env.
    metadata = {"render_modes": list(RENDER_MODES), "name": "tabletop", "is_parallelizable": False}

    def __init__(self, table: LearningTable, *, render_mode: str | None = None, text_view: bool = False):
        super().__init__()
        self._seat_agents(table, render_mode, text_view)

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """A new game (``options`` are not the game's: those are given when the env is made)."""
        self.table.start(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {name: {"action_mask": self.table.no_actions} for name in self.agents}
        self._paid = False
        self._asked: str | None = None
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's numbers, and its mask: its legal actions if it is asked now, else none."""
        table, seat = self.table, self._seat[agent]
        mask = table.mask(seat) if agent == self.agent_selection else table.no_actions
        return {"observation": table.observation(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        if not self.agents:
            raise GameOver(GAME_OVER)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        self._cumulative_rewards[agent] = 0.0
        rewards = table.act(self._seat[agent], action)
        if rewards is not table.nothing:  # every agent lives until the end
            self.rewards = dict(zip(self.agents, rewards, strict=True))
            self._paid = True
        elif self._paid:  # back to nothing after a paying move (a shaped reward)
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._paid = False
        if table.done:
            self.terminations = dict.fromkeys(self.agents, True)
        elif table.cut:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        if self._paid:
            self._accumulate_rewards()

    def _select(self) -> None:
        """The agent asked now (the first seat, once the game is over) and the infos: the mask
        of its legal actions, none for the others (they are asked in turn, even in a
        simultaneous decision). Only the infos that change are made afresh."""
        table = self.table
        seat = None if table.cut else table.asked
        name = self.agents[0] if seat is None else self.possible_agents[seat]
        self.agent_selection = name
        infos = self.infos
        if self.text_view:
            for other in self.agents:
                infos[other] = self._info(self._seat[other], other == name and seat is not None)
            return
        before = self._asked
        if before is not None and (seat is None or before != name) and before in infos:
            infos[before] = {"action_mask": table.no_actions}
        if seat is not None:
            infos[name] = {"action_mask": table.mask(seat)}
        self._asked = None if seat is None else name

    def _info(self, seat: int, asked: bool) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.table.mask(seat) if asked else self.table.no_actions}
        if self.text_view:
            info["view"] = self.table.view_text(seat)
        return info

    def render(self) -> str | None:
        """``human``: print the game's text board; ``ansi``: return it."""
        return render(self.table, self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
