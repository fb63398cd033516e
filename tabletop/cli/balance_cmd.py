"""``tabletop balance GAME``: propose card values that even a game out, and prove them on fresh games."""

from __future__ import annotations

import dataclasses
import json
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
from tabletop.cli.params import MAX_SEED, JsonOption, OptionsOption
from tabletop.cli.seats import default_bot, plan_seats
from tabletop.core.errors import OptionError
from tabletop.core.program import command
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import clean, plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


#: The default seat counts stop here: a game for 2 to 16 would otherwise play fifteen seatings.
DEFAULT_MOST = 6


def _seatings(rt: Runtime, game: Any, seats: str | None, players: str | None, bot: str | None,
              objective: str) -> tuple:
    """One seating per seat count: ``--seats`` as written, else ``--players`` copies of ``--bot``
    (default: every seat count the game allows up to :data:`DEFAULT_MOST`, since a game is as
    balanced as its worst).

    The default bot is the game's own rule bot, but ``random`` for a spread objective: a rule bot
    fields the same units every game, so only varied choices give each unit a win rate of its own.
    """
    if seats:  # split, checked and named as simulate does (a bot's settings share the commas)
        plans = plan_seats(rt.registry, game, seats=seats, players=None, allow_human=False)
        return (tuple(plan.kind for plan in plans),)
    if bot == "human":
        raise OptionError("balance plays thousands of games, so every seat is a bot; give --bot a bot's name "
                          f"(`{command('list')}` names them).")
    name = bot or ("random" if "spread" in objective else default_bot(rt.registry, game))
    try:
        counts = ([int(p) for p in players.split(",")] if players
                  else list(range(game.min_players, min(game.max_players, DEFAULT_MOST) + 1)))
    except ValueError:
        raise OptionError(f"--players takes seat counts separated by commas, like 3,4, not '{players}'.") from None
    for count in counts:
        if not game.min_players <= count <= game.max_players:
            raise OptionError(f"{game.title} is for {game.min_players} to {game.max_players} seats, not {count}.")
    rt.registry.bot(game.name, name)  # an unknown bot is one sentence, before anything is played
    return tuple((name,) * c for c in counts)


