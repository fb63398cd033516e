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

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import TabletopError

if TYPE_CHECKING:
    from tabletop.core.game import Game
    from tabletop.rl.aec import TabletopAEC
    from tabletop.rl.parallel import TabletopParallel
    from tabletop.rl.single import TabletopGym

__all__ = ["env", "gym_env", "parallel_env"]

MISSING = "tabletop.rl needs the rl extra: pip install 'tabletop[rl]' (PettingZoo, Gymnasium and NumPy)."


def _table(game: Game | str, players: int | None, options: Mapping[str, Any] | None, **kwargs: Any):
    try:
        import gymnasium  # noqa: F401
        import numpy  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError as error:
        raise TabletopError(MISSING) from error
    from tabletop.rl.table import LearningTable

    return LearningTable(game, players, options, **kwargs)


def env(game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
        render_mode: str | None = None, *, text_view: bool = False, shaped: bool = False) -> TabletopAEC:
    """``game`` (a name or a Game) as a PettingZoo AEC environment for ``players`` seats (the
    game's fewest by default) with ``options``; ``text_view`` adds each seat's view as JSON
    text to its info; ``shaped`` adds the game's shaped reward, if it offers one."""
    table = _table(game, players, options, shaped=shaped)
    from tabletop.rl.aec import TabletopAEC

    return TabletopAEC(table, render_mode=render_mode, text_view=text_view)


def parallel_env(game: Game | str, players: int | None = None, options: Mapping[str, Any] | None = None,
                 render_mode: str | None = None, *, text_view: bool = False,
                 shaped: bool = False) -> TabletopParallel:
    """``game`` as a PettingZoo parallel environment: each step, every seat the table asks acts."""
    table = _table(game, players, options, shaped=shaped)
    from tabletop.rl.parallel import TabletopParallel

    return TabletopParallel(table, render_mode=render_mode, text_view=text_view)


def gym_env(game: Game | str, seat: int = 0, opponents: Sequence[str] = ("random",),
            options: Mapping[str, Any] | None = None, render_mode: str | None = None, *,
            text_view: bool = False, shaped: bool = False, illegal_reward: float = -1.0) -> TabletopGym:
    """``game`` as a Gymnasium environment for seat ``seat`` (from 0, as everywhere in Python),
    the other seats played by the bots named in ``opponents``, in seat order (bot settings
    after a colon, as ``--seats`` takes them: ``ismcts:iterations=200``)."""
    from tabletop.engine.registry import build_registry

    registry = build_registry()
    found = registry.game(game) if isinstance(game, str) else game
    players = len(opponents) + 1
    if not 0 <= seat < players:
        raise TabletopError(f"seat must be 0 to {players - 1} with {len(opponents)} opponents, not {seat}.")
    others = [s for s in range(players) if s != seat]
    bots = {s: registry.bot(found.name, name) for s, name in zip(others, opponents, strict=True)}
    table = _table(found, players, options, bots=bots, shaped=shaped)
    from tabletop.rl.single import TabletopGym

    return TabletopGym(table, seat, render_mode=render_mode, text_view=text_view, illegal_reward=illegal_reward)
