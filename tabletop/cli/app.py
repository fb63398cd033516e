"""The ``tabletop`` application: builds the registry once, then the commands."""

from __future__ import annotations

import functools
import os
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer

from tabletop import __version__
from tabletop.cli import coercion
from tabletop.cli.help_text import PlainHelpGroup
from tabletop.cli.runtime import Runtime
from tabletop.core.errors import TabletopError
from tabletop.engine.registry import Registry, build_registry, make_plugin_manager
from tabletop.terminal.output import Output
from tabletop.terminal.safe_text import fmt

PLUGIN_ENV = "TABLETOP_PLUGINS"
DEBUG_ENV = "TABLETOP_DEBUG"


#: Each command's module, in the order ``tabletop --help`` lists them (the lab's last).
COMMAND_MODULES = {
    "list": "list_cmd", "rules": "rules_cmd", "play": "play_cmd", "records": "records_cmd", "simulate": "simulate_cmd",
    "replay": "replay_cmd", "check": "check_cmd", "bench": "bench_cmd", "new": "new_cmd",
    "runs": "runs_cmd", "report": "report_cmd", "compare": "report_cmd", "sweep": "sweep_cmd", "serve": "serve_cmd",
    "join": "join_cmd", "balance": "balance_cmd",
}


#: A command and the docstring after it, in a command module's source.
COMMAND_SOURCE = re.compile(r'@app\.command\("([a-z-]+)"\)\n.*?"""(.*?)"""', re.S)


def command_summaries() -> dict[str, str] | None:
    """Each command's summary (its docstring's first paragraph, as ``--help`` lists it), read
    from the command modules' source without importing them: the list of commands needs no
    more. None if any command's cannot be read so."""
    folder = Path(__file__).parent
    found: dict[str, str] = {}
    for module in dict.fromkeys(COMMAND_MODULES.values()):
        try:
            text = (folder / f"{module}.py").read_text(encoding="utf-8")
        except OSError:
            return None
        for name, doc in COMMAND_SOURCE.findall(text):
            found[name] = " ".join(doc.split("\n\n")[0].split())
    return found if list(found) == list(COMMAND_MODULES) else None


def _listed() -> None:
    """A command listed by ``tabletop --help`` and never run there (its module runs it)."""


def make_app(
    runtime: Runtime | None = None, *, extra_plugins: Sequence[str] = (), only: str | None = None,
    listing: bool = False,
) -> typer.Typer:
    """A fresh application; tests pass their own runtime (registry, consoles, input).

    ``only`` names the command about to run: just its module is imported (a command's
    module imports what it needs, and some need a lot). ``listing``: no command runs
    (``tabletop --help``), so none is imported; each is listed with its summary."""
    import importlib

    coercion.install()
    summaries = command_summaries() if listing and only is None else None
    if summaries is not None:
        names = []
    elif only in COMMAND_MODULES:
        names = [COMMAND_MODULES[only]]
    else:
        names = list(dict.fromkeys(COMMAND_MODULES.values()))
    modules = [importlib.import_module(f"tabletop.cli.{name}") for name in names]

    rt = runtime or Runtime(registry=build_registry(extra=extra_plugins))
    app = typer.Typer(
        name="tabletop",
        help="Play, test and invent tabletop card games. Every game is a plugin.",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        cls=PlainHelpGroup,
    )

    def show_version(value: bool) -> None:
        """Eager, so ``tabletop --version`` works without a command."""
        if value:
            rt.output.print(f"tabletop {__version__}")
            raise typer.Exit(0)

    @app.callback()
    def main_options(
        plugin: Annotated[
            list[str] | None,
            typer.Option(
                "--plugin",
                "-p",
                help=f"Also load this plugin module or .py file (repeatable; also ${PLUGIN_ENV}).",
            ),
        ] = None,
        version: bool = typer.Option(  # noqa: B008 - a default here sees the local callback
            False, "--version", is_eager=True, callback=show_version, help="Show the version and stop."
        ),
        debug: Annotated[
            bool, typer.Option("--debug", help=f"Show the traceback of an unexpected error (also ${DEBUG_ENV}=1).")
        ] = False,
    ) -> None:
        """Play, test and invent tabletop card games. Every game is a plugin."""

    for module in modules:
        module.register(app, rt)
    for name, summary in (summaries or {}).items():
        app.command(name, help=summary)(_listed)
    add_plugin_commands(app, rt)
    return app