def _list(rt: Runtime, store: Any, as_json: bool) -> None:
    rows = []
    for study in store.studies():
        spec = json.loads(study.spec)
        trials = store.trials(study.id)
        rows.append({"id": study.id, "created": study.created, "game": study.game, "status": study.status,
                     "objective": spec.get("objective"), "optimiser": spec.get("optimiser"), "trials": len(trials),
                     "seats": sorted({len(s) for s in spec.get("seatings", [])})})
    if as_json:
        rt.output.json(rows)
        return
    if not rows:
        rt.output.print(Text("No balancing studies yet: tabletop balance GAME starts one."))
    for r in rows:
        rt.output.print(plain(f"study {r['id']}  {r['created']}  {r['game']}  {r['objective']}  {r['optimiser']}  "
                              f"{r['trials']} trials  seats {','.join(map(str, r['seats']))}  {r['status']}"))


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("balance")
    @friendly(lambda: rt.output)
    def balance(
        game: Annotated[str | None, typer.Argument(help="The game's name, as `tabletop list` shows it.")] = None,
        objective: Annotated[str, typer.Option(
            "--objective", help="seat-balance, unit-spread, faction-spread, no-winner or length=T; join with +.")
        ] = "seat-balance",
        budget: Annotated[int, typer.Option("--budget", min=1, help="Candidates to play; the first is the game's own card data, as printed.")] = 50,
        games: Annotated[int, typer.Option("-n", "--games", min=2, help="Games per candidate and seating.")] = 200,
        max_changes: Annotated[int, typer.Option("--max-changes", min=0, help="At most this many changed values (copies of one card count once; 0: any).")] = 3,
        seats: Annotated[str | None, typer.Option("--seats", "-s", help="Bots clockwise (one seating).")] = None,
        players: Annotated[str | None, typer.Option("--players", help="Seat counts to cover, e.g. 3,4 (default: every count the game allows, up to 6).")] = None,
        bot: Annotated[str | None, typer.Option("--bot", help="The bot in every seat (default: the game's own; random for a spread objective).")] = None,
        seed: Annotated[int, typer.Option("--seed", min=-MAX_SEED, max=MAX_SEED, help="Candidates play seeds seed.. seed+n-1; the optimiser is seeded too.")] = 0,
        optimiser: Annotated[str, typer.Option("--optimiser", help="ntbea (built in), tpe or nsga2 (optuna: pip install 'tabletop\\[balance]').")] = "ntbea",
        top: Annotated[int, typer.Option("--top", min=0, help="Best candidates pruned and re-played on fresh seeds.")] = 3,
        confirm: Annotated[int | None, typer.Option("--confirm", min=2, help="Fresh games per seating for each (default 4 x -n).")] = None,
        confirm_bot: Annotated[str | None, typer.Option("--confirm-bot", help="Also check the best candidate with this bot, e.g. ismcts.")] = None,
        what_if: Annotated[str | None, typer.Option("--what-if", metavar="ADDRESS=VALUE[,...]", help="Measure this change against the printed data (-n games per seat count, common seeds); no search.")] = None,
        list_studies: Annotated[bool, typer.Option("--list", help="List the balancing studies in the database.")] = False,
        report: Annotated[int | None, typer.Option("--report", metavar="STUDY", help="Print a study's report again from the database (nothing is played).")] = None,
        option: OptionsOption = None,
        workers: WorkersOption = 1,
        backend: BackendOption = "local",
        address: AddressOption = None,
        db: DbOption = None,
        html_file: HtmlOption = None,
        write: Annotated[Path | None, typer.Option("--write", help="Write the proposed card values here (a --cards file), if something is proposed.")] = None,
        as_json: JsonOption = False,
    ) -> None:
        """Search the game's tunable card values for a small change that evens out its worst seat count,
        prune it to the changes that matter, and re-measure it on fresh seeds.

        Every candidate plays the same seeds with the seats rotated.
        Studies and trials are kept in the results database; the same command resumes a stopped study.
        A larger --budget takes the study further.

        Example: tabletop balance windup_machines --html balance.html --write proposed.toml
        """
        import os

        from tabletop.core.tunables import tunables_of
        from tabletop.lab.backends import backend_kept, check_backend
        from tabletop.lab.balance import StudyResult, StudySpec, check_measurable, run_study
        from tabletop.lab.balance_flow import conclude, parse_what_if, stored_spec
        from tabletop.lab.balance_objectives import Objective
        from tabletop.lab.optimisers import OPTIMISERS, OptimiserError
        from tabletop.lab.runner import card_hash

        if list_studies or report is not None:
            with open_db(db) as store:
                if list_studies:
                    _list(rt, store, as_json)
                    return
                study = store.study(report)
                trials = store.trials(study.id)
                spec = stored_spec(study.spec, len(trials))
                found = rt.registry.game(spec.game)
                tunables = tunables_of(found)
                checked = store.sweep_games(f"study-{study.id}-check")
                if checked is None:
                    raise ReportError(f"Study {study.id} has not been checked on fresh seeds yet; run its command "
                                      "again to finish it.")
                result = StudyResult(study.id, trials, False, len(trials))
                flow = conclude(rt.registry, spec, result, tunables, db=store, top=len(trials), confirm=checked,
                                stored_only=True)
                _show(rt, found, spec, result, tunables, flow, study.status, html_file, write, as_json)
            return
        if game is None:
            raise OptionError("Name the game to balance, e.g. tabletop balance windupwar (tabletop list names them).")
        found = rt.registry.game(game)
        Objective.parse(objective)
        if optimiser not in OPTIMISERS:
            raise OptimiserError(f"No optimiser '{optimiser}'; choose one of: {', '.join(OPTIMISERS)}.")
        check_backend(backend)
        tunables = tunables_of(found)
        spec = StudySpec(
            game=found.name, seatings=_seatings(rt, found, seats, players, bot, objective),
            options=found.resolve_options(found.parse_options(option or [])), objective=objective, budget=budget,
            games=games, seed=seed, optimiser=optimiser, max_changes=max_changes, card_hash=card_hash(found),
        )
        if confirm_bot:
            rt.registry.bot(found.name, confirm_bot)
        workers = min(workers, os.cpu_count() or 1) if backend == "local" else workers
        if what_if is not None:
            changes = tunables.check(parse_what_if(what_if), source="--what-if")
            _what_if(rt, found, spec, changes, tunables, db=db, workers=workers, backend=backend, address=address,
                     html_file=html_file, as_json=as_json)
            return
        quiet = as_json or not rt.output.errors.is_terminal

        def said(trial) -> None:
            if not quiet:
                value = "refused" if trial.value is None else f"{trial.value:.3f}"
                rt.output.errors.print(Text(f"trial {trial.number}: {value}, {trial.changed} values changed"))

        check_measurable(rt.registry, spec)
        with open_db(db) as store, backend_kept(backend, workers=workers, address=address):
            result = run_study(rt.registry, spec, store, workers=workers, backend=backend, address=address,
                               on_trial=said)
            flow = None
            if not result.interrupted and top:
                flow = conclude(rt.registry, spec, result, tunables, db=store, top=top, confirm=confirm or 4 * games,
                                workers=workers, backend=backend, address=address, other_bot=confirm_bot)
        _show(rt, found, spec, result, tunables, flow, None, html_file, write, as_json)
        if result.interrupted or (flow is not None and flow["interrupted"]):
            rt.output.warn("Interrupted: the study is kept; run the same command again to resume it.")
            raise typer.Exit(INTERRUPTED)


