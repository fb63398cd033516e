"""``tabletop check GAME``: the conformance check every plugin gets for free."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from tabletop.cli.params import GameArgument, OptionsOption
from tabletop.engine.check import check_game
from tabletop.engine.vocabulary import missing_vocabulary
from tabletop.rl.relative import problems as seat_path_problems
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import fmt, plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("check")
    @friendly(lambda: rt.output)
    def check(
        game: GameArgument,
        games: Annotated[int, typer.Option("-n", "--games", min=1, help="How many random games to play.")] = 40,
        seed: Annotated[int, typer.Option("--seed", help="First game's seed.")] = 0,
        seats: Annotated[
            str | None, typer.Option("--seats", help="Seat counts to try, comma-separated (default: a few).")
        ] = None,
        option: OptionsOption = None,
    ) -> None:
        """Play seeded random games and check the game keeps the contract.

        Checks: games end within the step limit and raise nothing; cards are conserved;
        views are JSON-safe; illegal actions are rejected and change nothing (hidden parts
        included); records replay. With what a seat cannot see resampled (by the engine and
        by the game), its view, the spectator's view, its legal actions, descriptions,
        rejection messages, the events it sees and the game's bots' choices stay the same;
        who acts and what kind of decision is asked too. Refused as well: knowledge kept
        through a shuffle with state.random(), a state within an agent's reach, a secret
        in a slot copies share, an event naming a simultaneous choice before all have chosen,
        a learning facet's seat-number path that is not one.
        With --debug, a crash inside the game shows its traceback.
        """
        found = rt.registry.game(game)
        fixed = dict(found.parse_options(option or [])) if option else None
        if fixed is not None:
            fixed = {k: v for k, v in fixed.items() if any(p.startswith(f"{k}=") for p in option)}
        counts = None
        if seats:
            try:
                counts = [int(s) for s in seats.split(",")]
            except ValueError:
                raise rt.output.fail(f"--seats takes seat counts like 2,3,4, not '{seats}'.") from None
            for n in counts:
                found.check_seats(n)
        rule_based = [spec for spec in rt.registry.bots if spec.game == found.name]
        with rt.output.progress(f"Checking {found.title}") as progress:
            def on_game(done: int, problems: int) -> None:
                found_so_far = f", {problems} problems so far" if problems else ""
                progress(f"game {done} of {games}{found_so_far}")

            report = check_game(found, games=games, seed=seed, seats=counts, options=fixed, bots=rule_based,
                                on_game=on_game)
        table = Table(title=f"tabletop check {found.name}", title_style="title")
        table.add_column("Seats", justify="right")
        table.add_column("Options")
        table.add_column("Games", justify="right")
        table.add_column("Actions", justify="right")
        for variant in report.variants:
            if variant["games"]:
                options = " ".join(f"{k}={v}" for k, v in variant["options"].items()) or "-"
                table.add_row(str(variant["seats"]), plain(options), str(variant["games"]), str(variant["steps"]))
        rt.output.print(table)
        bad_paths = seat_path_problems(found)
        failed = len(report.problems) + len(bad_paths)
        verdict = "[ok]pass[/]" if not failed else f"[error]FAIL[/] ({failed} problems)"
        rt.output.print(f"{report.games} games, {report.steps} actions: {verdict}")
        note = missing_vocabulary(found, report.variants[0]["seats"], report.variants[0]["options"])
        if note is not None:
            rt.output.print(fmt("[warning]note:[/] {}", note))
        for problem, trace in zip(report.problems, report.traces, strict=True):
            rt.output.print(fmt("[error]-[/] {}", problem))
            if trace and rt.debug:
                rt.output.print(fmt("{}", trace))
        for problem in bad_paths:
            rt.output.print(fmt("[error]-[/] {}", problem))
        for warning in report.warnings[:5]:
            rt.output.print(fmt("[warning]warning:[/] {}", warning))
        if failed:
            raise typer.Exit(1)

