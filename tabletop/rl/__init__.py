"""Every installed game as a reinforcement-learning environment (the optional extra ``tabletop[rl]``).

Three lines turn a game into an environment::

    import tabletop.rl
    env = tabletop.rl.env("castlewars", players=2)             # PettingZoo AEC
    par = tabletop.rl.parallel_env("windupwar", players=3)     # PettingZoo parallel
    one = tabletop.rl.gym_env("wms", seat=0, opponents=["random"])  # Gymnasium, bots elsewhere

Actions are places in the game's action vocabulary (:mod:`tabletop.engine.vocabulary`),
observations fixed-shape numbers read from what each seat may see (:mod:`.observe`), with
the legal actions as a mask. See docs/rl.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import TabletopError

if TYPE_CHECKING:
    from tabletop.core.decision import BotSpec
    from tabletop.core.game import Game
    from tabletop.rl.aec import TabletopAEC
    from tabletop.rl.parallel import TabletopParallel
    from tabletop.rl.single import TabletopGym

__all__ = ["env", "gym_env", "parallel_env", "policy_bot"]

#: An opponent: a bot's name, a BotSpec, or a policy (observation, mask -> action index).
Opponent = Any

MISSING = "tabletop.rl needs the rl extra: pip install 'tabletop[rl]' (PettingZoo, Gymnasium and NumPy)."


def _table(game: Game | str, players: int | None, options: Mapping[str, Any] | None, *,
           unchecked: bool = False, **kwargs: Any):
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError as error:
        raise TabletopError(MISSING) from error
    from tabletop.rl.checked import hold_to_the_check
    from tabletop.rl.table import LearningTable, find_game

    found = find_game(game)
    if not unchecked:
        hold_to_the_check(found, players, options)
    return LearningTable(found, players, options, **kwargs)


def env(game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
        render_mode: str | None = None, *, text_view: bool = False, shaped: bool = False,
        reward: str = "win-share", unchecked: bool = False, egocentric: bool = False,
        layout_seats: int | None = None) -> TabletopAEC:
    """``game`` (a name or a Game) as a PettingZoo AEC environment for ``players`` seats (the
    game's fewest by default) with ``options``; ``text_view`` adds each seat's view as JSON
    text to its info; ``shaped`` adds the game's shaped reward, if it offers one; ``reward``
    pays the end as each seat's ``"win-share"`` or as ``"zero-sum"`` (1 a win, -1 a loss).
    A game from outside the bundled ones is first held to ``tabletop check`` (a few random
    games at this seat count: no leak of hidden information into views, masks or the
    observation); ``unchecked=True`` builds it anyway. ``egocentric``: each seat's own blocks
    first, the others in turn order after it, declared seat numbers inside values relative to
    it (the seat one-hot stays). ``layout_seats``: the observation and action layout of tables
    of up to that many seats, the same at every seat count up to it (absent seats' blocks 0,
    a ``present`` flag per seat), so one policy plays at 2, 3 or 4 seats."""
    table = _table(game, players, options, shaped=shaped, reward=reward, unchecked=unchecked,
                   egocentric=egocentric, layout_seats=layout_seats)
    from tabletop.rl.aec import TabletopAEC

    return TabletopAEC(table, render_mode=render_mode, text_view=text_view)


def parallel_env(game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, *, text_view: bool = False,
                 shaped: bool = False, reward: str = "win-share", illegal_reward: float = -1.0,
                 unchecked: bool = False, egocentric: bool = False, layout_seats: int | None = None
                 ) -> TabletopParallel:
    """``game`` as a PettingZoo parallel environment: each step, every seat the table asks acts;
    an action its mask forbids ends the episode, the offender paid ``illegal_reward``."""
    table = _table(game, players, options, shaped=shaped, reward=reward, unchecked=unchecked,
                   egocentric=egocentric, layout_seats=layout_seats)
    from tabletop.rl.parallel import TabletopParallel

    return TabletopParallel(table, render_mode=render_mode, text_view=text_view, illegal_reward=illegal_reward)


def gym_env(game: Game | str, seat: int = 0, opponents: Sequence[Opponent] | Callable[[], Sequence[Opponent]] = ("random",),
            options: Mapping[str, Any] | None = None, render_mode: str | None = None, *,
            text_view: bool = False, shaped: bool = False, reward: str = "win-share",
            illegal_reward: float = -1.0, unchecked: bool = False, egocentric: bool = False,
            layout_seats: int | None = None) -> TabletopGym:
    """``game`` as a Gymnasium environment for seat ``seat`` (from 0, as everywhere in Python),
    the other seats, in seat order, played by ``opponents``: each a bot's name (settings after
    a colon, as ``--seats`` takes them: ``ismcts:iterations=200``), a ``BotSpec``, or a policy
    (observation, mask -> action index: the learner's own for self-play). ``opponents`` may
    also be a function giving such a list, called at every reset (a league: draw the
    opponents of each game)."""
    from tabletop.rl.table import find_game

    found = find_game(game)
    league = opponents if callable(opponents) else None
    first = list(league() if league is not None else opponents)
    players = len(first) + 1
    if not 0 <= seat < players:
        raise TabletopError(f"seat must be 0 to {players - 1} with {len(first)} opponents, not {seat}.")
    table = _table(found, players, options, bots=_bots(found, seat, first, options, egocentric, layout_seats),
                   shaped=shaped, reward=reward, unchecked=unchecked, egocentric=egocentric,
                   layout_seats=layout_seats)
    from tabletop.rl.single import TabletopGym

    draw = None if league is None else (lambda: _bots(found, seat, list(league()), options, egocentric,
                                                      layout_seats))
    return TabletopGym(table, seat, render_mode=render_mode, text_view=text_view, illegal_reward=illegal_reward,
                       league=draw)


def policy_bot(game: Game | str, policy: Callable[[Any, Any], Any], *, name: str = "policy",
               options: Mapping[str, Any] | None = None, help: str = "A trained policy.",
               egocentric: bool = False, layout_seats: int | None = None) -> BotSpec:
    """A policy (observation, mask -> action index) as a bot ``tabletop play`` and ``simulate``
    can seat (return it from a plugin's ``tabletop_register_bots``) and environments take as
    an opponent; see :mod:`tabletop.rl.policy`."""
    from tabletop.rl.policy import policy_bot as make

    return make(game, policy, name=name, options=options, help=help, egocentric=egocentric,
                layout_seats=layout_seats)


def _bots(game: Game, seat: int, opponents: Sequence[Opponent], options: Mapping[str, Any] | None = None,
          egocentric: bool = False, layout_seats: int | None = None) -> dict[int, BotSpec]:
    """Each opponent's bot, by seat (every seat but ``seat``, in order); a policy reads the
    observations of the learner's table (its options, egocentric or not)."""
    from tabletop.core.decision import BotSpec
    from tabletop.engine.registry import build_registry

    registry = build_registry()
    others = [s for s in range(len(opponents) + 1) if s != seat]
    bots = {}
    for s, opponent in zip(others, opponents, strict=True):
        if isinstance(opponent, str):
            bots[s] = registry.bot(game.name, opponent)
        elif isinstance(opponent, BotSpec):
            bots[s] = opponent
        elif callable(opponent):
            bots[s] = policy_bot(game, opponent, name=f"policy-{s + 1}", options=options, egocentric=egocentric,
                                 layout_seats=layout_seats)
        else:
            raise TabletopError(f"An opponent is a bot's name, a BotSpec or a policy, not {str(opponent)[:40]!r}.")
    return bots
