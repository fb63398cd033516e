"""`tabletop serve` with no game (or `--lobby`): a standing room of tables on one server.

People enter with `tabletop join URL` (or a browser, with `--web`), set up tables of any
installed game and pass their short codes on; every table is a game of the one server, so every
rule of a served game holds at each. The host's terminal gets a line per table created, started
and over (with its record's path). The data folder keeps the room (``lobby.json``), every game
and the address: `tabletop serve --resume DIR` (printed, whole, at start) brings the room back
on the same address, its running games with it, and their players reconnect by themselves.
"""

from __future__ import annotations

import asyncio
import getpass
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.cli.join_lobby import read_secret
from tabletop.core.errors import TabletopError
from tabletop.core.program import command
from tabletop.terminal.interrupts import until_stopped
from tabletop.terminal.safe_text import fmt

if TYPE_CHECKING:
    from tabletop.cli.runtime import Runtime

#: The room's file in a data folder: a folder with one is resumed as a lobby.
ROOM_FILE = "lobby.json"


def is_lobby_folder(folder: Path) -> bool:
    return (Path(folder) / ROOM_FILE).is_file()


def room_password(password_file: Path | None, ask: bool) -> str | None:
    """The room's password: from a file's first line, or typed twice at a hidden prompt."""
    if password_file is not None:
        return read_secret(password_file, "password")
    if not ask:
        return None
    if not sys.stdin.isatty():
        raise TabletopError("--password asks for the password at the terminal; give it with --password-file FILE here.")
    first = getpass.getpass("The room's password: ")
    if not first or first != getpass.getpass("The same password again: "):
        raise TabletopError("The two passwords differ (or are empty); start again.")
    return first


def serve_lobby(rt: Runtime, *, folder: Path, resume: Path | None, host: str | None, port: int | None,
                password: str | None, web: int | None) -> None:
    """Build the room (new or resumed) and serve it until Ctrl-C or SIGTERM."""
    try:
        from tabletop.net.lobby_room import Room, hash_password
        from tabletop.net.lobby_server import Lobby
        from tabletop.net.server import Server
        from tabletop.net.server_store import Store
    except ImportError:
        raise TabletopError("`tabletop serve` needs the network extra: pip install 'tabletop[net]'.") from None
    where = resume or folder
    if resume is not None and not is_lobby_folder(resume):
        raise TabletopError(f"{resume} is not a lobby's data folder (it has no {ROOM_FILE}).")
    if not resume and is_lobby_folder(where):
        raise TabletopError(f"{where} already holds a room; continue it with `{command('serve', '--resume', str(where))}`.")
    room = Room(where)
    if resume is not None:
        room.load()
        if password is not None:
            raise TabletopError("A resumed room keeps its password; start a new room to change it.")
    store = Store(where)
    server = Server(rt.registry, store, report=rt.output.warn)
    if resume is not None:
        server.resume()
    elif password is not None:
        room.password = hash_password(password)
    saved = room.address or {}
    host = host or saved.get("host") or "127.0.0.1"
    port = port if port is not None else int(saved.get("port") or 0)
    asyncio.run(_serve(rt, server, room, Lobby, host, port, where, web))


async def _serve(rt, server, room, lobby_type, host, port, folder, web) -> None:
    out = rt.output
    lobby = lobby_type(server, room, report=lambda line: out.print(fmt("{}", line), soft_wrap=True))
    server.first_frame = lobby.serve
    try:
        url = await server.start(host, port)
    except OSError as error:
        raise TabletopError(f"Cannot listen on {host}:{port}: {error.strerror or error}.") from None
    bound = int(url.rsplit(":", 1)[1])
    room.address = {"host": host, "port": bound}
    room.save()
    lobby.start()
    playing = sum(1 for t in room.tables.values() if t.state() == "playing")
    out.print(fmt("A room of tables at [title]{}[/] (data in {}){}; {} table(s) listed, {} playing.", url, str(folder),
                  ", with a password" if room.password else "", len(room.tables), playing), soft_wrap=True)
    browsers = None
    if web is not None:
        from tabletop.net import web as web_table

        browsers, page = web_table.start(url, host, web, lobby=True)
        out.print(fmt("Browsers: [title]{}[/] (each tab enters the room).", page), soft_wrap=True)
    again = command("serve", "--resume", str(folder), "--host", host, "--port", str(bound))
    out.print(fmt("People enter with `tabletop join {}`. Ctrl-C stops; `{}` continues.", url, again), soft_wrap=True)
    sys.stdout.flush()
    await until_stopped()
    if browsers is not None:
        await asyncio.to_thread(web_table.stop, browsers)
    lobby.stop()
    await server.stop()
    out.print(fmt("The room is saved in {}: `{}` continues.", str(folder), again), soft_wrap=True)
