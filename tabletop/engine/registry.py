"""Find plugins and collect their games and bots.

One factory, :func:`make_plugin_manager`, builds a fresh manager: hook specs, then the
core's own plugin, then every entry point of group ``tabletop`` (the bundled games
included), then any extra plugin named on the command line. Nothing is loaded at
import time. A plugin that fails to import, or whose games fail to build, is kept
as a :class:`PluginFailure` with its reason; the rest keep working.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import re
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
from tabletop.core.errors import CardDataError, UnknownNameError
from tabletop.core.game import Game
from tabletop.core.suggest import did_you_mean

ENTRY_POINT_GROUP = "tabletop"
#: The engine's own plugins, registered first (so any other plugin's firstresult answer wins):
#: the bots that play any game, which live in a layer above the engine and so are named here,
#: not imported.
CORE_PLUGINS = ("tabletop.engine.facet_hooks", "tabletop.agents.builtin")


@functools.cache
def installed_plugins() -> tuple[EntryPoint, ...]:
    """The entry points of group ``tabletop``, by name; read once per process (reading every
    installed distribution's metadata is a good part of start-up)."""
    return tuple(sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name))


#: What a plugin may raise at import or registration and still count as merely broken.
LOAD_ERRORS = (Exception, SystemExit)


@dataclass(frozen=True, slots=True)
class PluginFailure:
    """A plugin that failed to load, or a name it could not take (``conflict``)."""

    plugin: str
    reason: str
    conflict: bool = False


#: Longest reason kept for a plugin's failure: a hostile plugin's megabyte message is cut.
MAX_REASON = 300


def _reason(error: BaseException) -> str:
    text = str(error).strip()
    if len(text) > MAX_REASON:
        text = text[:MAX_REASON] + "..."
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


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


def _quiet() -> contextlib.AbstractContextManager[Any]:
    """What a plugin prints while it loads goes to standard error: standard output is the
    commands' (``--json`` prints only JSON there)."""
    return contextlib.redirect_stdout(sys.stderr)


def _register(pm: pluggy.PluginManager, plugin: object, name: str, failures: list[PluginFailure]) -> None:
    if pm.is_registered(plugin):  # named twice, e.g. installed and also given with --plugin
        return
    try:
        pm.register(plugin, name=name)
        pm.check_pending()
    except LOAD_ERRORS as error:  # a plugin's bug must not take the others down
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
    for name in CORE_PLUGINS:  # by name, as any plugin: the engine imports nothing from above
        pm.register(importlib.import_module(name), name=name)
    if load_entry_points:
        for ep in installed_plugins():
            if pm.get_plugin(ep.name) is not None or pm.is_blocked(ep.name):
                continue
            try:
                with _quiet():
                    plugin = ep.load()
            except LOAD_ERRORS as error:
                failures.append(PluginFailure(ep.name, _reason(error)))
                continue
            _register(pm, plugin, ep.name, failures)
    for item in extra:
        if isinstance(item, str):
            try:
                with _quiet():
                    plugin = import_plugin(item)
            except LOAD_ERRORS as error:
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
            f"No game named '{name[:40]}'.{did_you_mean(name, self.games)} Installed games: {known} (see `tabletop list`)."
        )

    def bots_for(self, game: str) -> dict[str, BotSpec]:
        """Bots that can play ``game``, by the short name a person types."""
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
                f"its game '{game.name}' cannot set up a {seats}-player game ({_reason(error)}); "
                "its card data may be too small"
            ) from None


def _bots_clash(a: BotSpec, b: BotSpec) -> bool:
    """Two bots clash when a person could not tell them apart: same name, and a game both play."""
    return a.name == b.name and (a.game is None or b.game is None or a.game == b.game)


def build_registry(
    *, load_entry_points: bool = True, extra: Iterable[object | str] = ()
) -> Registry:
    """Build a plugin manager and ask every plugin, one by one, for its games and bots.

    A game or bot whose name is taken is refused and reported naming both plugins; the first
    registration keeps the name (entry points load in name order, then ``--plugin`` in order).
    """
    failures: list[PluginFailure] = []
    with _quiet():
        return _build(failures, make_plugin_manager(load_entry_points=load_entry_points, extra=extra, failures=failures))


def _build(failures: list[PluginFailure], pm: pluggy.PluginManager) -> Registry:
    """The games and bots of each plugin of ``pm``, each refused alone if broken or taken."""
    registry = Registry(pm=pm, failures=failures)
    owners: dict[str, str] = {}
    for impl in pm.hook.tabletop_register_games.get_hookimpls():
        try:
            games = list(impl.function())
            for game in games:
                if not isinstance(game, Game) or not game.name:
                    raise TypeError(f"{game!r} is not a named tabletop Game")
                _check_name(game.name, "game")
                _check_setup(game)
        except LOAD_ERRORS as error:
            registry.failures.append(PluginFailure(impl.plugin_name, _reason(error)))
            continue
        for game in games:
            if game.name in registry.games:
                registry.failures.append(PluginFailure(
                    impl.plugin_name,
                    f"its game '{game.name}' has the name of a game of plugin '{owners[game.name]}', "
                    f"which keeps it",
                    conflict=True,
                ))
                continue
            registry.games[game.name] = game
            owners[game.name] = impl.plugin_name
    bot_owners: list[tuple[BotSpec, str]] = []
    for impl in pm.hook.tabletop_register_bots.get_hookimpls():
        try:
            specs = list(impl.function())
            if not all(isinstance(s, BotSpec) for s in specs):
                raise TypeError("tabletop_register_bots must return BotSpec objects")
            for spec in specs:
                _check_name(spec.name, "bot")
        except LOAD_ERRORS as error:
            registry.failures.append(PluginFailure(impl.plugin_name, _reason(error)))
            continue
        for spec in specs:
            taken = next((owner for other, owner in bot_owners if _bots_clash(spec, other)), None)
            if taken is not None:
                registry.failures.append(PluginFailure(
                    impl.plugin_name,
                    f"its bot '{spec.name}' has the name of a bot of plugin '{taken}', which keeps it",
                    conflict=True,
                ))
                continue
            bot_owners.append((spec, impl.plugin_name))
            registry.bots.append(spec)
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
                    f"Plugin '{impl.plugin_name}' failed in {self.name} ({_reason(error)[:200]}) "
                    "and is switched off; the game goes on."
                )
