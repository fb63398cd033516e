"""The ``tabletop`` application: builds the registry once, then the commands."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Annotated

import typer

from tabletop import __version__
from tabletop.cli.output import Output
from tabletop.core.plugins import Registry, build_registry

PLUGIN_ENV = "TABLETOP_PLUGINS"


def _default_ask(prompt: str) -> str:
    return input(prompt)


@dataclass
class Runtime:
    """What every command needs: the installed games and bots, and where to print."""

    registry: Registry
    output: Output = field(default_factory=Output)
    ask: Callable[[str], str] = _default_ask


def make_app(runtime: Runtime | None = None, *, extra_plugins: Sequence[str] = ()) -> typer.Typer:
    """A fresh application; tests pass their own runtime (registry, consoles, input)."""
    from tabletop.cli import (
        bench_cmd,
        check_cmd,
        list_cmd,
        play_cmd,
        records_cmd,
        replay_cmd,
        rules_cmd,
        simulate_cmd,
    )

    rt = runtime or Runtime(registry=build_registry(extra=extra_plugins))
    app = typer.Typer(
        name="tabletop",
        help="Play, test and invent tabletop card games. Every game is a plugin.",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
    )

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
        version: Annotated[bool, typer.Option("--version", help="Show the version and stop.")] = False,
    ) -> None:
        """Play, test and invent tabletop card games. Every game is a plugin."""
        if version:
            rt.output.print(f"tabletop {__version__}")
            raise typer.Exit(0)

    for module in (list_cmd, rules_cmd, play_cmd, records_cmd, simulate_cmd, replay_cmd, check_cmd, bench_cmd):
        module.register(app, rt)
    rt.registry.pm.hook.tabletop_add_commands(app=app)
    return app


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


def main(argv: Sequence[str] | None = None) -> None:
    plugins, rest = split_plugin_args(sys.argv[1:] if argv is None else argv)
    app = make_app(extra_plugins=plugins)
    app(args=rest, prog_name="tabletop")
