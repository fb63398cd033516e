"""``tabletop balance GAME``: propose card values that even a game out, and prove them on fresh games."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from tabletop.cli.lab_options import (
    INTERRUPTED,
    AddressOption,
    BackendOption,
    DbOption,
    WorkersOption,
    open_db,
)
from tabletop.cli.lab_output import HtmlOption, ReportError, print_sections, write_html
from tabletop.cli.params import GameArgument, JsonOption, OptionsOption
from tabletop.cli.seats import default_bot, plan_seats
from tabletop.core.errors import OptionError
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import clean, plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def _seatings(rt: Runtime, game: Any, seats: str | None, players: str | None, bot: str | None,
              objective: str) -> tuple:
    """One seating per seat count: ``--seats`` as written, else ``--players`` copies of ``--bot``.

    The default bot is the game's own rule bot, but ``random`` for a spread objective: a rule bot
    fields the same units every game, so only varied choices give each unit a win rate of its own.
    """
    if seats:  # split, checked and named as simulate does (a bot's settings share the commas)
        plans = plan_seats(rt.registry, game, seats=seats, players=None, allow_human=False)
        return (tuple(plan.kind for plan in plans),)
    name = bot or ("random" if "spread" in objective else default_bot(rt.registry, game))
    default = str(min(game.max_players, max(game.min_players, 4)))
    try:
        counts = [int(p) for p in (players or default).split(",")]
    except ValueError:
        raise OptionError(f"--players takes seat counts separated by commas, like 3,4, not '{players}'.") from None
    for count in counts:
        if not game.min_players <= count <= game.max_players:
            raise OptionError(f"{game.title} is for {game.min_players} to {game.max_players} seats, not {count}.")
    rt.registry.bot(game.name, name)  # an unknown bot is one sentence, before anything is played
    return tuple((name,) * c for c in counts)


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("balance")
    @friendly(lambda: rt.output)
    def balance(
        game: GameArgument,
        objective: Annotated[str, typer.Option(
            "--objective", help="seat-balance, unit-spread, faction-spread, no-winner or length=T; join with +.")
        ] = "seat-balance",
        budget: Annotated[int, typer.Option("--budget", min=1, help="Candidates to play; the first is the game's own card data, as printed.")] = 50,
        games: Annotated[int, typer.Option("-n", "--games", min=2, help="Games per candidate and seating.")] = 200,
        seats: Annotated[str | None, typer.Option("--seats", "-s", help="Bots clockwise (one seating).")] = None,
        players: Annotated[str | None, typer.Option("--players", help="Seat counts to cover, e.g. 3,4 (default 4, or the nearest the game allows).")] = None,
        bot: Annotated[str | None, typer.Option("--bot", help="The bot in every seat (default: the game's own; random for a spread objective).")] = None,
        seed: Annotated[int, typer.Option("--seed", help="Candidates play seeds seed.. seed+n-1; the optimiser is seeded too.")] = 0,
        optimiser: Annotated[str, typer.Option("--optimiser", help="ntbea (built in), tpe or nsga2 (optuna: pip install 'tabletop\\[balance]').")] = "ntbea",
        top: Annotated[int, typer.Option("--top", min=0, help="Best candidates re-played on fresh seeds.")] = 3,
        confirm: Annotated[int | None, typer.Option("--confirm", min=2, help="Fresh games per seating for each (default 4 x -n).")] = None,
        confirm_bot: Annotated[str | None, typer.Option("--confirm-bot", help="Also check the best candidate with this bot, e.g. ismcts.")] = None,
        option: OptionsOption = None,
        workers: WorkersOption = 1,
        backend: BackendOption = "local",
        address: AddressOption = None,
        db: DbOption = None,
        html_file: HtmlOption = None,
        write: Annotated[Path | None, typer.Option("--write", help="Write the proposed card values here (a --cards file).")] = None,
        as_json: JsonOption = False,
    ) -> None:
        """Search the game's tunable card values for a better balance, then re-measure the best on fresh seeds.

        Every candidate plays the same seeds with the seats rotated.
        Studies and trials are kept in the results database; the same command resumes a stopped study.
        A larger --budget takes the study further.

        Example: tabletop balance windupwar --objective unit-spread --budget 100 --html balance.html
        """
        import os

        from tabletop.core.tunables import tunables_of, variant_text
        from tabletop.lab import balance_check, balance_report
        from tabletop.lab.backends import backend_kept, check_backend
        from tabletop.lab.balance import StudySpec, run_study, shortlist
        from tabletop.lab.balance_objectives import Objective
        from tabletop.lab.optimisers import OPTIMISERS, OptimiserError
        from tabletop.lab.runner import card_hash

        found = rt.registry.game(game)
        Objective.parse(objective)
        if optimiser not in OPTIMISERS:
            raise OptimiserError(f"No optimiser '{optimiser}'; choose one of: {', '.join(OPTIMISERS)}.")
        check_backend(backend)
        tunables = tunables_of(found)
        spec = StudySpec(
            game=found.name, seatings=_seatings(rt, found, seats, players, bot, objective),
            options=found.resolve_options(found.parse_options(option or [])), objective=objective, budget=budget,
            games=games, seed=seed, optimiser=optimiser, card_hash=card_hash(found),
        )
        if confirm_bot:
            rt.registry.bot(found.name, confirm_bot)
        workers = min(workers, os.cpu_count() or 1) if backend == "local" else workers
        quiet = as_json or not rt.output.errors.is_terminal

        def said(trial) -> None:
            if not quiet:
                value = "refused" if trial.value is None else f"{trial.value:.3f}"
                rt.output.errors.print(Text(f"trial {trial.number}: {value}, {trial.changed} values changed"))

        with open_db(db) as store, backend_kept(backend, workers=workers, address=address):
            result = run_study(rt.registry, spec, store, workers=workers, backend=backend, address=address,
                               on_trial=said)
            check = None
            if not result.interrupted and top:
                check = balance_check.check(
                    rt.registry, spec, shortlist(result, top), games=confirm or 4 * games, db=store,
                    study_id=result.study_id, workers=workers, backend=backend, address=address,
                    other_bot=confirm_bot,
                )
        study = {"id": result.study_id, "game": found.name, "objective": objective, "games": games,
                 "budget": budget, "seed": seed, "optimiser": optimiser, "trials": len(result.trials),
                 "resumed": result.resumed, "games_played": result.games, "seconds": round(result.seconds, 1),
                 "seatings": [list(s) for s in spec.seatings], "interrupted": result.interrupted}
        mattered = balance_check.mattered(result.trials)
        best = balance_report.recommended(check) if check else None
        if as_json:
            rt.output.json({"study": study, "trials": [dataclasses.asdict(t) for t in result.trials],
                            "check": check, "proposed": best["changes"] if best else None, "mattered": mattered})
        else:
            sections = balance_report.sections(study, result.trials, check, tunables, mattered)
            for section in sections:  # card addresses and values are a designer's text
                section.rows = [[clean(cell) for cell in row] for row in section.rows]
            print_sections(rt, sections[1:])
            rt.output.print(Text(
                f"Study {result.study_id}: {len(result.trials)} trials ({result.resumed} resumed), "
                f"{result.games} games in {result.seconds:.0f} s."))
            if html_file:
                title = f"{found.title}: balancing study {result.study_id} ({objective})"
                notes = [f"{budget} candidates, {games} games each per seating, seed {seed}, {optimiser}; "
                         f"seatings: {'; '.join(','.join(s) for s in spec.seatings)}."]
                write_html(rt, html_file, title, notes, sections, None)
        if write is not None and check is not None and check["candidates"]:
            chosen = best or min(check["candidates"], key=lambda c: c["value"])
            if best is None and not as_json:
                rt.output.warn("No candidate is surely better; writing the best on fresh seeds anyway.")
            try:
                write.write_text(variant_text(found.name, chosen["changes"]), encoding="utf-8")
            except OSError as error:
                raise ReportError(f"Cannot write {write}: {error.strerror}.") from None
            if not as_json:
                rt.output.print(plain(f"Card values written to {write}: tabletop simulate {found.name} --cards {write}"))
        if result.interrupted or (check is not None and check["interrupted"]):
            rt.output.warn("Interrupted: the study is kept; run the same command again to resume it.")
            raise typer.Exit(INTERRUPTED)
