"""``tabletop replay FILE``: verify a record by replaying it, and narrate the game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.panel import Panel
from rich.text import Text

from tabletop.core.events import Event
from tabletop.core.record import GameRecord
from tabletop.screen.text import outcome_text
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import fmt

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("replay")
    @friendly(lambda: rt.output)
    def replay(
        file: Annotated[Path, typer.Argument(help="A game record saved by `tabletop play --save`.")],
        step: Annotated[
            bool, typer.Option("--step", help="Pause at each new round (or after each action, if the game has no rounds): "
                               "Enter goes on, b back, a number jumps, q stops.")
        ] = False,
        seat: Annotated[
            int | None, typer.Option("--seat", help="Show what this seat (from 1) saw, its secrets included.")
        ] = None,
        reveal: Annotated[bool, typer.Option("--reveal", help="Show every seat's secrets (after the game).")] = False,
        to: Annotated[int | None, typer.Option("--to", help="Stop after this many actions and show the table then.")] = None,
    ) -> None:
        """Replay a record through the rules, check that replaying the actions gives the recorded outcome, and narrate it.

        By default only what a spectator saw is shown. With --step: Enter goes on, b goes back,
        a number jumps to that part, q stops.
        """
        record = GameRecord.load(file)
        game = rt.registry.game(record.game)
        names = record.names
        if seat is not None and not 1 <= seat <= len(names):
            raise rt.output.fail(f"--seat must be 1 to {len(names)} for this record.")
        if to is not None and not 0 <= to <= len(record.actions):
            raise rt.output.fail(f"--to must be 0 to {len(record.actions)} for this record.")
        viewer = None if seat is None else seat - 1
        options = " ".join(f"{k}={v}" for k, v in record.options.items()) or "none"
        rt.output.print(fmt(
            "[title]{}[/] - record of version {}, seed {}, options {}: " + ", ".join("[seat]{}[/]" for _ in names),
            game.title, record.version, record.seed, options, *names,
        ))
        by_round = game.round_event is not None
        pages: list[list[Text]] = [[]]

        def on_step(number: int, who: int, action: str, state: Any, events: list[Event]) -> None:
            if to is not None and number > to:
                return
            visible = [e for e in events if reveal or e.visible(viewer)]
            for event in visible:
                if by_round and event.kind == game.round_event and pages[-1]:
                    pages.append([])
                pages[-1].append(fmt("[dim]{}[/] {}", f"{number:>4}", event.render(names)))
            if not by_round and visible:
                pages.append([])

        state = record.verify(game, on_step=on_step)
        pages = [p for p in pages if p]
        if not step:
            for page in pages:
                for line in page:
                    rt.output.print(line, highlight=False)
        elif not browse(rt, pages, next_word="next round" if by_round else "next"):
            rt.output.print("Replay stopped.")
            return
        if to is not None:
            state = replace(record, actions=record.actions[:to], outcome=None).replay(game)
            rt.output.print(game.render(game.view(state, viewer), names=names))
            rt.output.print(Panel(f"The table after action {to} of {len(record.actions)}; the whole record replays "
                                  "to its recorded end.", title=f"After action {to}", style="ok"))
            return
        outcome = game.outcome(state)
        rt.output.print(game.render(game.view(state, viewer), names=names))
        if outcome is None:
            rt.output.print(Panel(f"The record stops after {len(record.actions)} actions, before the game ended.", title="Unfinished"))
        else:
            # What a replay proves, and no more: a legal edit is a different but consistent game.
            rt.output.print(Panel(
                fmt("{}", outcome_text(outcome, names, gap="  ")),
                title="Replaying the actions gives the recorded outcome", style="ok",
            ))


def browse(rt: Runtime, pages: list[list[Text]], *, next_word: str) -> bool:
    """Show the pages one at a time: Enter on, b back, a number jumps, q stops (returns False)."""
    index = 0
    while True:
        for line in pages[index] if pages else []:
            rt.output.print(line, highlight=False)
        if index >= len(pages) - 1:
            return True
        while True:
            try:
                answer = rt.ask(f"(Enter: {next_word}; b back, 1-{len(pages)} jump, q quit) ").strip().casefold()
            except (EOFError, KeyboardInterrupt):
                rt.output.print()  # on a line of its own, not after the prompt
                return False
            if answer in ("", "n"):
                index += 1
            elif answer == "b":
                index = max(0, index - 1)
            elif answer in ("q", "quit"):
                return False
            elif answer.isdigit() and 1 <= int(answer) <= len(pages):
                index = int(answer) - 1
            else:
                rt.output.print(f"Press Enter, b, q or a number from 1 to {len(pages)}.")
                continue
            break
        rt.output.print(f"[dim]-- part {index + 1} of {len(pages)} --[/]")