def _show(rt: Runtime, found: Any, spec: Any, result: Any, tunables: Any, flow: dict[str, Any] | None,
          status: str | None, html_file: Path | None, write: Path | None, as_json: bool) -> None:
    """The study's report: JSON or text, the HTML file if asked (with --json too), the card file if
    something is proposed."""
    from tabletop.core.tunables import variant_text
    from tabletop.lab import balance_report

    check = flow["check"] if flow else None
    study = {"id": result.study_id, "game": found.name, "objective": spec.objective, "games": spec.games,
             "budget": spec.budget, "seed": spec.seed, "optimiser": spec.optimiser, "max_changes": spec.max_changes,
             "trials": len(result.trials), "resumed": result.resumed, "games_played": result.games,
             "seconds": round(result.seconds, 1), "seatings": [list(s) for s in spec.seatings],
             "interrupted": result.interrupted, **({"status": status} if status else {})}
    best = balance_report.recommended(check) if check else None
    sections = balance_report.sections(study, result.trials, check, tunables, flow)
    for section in sections:  # card addresses and values are a designer's text
        section.rows = [[clean(cell) for cell in row] for row in section.rows]
    if as_json:
        rt.output.json({"study": study, "trials": [dataclasses.asdict(t) for t in result.trials], "check": check,
                        "proposed": best["changes"] if best else None,
                        **({k: flow[k] for k in ("pruning", "effects", "moved")} if flow else {})})
    else:
        print_sections(rt, sections[1:])
        rt.output.print(Text(
            f"Study {result.study_id}: {len(result.trials)} trials ({result.resumed} resumed), "
            f"{result.games} games in {result.seconds:.0f} s."))
    if html_file:
        title = f"{found.title}: balancing study {result.study_id} ({spec.objective})"
        notes = [f"{spec.budget} candidates, {spec.games} games each per seating, seed {spec.seed}, {spec.optimiser}, "
                 f"at most {spec.max_changes or 'any'} changes; seatings: {'; '.join(','.join(s) for s in spec.seatings)}."]
        _quietly(rt, as_json, lambda: write_html(rt, html_file, title, notes, sections, None))
    if write is not None:
        if best is None:
            rt.output.warn(f"Nothing is proposed, so {write} was not written.")
            return
        try:
            write.write_text(variant_text(found.name, best["changes"]), encoding="utf-8")
        except OSError as error:
            raise ReportError(f"Cannot write {write}: {error.strerror}.") from None
        if not as_json:
            rt.output.print(plain(f"Card values written to {write}: tabletop simulate {found.name} --cards {write}"))


def _quietly(rt: Runtime, as_json: bool, action: Any) -> None:
    """With --json, standard output is the JSON alone: the file's sentence goes to standard error."""
    if not as_json:
        action()
        return
    saved = rt.output.print
    rt.output.print = rt.output.errors.print  # type: ignore[method-assign]
    try:
        action()
    finally:
        rt.output.print = saved  # type: ignore[method-assign]


def _what_if(rt: Runtime, found: Any, spec: Any, changes: dict[str, Any], tunables: Any, *, db: Any, workers: int,
             backend: str, address: str | None, html_file: Path | None, as_json: bool) -> None:
    """``--what-if``: one change against the printed data at every seat count, what else moved."""
    from tabletop.lab.backends import backend_kept
    from tabletop.lab.balance_flow import what_if
    from tabletop.lab.balance_report import changes_text, moved_rows, seat_count_rows
    from tabletop.lab.report import Section

    if not changes:
        raise OptionError("--what-if: those are the printed values; give a value that differs.")
    with open_db(db) as store, backend_kept(backend, workers=workers, address=address):
        found_out = what_if(rt.registry, spec, changes, db=store, workers=workers, backend=backend, address=address)
    if as_json:
        rt.output.json(found_out)
    what = changes_text(changes, tunables)
    sections = [
        Section("what-if", f"What if {what}?",
                f"{spec.objective} (lower is better) of the printed data and of this change on the same {spec.games} "
                f"games per seat count (seeds from {spec.seed}, seats rotated); paired bootstrap 95% interval of the "
                "difference, below zero is better.",
                ["seating", "games", "printed", "changed", "difference (95% CI)"], seat_count_rows(found_out)),
        Section("moved", "What else moved",
                "Game length, games without a winner and every figure the game reports (a per-seat figure averaged "
                "over each game's seats), with the 95% interval of the mean paired difference.",
                ["seating", "figure", "printed", "changed", "difference (95% CI)"], moved_rows(found_out["moved"])),
    ]
    for section in sections:
        section.rows = [[clean(cell) for cell in row] for row in section.rows]
    if not as_json:
        print_sections(rt, sections)
    if html_file:
        _quietly(rt, as_json, lambda: write_html(rt, html_file, f"{found.title}: what if {what}?", [], sections, None))
