"""``tabletop play GAME``: hot-seat play for people and bots, narrated, saved as a record."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Group
from rich.panel import Panel

from tabletop.cli.output import friendly
from tabletop.cli.params import OptionsOption
from tabletop.cli.plain_play import PlainTable, readline_completer
from tabletop.cli.seats import plan_seats, seat_names
from tabletop.core.errors import UnknownNameError
from tabletop.core.game import Outcome
from tabletop.core.record import GameRecord
from tabletop.screen.kit import board_for
from tabletop.screen.session import SeatSpec, Session

if TYPE_CHECKING:
    from tabletop.cli.app import Runtime

RECORDS_ENV = "TABLETOP_RECORDS"

SeedOption = Annotated[int | None, typer.Option("--seed", help="Seed for all randomness; same seed, same game.")]


def records_folder() -> Path:
    """Where games are saved unless ``--save`` says otherwise (``$TABLETOP_RECORDS`` overrides)."""
    return Path(os.environ.get(RECORDS_ENV) or Path.home() / ".local" / "share" / "tabletop" / "records")


def default_record_path(game: str, seed: int) -> Path:
    folder = records_folder()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return folder / f"{game}-{stamp}-seed{seed}.json"


def outcome_text(outcome: Outcome, names: list[str]) -> str:
    if not outcome.winners:
        head = "No winner"
    elif len(outcome.winners) == 1:
        head = f"{names[outcome.winners[0]]} wins"
    else:
        head = "Shared win: " + ", ".join(names[w] for w in outcome.winners)
    scores = ""
    if outcome.scores is not None:
        scores = "  (" + ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(outcome.scores)) + ")"
    return f"{head}: {outcome.reason}.{scores}"


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("play")
    @friendly(lambda: rt.output)
    def play(
        game: Annotated[str | None, typer.Argument(help="The game's name (see `tabletop list`); "
                                                         "none: choose one on the screen.")] = None,
        seats: Annotated[
            str | None, typer.Option("--seats", "-s", help="Who sits where, clockwise: human or a bot name, comma-separated.")
        ] = None,
        players: Annotated[
            int | None, typer.Option("--players", "-n", help="Number of players: you, then bots (see --bot).")
        ] = None,
        bot: Annotated[str | None, typer.Option("--bot", help="The bot that fills the seats with --players.")] = None,
        names: Annotated[str | None, typer.Option("--names", help="Seat names, comma-separated.")] = None,
        seed: SeedOption = None,
        option: OptionsOption = None,
        save: Annotated[Path | None, typer.Option("--save", help="Where to save the game record (JSON).")] = None,
        plain: Annotated[bool, typer.Option("--plain", help="A line-by-line prompt instead of the full screen.")] = False,
        resume: Annotated[Path | None, typer.Option("--resume", help="Continue the unfinished game in this record.")] = None,
    ) -> None:
        """Play a game at this terminal, people and bots, clockwise in the order given.

        Full screen on an interactive terminal (--plain for a prompt); with no game named, a
        chooser opens. Example: tabletop play windupwar --seats human,tactician,tactician,random
        """
        full_screen = not plain and interactive(rt)
        if resume is not None:
            record = GameRecord.load(resume)
            found = rt.registry.game(record.game)
            session = Session.resume(found, record, bots=lambda name: rt.registry.bot(found.name, name),
                                     pm=rt.registry.pm)
            path = save or resume
        elif game is None:
            if not full_screen:
                known = ", ".join(sorted(rt.registry.games))
                raise UnknownNameError(f"Name a game to play: {known} (or run this in a terminal to choose).")
            from tabletop.screen.chooser import choose_and_play

            result = choose_and_play(rt.registry, record_path=default_record_path)
            if result is not None:
                finish(rt, *result)
            return
        else:
            found = rt.registry.game(game)
            options = found.parse_options(option or [])
            plans = plan_seats(rt.registry, found, seats=seats, players=players, bot=bot)
            warning = found.seat_warning(len(plans))
            if warning:
                rt.output.warn(warning)
            seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
            seat_list = seat_names(plans, names)
            session = Session(found, [SeatSpec(n, p.kind, p.bot) for n, p in zip(seat_list, plans, strict=True)],
                              seed=seed, options=options, pm=rt.registry.pm)
            path = save or default_record_path(found.name, seed)
        board = board_for(rt.registry.pm, found)
        if full_screen:
            from tabletop.screen.app import TableApp

            TableApp(session, board, save=path).run()
        else:
            rt.output.print(
                f"[title]{found.title}[/] {found.version} - "
                + ", ".join(f"[seat]{n}[/] ({s.kind})" for n, s in zip(session.names, session.seats, strict=True))
            )
            PlainTable(rt.output, rt.ask, session, board, save=path, completer=readline_completer()).play()
        finish(rt, session, path)


def interactive(rt: Runtime) -> bool:
    """Full screen only when a person sits at a real terminal, in and out."""
    return rt.output.console.is_terminal and sys.stdin.isatty() and sys.stdout.isatty()


def finish(rt: Runtime, session: Session, path: Path) -> None:
    """After the game (or after leaving it): the end, and where the record is."""
    session.record.save(path)
    outcome = session.outcome()
    if outcome is None:
        rt.output.print(f"The game is saved in {path}; continue it with `tabletop play --resume {path}`.",
                        highlight=False)
        return
    game = session.game
    rt.output.print(Group(game.render(game.view(session.state, None), names=session.names),
                          Panel(outcome_text(outcome, session.names), title="Game over", style="ok")))
    rt.output.print(f"Record saved to {path} (replay it with `tabletop replay {path}`).", highlight=False)
