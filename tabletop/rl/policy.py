"""A trained policy as a bot any front end can seat: ``tabletop play``, ``simulate``, the server,
and an environment's opponents.

A policy is a callable from a seat's observation and action mask (the numbers an environment
gives) to an action index. :func:`policy_bot` wraps it as a :class:`~tabletop.core.decision.BotSpec`:
at each decision the bot reads its seat's observation from a state consistent with what the
seat sees (:meth:`Decision.sample_state`: the observation never depends on what the seat
cannot see, so any such state gives the same numbers) and plays the policy's action.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from tabletop.core.decision import BotSpec, Decision
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.rl.observe import Encoder

#: observation, action mask -> action index.
Policy = Callable[[np.ndarray, np.ndarray], Any]


class _Layout:
    """A game's vocabulary and encoder per seat count, made when a table of that size first asks."""

    def __init__(self, game: Game, options: Mapping[str, Any] | None, egocentric: bool = False,
                 layout_seats: int | None = None):
        self.game, self.egocentric, self.layout_seats = game, egocentric, layout_seats
        self.options = game.resolve_options(options)
        self._made: dict[int, tuple[tuple[str, ...], dict[str, int], Encoder]] = {}

    def of(self, seats: int) -> tuple[tuple[str, ...], dict[str, int], Encoder]:
        made = self._made.get(seats)
        if made is None:
            from tabletop.rl.table import layout_words

            words = layout_words(self.game, seats, self.options, self.layout_seats)
            made = self._made[seats] = (words, {w: i for i, w in enumerate(words)},
                                        Encoder(self.game, seats, self.options, egocentric=self.egocentric,
                                                layout_seats=self.layout_seats))
        return made


class PolicyAgent:
    """One seat played by a policy (made by :func:`policy_bot`'s factory)."""

    def __init__(self, layout: _Layout, policy: Policy, seat: int, rng: random.Random, name: str):
        self.layout, self.policy, self.seat, self.rng, self.name = layout, policy, seat, rng, name

    def choose(self, decision: Decision) -> str:
        state = decision.sample_state(self.rng)
        words, index, encoder = self.layout.of(getattr(state, "seats", None) or encoder_seats(decision))
        mask = np.zeros(len(words), dtype=np.int8)
        for action in decision.legal:
            place = index.get(action)
            if place is not None:
                mask[place] = 1
        choice = self.policy(encoder.encode(state, decision.seat), mask)
        if isinstance(choice, bool) or not isinstance(choice, (int, np.integer)) or not 0 <= choice < len(words) \
                or not mask[choice]:
            raise TabletopError(f"The policy of bot '{self.name}' chose {str(choice)[:40]!r}, which is not a legal "
                                "action index now; a policy must pick an index its action mask allows.")
        return words[int(choice)]


def encoder_seats(decision: Decision) -> int:
    """The seat count of a game whose state does not say it: from the seat's view."""
    seats = decision.view.get("seats")
    return len(seats) if isinstance(seats, list) else decision.game.min_players


def policy_bot(game: Game | str, policy: Policy, *, name: str = "policy", options: Mapping[str, Any] | None = None,
               help: str = "A trained policy.", egocentric: bool = False, layout_seats: int | None = None) -> BotSpec:
    """``policy`` (observation, mask -> action index) as a bot named ``name`` for ``game``,
    with the observation layout of ``options`` (the game's defaults unless given): return it
    from a plugin's ``tabletop_register_bots`` and ``tabletop play`` and ``simulate`` seat it;
    give it as an environment's opponent for self-play or a league. ``layout_seats``: the
    layout of tables of up to that many seats (as the environment it learnt in), so the same
    policy plays at any seat count up to it."""
    from tabletop.rl.table import find_game

    found = find_game(game)
    layout = _Layout(found, options, egocentric, layout_seats)

    def factory(_game: Game, seat: int, rng: random.Random) -> PolicyAgent:
        return PolicyAgent(layout, policy, seat, rng, name)

    return BotSpec(name, factory, game=found.name, help=help)
