"""The lobby in front of a server's games: people create tables of any installed game, sit at
them with a short table code, and play them as ordinary seats of :class:`~tabletop.net.server.Server`.

The server hands this lobby every connection whose first frame is a ``lobby`` frame
(:data:`Server.first_frame`); everything else (seats, spectators) it serves as ever, so every
rule of a served game holds at every table: frames built from a seat's view alone, codes kept
as hashes, bounded frames, queues and rates. What the lobby adds is bounded too: connections in
the room, tables waiting for people, tables one connection may set up, wrong table codes one
connection may try, and bots only by name (their settings are the host's to choose).

A table's game is hosted when its last person's seat is taken, in a worker thread (bots may
move first). The host's terminal gets a line when a table is created, when it starts and when
its game is over (with its record's path); never a code or a card.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from tabletop.core.errors import TabletopError
from tabletop.core.names import seat_name
from tabletop.engine.table import HUMAN, SeatSpec
from tabletop.net import lobby_protocol as lp
from tabletop.net import protocol
from tabletop.net.lobby_room import STARTING, password_matches
from tabletop.net.server import _refuse  # a bye and a close, as for a seat's connection
from tabletop.net.server_connection import Connection
from tabletop.net.server_journal import RECORD
from tabletop.net.server_table import BROKEN, Viewer

#: People in the lobby at once (a seat's connection to its game is not counted here).
MAX_ROOM = 200
#: Tables set up and waiting for people, in all, and per lobby connection.
MAX_OPEN = 64
MAX_OPEN_EACH = 3
#: Wrong table codes (or old seat codes) one connection may give before it is closed.
MAX_WRONG = 5
#: Seconds between looks at the running games (to tell who is over).
LOOK = 0.25

WRONG_PASSWORD = "That is not this room's password; ask the host for it."
NEEDS_PASSWORD = "This room has a password; join with --password-file FILE (or type it when asked)."
ROOM_FULL = "The room is full; try again in a moment."
TOO_MANY_WRONG = "Too many wrong table codes; check the code with whoever gave it and join again."
NO_TABLE = "No open table has that code; check it with whoever gave it to you (a started table takes no one new)."
NO_SEAT = "Every seat of that table is taken."
NOT_AGAIN = "That code is not a seat's of a finished table in this room; give the seat code of the game you played."
NO_BOT_SETTINGS = "Seat bots by name only (such as random); their settings are the host's to choose."


class Person(Connection):
    """One person in the room: a connection (bounded queue, flood limit) with a name."""

    def __init__(self, ws: ServerConnection, name: str, queue: int):
        super().__init__(ws, Viewer(None), queue)
        self.name = name
        self.wrong = 0  # wrong codes given


class Lobby:
    """The room on a ``server``: its tables (:class:`~tabletop.net.lobby_room.Room`) and the
    people in it. ``report(line)`` is the host's terminal."""

    def __init__(self, server: Any, room: Any, *, report: Callable[[str], None] | None = None):
        self.server = server
        self.room = room
        self.report = report
        self.people: set[Person] = set()
        self._hosting = asyncio.Lock()  # one table's game hosted at a time (the code book is shared)
        self._checks = asyncio.Semaphore(2)  # password checks (scrypt) at once
        self._watch: asyncio.Task | None = None
        self._games = [self._offer(name) for name in sorted(server.registry.games)]

    def _offer(self, name: str) -> dict[str, Any]:
        game = self.server.registry.game(name)
        return {"name": name, "title": game.title, "min": game.min_players, "max": game.max_players,
                "options": [{"name": o.name, "default": o.default, "choices": list(o.choices or ())} for o in game.options],
                "bots": self.server.registry.bot_names(name)}

    def start(self) -> None:
        self._watch = asyncio.create_task(self._look())

    def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
        for conn in list(self.people):
            conn.bye("The server is shutting down; the room is saved, come back when it is.", protocol.CLOSE_GOING_AWAY)

    def _tell(self, line: str) -> None:
        if self.report is not None:
            self.report(line)

    def _broadcast(self) -> None:
        text = lp.room(self._games, self.room.listing())
        for conn in list(self.people):
            conn.send(text)

    def _save(self) -> None:
        try:
            self.room.save()
        except OSError as error:
            self._tell(f"The lobby's tables could not be saved ({error.strerror or error}); they live on until a restart.")

    # ---- a connection ---------------------------------------------------------------------------

    async def serve(self, ws: ServerConnection, raw: Any) -> bool:
        """Take a connection whose first frame was ``raw`` if it asks for the lobby (True)."""
        if not lp.is_lobby(raw):
            return False
        try:
            hello = lp.decode_hello(raw)
            name = seat_name(hello["name"]) or "?"
        except TabletopError as error:
            await _refuse(ws, str(error), protocol.CLOSE_PROTOCOL)
            return True
        if len(self.people) >= MAX_ROOM:
            await _refuse(ws, ROOM_FULL, protocol.CLOSE_TRY_AGAIN)
            return True
        if self.room.password is not None:
            if not hello["password"]:
                await _refuse(ws, NEEDS_PASSWORD)
                return True
            async with self._checks:
                good = await asyncio.to_thread(password_matches, hello["password"], self.room.password)
            if not good:
                await _refuse(ws, WRONG_PASSWORD)
                return True
        self.server.seated(ws)
        conn = Person(ws, name, self.server.send_queue)
        self.people.add(conn)
        conn.send(lp.room(self._games, self.room.listing()))
        try:
            async for frame in ws:
                if conn.closing:
                    continue
                if not conn.allow():
                    conn.bye("Too many messages too fast; join again and send at most a few a second.")
                    continue
                await self._message(conn, frame)
        except ConnectionClosed:
            pass
        finally:
            self.people.discard(conn)
            if self.room.stand(conn):
                self._save()
                self._broadcast()
            if conn.closer is not None:
                await conn.closer
            elif not conn.closing:
                conn.closing = True
                conn.sender.cancel()
        return True

    async def _message(self, conn: Person, frame: Any) -> None:
        try:
            message = lp.decode_client(frame)
        except protocol.ProtocolError as error:
            conn.malformed += 1
            if conn.malformed > 5:
                conn.bye("Too many malformed frames; check the client against docs/network.md.", protocol.CLOSE_PROTOCOL)
            else:
                conn.send(_refused(str(error)))
            return
        kind = message["type"]
        if kind == "ping":
            conn.send(protocol.encode(protocol.pong()))
            return
        try:
            if kind == "create":
                await self._create(conn, message)
            elif kind == "sit":
                await self._sit(conn, message["code"])
            elif kind == "again":
                await self._again(conn, message["code"])
            else:
                if self.room.stand(conn, message["table"]):
                    self._save()
                    self._broadcast()
        except TabletopError as error:
            conn.send(_refused(str(error)))

    # ---- what people ask -----------------------------------------------------------------------

    async def _create(self, conn: Person, message: dict[str, Any]) -> None:
        registry = self.server.registry
        game = registry.game(message["game"])
        kinds = []
        for piece in (p.strip() for p in message["seats"].split(",")):
            if ":" in piece or "=" in piece:
                raise TabletopError(NO_BOT_SETTINGS)
            kinds.append(HUMAN if piece.lower() in (HUMAN, "person") else registry.bot(game.name, piece).name)
        game.check_seats(len(kinds))
        if HUMAN not in kinds:
            raise TabletopError("Seat at least one person (human) at a table: bots alone are for `tabletop simulate`.")
        options = game.parse_options(message["options"])
        waiting = [t for t in self.room.tables.values() if t.game_id is None]
        if len(waiting) >= MAX_OPEN:
            raise TabletopError("The room has as many tables waiting for people as it holds; sit at one of them.")
        if sum(1 for t in waiting if any(s.conn is conn for s in t.sitters.values())) >= MAX_OPEN_EACH:
            raise TabletopError(f"You sit at {MAX_OPEN_EACH} tables waiting for people already; stand up from one first.")
        table, code = self.room.new(game.name, kinds, options, conn.name)
        self._tell(f"Table {table.number} created by {conn.name}: {game.name}, seats {','.join(kinds)}.")
        await self._seat(conn, table, table.persons()[0], code)

    async def _sit(self, conn: Person, code: str) -> None:
        table = self.room.by_code(code)
        if table is None:
            self._wrong(conn, NO_TABLE)
            return
        free = table.free()
        if not free:
            raise TabletopError(NO_SEAT)
        await self._seat(conn, table, free[0], None)

    async def _again(self, conn: Person, code: str) -> None:
        entry = self.server.codes.find(code)
        old = None if entry is None or entry.seat is None else self.room.by_game(entry.game)
        if old is None or old.result is None:
            self._wrong(conn, NOT_AGAIN)
            return
        if old.again is None:
            table, _ = self.room.new(old.game, list(old.kinds), dict(old.options), conn.name, by_code=False)
            table.again_of, old.again = old.number, table.number
            table.kept = {i: old.names[i] for i in old.persons()}
            self._tell(f"Table {table.number} created by {conn.name}: {old.game} again, as table {old.number}.")
        table = self.room.tables[old.again]
        if table.game_id is not None or entry.seat in table.sitters:
            raise TabletopError(f"Table {table.number} (again) has your seat taken already, or it started.")
        await self._seat(conn, table, entry.seat, None)

    def _wrong(self, conn: Person, sentence: str) -> None:
        conn.wrong += 1
        if conn.wrong >= MAX_WRONG:
            conn.bye(TOO_MANY_WRONG)
        else:
            conn.send(_refused(sentence))

    async def _seat(self, conn: Person, table: Any, seat: int, table_code: str | None) -> None:
        code = self.room.sit(table, seat, conn.name, conn)
        conn.send(lp.sat(table.number, seat, code, table_code))
        try:
            if table.full():
                await self._start(table)
        finally:
            self._save()
            self._broadcast()

    async def _start(self, table: Any) -> None:
        """Host the table's game with its sitters' names and the seat codes they were given."""
        registry = self.server.registry
        game = registry.game(table.game)
        names = table.seat_names()
        specs = [SeatSpec(n, k, None if k == HUMAN else registry.bot(game.name, k))
                 for n, k in zip(names, table.kinds, strict=True)]
        sitters = dict(table.sitters)
        table.game_id = STARTING  # nobody sits at it meanwhile
        async with self._hosting:
            try:
                game_id, _ = await asyncio.to_thread(self.server.host, game, specs, options=table.options)
            except Exception as error:  # a game that fails to deal: the table is refused, the room goes on
                table.game_id = None
                for sitter in table.sitters.values():
                    if sitter.conn is not None:
                        sitter.conn.send(_refused(f"Table {table.number}'s game could not start; sit again."))
                table.sitters.clear()
                self._tell(f"Table {table.number} could not start ({type(error).__name__}); it is open again.")
                raise TabletopError(f"Table {table.number}'s game could not start; the host's terminal says why.") from None
            codes = self.server.codes
            codes.entries = [e for e in codes.entries if not (e.game == game_id and e.seat in sitters)]
            for seat, sitter in sitters.items():
                codes.add_hash(game_id, seat, sitter.hash)
            hosted = self.server.games[game_id]
            self.server.store.write_settings(game_id, {**hosted.settings, "codes": codes.hashes(game_id)})
        table.game_id, table.names = game_id, names
        table.sitters.clear()
        started = protocol.encode({"type": "started", "table": table.number})
        for sitter in sitters.values():
            if sitter.conn is not None:
                sitter.conn.send(started)
        self._tell(f"Table {table.number} started: {game.name} as game {game_id} ({', '.join(names)}).")

    # ---- games over ----------------------------------------------------------------------------

    async def _look(self) -> None:
        """Tell the host and the room of each game that ends (with its result and record)."""
        while True:
            await asyncio.sleep(LOOK)
            changed = False
            for table in list(self.room.tables.values()):
                hosted = None if table.result is not None else self.server.games.get(table.game_id or "")
                if hosted is None:
                    continue
                async with hosted.lock:
                    broken = hosted.table.broken
                    outcome = None if broken else hosted.table.session.outcome()
                if outcome is None and not broken:
                    continue
                table.result = BROKEN if outcome is None else outcome.sentence(table.names)
                table.record = str(self.server.store.folder / "games" / table.game_id / RECORD)
                self._tell(f"Table {table.number} (game {table.game_id}) is over: {table.result} Record: {table.record}")
                changed = True
            if changed:
                self._save()
                self._broadcast()


def _refused(reason: str) -> str:
    return protocol.encode(protocol.refused(reason, None))
