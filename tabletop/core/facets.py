"""What a game offers besides its rules, as attributes of the game: its search kit.

A game's board (:class:`~tabletop.core.board.Board` subclass, ``Game.board``), its search kit
(``Game.search``, a :class:`SearchKit`) and its statistics (``Game.statistics``) are facets:
the engine's own plugin answers the board, search and statistics hooks from them, so a game
writes no hook for them, and a third party's plugin can still answer a hook itself to override.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: ``evaluation(state, seat)``: each seat's expected share of a win (0 to 1) from a state
#: sampled for ``seat``; cheap matters more than exact.
Evaluation = Callable[[Any, int], Sequence[float]]
#: ``policy(state, seat, legal, rng)``: one of ``legal`` for ``seat`` to play in a rollout.
RolloutPolicy = Callable[[Any, int, Sequence[str], random.Random], str]


@dataclass(frozen=True, slots=True)
class SearchKit:
    """What search may use of a game, all optional (``ismcts`` plays any game without one).

    * ``evaluation``: how a sampled state stands for each seat, asked after ``depth`` actions
      of a playout (and, with ``at_round_start``, as soon as a new round opens: an event of the
      game's ``round_event`` kind);
    * ``rollout``: the policy playouts follow instead of uniform random play; it must use only
      the ``rng`` it is given;
    * ``guide(decision) -> str | None``: the move the game's rule-based bot would make from the
      seat's own decision; search overrides it only when it visited its own move ``trust``
      times as often;
    * ``redraw(state, seat, rng)``: choose again, in a sampled state, the secret choices other
      seats have made (face-down orders), as the rollout policy would, instead of uniformly;
    * ``iterations``: the game's default budget when a seat names none.

    A game computes its kit once (a class attribute, set in ``__init__`` or a
    ``functools.cached_property``): search asks for it once per bot.
    """

    evaluation: Evaluation | None = None
    rollout: RolloutPolicy | None = None
    guide: Callable[[Any], str | None] | None = None
    redraw: Callable[[Any, int, random.Random], None] | None = None
    iterations: int | None = None
    at_round_start: bool = False
