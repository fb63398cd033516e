"""Find plugins and collect their games and bots.

One factory, :func:`make_plugin_manager`, builds a fresh manager: hook specs, then the
core's own plugin, then every entry point of group ``tabletop`` (the bundled games
included), then any extra plugin named on the command line. Nothing is loaded at
import time. A plugin that fails to import, or whose games fail to build, is kept
as a :class:`PluginFailure` with its reason; the rest keep working.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

import pluggy

from tabletop.agents.base import BotSpec
from tabletop.core import hookspecs
from tabletop.core.errors import UnknownNameError
from tabletop.core.game import Game
from tabletop.core.suggest import did_you_mean

ENTRY_POINT_GROUP = "tabletop"


@dataclass(frozen=True, slots=True)
class PluginFailure:
    plugin: str
    reason: str


def _reason(error: BaseException) -> str:
    text = str(error).strip()
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def import_plugin(spec: str) -> ModuleType:
    """Import a plugin named as a module (``pkg.mod``) or a file (``path/to/plugin.py``).

    Module names are looked up from the current directory too, so a plugin being
    written can be tried without installing it.
    """
    path = Path(spec)
    if spec.endswith(".py"):
        if not path.is_file():
            raise FileNotFoundError(f"no plugin file {spec}")
        module_name = f"tabletop_local_{path.stem}"
        loader_spec = importlib.util.spec_from_file_location(module_name, path)
        assert loader_spec is not None and loader_spec.loader is not None
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[module_name] = module
        loader_spec.loader.exec_module(module)
        return module
    cwd = str(Path.cwd())
    if cwd not in sys.path:
        sys.path.append(cwd)
    return importlib.import_module(spec)


def _register(pm: pluggy.PluginManager, plugin: object, name: str, failures: list[PluginFailure]) -> None:
    if pm.is_registered(plugin):  # named twice, e.g. installed and also given with --plugin
        return
    try:
        pm.register(plugin, name=name)
        pm.check_pending()
    except Exception as error:  # a plugin's bug must not take the others down
        if pm.is_registered(plugin):
            pm.unregister(plugin)
        failures.append(PluginFailure(name, _reason(error)))


def make_plugin_manager(
    *,
    load_entry_points: bool = True,
    extra: Iterable[object | str] = (),
    failures: list[PluginFailure] | None = None,
) -> pluggy.PluginManager:
    """A new plugin manager; load problems are appended to ``failures``."""
    failures = failures if failures is not None else []
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    from tabletop.agents import builtin

    pm.register(builtin, name="tabletop.builtin")
    if load_entry_points:
        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if pm.get_plugin(ep.name) is not None or pm.is_blocked(ep.name):
                continue
            try:
                plugin = ep.load()
            except Exception as error:
                failures.append(PluginFailure(ep.name, _reason(error)))
                continue
            _register(pm, plugin, ep.name, failures)
    for item in extra:
        if isinstance(item, str):
            try:
                plugin = import_plugin(item)
            except Exception as error:
                failures.append(PluginFailure(item, _reason(error)))
                continue
            _register(pm, plugin, item, failures)
        else:
            _register(pm, item, getattr(item, "__name__", repr(item)), failures)
    return pm


@dataclass
class Registry:
    """The installed games and bots, and the plugins that failed to load."""

    pm: pluggy.PluginManager
    games: dict[str, Game] = field(default_factory=dict)
    bots: list[BotSpec] = field(default_factory=list)
    failures: list[PluginFailure] = field(default_factory=list)

    def game(self, name: str) -> Game:
        try:
            return self.games[name]
        except KeyError:
            pass
        broken = [f for f in self.failures if f.plugin == name or f.plugin.endswith(f".{name}")]
        if broken:
            raise UnknownNameError(f"The game '{name}' failed to load: {broken[0].reason}")
        known = ", ".join(sorted(self.games)) or "none"
        raise UnknownNameError(
            f"No game named '{name}'.{did_you_mean(name, self.games)} Installed games: {known} (see `tabletop list`)."
        )

    def bots_for(self, game: str) -> dict[str, BotSpec]:
        """Bots that can play ``game``, by the short name a person types."""
        found: dict[str, BotSpec] = {}
        for spec in self.bots:
            if spec.game is None or spec.game == game:
                found[spec.name] = spec
        return found

    def bot(self, game: str, name: str) -> BotSpec:
        """A bot by short name (``greedy``) or full name with its game (``mygame.greedy``)."""
        bots = self.bots_for(game)
        short = name.removeprefix(f"{game}.")
        if short in bots:
            return bots[short]
        known = ", ".join(sorted(bots)) or "none"
        raise UnknownNameError(
            f"No bot '{name}' for {game}.{did_you_mean(short, [*bots, 'human'])} Bots for {game}: human, {known}."
        )

    def bot_names(self, game: str) -> list[str]:
        return sorted(self.bots_for(game))


def build_registry(
    *, load_entry_points: bool = True, extra: Iterable[object | str] = ()
) -> Registry:
    """Build a plugin manager and ask every plugin, one by one, for its games and bots."""
    failures: list[PluginFailure] = []
    pm = make_plugin_manager(load_entry_points=load_entry_points, extra=extra, failures=failures)
    registry = Registry(pm=pm, failures=failures)
    for impl in pm.hook.tabletop_register_games.get_hookimpls():
        try:
            games = list(impl.function())
            for game in games:
                if not isinstance(game, Game) or not game.name:
                    raise TypeError(f"{game!r} is not a named tabletop Game")
                if game.name in registry.games:
                    raise ValueError(f"a game named '{game.name}' is already installed")
        except Exception as error:
            registry.failures.append(PluginFailure(impl.plugin_name, _reason(error)))
            continue
        for game in games:
            registry.games[game.name] = game
    for impl in pm.hook.tabletop_register_bots.get_hookimpls():
        try:
            specs = list(impl.function())
            if not all(isinstance(s, BotSpec) for s in specs):
                raise TypeError("tabletop_register_bots must return BotSpec objects")
        except Exception as error:
            registry.failures.append(PluginFailure(impl.plugin_name, _reason(error)))
            continue
        registry.bots.extend(specs)
    return registry
