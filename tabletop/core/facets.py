"""What a game offers besides its rules, as attributes of the game: its search and learning kits.

A game's board (:class:`~tabletop.core.board.Board` subclass, ``Game.board``), its search kit
(``Game.search``, a :class:`SearchKit`) and its statistics (``Game.statistics``) are facets:
the engine's own plugin answers the board, search and statistics hooks from them, so a game
writes no hook for them, and a third party's plugin can still answer a hook itself to override.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
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
      seats have made (face-down orders) as an opponent model would, instead of uniformly; it
      may also make there the secret choices they have still to make alongside ``seat``;
    * ``choices(view, seat)``: what ``seat``'s view shows the others chose, as (other seat,
      occasion, situation, choice) tuples (a game of secret programs: each revealed card, its
      round and step, its slot, its notation); search then learns who repeats themselves
      (:mod:`tabletop.agents.opponents`) and calls ``redraw(state, seat, rng, predict)``, where
      ``predict(other, situation)`` is a choice that seat was seen to make there, to put in the
      sample instead of the kit's own model's, or None;
    * ``iterations``: the game's default budget when a seat names none;
    * ``settings``: the game's own defaults for the other ``ismcts`` settings (``{"trust": 2,
      "belief": 1}``, say), as measured best for it; a seat's typed settings still win.

    A game computes its kit once (a class attribute, set in ``__init__`` or a
    ``functools.cached_property``): search asks for it once per bot.
    """

    evaluation: Evaluation | None = None
    rollout: RolloutPolicy | None = None
    guide: Callable[[Any], str | None] | None = None
    redraw: Callable[..., None] | None = None
    choices: Callable[[Any, int], Any] | None = None
    iterations: int | None = None
    at_round_start: bool = False
    settings: Mapping[str, int | float] | None = None


#: ``vocabulary(game, seats, options)``: every action text the game can ever offer at that table.
Vocabulary = Callable[[Any, int, Mapping[str, Any]], Sequence[str]]


@dataclass(frozen=True, slots=True)
class LearningKit:
    """What reinforcement learning (``tabletop.rl``) may use of a game, all optional: without a
    kit, the vocabulary is derived from the notation and observations from the components.

    * ``vocabulary(game, seats, options)``: the finite list of every action text the game can offer
      for those options and seat count, in a fixed order (an environment's action ``i`` is its
      item ``i``); declare it when it cannot be derived (actions other than a verb and at most
      two card ids); ``tabletop check`` fails a legal action that is not in it;
    * ``features(game, state, seat)``: ``features_size`` more numbers for ``seat``'s observation
      (a phase, a round), from what that seat may see only;
    * ``leave_out``: declared zones and values the observation does not encode;
    * ``seat_values``: public values and shared slots that are lists indexed by seat (hit
      points per seat): an egocentric observation turns them so the observing seat's comes first;
    * ``seat_numbers``: where values hold seat numbers (the seat to act, a target), as paths
      (``"active"``, ``"turn_order[]"``, ``"in_play{}"`` for a set, ``"last_battle.orders[].target"``,
      ``"notes.keys()"`` for seats as a dict's keys, ``"hearts[seat]"`` for a list per seat:
      see :mod:`tabletop.rl.relative`): an egocentric observation makes them relative to the
      observing seat (0 itself, 1 the next seat);
    * ``domains``: value name -> every text it may hold (each faction, commander, phase), or
      ``domains(game, seats, options)`` giving that mapping, so each has its place in the
      observation whether or not the random games that lay it out met it;
    * ``reward(game, state, seat)``: a potential for shaped rewards (each step pays its change); the
      outcome's win shares are the reward without it.
    """

    vocabulary: Vocabulary | None = None
    features: Callable[[Any, Any, int], Sequence[float]] | None = None
    features_size: int = 0
    leave_out: tuple[str, ...] = ()
    seat_values: tuple[str, ...] = ()
    seat_numbers: tuple[str, ...] = ()
    domains: Mapping[str, Sequence[str]] | Callable[[Any, int, Mapping[str, Any]], Mapping[str, Sequence[str]]] | None = None
    reward: Callable[[Any, Any, int], float] | None = None
