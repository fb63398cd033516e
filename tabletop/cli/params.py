"""Parameters several commands share, declared once so they read and behave alike."""

from typing import Annotated

import typer

GameArgument = Annotated[str, typer.Argument(help="The game's name, as `tabletop list` shows it.")]
OptionsOption = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option as key=value (repeatable)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print one JSON object for scripts.")]
