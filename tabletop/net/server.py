"""The network table's server: asyncio WebSockets (the ``websockets`` library) in front of games.

The server holds every game (its :class:`~tabletop.engine.session.Session`); a connection gets
frames built from its seat's view alone (:mod:`tabletop.net.server_table`). Each game has a lock: its moves are taken one at a time,
in a worker thread (``asyncio.to_thread``), so bots thinking and records being written never
block the event loop and other games go on. Every accepted action (and every sealed choice
held) is in the record on disk (:mod:`tabletop.net.server_store`) before any frame reporting it
is queued.

One slow client cannot stall a table: each connection has a bounded send queue and a task
that drains it (:mod:`tabletop.net.server_connection`); a client whose queue fills (it does not read) is dropped and the table goes
on. A connection that floods messages or keeps sending malformed frames gets a ``bye``; an
oversized frame is closed by the library (1009). One seat, one voice: a second connection with
a seat's code replaces the first, which gets a ``bye``.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from tabletop.core.errors import RecordError, TabletopError
from tabletop.core.game import Game
from tabletop.engine.session import Session
from tabletop.engine.table import HUMAN, SeatSpec
from tabletop.net import protocol
from tabletop.net.server_connection import SEND_QUEUE, Connection
from tabletop.net.server_gate import BACKLOG, MAX_PENDING, Gate, GuardedConnection, guarded
from tabletop.net.server_journal import SaveFailed
from tabletop.net.server_store import CodeBook, Store
from tabletop.net.server_table import BROKEN, Away, Sent, ServerTable, Viewer

#: Spectators one game lets in at once (one code opens all their places).
MAX_SPECTATORS = 32
#: Each run of a game numbers its frames from ``run * RUN_SEQS`` (2**32: more frames than a run
#: sends; 2**21 restarts stay below 2**53, a number every JSON reader keeps exact).
RUN_SEQS = 2**32
#: Seconds a socket has to finish the WebSocket handshake (its hello then has HELLO_TIMEOUT).
HANDSHAKE_TIMEOUT = 5.0
#: Malformed frames tolerated (each refused with its sentence) before the connection is closed.
MAX_MALFORMED = 5

UNKNOWN_CODE = "That join code is not known on this server; check it with the host."
REPLACED = "Another connection joined with this seat's code; this one is closed (one seat, one voice)."
FLOOD = "Too many messages too fast; reconnect and send at most a few a second."
MALFORMED = "Too many malformed frames; check the client against the protocol in docs/network.md."
NO_HELLO = "Send a hello frame with your join code first."
SHUTDOWN = "The server is shutting down; your seat is saved, rejoin with your code when it is back."
RECODED = "The host gave this seat a new code; this one no longer opens it."
FULL = "This game has as many spectators as it lets in; try again later."
UNSAVED = "The server could not save that move, so it was not taken; try again."


@dataclass(eq=False)
class Hosted:
    """A game on this server: its table, the lock its moves take, and who is connected."""

    table: ServerTable
    settings: dict[str, Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seats: dict[int, Connection] = field(default_factory=dict)
    spectators: set[Connection] = field(default_factory=set)
    #: The host has been told this game is over.
    told_over: bool = False

    def connections(self) -> list[Connection]:
        return [*self.seats.values(), *self.spectators]

    def viewers(self) -> list[Viewer]:
        return [c.viewer for c in self.connections()]

    def everyone(self, text: str | None, *, but: Connection | None = None) -> None:
        if text is not None:
            for conn in self.connections():
                if conn is not but:
                    conn.send(text)

    def deliver(self, sent: Sent) -> None:
        by_viewer = {id(c.viewer): c for c in self.connections()}
        for viewer, text in sent.frames:
            conn = by_viewer.get(id(viewer))
            if conn is not None:
                conn.send(text)
        self.everyone(sent.status)


class Server:
    """Hosts games and serves them. ``registry``: anything with ``game(name)``, ``bot(game,
    name)`` and ``pm`` (the engine's Registry). ``watch(game_id)``: the leak test's observer."""

    def __init__(self, registry: Any, store: Store, *, report: Callable[[str], None] | None = None,
                 watch: Callable[[str], Callable[[int | None, int, dict], None]] | None = None,
                 room: Callable[[str], None] | None = None,
                 send_queue: int = SEND_QUEUE, hello_timeout: float = protocol.HELLO_TIMEOUT,
                 max_pending: int = MAX_PENDING, gate: Gate | None = None):
        self.send_queue = send_queue
        #: Counts every socket from its accept, before the handshake (:mod:`~tabletop.net.server_gate`).
        self.gate = gate or Gate(max_pending=max_pending)
        self.hello_timeout = hello_timeout
        self.registry = registry
        self.store = store
        self.report = report
        #: The host's view of the room: one line per join, leave, drop, stand-in and game over,
        #: built from names and public sentences only (never a hidden card).
        self.room = room
        self.watch = watch
        self.codes = CodeBook()
        self.games: dict[str, Hosted] = {}
        self.url: str | None = None
        self._ws: WsServer | None = None
        self._away_task: asyncio.Task | None = None
        #: Another door (the lobby): given each connection's first frame, True if it took it.
        self.first_frame: Callable[[ServerConnection, Any], Awaitable[bool]] | None = None
        self._stopping = False

    @property
    def pending(self) -> int:
        """Sockets now connected that have not yet said a good hello."""
        return self.gate.waiting

    def seated(self, ws: ServerConnection) -> None:
        """The connection said a good hello (to a table or to the lobby): it no longer counts
        against the bounds on sockets still to say who they are."""
        if isinstance(ws, GuardedConnection):
            self.gate.seated(ws)

    def _tell(self, text: str) -> None:
        if self.room is not None and not self._stopping:
            self.room(text)

    # ---- games ---------------------------------------------------------------------------------

    def host(self, game: Game, seats: Sequence[SeatSpec], *, options: Mapping[str, Any] | None = None,
             seed: int | None = None, away: Away | None = None) -> tuple[str, dict[int | None, str]]:
        """A new game: its id and a code per person seat (engine seat) and one for spectators
        (key None). Bots move until a person must decide, and the record is on disk, first."""
        seed = secrets.randbits(64) if seed is None else seed
        game_id = self.store.new_id()
        session = Session(game, seats, seed=seed, options=options, pm=getattr(self.registry, "pm", None),
                          on_plugin_error=self._plugin_failed(game_id))
        codes = {i: self.codes.issue(game_id, i) for i, s in enumerate(session.seats) if s.person}
        codes[None] = self.codes.issue(game_id, None)
        settings = {"game": game.name, "seats": [{"name": s.name, "kind": s.kind} for s in session.seats],
                    "away": None if away is None else {"bot": away.bot.name, "seconds": away.seconds}}
        self._open(game_id, session, settings, away)
        return game_id, codes

    def resume(self) -> list[str]:
        """Every game in the data folder, rebuilt by replaying its record; the same codes open it.
        Every game's settings and record are checked and rebuilt before any file is written:
        a damaged folder is refused in one sentence, as it was."""
        rebuilt = []
        for game_id, settings, record in self.store.games():
            clamp = self.report or (lambda sentence: None)  # a budget read from the folder is clamped, not refused
            try:
                game = self.registry.game(settings["game"])
                record.replay(game)  # one clear sentence if the record does not fit this game
                game = record.rules(game)  # an older record goes on under the rules it was made with
                seats = [SeatSpec(s["name"], s["kind"],
                                  None if s["kind"] == HUMAN else self.registry.bot(game.name, s["kind"], clamp=clamp))
                         for s in settings["seats"]]
                away = None
                if settings.get("away"):
                    away = Away(self.registry.bot(game.name, settings["away"]["bot"], clamp=clamp),
                                float(settings["away"]["seconds"]))
                session = self._session(game_id, game, seats, record)
            except TabletopError as error:
                raise RecordError(f"Game {game_id} does not resume: {error} Nothing was changed.") from None
            rebuilt.append((game_id, settings, session, away))
        for game_id, settings, session, away in rebuilt:
            for entry in settings.get("codes", []):
                self.codes.add_hash(game_id, entry["seat"], entry["hash"])
            settings = {**settings, "run": settings.get("run", 0) + 1}
            self._open(game_id, session, settings, away, old_held=self.store.old_held(game_id))
            self.store.forget_old_held(game_id)  # its moves are in the record now, or were refused
        return [game_id for game_id, *_ in rebuilt]

    def _session(self, game_id: str, game: Game, seats: Sequence[SeatSpec], record: Any) -> Session:
        """The game of ``record`` rebuilt by replaying it (a resume, or going back to what the
        disk holds after a save failed)."""
        return Session(game, seats, seed=record.seed, options=record.options,
                       pm=getattr(self.registry, "pm", None), on_plugin_error=self._plugin_failed(game_id),
                       actions=record.actions, held=record.held)

    def _open(self, game_id: str, session: Session, settings: dict[str, Any], away: Away | None,
              old_held: dict[int, str] | None = None) -> None:
        store = self.store
        seats = list(session.seats)

        def rebuild(record: Any) -> Session:
            return self._session(game_id, session.game, seats, record)

        table = ServerTable(game_id, session, save=lambda s: store.save_record(game_id, s.record), away=away,
                            watch=None if self.watch is None else self.watch(game_id),
                            first_seq=int(settings.get("run", 0)) * RUN_SEQS,
                            rebuild=lambda s: rebuild(store.journal(game_id).rolled_back(s.record)))
        table.start(old_held)
        self.games[game_id] = Hosted(table, settings)
        self._write_settings(game_id)

    def _write_settings(self, game_id: str) -> None:
        hosted = self.games[game_id]
        self.store.write_settings(game_id, {**hosted.settings, "codes": self.codes.hashes(game_id)})

    def new_code(self, game_id: str, seat: int | None) -> str:
        """A new code for a seat that changes hands; its old code stops working at once."""
        code = self.codes.issue(game_id, seat)
        self._write_settings(game_id)
        hosted = self.games[game_id]
        if seat is not None and seat in hosted.seats:
            hosted.seats[seat].bye(RECODED)
        return code

    # ---- serving --------------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        self._ws = await serve(self._handle, host, port, max_size=protocol.MAX_FRAME, max_queue=16,
                               compression=None, ping_interval=20, ping_timeout=20, close_timeout=3,
                               open_timeout=HANDSHAKE_TIMEOUT, create_connection=guarded(self.gate),
                               backlog=BACKLOG)
        bound = self._ws.sockets[0].getsockname()
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        self.url = f"ws://{shown}:{bound[1]}"
        if any(h.table.away is not None for h in self.games.values()):
            self._away_task = asyncio.create_task(self._away_loop())
        return self.url

    async def stop(self) -> None:
        """Tell everyone the server is going, then close (records are already on disk)."""
        if self._away_task is not None:
            self._away_task.cancel()
        self._stopping = True  # the host knows: no line per connection closed
        for hosted in self.games.values():
            for conn in hosted.connections():
                conn.bye(SHUTDOWN, protocol.CLOSE_GOING_AWAY)
        if self._ws is not None:
            self._ws.close()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._ws.wait_closed(), 5)

    async def _away_loop(self) -> None:
        while True:
            await asyncio.sleep(0.25)
            for hosted in list(self.games.values()):
                if hosted.table.away is None or hosted.table.over():
                    continue
                while True:  # one stand-in run per hold of the lock (a fair lock): a person coming back is let in next
                    async with hosted.lock:
                        try:
                            sent = await asyncio.to_thread(hosted.table.play_away, hosted.viewers())
                        except SaveFailed as error:  # the disk: the stand-in tries again at the next tick
                            self._unsaved(hosted.table, error)
                            sent = None
                        except Exception as error:  # the away bot or the game failed: that game stops, not the loop
                            self._broke(hosted.table, error)
                            sent = None
                        if sent is None:
                            break
                        self._deliver(hosted, sent)

    def _plugin_failed(self, game_id: str) -> Callable[[str], None]:
        """Where a plugin's failure in a game is told: its sentence (which quotes the plugin's
        error, and an observer sees every event, hidden ones too) in the game's failure file;
        the host's terminal only says which game and where."""
        def report(sentence: str) -> None:
            kept = self.store.save_failure(game_id, sentence)
            if self.report is not None:
                where = f"details in {kept}" if kept is not None else "its details could not be written"
                self.report(f"A plugin failed in game {game_id} and is switched off; the game goes on ({where}; "
                            "they may show hidden cards).")
        return report

    def _unsaved(self, table: ServerTable, error: SaveFailed) -> None:
        """A save the disk refused: the move was not taken (the table went back to what the disk
        holds) and the game goes on; the host is told, the player hears "could not save"."""
        if self.report is not None:
            self.report(f"Game {table.id}: {error} The move was not taken; the game goes on "
                        f"(is the disk full, or the server out of file descriptors?).")

    def _deliver(self, hosted: Hosted, sent: Sent) -> None:
        """Frames and status to the table, and the room's lines to the host."""
        hosted.deliver(sent)
        for line in sent.room:
            self._tell(f"game {hosted.table.id}: {line}")
        if hosted.table.over() and not hosted.told_over:
            hosted.told_over = True
            path = self.store.folder / "games" / hosted.table.id / "record.json"
            self._tell(f"game {hosted.table.id} is over: {hosted.table.outcome_text()} Record: {path}")

    def _broke(self, table: ServerTable, error: Exception) -> None:
        """A game's bug: it takes no more moves. The host's terminal gets the kind of error only
        (the host may be a player, and a game's message may name hidden cards); the message and
        traceback go to a user-only file in the data folder."""
        table.broken = True
        kept = self.store.save_failure(table.id, error)
        if self.report is not None:
            where = f"its details are in {kept}" if kept is not None else "its details could not be written"
            self.report(f"Game {table.id} failed on a move ({type(error).__name__}); it takes no more moves "
                        f"({where}; they may show hidden cards). Its record holds every move before it.")

    async def _handle(self, ws: ServerConnection) -> None:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.hello_timeout)
        except (asyncio.TimeoutError, ConnectionClosed):
            await _refuse(ws, NO_HELLO)
            return
        if self.first_frame is not None and await self.first_frame(ws, raw):
            return
        try:
            hello = protocol.decode_client(raw)
        except protocol.ProtocolError as error:
            await _refuse(ws, str(error), protocol.CLOSE_PROTOCOL)
            return
        if hello["type"] != "hello":
            await _refuse(ws, NO_HELLO, protocol.CLOSE_PROTOCOL)
            return
        entry = self.codes.find(hello["code"])
        hosted = None if entry is None else self.games.get(entry.game)
        if entry is None or hosted is None:
            await _refuse(ws, UNKNOWN_CODE)
            return
        if entry.seat is None and len(hosted.spectators) >= MAX_SPECTATORS:
            await _refuse(ws, FULL)
            return
        self.seated(ws)
        await self._serve(ws, hosted, entry.seat)

    async def _serve(self, ws: ServerConnection, hosted: Hosted, seat: int | None) -> None:
        table = hosted.table
        viewer = table.viewer(None) if seat is None else table.seat_viewers[seat]
        conn = Connection(ws, viewer, self.send_queue)
        async with hosted.lock:
            if seat is not None:
                old = hosted.seats.get(seat)
                if old is not None:
                    old.bye(REPLACED)
                hosted.seats[seat] = conn
            else:
                hosted.spectators.add(conn)
            game = table.game
            conn.send(protocol.encode(protocol.welcome(
                game=game.name, version=game.version, title=game.title, options=table.session.options,
                seat=seat, names=table.names)))
            first, status, line = await asyncio.to_thread(table.arrive, viewer)
            conn.send(first)
            hosted.everyone(status, but=conn)
            self._tell(f"game {table.id}: {line}")
        try:
            async for raw in ws:  # after a bye, frames are read and dropped until the close completes
                if conn.closing:
                    continue
                if not conn.allow():
                    conn.bye(FLOOD)
                    continue
                await self._message(hosted, conn, raw)
        except ConnectionClosed:
            pass
        finally:
            async with hosted.lock:
                how = _how_it_ended(ws, conn)
                if seat is None:
                    hosted.spectators.discard(conn)
                    self._tell(f"game {table.id}: a spectator {how}.")
                elif hosted.seats.get(seat) is conn:
                    del hosted.seats[seat]
                    hosted.everyone(table.leave(seat))
                    self._tell(f"game {table.id}: {table.names[seat]} (seat {seat + 1}) {how}.")
            if conn.closer is not None:  # a bye on its way: the close is ours to make, not the handler's
                await conn.closer
            elif not conn.closing:
                conn.closing = True
                conn.sender.cancel()

    async def _message(self, hosted: Hosted, conn: Connection, raw: Any) -> None:
        table, viewer = hosted.table, conn.viewer
        try:
            message = protocol.decode_client(raw)
        except protocol.ProtocolError as error:
            conn.malformed += 1
            if conn.malformed > MAX_MALFORMED:
                conn.bye(MALFORMED, protocol.CLOSE_PROTOCOL)
            else:
                conn.send(protocol.encode(protocol.refused(str(error), viewer.seq)))
            return
        kind = message["type"]
        if kind == "ping":
            conn.send(protocol.encode(protocol.pong()))
        elif kind == "hello":
            conn.send(protocol.encode(protocol.refused("This connection has already said hello.", viewer.seq)))
        elif viewer.seat is None:
            conn.send(protocol.encode(protocol.refused("A spectator watches; it cannot act.", viewer.seq)))
        else:
            async with hosted.lock:
                if hosted.seats.get(viewer.seat) is not conn:
                    return  # replaced meanwhile: its bye is on the way
                try:
                    refusal, sent = await asyncio.to_thread(
                        table.act, viewer.seat, message["seq"], message["action"], hosted.viewers())
                except SaveFailed as error:  # the disk, not the game: the move is not taken, the game goes on
                    self._unsaved(table, error)
                    refusal, sent = UNSAVED, Sent()
                except Exception as error:  # a game's bug: this game stops taking moves, the others go on
                    self._broke(table, error)
                    refusal, sent = BROKEN, Sent()
                if refusal is not None:
                    conn.send(protocol.encode(protocol.refused(refusal, viewer.seq)))
                else:
                    conn.refund()
                self._deliver(hosted, sent)


def _how_it_ended(ws: ServerConnection, conn: Connection) -> str:
    """How a connection ended, for the host: left (the client closed), was dropped by the server
    (and why), or dropped (the network, a killed client)."""
    if conn.reason is not None:
        return f"was dropped ({conn.reason.split(';')[0].rstrip('.').lower()})"
    rcvd = ws.protocol.close_rcvd  # the client's close frame, if it sent one
    if rcvd is not None and rcvd.code in (protocol.CLOSE_NORMAL, protocol.CLOSE_GOING_AWAY):
        return "left"
    return "dropped (connection lost)"


async def _refuse(ws: ServerConnection, reason: str, code: int = protocol.CLOSE_POLICY) -> None:
    """A bye and a close, for a connection that never got a seat."""
    with contextlib.suppress(ConnectionClosed, asyncio.TimeoutError, OSError):
        await asyncio.wait_for(ws.send(protocol.encode(protocol.bye(reason))), 3)
        await asyncio.wait_for(ws.close(code, reason[:120]), 3)