def add_plugin_commands(app: typer.Typer, rt: Runtime) -> None:
    """Let each plugin add its commands; a plugin whose hook raises is reported by name and
    left out, and a plugin's command that raises ends in one sentence naming the plugin."""
    owners = {name: "tabletop's own" for name in COMMAND_MODULES}  # loaded or not
    owners.update({_command_name(info): "tabletop's own" for info in app.registered_commands})
    for impl in rt.registry.pm.hook.tabletop_add_commands.get_hookimpls():
        before = len(app.registered_commands)
        groups = len(app.registered_groups)
        try:
            impl.function(app=app)
        except Exception as error:
            del app.registered_commands[before:]
            del app.registered_groups[groups:]
            rt.output.warn(
                f"Plugin '{impl.plugin_name}' failed to add its commands ({type(error).__name__}: "
                f"{str(error)[:200]}); they are left out."
            )
            continue
        for info in list(app.registered_commands[before:]):
            name = _command_name(info)
            if name in owners:
                app.registered_commands.remove(info)
                rt.output.warn(
                    f"Plugin '{impl.plugin_name}' adds a command '{name}', but that name is {owners[name]}'s; "
                    "it is left out."
                )
                continue
            owners[name] = f"plugin '{impl.plugin_name}'"
            if info.callback is not None:
                info.callback = _guarded(info.callback, impl.plugin_name, rt)


def _command_name(info: typer.models.CommandInfo) -> str:
    if info.name:
        return info.name
    return getattr(info.callback, "__name__", "").replace("_", "-")


def _guarded(command: Callable[..., object], plugin: str, rt: Runtime) -> Callable[..., object]:
    @functools.wraps(command)
    def guarded(*args: object, **kwargs: object) -> object:
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except TabletopError as error:
            raise rt.output.fail(str(error)) from None
        except Exception as error:
            raise rt.output.fail(
                f"The command of plugin '{plugin}' failed: {type(error).__name__}: {str(error)[:200]}.", code=1
            ) from None

    return guarded


def split_plugin_args(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """Pull ``--plugin X`` / ``-p X`` out of the arguments: plugins load before commands exist."""
    plugins: list[str] = [p for p in os.environ.get(PLUGIN_ENV, "").split(os.pathsep) if p]
    rest: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("--plugin", "-p") and i + 1 < len(args):
            plugins.append(args[i + 1])
            i += 2
            continue
        if arg.startswith("--plugin="):
            plugins.append(arg.split("=", 1)[1])
        else:
            rest.append(arg)
        i += 1
    return plugins, rest


def command_of(args: Sequence[str]) -> str | None:
    """The command these arguments run, if the first word that is no option is one of ours."""
    for arg in args:
        if arg in ("--help", "--version"):
            return None
        if not arg.startswith("-"):
            return arg
    return None


def wants_no_plugins(args: Sequence[str]) -> bool:
    """``tabletop``, ``tabletop --help`` and ``tabletop --version`` load no plugin: they must answer
    at once whatever a plugin does at import (a slow one, a broken one)."""
    return command_of(args) is None and (not args or "--version" in args or "--help" in args)


def main(argv: Sequence[str] | None = None) -> None:
    """The ``tabletop`` command: one handler turns any unexpected error into one sentence."""
    plugins, rest = split_plugin_args(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in rest or os.environ.get(DEBUG_ENV, "") not in ("", "0")
    rest = [a for a in rest if a != "--debug"]
    for stream, errors in ((sys.stdout, "backslashreplace"), (sys.stderr, "backslashreplace"), (sys.stdin, "replace")):
        if hasattr(stream, "reconfigure"):  # a name the terminal cannot show is \xe9; bad typed bytes are U+FFFD
            stream.reconfigure(errors=errors)
    output = Output()
    try:
        if wants_no_plugins(rest):
            registry = Registry(pm=make_plugin_manager(load_entry_points=False))
            plugins = []
        else:
            registry = build_registry(extra=plugins)
        for failure in registry.failures:
            if failure.plugin not in plugins:
                continue
            if failure.conflict:
                output.warn(f"Plugin '{failure.plugin}': {failure.reason}.")
            else:
                output.fail(f"The plugin '{failure.plugin}' did not load: {failure.reason}")
                sys.exit(2)
        app = make_app(Runtime(registry=registry, output=output, debug=debug), only=command_of(rest),
                       listing=wants_no_plugins(rest))
        app(args=rest, prog_name="tabletop")
    except KeyboardInterrupt:  # a Ctrl-C before a command's own handling (a slow plugin's import)
        output.fail("Stopped (Ctrl-C).", code=130)
        sys.exit(130)
    except Exception as error:  # the last line of defence: never a traceback unless asked
        if debug:
            output.errors.print(fmt("{}", "".join(traceback.format_exception(error))))
        saved = getattr(error, "tabletop_saved", None)
        where = f" The game so far is saved in {saved}." if saved else ""
        output.fail(
            f"tabletop stopped on an unexpected error ({type(error).__name__}: {str(error)[:200]}).{where}"
            + ("" if debug else " Run again with --debug to see the traceback."),
            code=1,
        )
        sys.exit(1)
