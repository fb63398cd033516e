"""``tabletop sweep GAME -o edition=2016,2017``: the same bots and seeds under each variant, compared."""

from __future__ import annotations

import itertools
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tabletop.cli.lab_options import (
    INTERRUPTED,
    AddressOption,
    BackendOption,
    DbOption,
    WorkersOption,
    open_db,
    play_with_progress,
    read_cards,
    run_notes,
)
from tabletop.cli.lab_output import HtmlOption, PngOption, ReportError, comparison_of, show_comparison
from tabletop.cli.params import MAX_GAMES, MAX_SEED, GameArgument, JsonOption, OptionsOption
from tabletop.cli.seats import plan_seats
from tabletop.core.errors import OptionError
from tabletop.lab.backends import make_job
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def variants(pairs: list[str], *, at_least: int = 2) -> list[list[str]]:
    """``["edition=2016,2017", "factions=deal"]`` -> one ``key=value`` list per combination."""
    axes = []
    for pair in pairs:
        key, sep, values = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"Write options as key=value or key=value1,value2, not '{pair}'.")
        choices = [v.strip() for v in values.split(",")]
        if any(not c for c in choices):
            raise OptionError(f"'{pair}' has an empty value; separate values with commas.")
        axes.append([f"{key.strip()}={c}" for c in choices])
    combos = [list(c) for c in itertools.product(*axes)]
    if len(combos) < at_least:
        raise OptionError(
            "A sweep needs an option with two or more values, e.g. -o edition=2016,2017, or a --cards file."
        )
    return combos


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("sweep")
    @friendly(lambda: rt.output)
    def sweep(
        game: GameArgument,
        option: OptionsOption = None,
        cards: Annotated[list[Path] | None, typer.Option(
            "--cards", help="Also play with these card values (a TOML of tunable values; repeatable).")] = None,
        games: Annotated[int, typer.Option("-n", "--games", min=1, max=MAX_GAMES, help="Games per variant.")] = 1000,
        seats: Annotated[
            str | None, typer.Option("--seats", "-s", help="Bots clockwise, comma-separated (default: all random).")
        ] = None,
        players: Annotated[int | None, typer.Option("--players", help="Seats, all random, when --seats is not given.")] = None,
        seed: Annotated[int, typer.Option("--seed", min=-MAX_SEED, max=MAX_SEED, help="Game i of every variant is played with seed+i.")] = 0,
        workers: WorkersOption = 1,
        backend: BackendOption = "local",
        address: AddressOption = None,
        db: DbOption = None,
        html_file: HtmlOption = None,
        png_dir: PngOption = None,
        as_json: JsonOption = False,
    ) -> None:
        """Play the same bots and seeds under each combination of option values, then compare them.

        Give an option several values separated by commas, or card values with --cards FILE (each file
        is a variant beside the printed cards); the first variant is the baseline.

        Example: tabletop sweep windupwar -o edition=2016,2017 -n 4000 --seats tactician,tactician,tactician,tactician --html editions.html
        """
        found = rt.registry.game(game)
        card_sets: list[tuple[str, dict]] = [("", {})] + [(f"cards={c.name}", read_cards(c, found)) for c in cards or []]
        combos = variants(option or [], at_least=1 if len(card_sets) > 1 else 2)
        parsed = [found.parse_options(c) for c in combos]
        plans = plan_seats(rt.registry, found, seats=seats, players=players, bot="random", allow_human=False)
        bots = [p.bot for p in plans if p.bot is not None]
        sweep_id = uuid.uuid4().hex[:8]
        run_ids: list[str] = []
        interrupted = False
        with open_db(db, rt) as store:
            swept = _swept(option or [])
            for (combo, options), (card_label, values) in itertools.product(zip(combos, parsed, strict=True), card_sets):
                label = ", ".join([c for c in combo if c.partition("=")[0].strip() in swept] + ([card_label] if card_label else []))
                label = label or "printed cards"
                job = make_job(rt.registry, found, bots, options=options, seed=seed, games=games, cards=values)
                run = play_with_progress(
                    rt, job, label=label, backend=backend, workers=workers, address=address,
                    db=store, quiet=as_json, sweep=sweep_id, variant=label,
                )
                run_ids.append(str(run.run_id))
                if not as_json:
                    rt.output.print(plain(f"{label}: run {run.run_id}, {run.tally.games} games in {run.seconds:.1f} s"))
                if run.problem or run.unsaved:
                    run_notes(rt, run, run.tally.games)
                    interrupted = True
                    break
                if run.interrupted:
                    interrupted = True
                    break
            if len(run_ids) < 2:
                if interrupted:
                    rt.output.warn("Interrupted before a second variant was played: nothing to compare yet.")
                    raise typer.Exit(INTERRUPTED)
                raise ReportError("A sweep needs two variants to compare.")
            analyses, comparison = comparison_of(store, run_ids)
        comparison["sweep"] = sweep_id
        show_comparison(rt, analyses, comparison, html_file=html_file, png_dir=png_dir, as_json=as_json,
                        text_too=True)
        if interrupted:
            rt.output.warn("Interrupted: the comparison counts the games that finished.")
            raise typer.Exit(INTERRUPTED)


def _swept(pairs: list[str]) -> set[str]:
    """Names of the options given more than one value."""
    return {p.partition("=")[0].strip() for p in pairs if "," in p}
