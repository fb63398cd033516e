"""`tabletop serve`: host games on the network; people join from other terminals with a code."""

from __future__ import annotations

import asyncio
import json
import secrets
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tabletop.cli.params import OptionsOption, check_host
from tabletop.cli.saving import records_folder
from tabletop.cli.seats import HUMAN, SeatPlan, plan_seats, seat_names
from tabletop.core.errors import TabletopError, UnknownNameError
from tabletop.core.program import command
from tabletop.engine.table import SeatSpec
from tabletop.terminal.interrupts import until_stopped
from tabletop.terminal.output import friendly
from tabletop.terminal.safe_text import fmt

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime


def register(app: typer.Typer, rt: Runtime) -> None:
    @app.command("serve")
    @friendly(lambda: rt.output)
    def serve(
        game: Annotated[str | None, typer.Argument(help="The game's name (see `tabletop list`); none for a room of tables, or with --resume.")] = None,
        players: Annotated[int | None, typer.Option("--players", "-n", help="Number of seats, every one open to a person.")] = None,
        seats: Annotated[str | None, typer.Option(
            "--seats", "-s", help="Who sits where, as in `play`: human (an open seat, joined with a code) or a bot name.")] = None,
        names: Annotated[str | None, typer.Option("--names", help="Seat names, comma-separated.")] = None,
        option: OptionsOption = None,
        seed: Annotated[int | None, typer.Option("--seed", help="Seed for all randomness; never sent to a player.")] = None,
        host: Annotated[str | None, typer.Option(
            "--host", callback=check_host,
            help="Address to listen on (default 127.0.0.1; with --resume, the folder's); 0.0.0.0 opens it to the network.")] = None,
        port: Annotated[int | None, typer.Option(
            "--port", min=0, max=65535,
            help="Port to listen on (default: a free one; with --resume, the folder's, so clients come back by themselves).")] = None,
        codes: Annotated[Path | None, typer.Option("--codes", help="Also write the address and codes here as JSON (user-only).")] = None,
        data: Annotated[Path | None, typer.Option("--data", metavar="DIR", help="The folder where games, records and code hashes are kept.")] = None,
        resume: Annotated[Path | None, typer.Option("--resume", metavar="DIR", help="Continue every game of this data folder; the same codes join.")] = None,
        away: Annotated[str | None, typer.Option(
            "--away", metavar="BOT:SECONDS", help="A bot plays for a person away that long while asked; they take the seat back on return.")] = None,
        games: Annotated[int, typer.Option("--games", help="Host this many games alike, each with its own codes (and seed: --seed S deals game k from S+k-1).")] = 1,
        new_code: Annotated[list[str] | None, typer.Option(
            "--new-code", metavar="GAME:SEAT", help="With --resume: give a seat a new code; its old one stops working.")] = None,
        web: Annotated[bool, typer.Option(
            "--web", help="Also serve the table to browsers (textual-serve); each tab asks for its join code.")] = False,
        web_port: Annotated[int, typer.Option("--web-port", min=0, max=65535, help="The browsers' port with --web; 0 picks a free one.")] = 0,
        lobby: Annotated[bool, typer.Option("--lobby", help="A room of tables (also with no game named): people set up their own.")] = False,
        password: Annotated[bool, typer.Option("--password", help="With a room: ask for its password here (typed twice, kept hashed).")] = False,
        password_file: Annotated[Path | None, typer.Option(
            "--password-file", help="With a room: its password, on this file's first line (kept hashed).")] = None,
    ) -> None:
        """Host a game on the network (people join with `tabletop join URL --code-file FILE`), or,
        with no game, a room where people set up their own tables (`tabletop join URL`).

        Prints the address, one code per open seat and a spectator code, once. Every accepted
        move is saved in the data folder before anyone sees it. Example:
        tabletop serve windupwar --seats human,human,human,tactician --codes codes.json
        """
        try:
            from tabletop.net.server import Server
            from tabletop.net.server_store import Store, codes_json, write_private
            from tabletop.net.server_table import Away
        except ImportError:
            raise TabletopError("`tabletop serve` needs the network extra: pip install 'tabletop[net]'.") from None
        from tabletop.cli.serve_lobby import is_lobby_folder, room_password, serve_lobby

        if lobby or (game is None and resume is None) or (resume is not None and is_lobby_folder(resume)):
            if game is not None:
                raise TabletopError("A room has no game of its own: drop the game's name, or --lobby.")
            given = [flag for flag, value in (("--players", players), ("--seats", seats), ("--names", names),
                     ("--option", option), ("--seed", seed), ("--away", away), ("--codes", codes),
                     ("--new-code", new_code), ("--games", games != 1)) if value]
            if given:
                raise TabletopError(f"{given[0]} sets up a served game; in a room, people set up their own tables.")
            serve_lobby(rt, folder=data or _new_folder("lobby"), resume=resume, host=None if host == "127.0.0.1" else host,
                        port=port or None, password=room_password(password_file, password), web=web_port if web else None)
            return
        if password or password_file is not None:
            raise TabletopError("A password is for a room of tables (`tabletop serve --lobby`); a served game's codes keep it.")
        registry = rt.registry
        if resume is not None:
            if game is not None:
                raise TabletopError("Name no game with --resume: the games are in the data folder.")
            if not (resume / "games").is_dir():
                raise TabletopError(f"{resume} is not a server's data folder (it has no games).")
            folder = resume
        else:
            if game is None:
                raise UnknownNameError(f"Name a game to serve: {', '.join(sorted(registry.games))}.")
            if new_code:
                raise TabletopError("--new-code works with --resume: it changes a code of a game already hosted.")
            folder = data or _new_folder(game)
        if games < 1 or games > 1000:
            raise TabletopError("--games takes a number from 1 to 1000.")
        store = Store(folder)
        server = Server(registry, store, report=rt.output.warn, room=_room_line(rt))
        issued: list[tuple[str, dict[int | None, str]]] = []
        if resume is not None:
            kept = store.address()  # checked before anything is written
            if kept is not None:
                host = kept[0] if host is None else host
                port = kept[1] if port is None else port
            resumed = server.resume()
            for pair in new_code or []:
                game_id, seat = _game_seat(pair, server)
                issued.append((game_id, {seat: server.new_code(game_id, seat)}))
            rt.output.print(fmt("Resumed {} game(s) from {}.", len(resumed), str(folder)))
        else:
            found = registry.game(game)
            options = found.parse_options(option or [])
            if seats is None:
                count = players if players is not None else found.min_players
                found.check_seats(count)
                plans = [SeatPlan(HUMAN, None)] * count
            else:
                plans = plan_seats(registry, found, seats=seats, players=players)
            listed = seat_names(plans, names)
            keeper = _away(registry, found.name, away, Away)
            for number in range(games):  # game k of a --seed S is dealt from S + k
                specs = [SeatSpec(n, p.kind, p.bot) for n, p in zip(listed, plans, strict=True)]
                issued.append(server.host(found, specs, options=options, away=keeper,
                                          seed=seed + number if seed is not None else secrets.randbits(64)))
        asyncio.run(_serve(rt, server, host or "127.0.0.1", port or 0, issued, codes, codes_json, write_private,
                           folder, web_port if web else None))


