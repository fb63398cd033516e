"""``tabletop replay FILE``: verify a record by replaying it, and narrate the game."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.panel import Panel

from tabletop.cli.output import friendly
from tabletop.cli.play_cmd import outcome_text
from tabletop.cli.safe_text import fmt
from tabletop.core.errors import TabletopError
from tabletop.core.game import Event
from tabletop.core.record import GameRecord

if TYPE_CHECKING:
    from tabletop.cli.app import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("replay")
    @friendly(lambda: rt.output)
    def replay(
        file: Annotated[Path, typer.Argument(help="A game record saved by `tabletop play --save`.")],
        step: Annotated[
            bool, typer.Option("--step", help="Pause at each new round (or after each action, if the game has no rounds).")
        ] = False,
        seat: Annotated[
            int | None, typer.Option("--seat", help="Show what this seat (from 1) saw, its secrets included.")
        ] = None,
        reveal: Annotated[bool, typer.Option("--reveal", help="Show every seat's secrets (after the game).")] = False,
    ) -> None:
        """Replay a record through the rules, check that replaying the actions gives the recorded outcome, and narrate it.

        By default only what a spectator saw is shown.
        """
        record = GameRecord.load(file)
        game = rt.registry.game(record.game)
        names = record.names
        if seat is not None and not 1 <= seat <= len(names):
            raise rt.output.fail(f"--seat must be 1 to {len(names)} for this record.")
        viewer = None if seat is None else seat - 1
        options = " ".join(f"{k}={v}" for k, v in record.options.items()) or "none"
        rt.output.print(fmt(
            "[title]{}[/] - record of version {}, seed {}, options {}: " + ", ".join("[seat]{}[/]" for _ in names),
            game.title, record.version, record.seed, options, *names,
        ))

        def shown(event: Event) -> bool:
            return reveal or event.visible(viewer)

        by_round = game.round_event is not None
        printed = False

        def pause(prompt: str) -> None:
            try:
                rt.ask(prompt)
            except EOFError:
                raise TabletopError("Replay stopped.") from None

        def on_step(number: int, who: int, action: str, state: Any, events: list[Event]) -> None:
            nonlocal printed
            visible = [e for e in events if shown(e)]
            for event in visible:
                if step and by_round and printed and event.kind == game.round_event:
                    pause("(Enter: next round) ")
                rt.output.print(fmt("[dim]{}[/] {}", f"{number:>4}", event.render(names)))
                printed = True
            if step and not by_round and visible:
                pause("(Enter: next) ")

        state = record.verify(game, on_step=on_step)
        outcome = game.outcome(state)
        rt.output.print(game.render(game.view(state, viewer), names=names))
        if outcome is None:
            rt.output.print(Panel(f"The record stops after {len(record.actions)} actions, before the game ended.", title="Unfinished"))
        else:
            # What a replay proves, and no more: a legal edit is a different but consistent game.
            rt.output.print(Panel(
                fmt("{}", outcome_text(outcome, names)),
                title="Replaying the actions gives the recorded outcome", style="ok",
            ))
