"""``tabletop bench GAME``: speed through the contract and through simulate, bots' time per decision."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from tabletop.cli.params import GameArgument, JsonOption, OptionsOption
from tabletop.cli.seats import plan_seats
from tabletop.engine.bench import bench, bot_timings, compare
from tabletop.lab.figures import summarise
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def _speed_rows(table: Table, figures: dict[str, Any]) -> None:
    for label, key in (("Complete games (contract)", "contract"), ("Complete games (simulate)", "simulate"),
                       ("State copy + apply", "copy_apply")):
        spread = figures[key]
        table.add_row(label, f"{spread['median']:,.0f}", f"{spread['min']:,.0f} - {spread['max']:,.0f}")


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("bench")
    @friendly(lambda: rt.output)
    def bench_game(
        game: GameArgument,
        seats: Annotated[int | None, typer.Option("--seats", help="Seats (default: 4, or the nearest allowed).")] = None,
        runs: Annotated[int, typer.Option("--runs", min=1, help="Interleaved runs; the median is reported.")] = 5,
        seconds: Annotated[float, typer.Option("--seconds", min=0.05, help="Seconds per run and measure.")] = 1.0,
        seed: Annotated[int, typer.Option("--seed", help="Seed of the first game.")] = 0,
        option: OptionsOption = None,
        bots: Annotated[str | None, typer.Option(
            "--bots", help="Time these bots per decision instead, seated as written (e.g. ismcts,captain).")] = None,
        games: Annotated[int, typer.Option("--games", min=1, help="Games to time the bots over.")] = 2,
        rotate: Annotated[bool, typer.Option(
            "--rotate", help="With --bots: turn the seats round one place a game, so each bot plays every seat.")] = False,
        versus: Annotated[str | None, typer.Option(
            "--compare", help="Side by side with another game, or with other options of this one (k=v,k=v).")] = None,
        as_json: JsonOption = False,
    ) -> None:
        """Measure speed on one core: games, decisions and copies per second, or bots' time per decision.

        Random games run through the bare contract and through the simulate path (agents, match,
        record, summary), with state copy+apply; each figure is the median and spread of
        interleaved runs. --bots times bots per decision and counts their wins with a 95%
        interval (--rotate turns the seats round: two search settings at equal time, e.g. --bots
        'ismcts:time=0.1,belief=1,ismcts:time=0.1'); --compare runs two set-ups alternately and
        gives their ratios.
        """
        found = rt.registry.game(game)
        options = found.parse_options(option or [])
        if bots:
            plans = plan_seats(rt.registry, found, seats=bots, players=None, allow_human=False)
            with rt.output.progress(f"Timing bots at {found.title}") as progress:
                timed = bot_timings(found, [p.bot for p in plans], options=options, games=games, seed=seed,
                                    progress=progress, rotate=rotate)
            if as_json:
                rt.output.json(timed)
                return
            seated = "seats rotated" if rotate else "seated as written"
            table = Table(title=f"tabletop bench {found.name} --bots ({games} games, {seated})", title_style="title")
            table.add_column("Bot", overflow="fold")  # two settings of one bot differ at the end
            for column in ("Decisions", "Median s", "90th pct s", "Wins", "95% interval"):
                table.add_column(column, justify="right")
            for row in timed["bots"]:
                median = "-" if row["median_s"] is None else f"{row['median_s']:.4f}"
                p90 = "-" if row["p90_s"] is None else f"{row['p90_s']:.4f}"
                low, high = row["ci95"]
                table.add_row(plain(row["bot"]), str(row["decisions"]), median, p90, f"{row['win_rate']:.1%}",
                              f"{low:.1%} - {high:.1%}")
            rt.output.print(table)
            return
        count = seats if seats is not None else min(max(4, found.min_players), found.max_players)
        if versus:
            if versus in rt.registry.games:
                other, other_options = rt.registry.game(versus), {}
            else:
                other, other_options = found, found.parse_options(versus.split(","))
            with rt.output.progress("Benchmarking side by side") as progress:
                figures = compare((found, options), (other, other_options), seats=count, runs=runs,
                                  seconds=seconds, seed=seed, progress=progress, summarise=summarise)
            if as_json:
                rt.output.json(figures)
                return
            table = Table(title=f"tabletop bench: {count} random seats, medians of {runs} alternating runs",
                          title_style="title")
            table.add_column("Games per second")
            for side in ("first", "second"):
                f = figures[side]
                extra = ",".join(f"{k}={v}" for k, v in f["options"].items())
                table.add_column(f"{f['game']} {extra}".strip(), justify="right")
            table.add_column("Ratio", justify="right")
            for label, key in (("contract", "games_per_s"), ("simulate", "simulate_games_per_s"),
                               ("copy + apply", "copy_apply_per_s")):
                ratio = figures["ratio"][key]
                table.add_row(label, f"{figures['first'][key]:,.0f}", f"{figures['second'][key]:,.0f}",
                              "-" if ratio is None else f"{ratio:.2f}x")
            rt.output.print(table)
            return
        with rt.output.progress(f"Benchmarking {found.title}") as progress:
            figures = bench(found, seats=count, options=options, runs=runs, seconds=seconds, seed=seed,
                            progress=progress, summarise=summarise)
        if as_json:
            rt.output.json(figures)
            return
        table = Table(title=f"tabletop bench {found.name} ({count} random seats, {runs} interleaved runs)",
                      title_style="title")
        table.add_column("Per second")
        table.add_column("Median", justify="right")
        table.add_column("Spread (min - max)", justify="right")
        _speed_rows(table, figures)
        rt.output.print(table)
        rt.output.print(f"[dim]{figures['python']} on {figures['machine']}; "
                        f"{figures['decisions_per_s']:,.0f} decisions/s through the contract[/]")
