"""Find plugins and collect their games and bots.

One factory, :func:`make_plugin_manager`, builds a fresh manager: hook specs, then the
core's own plugin, then every entry point of group ``tabletop`` (the bundled games
included), then any extra plugin named on the command line. Nothing is loaded at
import time, and a plugin that names its games (``TABLETOP_GAMES``) is asked for them only
when one is used (:mod:`tabletop.engine.registry_build`). A plugin that fails to import, or
whose games fail to build, is kept as a :class:`PluginFailure` with its reason; the rest keep
working.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from tabletop.core import hookspecs
from tabletop.core.decision import BotSpec
from tabletop.core.errors import UnknownNameError
from tabletop.core.game import Game
from tabletop.core.program import command
from tabletop.core.suggest import did_you_mean
from tabletop.engine.plugin_failure import LOAD_ERRORS, MAX_REASON, PluginFailure, quietly, reason_of
from tabletop.engine.registry_build import Builder, Games

__all__ = ["LOAD_ERRORS", "MAX_REASON", "CORE_PLUGINS", "FACET_PLUGIN", "GuardedHook", "PluginFailure", "Registry", "build_registry",
           "installed_plugins", "make_plugin_manager"]

ENTRY_POINT_GROUP = "tabletop"
#: The engine's own plugins, registered first (so any other plugin's firstresult answer wins):
#: the bots that play any game, which live in a layer above the engine and so are named here,
#: not imported.
FACET_PLUGIN = "tabletop.engine.facet_hooks"
CORE_PLUGINS = (FACET_PLUGIN, "tabletop.agents.builtin")


@functools.cache
def installed_plugins() -> tuple[EntryPoint, ...]:
    """The entry points of group ``tabletop``, by name; read once per process (reading every
    installed distribution's metadata is a good part of start-up)."""
    return tuple(sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name))


def import_plugin(spec: str) -> ModuleType:
    """Import a plugin named as a module (``pkg.mod``) or a file (``path/to/plugin.py``).

    Module names are looked up from the current directory too, so a plugin being
    written can be tried without installing it. A file inside a package (its folder has
    ``__init__.py``) is imported as part of that package, so its relative imports work.
    """
    path = Path(spec)
    if spec.endswith(".py"):
        if not path.is_file():
            raise FileNotFoundError(f"there is no file {spec}")
        path = path.resolve()
        parts = [path.stem]
        root = path.parent
        while (root / "__init__.py").is_file() and root.name.isidentifier():
            parts.insert(0, root.name)
            root = root.parent
        if len(parts) > 1:
            if str(root) not in sys.path:
                sys.path.insert(0, str(root))
            module = importlib.import_module(".".join(parts))
            if Path(getattr(module, "__file__", "") or "").resolve() != path:
                raise ImportError(
                    f"{spec} is module {'.'.join(parts)}, but that name is already taken by {module.__file__}"
                )
            return module
        module_name = f"tabletop_local_{path.stem}"
        loader_spec = importlib.util.spec_from_file_location(module_name, path)
        if loader_spec is None or loader_spec.loader is None:
            raise ImportError(f"{spec} cannot be imported")
        module = importlib.util.module_from_spec(loader_spec)
        sys.modules[module_name] = module
        try:
            loader_spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(module_name, None)
            raise
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
    except LOAD_ERRORS as error:  # a plugin's bug must not take the others down
        if pm.is_registered(plugin):
            pm.unregister(plugin)
        failures.append(PluginFailure(name, reason_of(error)))


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
    for name in CORE_PLUGINS:  # by name, as any plugin: the engine imports nothing from above
        pm.register(importlib.import_module(name), name=name)
    if load_entry_points:
        for ep in installed_plugins():
            if pm.get_plugin(ep.name) is not None or pm.is_blocked(ep.name):
                continue
            try:
                with quietly():
                    plugin = ep.load()
            except LOAD_ERRORS as error:
                failures.append(PluginFailure(ep.name, reason_of(error)))
                continue
            _register(pm, plugin, ep.name, failures)
    for item in extra:
        if isinstance(item, str):
            try:
                with quietly():
                    plugin = import_plugin(item)
            except LOAD_ERRORS as error:
                failures.append(PluginFailure(item, reason_of(error)))
                continue
            _register(pm, plugin, item, failures)
        else:
            _register(pm, item, getattr(item, "__name__", repr(item)), failures)
    return pm


