"""``tabletop simulate GAME``: many bot games, wins with confidence intervals, kept in the lab's database."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from tabletop.cli.lab_options import (
    INTERRUPTED,
    AddressOption,
    BackendOption,
    CardsOption,
    DbOption,
    NoDbOption,
    WorkersOption,
    _pct,
    open_db,
    play_with_progress,
    print_json,
    read_cards,
    run_notes,
)
from tabletop.cli.params import MAX_GAMES, MAX_SEED, GameArgument, JsonOption, OptionsOption
from tabletop.cli.seats import plan_seats
from tabletop.lab.backends import make_job
from tabletop.lab.figures import length_sentence, summarise
from tabletop.lab.runner import RunResult
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def summary_tables(summary: dict[str, Any]) -> list[Table]:
    seats = Table(title=plain(f"{summary['game']}: {summary['games']} games, seed {summary['seed']}"),
                  title_style="title")
    for column in ("Seat", "Bot", "Wins", "Rate", "95% CI"):
        seats.add_column(column, justify="right" if column != "Bot" else "left")
    for row in summary["by_seat"]:
        low, high = row["ci95"]
        seats.add_row(str(row["seat"]), plain(row["bot"]), f"{row['wins']:g}", _pct(row["rate"]),
                      f"{_pct(low)} - {_pct(high)}")
    bots = Table(title="By bot", title_style="title")
    for column in ("Bot", "Seats", "Wins", "Seat-games", "Rate", "95% CI"):
        bots.add_column(column, justify="left" if column == "Bot" else "right")
    for name, row in summary["by_bot"].items():
        low, high = row["ci95"]
        bots.add_row(
            plain(name), ",".join(map(str, row["seats"])), f"{row['wins']:g}", str(row["games"]),
            _pct(row["rate"]), f"{_pct(low)} - {_pct(high)}",
        )
    return [seats, bots]


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("simulate")
    @friendly(lambda: rt.output)
    def simulate(
        game: GameArgument,
        games: Annotated[int, typer.Option("-n", "--games", min=1, max=MAX_GAMES, help="How many games to play.")] = 100,
        seats: Annotated[
            str | None, typer.Option("--seats", "-s", help="Bots clockwise, comma-separated (default: all random).")
        ] = None,
        players: Annotated[int | None, typer.Option("--players", help="Seats, all random, when --seats is not given.")] = None,
        seed: Annotated[int, typer.Option("--seed", min=-MAX_SEED, max=MAX_SEED, help="Game i is played with seed+i.")] = 0,
        rotate: Annotated[bool, typer.Option(
            "--rotate", help="Game i seats the bots moved i places clockwise: each bot plays each seat equally.")] = False,
        option: OptionsOption = None,
        cards: CardsOption = None,
        workers: WorkersOption = 1,
        backend: BackendOption = "local",
        address: AddressOption = None,
        db: DbOption = None,
        no_db: NoDbOption = False,
        as_json: JsonOption = False,
    ) -> None:
        """Play many bot games and report wins per seat and per bot with 95% intervals.

        Every game is kept in the results database (see `tabletop runs`, `tabletop report`).
        Ctrl-C stops the run and prints the games that finished (exit status 130).

        Example: tabletop simulate windupwar -n 2000 --seats tactician,random,random,random
        """
        found = rt.registry.game(game)
        options = found.parse_options(option or [])
        plans = plan_seats(
            rt.registry, found, seats=seats, players=players, bot="random", allow_human=False
        )
        bots = [p.bot for p in plans if p.bot is not None]
        values = read_cards(cards, found)
        job = make_job(
            rt.registry, found, bots, options=found.resolve_options(options), seed=seed, games=games, rotate=rotate,
            cards=values,
        )
        store = None if no_db else open_db(db, rt)
        try:
            run = play_with_progress(
                rt, job, label=f"Playing {found.title}", backend=backend, workers=workers, address=address,
                db=store, quiet=as_json, variant=f"cards={cards.name}" if cards is not None else None,
            )
        finally:
            if store is not None:
                store.close()
        summary = summarise(found, bots, run.tally, seed=seed, options=job.options, rotate=rotate)
        summary["run"] = run.run_id
        summary["interrupted"] = run.interrupted
        summary["problem"] = run.problem
        summary["unsaved"] = run.unsaved
        if as_json:
            run_notes(rt, run, summary["games"])
            print_json(rt, summary)
        else:
            print_summary(rt, summary, run, db=db)
        if run.interrupted:
            raise typer.Exit(INTERRUPTED)
        if summary["errors"] or run.problem or run.unsaved:
            raise typer.Exit(1)


def print_summary(rt: Runtime, summary: dict[str, Any], run: RunResult, *, db: Path | None = None) -> None:
    if run.interrupted:
        rt.output.warn(f"Interrupted: {summary['games']} games finished and are counted below.")
    run_notes(rt, run, summary["games"])
    for table in summary_tables(summary):
        rt.output.print(table)
    rt.output.print(plain(length_sentence(summary["length"], summary["no_winner"], summary["games"])))
    if run.run_id is not None:
        where = f" --db {db}" if db else ""
        rt.output.print(plain(f"Kept as run {run.run_id}: tabletop report {run.run_id}{where}"))
    if summary["errors"]:
        rt.output.print(f"[error]{summary['errors']} games failed[/], e.g. ", highlight=False, end="")
        rt.output.print(plain(summary["first_errors"][0]), highlight=False)
