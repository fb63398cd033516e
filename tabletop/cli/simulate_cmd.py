"""``tabletop simulate GAME``: many bot games, wins with confidence intervals."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from tabletop.cli.output import friendly
from tabletop.cli.params import GameArgument, JsonOption, OptionsOption
from tabletop.cli.seats import plan_seats
from tabletop.core.simulate import run_games, summarise

if TYPE_CHECKING:
    from tabletop.cli.app import Runtime


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def summary_tables(summary: dict[str, Any]) -> list[Table]:
    seats = Table(title=f"{summary['game']}: {summary['games']} games, seed {summary['seed']}", title_style="title")
    for column in ("Seat", "Bot", "Wins", "Rate", "95% CI"):
        seats.add_column(column, justify="right" if column != "Bot" else "left")
    for row in summary["by_seat"]:
        low, high = row["ci95"]
        seats.add_row(str(row["seat"]), row["bot"], f"{row['wins']:g}", _pct(row["rate"]), f"{_pct(low)} - {_pct(high)}")
    bots = Table(title="By bot", title_style="title")
    for column in ("Bot", "Seats", "Wins", "Seat-games", "Rate", "95% CI"):
        bots.add_column(column, justify="left" if column == "Bot" else "right")
    for name, row in summary["by_bot"].items():
        low, high = row["ci95"]
        bots.add_row(
            name, ",".join(map(str, row["seats"])), f"{row['wins']:g}", str(row["games"]),
            _pct(row["rate"]), f"{_pct(low)} - {_pct(high)}",
        )
    return [seats, bots]


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("simulate")
    @friendly(lambda: rt.output)
    def simulate(
        game: GameArgument,
        games: Annotated[int, typer.Option("-n", "--games", min=1, help="How many games to play.")] = 100,
        seats: Annotated[
            str | None, typer.Option("--seats", "-s", help="Bots clockwise, comma-separated (default: all random).")
        ] = None,
        players: Annotated[int | None, typer.Option("--players", help="Seats, all random, when --seats is not given.")] = None,
        seed: Annotated[int, typer.Option("--seed", help="Game i is played with seed+i.")] = 0,
        option: OptionsOption = None,
        workers: Annotated[
            int, typer.Option("--workers", "-w", min=1, help="Processes to play in (results do not depend on it).")
        ] = 1,
        as_json: JsonOption = False,
    ) -> None:
        """Play many bot games and report wins per seat and per bot with 95% intervals.

        Example: tabletop simulate windupwar -n 2000 --seats tactician,random,random,random
        """
        found = rt.registry.game(game)
        options = found.parse_options(option or [])
        plans = plan_seats(
            rt.registry, found, seats=seats, players=players, bot="random", allow_human=False
        )
        bots = [p.bot for p in plans]
        workers = min(workers, os.cpu_count() or 1)
        if as_json:
            results = run_games(
                found, bots, games=games, seed=seed, options=options, workers=workers, pm=rt.registry.pm
            )
        else:
            columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
            with Progress(*columns, console=rt.output.errors, transient=True) as progress:
                task = progress.add_task(f"Playing {found.title}", total=games)
                results = run_games(
                    found, bots, games=games, seed=seed, options=options, workers=workers,
                    on_progress=lambda k: progress.advance(task, k), pm=rt.registry.pm,
                )
        summary = summarise(found, bots, results, seed=seed, options=found.resolve_options(options))
        if as_json:
            rt.output.json(summary)
            return
        for table in summary_tables(summary):
            rt.output.print(table)
        rt.output.print(
            f"No winner: {summary['no_winner']} games. Length: {summary['mean_length']:g} "
            f"actions on average (sd {summary['sd_length']:g}, {summary['min_length']}-{summary['max_length']})."
        )
        if summary["errors"]:
            rt.output.print(f"[error]{summary['errors']} games failed[/], e.g. {summary['first_errors'][0]}", highlight=False)
            raise typer.Exit(1)