@dataclass
class Registry:
    """The installed games and bots, and the plugins that failed to load."""

    pm: pluggy.PluginManager
    games: Games = field(default_factory=Games)
    bots: list[BotSpec] = field(default_factory=list)
    failures: list[PluginFailure] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not isinstance(self.games, Games):
            games, self.games = self.games, Games()
            self.games.update(games)

    def game(self, name: str) -> Game:
        games = self.games
        if name in games:
            return games[name]
        owner = games.declared.get(name)
        broken = [f for f in self.failures if f.plugin in (name, owner) or f.plugin.endswith(f".{name}")]
        if broken:
            raise UnknownNameError(f"The game '{name}' failed to load: {broken[0].reason}")
        known = ", ".join(sorted(games)) or "none"
        raise UnknownNameError(
            f"No game named '{name[:40]}'.{did_you_mean(name, games)} Installed games: {known} (see `{command('list')}`)."
        )

    def bots_for(self, game: str) -> dict[str, BotSpec]:
        """Bots that can play ``game``, by the short name a person types."""
        self.games._wanted(game)  # a game's own bots come with it
        found: dict[str, BotSpec] = {}
        for spec in self.bots:
            if spec.game is None or spec.game == game:
                found[spec.name] = spec
        return found

    def bot(self, game: str, name: str, *, clamp: Callable[[str], None] | None = None) -> BotSpec:
        """A bot by short name (``greedy``) or full name with its game (``mygame.greedy``),
        with settings after a colon (``ismcts:time=0.5,iterations=2000``). ``clamp``: the name
        comes from a file (a record), so a budget above its bound is set to the bound and
        ``clamp`` told, rather than refused."""
        bots = self.bots_for(game)
        short, _, settings = name.removeprefix(f"{game}.").partition(":")
        if short in bots:
            return bots[short].configured(settings.strip(), self.pm.hook, clamp=clamp)
        known = ", ".join(sorted(bots)) or "none"
        raise UnknownNameError(
            f"No bot '{name[:40]}' for {game}.{did_you_mean(short, [*bots, 'human'])} Bots for {game}: {known} (or human for a person)."
        )

    def bot_names(self, game: str) -> list[str]:
        return sorted(self.bots_for(game))


def build_registry(
    *, load_entry_points: bool = True, extra: Iterable[object | str] = ()
) -> Registry:
    """Build a plugin manager and ask every plugin, one by one, for its games and bots.

    A game or bot whose name is taken is refused and reported naming both plugins; the first
    registration keeps the name (entry points load in name order, then ``--plugin`` in order).
    """
    failures: list[PluginFailure] = []
    with quietly():
        return _build(failures, make_plugin_manager(load_entry_points=load_entry_points, extra=extra, failures=failures))


def _build(failures: list[PluginFailure], pm: pluggy.PluginManager) -> Registry:
    """The games and bots of each plugin of ``pm``, each refused alone if broken or taken; a plugin
    that declares its games' names is asked for them (and its bots) when one is first used."""
    registry = Registry(pm=pm, failures=failures)
    Builder(registry).start()
    return registry


class GuardedHook:
    """One hook called plugin by plugin: an implementation that raises is reported once, by
    plugin name, and switched off, so a broken observer never stops a game.

    Hooks sharing one ``switched_off`` set switch a failing plugin off in all of them.
    """

    def __init__(
        self,
        pm: pluggy.PluginManager,
        name: str,
        *,
        report: Callable[[str], None] | None = None,
        switched_off: set[str] | None = None,
    ):
        self.name = name
        self.impls = [i for i in getattr(pm.hook, name).get_hookimpls() if not (i.hookwrapper or i.wrapper)]
        self.report = report or (lambda message: warnings.warn(message, RuntimeWarning, stacklevel=2))
        self.off = switched_off if switched_off is not None else set()

    def __bool__(self) -> bool:
        return any(i.plugin_name not in self.off for i in self.impls)

    def __call__(self, **kwargs: Any) -> None:
        for impl in self.impls:
            if impl.plugin_name in self.off:
                continue
            try:
                impl.function(*[kwargs[name] for name in impl.argnames])
            except LOAD_ERRORS as error:  # SystemExit too: an observer must not end the game
                self.off.add(impl.plugin_name)
                self.report(
                    f"Plugin '{impl.plugin_name}' failed in {self.name} ({reason_of(error)[:200]}) "
                    "and is switched off; the game goes on."
                )
