"""``tabletop rules GAME``: the rules as the plugin implements them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from tabletop.cli.params import GameArgument
from tabletop.terminal.for_players import rules_for_players
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import clean

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("rules")
    @friendly(lambda: rt.output)
    def rules(game: GameArgument) -> None:
        """Show a game's RULES.md: the rules as implemented, interpretations marked."""
        found = rt.registry.game(game)
        text = found.rules_text()
        if text is None:
            raise rt.output.fail(f"{found.title} ships no rules text.", code=1)
        from rich.markdown import Markdown  # markdown-it is slow to import: only for this command

        rt.output.print(Markdown(clean(rules_for_players(text).replace("\t", "    "), lines=True)))
