"""`tabletop play`: people and bots at one terminal, full screen or at a plain prompt."""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Group
from rich.panel import Panel
from rich.text import Text

from tabletop.cli.params import OptionsOption
from tabletop.cli.saving import check_save_path, default_record_path, find_record
from tabletop.cli.seats import plan_seats, seat_names
from tabletop.core.board import board_for
from tabletop.core.errors import TabletopError, UnknownNameError
from tabletop.core.program import command
from tabletop.core.record import GameRecord
from tabletop.engine.session import Session
from tabletop.engine.table import SeatSpec
from tabletop.screen.text import outcome_text
from tabletop.terminal.interrupts import EXIT_STATUS, Stopped, shielded, stops_as_exceptions
from tabletop.terminal.output import Output, friendly
from tabletop.terminal.plain_table import PlainTable, readline_completer
from tabletop.terminal.prompt import GameAbandoned
from tabletop.terminal.safe_text import fmt, plain

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime

SeedOption = Annotated[int | None, typer.Option("--seed", help="Seed for all randomness; same seed, same game.")]


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
        force: Annotated[bool, typer.Option("--force", help="Replace an existing record of this game at --save.")] = False,
        plain: Annotated[bool, typer.Option("--plain", help="A line-by-line prompt instead of the full screen.")] = False,
        resume: Annotated[str | None, typer.Option(
            "--resume", help="Continue an unfinished game: its record file, or its name or number in `tabletop records`.")] = None,
    ) -> None:
        """Play a game at this terminal, people and bots, clockwise in the order given.

        Full screen on an interactive terminal (--plain for a prompt); with no game named, a
        chooser opens. Example: tabletop play windupwar --seats human,tactician,tactician,random
        """
        full_screen = not plain and interactive(rt)
        warnings: list[str] = []
        report = warnings.append if full_screen else rt.output.warn
        if resume is not None:
            resume_path = find_record(resume)
            record = GameRecord.load(resume_path)
            found = rt.registry.game(record.game)
            session = Session.resume(found, record, bots=lambda name: rt.registry.bot(found.name, name, clamp=report),
                                     pm=rt.registry.pm, on_plugin_error=report)
            path = save or resume_path
            if save is not None:
                check_save_path(save, game=found.name, force=force)
        elif game is None:
            if not full_screen:
                known = ", ".join(sorted(rt.registry.games))
                raise UnknownNameError(f"Name a game to play: {known} (or run this in a terminal to choose).")
            from tabletop.screen.app import TableApp
            from tabletop.screen.chooser import Chooser

            app = TableApp(chooser=Chooser(rt.registry, default_record_path))
            play_saving(rt.output, app.run,
                        table=lambda: None if app.session is None else (app.session, app.save_path))
            if app.session is not None:
                finish(rt, app.session, app.save_path)
            return
        else:
            found = rt.registry.game(game)
            options = found.parse_options(option or [])
            plans = plan_seats(rt.registry, found, seats=seats, players=players, bot=bot)
            warning = found.seat_warning(len(plans))
            if warning:
                rt.output.warn(warning)
            seed = seed if seed is not None else secrets.randbits(64)
            seat_list = seat_names(plans, names)
            path = save or default_record_path(found.name)
            check_save_path(path, game=found.name, force=force)
            session = Session(found, [SeatSpec(n, p.kind, p.bot) for n, p in zip(seat_list, plans, strict=True)],
                              seed=seed, options=options, pm=rt.registry.pm, on_plugin_error=report)
        board = board_for(rt.registry.pm, found, report=report)
        if full_screen:
            from tabletop.screen.app import TableApp

            play_saving(rt.output, TableApp(session, board, save=path).run, table=lambda: (session, path))
            for message in warnings:
                rt.output.warn(message)
        else:
            # The seed rebuilds every hidden card: it is shown only once the game is over.
            rt.output.print(fmt(
                "[title]{}[/] {} - " + ", ".join("[seat]{}[/] ({})" for _ in session.seats),
                found.title, found.version, *[x for s in session.seats for x in (s.name, s.kind)],
            ))
            table = PlainTable(rt.output, rt.ask, session, board, save=path, completer=readline_completer())
            play_saving(rt.output, table.play, table=lambda: (session, path))
        finish(rt, session, path)


def interactive(rt: Runtime) -> bool:
    """Full screen only when a person sits at a real terminal, in and out."""
    return rt.output.console.is_terminal and sys.stdin.isatty() and sys.stdout.isatty()


def save_now(session: Session, path: Path) -> None:
    """Save the game so far; Ctrl-C and SIGTERM wait until the file is whole."""
    with shielded():
        session.record.save(path)


def play_saving(output: Output, play: Callable[[], Any], *,
                table: Callable[[], tuple[Session, Path] | None]) -> Any:
    """Run ``play``; however the game stops early (quit, Ctrl-C, SIGTERM, SIGHUP, an error),
    the game so far (``table()``: the session and its file, None before one is set) is saved
    first, and the message starts on a line of its own."""

    def save() -> str:
        """Save; the command that continues the game ("" before a table is set)."""
        current = table()
        if current is None:
            return ""
        session, path = current
        save_now(session, path)
        return command("play", "--resume", str(path))

    with stops_as_exceptions():  # still on while saving: a second SIGTERM is ignored, not fatal
        try:
            return play()
        except GameAbandoned as stop:
            say_saved(output, fmt("[warning]{}[/]", stop), save())
            raise typer.Exit(0) from None
        except (KeyboardInterrupt, Stopped) as stop:
            name = stop.name if isinstance(stop, Stopped) else "SIGINT"
            saved = save()
            how = "Ctrl-C" if name == "SIGINT" else name
            output.print()  # after the ^C the terminal echoed, on a line of its own
            say_saved(output, fmt("[warning]Stopped by {}.[/]", how), saved)
            raise typer.Exit(EXIT_STATUS[name]) from None
        except TabletopError as error:
            saved = save()
            raise TabletopError(f"{error} {SAVED}: {saved}" if saved else str(error)) from None
        except Exception as error:
            current = table()
            save()
            if current is not None:
                error.tabletop_saved = current[1]  # type: ignore[attr-defined]  # the top-level handler says where
            raise
        except SystemExit:  # a plugin's code called sys.exit(): stop as asked, with the game kept
            say_saved(output, fmt("[warning]Stopped by a plugin.[/]"), save())
            raise


#: Said before the command that continues a saved game (no full stop after the command, which
#: a long path would leave alone on a line).
SAVED = "The game is saved; continue it with"


def say_saved(output: Output, lead: Text, resume: str) -> None:
    """``lead``, then (when the game was saved) the command that continues it on a line of its
    own, never broken by the console, so it can be copied whole."""
    if not resume:
        output.print(lead)
        return
    output.print(lead + plain(f" {SAVED}:") if lead.plain else plain(f"{SAVED}:"))
    output.print(plain(f"  {resume}"), soft_wrap=True)


def finish(rt: Runtime, session: Session, path: Path) -> None:
    """After the game (or after leaving it): the end with the seed, and where the record is."""
    save_now(session, path)
    outcome = session.outcome()
    if outcome is None:
        say_saved(rt.output, Text(), command("play", "--resume", str(path)))
        return
    game = session.game
    rt.output.print(Group(game.render(session.public_view(), names=session.names),
                          Panel(fmt("{}", outcome_text(outcome, session.names, gap="  ")), title="Game over", style="ok")))
    rt.output.print(plain(f"Seed {session.seed}. Record saved to {path}; replay it with:"))
    rt.output.print(plain(f"  {command('replay', str(path))}"), soft_wrap=True)
