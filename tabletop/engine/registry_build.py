"""Filling a registry with the plugins' games and bots, each plugin refused alone if broken or
if it takes a name another plugin has. A plugin that declares its games' names
(``TABLETOP_GAMES`` in its module, as the bundled games do) is asked for its games and bots
only when one of its games is first used, so a command imports the one game it plays; a
plugin that declares nothing is asked at once, as always."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from tabletop.core.decision import BotSpec
from tabletop.core.errors import CardDataError
from tabletop.core.game import Game
from tabletop.engine.plugin_failure import LOAD_ERRORS, PluginFailure, quietly, reason_of

if TYPE_CHECKING:
    from tabletop.engine.registry import Registry


class Games(dict[str, Game]):
    """The games by name. A plugin that declares its games' names (``TABLETOP_GAMES``) is asked
    for them only when one is used: looking one name up loads its plugin alone; listing them
    all (iterating, ``len``) loads every plugin that is still waiting."""

    def __init__(self) -> None:
        super().__init__()
        #: A declared name -> its plugin, not asked yet.
        self.waiting: dict[str, str] = {}
        #: Every declared name -> its plugin, asked or not (a failure to build names the plugin).
        self.declared: dict[str, str] = {}
        self.load: Callable[[str | None], None] = lambda plugin: None

    def _wanted(self, name: object) -> None:
        if isinstance(name, str) and not dict.__contains__(self, name) and name in self.waiting:
            self.load(self.waiting[name])

    def __getitem__(self, name: str) -> Game:
        self._wanted(name)
        return dict.__getitem__(self, name)

    def __contains__(self, name: object) -> bool:
        self._wanted(name)
        return dict.__contains__(self, name)

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        self._wanted(name)
        return dict.get(self, name, default)

    def everything(self) -> Games:
        if self.waiting:
            self.load(None)
        return self

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self.everything())

    def __len__(self) -> int:
        return dict.__len__(self.everything())

    def keys(self) -> Any:
        return dict.keys(self.everything())

    def values(self) -> Any:
        return dict.values(self.everything())

    def items(self) -> Any:
        return dict.items(self.everything())


#: What a game or bot may be called: a word a person can type, shown as it is everywhere.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}")


def _check_name(name: object, kind: str) -> None:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ValueError(
            f"{kind} name {str(name)[:50]!r} is not a word a person can type "
            "(letters, digits, '_', '-', '.'; at most 40 characters)"
        )


def _check_setup(game: Game) -> None:
    """Set up the smallest and largest game once: card data that is valid field by field but too
    small to deal a game (one worker card, say) is refused at load, not in the middle of a game."""
    for seats in sorted({game.min_players, game.max_players}):
        try:
            game.new_state(seats, seed=0)
        except LOAD_ERRORS as error:
            raise CardDataError(
                f"its game '{game.name}' cannot set up a {seats}-player game ({reason_of(error)}); "
                "its card data may be too small"
            ) from None


def _bots_clash(a: BotSpec, b: BotSpec) -> bool:
    """Two bots clash when a person could not tell them apart: same name, and a game both play."""
    return a.name == b.name and (a.game is None or b.game is None or a.game == b.game)


def declared_games(plugin: object) -> tuple[str, ...] | None:
    """The names a plugin module declares for its games (``TABLETOP_GAMES``), if it declares
    typable names: such a plugin's games are built (their modules imported) only when used."""
    names = getattr(plugin, "TABLETOP_GAMES", None)
    if isinstance(names, list | tuple) and names and all(isinstance(n, str) and NAME.fullmatch(n) for n in names):
        return tuple(names)
    return None


class Builder:
    """Fills a registry plugin by plugin, now or (a plugin with declared games) when asked."""

    def __init__(self, registry: Registry):
        self.registry = registry
        self.owners: dict[str, str] = {}
        self.bot_owners: list[tuple[BotSpec, str]] = []
        #: A plugin waiting to be asked -> its games' and its bots' implementations.
        self.waiting: dict[str, tuple[Any, Any]] = {}

    def start(self) -> None:
        registry = self.registry
        hook = registry.pm.hook
        bots = {impl.plugin_name: impl for impl in hook.tabletop_register_bots.get_hookimpls()}
        later = set()
        for impl in hook.tabletop_register_games.get_hookimpls():
            names = declared_games(registry.pm.get_plugin(impl.plugin_name))
            if names is None:
                self.add_games(impl)
                continue
            later.add(impl.plugin_name)
            self.waiting[impl.plugin_name] = (impl, bots.get(impl.plugin_name))
            for name in names:
                if name not in self.owners and name not in registry.games.waiting:
                    registry.games.waiting[name] = registry.games.declared[name] = impl.plugin_name
                    self.owners[name] = impl.plugin_name
        for name, impl in bots.items():
            if name not in later:
                self.add_bots(impl)
        registry.games.load = self.load

    def load(self, plugin: str | None) -> None:
        """Ask one waiting plugin (None: every one) for its games and bots."""
        waiting = self.registry.games.waiting
        for name in [plugin] if plugin is not None else list(self.waiting):
            if name not in self.waiting:
                continue
            games, bots = self.waiting.pop(name)
            for game in [g for g, owner in waiting.items() if owner == name]:
                del waiting[game]
                del self.owners[game]
            with quietly():
                self.add_games(games)
                if bots is not None:
                    self.add_bots(bots)

    def add_games(self, impl: Any) -> None:
        registry = self.registry
        games = registry.games
        try:
            made = list(impl.function())
            for game in made:
                if not isinstance(game, Game) or not game.name:
                    raise TypeError(f"{game!r} is not a named tabletop Game")
                _check_name(game.name, "game")
                _check_setup(game)
        except LOAD_ERRORS as error:
            registry.failures.append(PluginFailure(impl.plugin_name, reason_of(error)))
            return
        for game in made:
            if dict.__contains__(games, game.name) or game.name in games.waiting:
                registry.failures.append(PluginFailure(
                    impl.plugin_name,
                    f"its game '{game.name}' has the name of a game of plugin '{self.owners[game.name]}', "
                    f"which keeps it",
                    conflict=True,
                ))
                continue
            dict.__setitem__(games, game.name, game)
            self.owners[game.name] = impl.plugin_name

    def add_bots(self, impl: Any) -> None:
        registry = self.registry
        try:
            specs = list(impl.function())
            if not all(isinstance(s, BotSpec) for s in specs):
                raise TypeError("tabletop_register_bots must return BotSpec objects")
            for spec in specs:
                _check_name(spec.name, "bot")
        except LOAD_ERRORS as error:
            registry.failures.append(PluginFailure(impl.plugin_name, reason_of(error)))
            return
        for spec in specs:
            taken = next((owner for other, owner in self.bot_owners if _bots_clash(spec, other)), None)
            if taken is not None:
                registry.failures.append(PluginFailure(
                    impl.plugin_name,
                    f"its bot '{spec.name}' has the name of a bot of plugin '{taken}', which keeps it",
                    conflict=True,
                ))
                continue
            self.bot_owners.append((spec, impl.plugin_name))
            registry.bots.append(spec)