def _room_line(rt: Runtime):
    """The host's terminal: one timestamped line per thing that happens in the room."""
    def line(text: str) -> None:
        rt.output.print(fmt("[dim]{}[/] {}", time.strftime("%H:%M:%S"), text), soft_wrap=True)
        sys.stdout.flush()
    return line


def resume_command(folder: Path, web: int | None) -> str:
    """The whole command that continues this server (the folder keeps its address and port)."""
    words = ["serve", "--resume", str(folder)]
    if web is not None:
        words += ["--web", *(["--web-port", str(web)] if web else [])]
    return command(*words)


def _new_folder(game: str) -> Path:
    base = records_folder() / "served"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, number = base / f"{game}-{stamp}", 1
    while path.exists():
        number += 1
        path = base / f"{game}-{stamp}-{number}"
    return path


def _away(registry, game: str, text: str | None, away_type):
    if text is None:
        return None
    name, _, seconds = text.rpartition(":")
    try:
        wait = float(seconds)
    except ValueError:
        wait = -1.0
    if not name or not 0 <= wait <= 86400:
        raise TabletopError(f"--away takes BOT:SECONDS, like random:60, not '{text[:40]}'.")
    return away_type(registry.bot(game, name), wait)


def _lan_address() -> str | None:
    """This machine's address on its LAN, as others would reach it (no packet is sent), or None."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: only picks the outgoing interface
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def _game_seat(text: str, server) -> tuple[str, int]:
    game_id, _, seat = text.partition(":")
    hosted = server.games.get(game_id)
    if hosted is None or not seat.isdigit() or not 1 <= int(seat) <= len(hosted.table.names) \
            or not hosted.table.persons[int(seat) - 1]:
        raise TabletopError(f"--new-code takes GAME:SEAT naming a person's seat of a hosted game, not '{text[:40]}'.")
    return game_id, int(seat) - 1


async def _serve(rt, server, host, port, issued, codes_file, codes_json, write_private, folder, web=None) -> None:
    try:
        url = await server.start(host, port)
    except OSError as error:
        raise TabletopError(f"Cannot listen on {host}:{port}: {error.strerror or error}; give --port N "
                            "to listen elsewhere (clients then join the new address).") from None
    server.store.write_address(host, int(url.rsplit(":", 1)[1]))
    out = rt.output
    out.print(fmt("Serving at [title]{}[/] (data in {}).", url, str(folder)), soft_wrap=True)
    if host in ("0.0.0.0", "::", ""):
        lan = _lan_address()
        example = f"ws://{lan}:{url.rsplit(':', 1)[1]}" if lan else "ws://THIS-MACHINE:PORT"
        out.print(fmt("Listening on every address of this machine: on the LAN, others join {}.", example),
                  soft_wrap=True)
    for game_id, codes in issued:
        hosted = server.games[game_id]
        for seat, code in sorted(((s, c) for s, c in codes.items() if s is not None)):
            out.print(fmt("game {} seat {} ({}): {}", game_id, seat + 1, hosted.table.names[seat], code), soft_wrap=True)
        if None in codes:
            out.print(fmt("game {} spectators: {}", game_id, codes[None]), soft_wrap=True)
    if codes_file is not None:
        write_private(codes_file, json.dumps(codes_json(url, issued), indent=1) + "\n")
    browsers = None
    if web is not None:
        from tabletop.net import web as web_table

        browsers, page = web_table.start(url, host, web)
        web = int(page.rsplit(":", 1)[1])
        out.print(fmt("Browsers: [title]{}[/] (each tab asks for a join code).", page), soft_wrap=True)
    again = resume_command(folder, web)
    out.print(fmt("Each person puts their code in a file and joins with `tabletop join {} --code-file FILE` "
                  "(a code on the command line shows in `ps` and the shell's history).", url), soft_wrap=True)
    out.print(fmt("Ctrl-C stops; `{}` continues on the same address.", again), soft_wrap=True)
    sys.stdout.flush()
    await until_stopped()
    if browsers is not None:
        await asyncio.to_thread(web_table.stop, browsers)
    await server.stop()
    over = sum(h.table.over() for h in server.games.values())
    out.print(fmt("Stopped. Saved in {}: {} game(s), every accepted move ({} finished, {} to go on). "
                  "Resume with: {}", str(folder), len(server.games), over, len(server.games) - over, again),
              soft_wrap=True)
