"""`tabletop join`: take a seat (or watch) at a table hosted by `tabletop serve`."""

from __future__ import annotations

import random
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Group
from rich.panel import Panel

from tabletop.cli.params import check_join_url
from tabletop.core.board import board_for
from tabletop.core.errors import TabletopError
from tabletop.screen.text import outcome_text
from tabletop.terminal.interrupts import EXIT_STATUS, Stopped, stops_as_exceptions
from tabletop.terminal.output import friendly
from tabletop.terminal.prompt import GameAbandoned
from tabletop.terminal.safe_text import fmt

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime
    from tabletop.net.client import RemoteTable

def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("join")
    @friendly(lambda: rt.output)
    def join(
        url: Annotated[str, typer.Argument(help="The address `tabletop serve` printed, like ws://192.168.1.5:8765.")],
        code: Annotated[str | None, typer.Option("--code", help="Your join code (a seat's, or the spectators').")] = None,
        code_file: Annotated[Path | None, typer.Option(
            "--code-file", help="Read the join code from this file (keeps it out of the process list).")] = None,
        plain: Annotated[bool, typer.Option("--plain", help="A line-by-line prompt instead of the full screen.")] = False,
        bot: Annotated[str | None, typer.Option(
            "--bot", help="Let this bot play the seat (one that reads only its view, such as random).")] = None,
        ask_code: Annotated[bool, typer.Option(
            "--ask-code", hidden=True, help="Ask for the code on the full screen (each tab of `serve --web`).")] = False,
        lobby: Annotated[bool, typer.Option(
            "--lobby", help="Enter the server's room of tables (also without a code: `serve` with no game).")] = False,
        name: Annotated[str | None, typer.Option("--name", help="Your name in the room and at its tables.")] = None,
        password_file: Annotated[Path | None, typer.Option(
            "--password-file", help="The room's password, on this file's first line (asked if the room has one).")] = None,
    ) -> None:
        """Join a network game: your seat's view only, on the full screen (or --plain), or a bot for you.

        The code is sent only as the first message, never in the address, and kept in a file only
        you can read, so joining the same address again needs no --code. A dropped connection is
        tried again with the same code. With no code (or --lobby): the server's room of tables. Example: tabletop join ws://192.168.1.5:8765 --code Xy3...
        """
        try:
            from tabletop.net.client import RemoteTable
            from tabletop.net.client_bot import needs_more_than_view, play_bot
            from tabletop.net.client_codes import store_code, stored_code
        except ImportError:
            raise TabletopError("`tabletop join` needs the network extra: pip install 'tabletop[net]'.") from None
        check_join_url(url)
        if lobby or (code is None and code_file is None and not ask_code and stored_code(url) is None):
            from tabletop.cli.join_lobby import enter

            if ask_code:  # a browser tab of a room: the room on the full screen
                from tabletop.screen.lobby_app import LobbyApp

                LobbyApp(url, rt.registry.game, lambda game: board_for(rt.registry.pm, game)).run()
                return
            enter(rt, url, name=name, password_file=password_file, play=lambda seat_code: _seat(
                rt, RemoteTable(url, seat_code, game_for=rt.registry.game).connect(), plain=plain, bot=bot,
                needs_more_than_view=needs_more_than_view, play_bot=play_bot))
            return
        if ask_code:  # a browser tab: the code is typed on the screen and kept nowhere
            from tabletop.screen.join_app import JoinApp

            JoinApp(url, rt.registry.game, lambda game: board_for(rt.registry.pm, game)).run()
            return
        if code is not None and code_file is not None:
            raise TabletopError("Give the code with --code or --code-file, not both.")
        if code_file is not None:
            try:
                code = code_file.read_text(encoding="utf-8").strip()
            except (OSError, UnicodeDecodeError) as error:
                raise TabletopError(f"Cannot read the code file {code_file}: {getattr(error, 'strerror', None) or error}.") from None
        if code is None:
            code = stored_code(url)
            if code is None:
                raise TabletopError(f"No join code kept for {url}: give the one the host gave you with --code.")
        if not code:
            raise TabletopError("The join code is empty; give the one the host gave you.")
        table = RemoteTable(url, code, game_for=rt.registry.game).connect()
        try:
            store_code(url, code)
        except TabletopError as error:
            rt.output.warn(str(error))
        _seat(rt, table, plain=plain, bot=bot, needs_more_than_view=needs_more_than_view, play_bot=play_bot)


def _seat(rt: Runtime, table: RemoteTable, **how) -> None:
    """Play a joined seat to the end (or until left), closing its connection after."""
    try:
        with stops_as_exceptions():
            _play(rt, table, **how)
    except GameAbandoned as stop:
        rt.output.print(fmt("[warning]{}[/] The game goes on at the server; join again to take your seat.", stop))
    except (KeyboardInterrupt, Stopped) as stop:
        name = stop.name if isinstance(stop, Stopped) else "SIGINT"
        rt.output.print()
        rt.output.print(fmt("[warning]Left the table ({}).[/] The game goes on at the server.",
                            "Ctrl-C" if name == "SIGINT" else name))
        raise typer.Exit(EXIT_STATUS[name]) from None
    finally:
        table.close()


def _play(rt: Runtime, table: RemoteTable, *, plain: bool, bot: str | None, needs_more_than_view, play_bot) -> None:
    game = table.game
    seat = table.seat
    who = "a spectator" if seat is None else table.names[seat]
    if bot is not None:
        if seat is None:
            raise TabletopError("A spectator's code has no seat for a bot to play; use a seat's code.")
        spec = rt.registry.bot(game.name, bot)
        agent = spec.factory(game, seat, random.Random(secrets.randbits(64)))
        if needs_more_than_view(agent):
            raise TabletopError(f"The bot '{spec.name}' searches the whole game, which a network seat cannot see; "
                                "choose one that reads only its view (such as random).")
        rt.output.print(fmt("Joined [title]{}[/] as {}; {} plays.", table.title, who, spec.name))
        play_bot(table, agent)
        _finish(rt, table)
        return
    board = board_for(rt.registry.pm, game)
    if not plain and _interactive(rt):
        from tabletop.screen.app import TableApp
        from tabletop.screen.join_app import LEAVE

        TableApp(table, board, quit_question=LEAVE).run()
        if table.lost is not None and table.outcome() is None:
            raise TabletopError(table.lost)
        _finish(rt, table)
        return
    from tabletop.terminal.plain_table import PlainTable, readline_completer

    rt.output.print(fmt("Joined [title]{}[/] as {} (" + ", ".join("[seat]{}[/]" for _ in table.names) + ").",
                        table.title, who, *table.names))
    PlainTable(rt.output, rt.ask, table, board, save=None, completer=readline_completer()).play()
    _finish(rt, table)


def _finish(rt: Runtime, table: RemoteTable) -> None:
    outcome = table.outcome()
    if outcome is None:
        if table.lost is not None:
            raise TabletopError(table.lost)
        rt.output.print("You left the table; the game goes on at the server.")
        return
    game = table.game
    view = table.view(table.seat)
    rt.output.print(Group(game.render(view, names=table.names),
                          Panel(fmt("{}", outcome_text(outcome, table.names, gap="  ")), title="Game over", style="ok")))


def _interactive(rt: Runtime) -> bool:
    return rt.output.console.is_terminal and sys.stdin.isatty() and sys.stdout.isatty()
