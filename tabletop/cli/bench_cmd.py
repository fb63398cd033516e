"""``tabletop bench GAME``: random games per second and copy+apply per second, one core."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from tabletop.cli.output import friendly
from tabletop.cli.params import GameArgument, JsonOption, OptionsOption
from tabletop.core.bench import bench

if TYPE_CHECKING:
    from tabletop.cli.app import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("bench")
    @friendly(lambda: rt.output)
    def bench_game(
        game: GameArgument,
        seats: Annotated[int | None, typer.Option("--seats", help="Seats (default: 4, or the nearest allowed).")] = None,
        runs: Annotated[int, typer.Option("--runs", min=1, help="Runs; the median is reported.")] = 5,
        seconds: Annotated[float, typer.Option("--seconds", min=0.05, help="Seconds per run and measure.")] = 1.0,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
        option: OptionsOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Measure random-play speed through the game contract, on one core.

        Reports the median of several runs: complete games per second, decisions per
        second, and state copy+apply per second (what search does).
        """
        found = rt.registry.game(game)
        count = seats if seats is not None else min(max(4, found.min_players), found.max_players)
        figures = bench(found, seats=count, options=found.parse_options(option or []), runs=runs, seconds=seconds, seed=seed)
        if as_json:
            rt.output.json(figures)
            return
        table = Table(title=f"tabletop bench {found.name} ({count} random seats, median of {runs} runs)", title_style="title")
        table.add_column("Measure")
        table.add_column("Per second", justify="right")
        table.add_row("Complete games", f"{figures['games_per_s']:,.0f}")
        table.add_row("Decisions", f"{figures['decisions_per_s']:,.0f}")
        table.add_row("State copy + apply", f"{figures['copy_apply_per_s']:,.0f}")
        rt.output.print(table)
        rt.output.print(f"[dim]{figures['python']} on {figures['machine']}; runs: {figures['games_per_s_runs']}[/]")
