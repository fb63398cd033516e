"""Command help in words a player reads: ``--plain`` with no ``<bool>`` after it, ``--seed N``,
``--option KEY=VALUE``, never Python's type names (``<list[str]>``)."""

from __future__ import annotations

from typing import Any, get_args

from typer.core import TyperGroup

#: What each kind of value is called in help; a flag takes none.
WORDS = {"integer": "N", "integer range": "N", "float": "NUMBER", "float range": "NUMBER",
         "path": "FILE", "file": "FILE", "text": "TEXT", "choice": "TEXT"}


def metavar_for(param: Any) -> str:
    """The word for what ``param`` takes, from Typer's type descriptor (Typer 0.2x) or the
    parameter's Click type (older Typer)."""
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        return ""
    desc = getattr(param, "type_descriptor", None)
    if desc is not None:
        if desc.is_path or desc.is_file:
            return "FOLDER" if any(w in (param.name or "") for w in ("folder", "dir")) else "FILE"
        annotation = desc.annotation
        inner = get_args(annotation)
        kind = inner[0] if desc.is_list and inner else annotation
        return {int: "N", float: "NUMBER"}.get(kind, "TEXT")
    return WORDS.get(getattr(getattr(param, "type", None), "name", "text"), "TEXT")


def plain_metavars(command: Any) -> Any:
    """Give every parameter of ``command`` (and of its subcommands) a plain metavar, unless it
    declares its own."""
    if getattr(command, "_plain_metavars", False):
        return command
    command._plain_metavars = True
    for param in command.params:
        if param.param_type_name == "argument":
            param.metavar = param.metavar or param.name.upper()
            # An argument's name is shown already; its type column would only say <str>.
            param.display_type_rich = lambda ctx: None
        elif param.metavar is None:
            param.metavar = metavar_for(param)
    help_option = command.get_help_option

    def get_help_option(ctx: Any) -> Any:
        option = help_option(ctx)
        if option is not None:
            option.metavar = ""
        return option

    command.get_help_option = get_help_option
    for sub in getattr(command, "commands", {}).values():
        plain_metavars(sub)
    return command


class PlainHelpGroup(TyperGroup):
    """The ``tabletop`` group: every command it hands out has plain metavars."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        return None if command is None else plain_metavars(command)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        plain_metavars(self)
        for command in self.commands.values():
            # The list shows each command's first paragraph; as one line, so a docstring's own
            # line breaks do not break it mid-sentence at 80 columns.
            if not command.short_help and command.help:
                command.short_help = " ".join(command.help.split("\n\n")[0].split())
        super().format_help(ctx, formatter)
