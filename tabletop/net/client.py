"""A seat at a table held by a server: :class:`RemoteTable`, a :class:`GameTable` over the wire.

The full screen and the plain prompt drive it exactly as they drive a local session: it never
has the state, only what the server sends this seat (its view, legal actions and their words,
the events it may see, who is connected and who has chosen). The board is drawn by the game's
own Board from the locally installed plugin, from the view alone.

A background thread runs an asyncio loop holding the WebSocket (the ``websockets`` library):
frames update the table under one condition variable; :meth:`RemoteTable.advance` waits on it
until a frame asks this seat (or the game ends). A dropped connection is tried again with
backoff, a bounded number of times, with the same code, and play continues where it was; a
``bye`` (replaced by another connection with the same code, refused) ends it with its reason.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.record import GameRecord
from tabletop.engine.table import Logged, Turn, UndoPlan, UndoRefused
from tabletop.net import protocol
from tabletop.net.client_frames import RemoteDecision, Said, decision_of, outcome_of, safe_name, safe_text
from tabletop.net.client_link import CONNECT_TIMEOUT, RECONNECT_DELAYS, Link

#: Seconds :meth:`RemoteTable.submit` waits for the server to take or refuse a move.
ANSWER_TIMEOUT = 10.0
NO_UNDO = "Undo is not offered in a network game."
#: Moves sent per second at most, on average and in one burst: under the server's flood limit
#: (20 a second), which a person never reaches and a bot over the wire would.
PACE, PACE_BURST = 12.0, 24

class RemoteTable(Link):
    #: A network seat takes nothing back (front ends offer no Undo).
    can_undo = False

    """One seat (or a spectator) at a server's table, through :class:`GameTable`.

    ``game_for(name)`` gives the locally installed game the server names (its Board draws the
    view). Call :meth:`connect` first (it returns once welcomed) and :meth:`close` at the end.
    """

    def __init__(self, url: str, code: str, *, game_for: Callable[[str], Game],
                 delays: Sequence[float] = RECONNECT_DELAYS, connect_timeout: float = CONNECT_TIMEOUT):
        self.url = url
        self._code = code
        self._game_for = game_for
        self._delays = tuple(delays)
        self._connect_timeout = connect_timeout
        self.game: Game | None = None  # set by the welcome
        self.version = ""
        self.title = ""
        self.names: list[str] = []
        self.humans: list[int] = []
        #: This client's seat (engine number), None for a spectator.
        self.seat: int | None = None
        self.at_screen: int | None = None
        self.log: list[Logged] = []
        self.on_save: Callable[[GameRecord], None] | None = None
        self.on_change: Callable[[], None] | None = None
        self.connected: list[bool] = []
        self.chosen: list[int] = []
        #: The latest sentence about the connection or the others ("Ana disconnected, waiting").
        self.notice = ""
        self._frame: dict[str, Any] | None = None
        self._told = 0  # log items already handed to a front end by advance or submit
        self._events = 0  # the server's events of this seat's log received (see first_event)
        self._acted: int | None = None  # the decision this seat last answered (see _decision_of)
        #: Set by a reconnection's welcome until the server's next table frame: the frame held
        #: is of the old connection (maybe of a server since restarted) and answers nothing now.
        self._outdated = False
        self._reply: str | None = None  # a refusal of the move in flight
        #: This seat's move held by the server (a sealed decision: chosen, not yet applied).
        self.held: str | None = None
        self._waiting_reply = False
        self._fatal: str | None = None
        self._welcomed = False
        self._closing = False
        self._bye: str | None = None
        self._attempt = 0  # tries since the connection last dropped
        self._ws: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._main, name="tabletop-net", daemon=True)
        #: Connections made (1 + reconnections), for tests and the report.
        self.connections = 0
        self._tokens, self._refilled = float(PACE_BURST), time.monotonic()

    # ---- connecting -----------------------------------------------------------------

    def connect(self) -> RemoteTable:
        """Reach the server, say the code, and return once welcomed; one sentence if not."""
        try:
            import websockets  # noqa: F401
        except ImportError:
            raise TabletopError("Joining a network table needs the websockets library: "
                                "pip install 'tabletop[net]'.") from None
        self._thread.start()
        with self._cond:
            if not self._cond.wait_for(lambda: self._welcomed or self._fatal is not None, self._connect_timeout):
                self._fatal = f"{self.url} did not welcome this client within {self._connect_timeout:g} seconds."
            fatal = self._fatal
        if fatal is not None:
            self.close()
            raise TabletopError(fatal)
        return self

    def close(self) -> None:
        """Leave the table (the server keeps the seat for a later join) and stop the thread."""
        self._closing = True
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(wake.set)
            except RuntimeError:
                pass
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout=5)
        with self._cond:
            self._cond.notify_all()

    # ---- frames -----------------------------------------------------------------------

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        changed = True
        with self._cond:
            if kind == "welcome":
                changed = self._welcome(message)
            elif kind == "table":
                self._table(message)
            elif kind == "refused":
                reason = safe_text(message["reason"])
                if self._waiting_reply:
                    self._reply = reason
                else:
                    self._log("refused", reason)
            elif kind == "status":
                self.connected = [bool(c) for c in message["connected"]]
                self.chosen = [s - 1 for s in message["chosen"] if type(s) is int]
                text = safe_text(message.get("text") or "")
                if text:
                    self.notice = text
                    self._log("status", text)
            elif kind == "bye":
                self._bye = self.notice = safe_text(message["reason"])
                self._log("status", self.notice)
            else:
                changed = False
            self._cond.notify_all()
        if changed and self.on_change is not None and self._welcomed:
            self.on_change()

    def _welcome(self, message: dict[str, Any]) -> bool:
        seat = protocol.engine_seat(message.get("seat"))
        if self._welcomed:  # a reconnection: the same table, the same seat
            if message["game"] != (self.game.name if self.game else None) or seat != self.seat:
                self._fatal = "The server now seats this code elsewhere; join again with a new code."
                return False
            self._attempt = 0
            self._acted = None  # a move lost in the drop is asked again; one that was taken is not
            self._outdated = True  # ...by the table frame the server sends next, not by the old one
            self.notice = "Reconnected."
            self._log("status", self.notice)
            return True
        try:
            game = self._game_for(str(message["game"]))
        except TabletopError:
            self._fatal = (f"This table plays '{safe_text(message['game'], 100)}', which is not installed here; "
                           "install its plugin, then join again.")
            return False
        self.game = game
        self.version = safe_text(message.get("version") or "", 100)
        self.title = safe_text(message.get("title") or game.title, 200)
        self.names = [safe_name(n) for n in message["names"]]
        self.seat = seat
        self.at_screen = seat
        # Who is a bot is not the client's business: every seat is shown as a player's.
        self.humans = list(range(len(self.names)))
        self.connected = [True] * len(self.names)
        if self.version and self.version != game.version:
            self._log("status", f"The server plays {game.name} {self.version}; this client has {game.version}.")
        self._welcomed = True
        return True

    def _table(self, message: dict[str, Any]) -> None:
        self._frame = message
        self._outdated = False
        self.connected = [bool(c) for c in message["connected"]]
        self.chosen = [s - 1 for s in message["chosen"] if type(s) is int]
        events = [item for item in message["events"] if isinstance(item, dict)]
        first = message.get("first_event")
        if type(first) is int and first >= 0:  # a new connection's frame repeats the seat's log so far
            events = events[max(0, self._events - first):]
            self._events = max(self._events, first + len(message["events"]))
        for item in events:
            self._log(safe_text(item.get("kind") or "event", 60), safe_text(item.get("text") or ""))

    def _log(self, kind: str, text: str) -> None:
        self.log.append(Logged(self._frame["seq"] if self._frame else 0, Said(kind, text)))

    def _fail(self, sentence: str) -> None:
        with self._cond:
            if self._fatal is None:
                self._fatal = sentence
            self._cond.notify_all()
        if self.on_change is not None and self._welcomed:
            self.on_change()

    def _note(self, sentence: str) -> None:
        with self._cond:
            self.notice = sentence
            self._log("status", sentence)
            self._cond.notify_all()
        if self.on_change is not None:
            self.on_change()

    def _over(self) -> bool:
        return self._frame is not None and self._frame.get("outcome") is not None

    def _asked(self) -> bool:
        """Whether the latest frame asks this seat and it has not answered it yet."""
        frame = self._frame
        return (self.seat is not None and frame is not None and frame.get("outcome") is None and self._fatal is None
                and not self._outdated
                and bool(frame["legal"]) and decision_of(frame) != self._acted and self.seat not in self.chosen)

    def _take_news(self) -> list[Logged]:
        news = self.log[self._told:]
        self._told = len(self.log)
        return news

    # ---- GameTable ----------------------------------------------------------------------

    def advance(self, on_event: Callable[[Event], None] | None = None) -> Turn | None:
        """Wait until a frame asks this seat (its :class:`Turn`) or the game ends (None); ``on_event``
        gets each event and notice as it arrives. Raises TabletopError when the table is lost.

        A front end waiting is first told (``on_change``) of the frame it has: a seat that joins
        while another decides sees its own view, not an empty board, before any news comes."""
        with self._cond:
            show = self._frame is not None and not self._asked() and not self._over() and self._fatal is None
        if show and self.on_change is not None:
            self.on_change()
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._told < len(self.log) or self._asked() or self._over()
                                    or self._fatal is not None or self._closing)
                news = self._take_news()
                asked, over, fatal = self._asked(), self._over(), self._fatal
            if on_event is not None:
                for item in news:
                    on_event(item.event)
            if over:
                return None
            if asked:
                return Turn(self.seat)
            if fatal is not None:
                raise TabletopError(fatal)
            if self._closing:
                raise TabletopError("You left the table.")

    def human_to_act(self) -> int | None:
        with self._cond:
            return self.seat if self._asked() else None

    def waiting(self) -> str:
        with self._cond:
            if self._fatal is not None:
                return self._fatal
            frame = self._frame
            if frame is None:
                return "Waiting for the table..."
            waiting_for = [s - 1 for s in frame["to_act"] if type(s) is int and s - 1 not in self.chosen]
            gone = [i for i, up in enumerate(self.connected) if not up and i < len(self.names)]
        who = ", ".join(self.names[s] for s in waiting_for if 0 <= s < len(self.names)) or "the table"
        line = f"Waiting for {who}..."
        if self.held is not None and self.seat in self.chosen:
            line = f"You chose {self.held} (held until everyone has chosen). {line}"
        if gone:
            line += " " + ", ".join(self.names[s] for s in gone) + " disconnected, waiting."
        return line

    def decision(self, seat: int) -> RemoteDecision:
        with self._cond:
            if seat != self.seat or self._frame is None or self.game is None:
                raise TabletopError("This client decides only for its own seat, when the table asks it.")
            frame = self._frame
            words = {a: safe_text(w, 200) for a, w in frame["describe"].items() if isinstance(w, str)}
            return RemoteDecision(self.game, seat, [str(a) for a in frame["legal"]], frame["view"], words)

    def submit(self, seat: int, action: str) -> list[Logged]:
        """Send the move for the latest decision and wait (a little) for the server to take it
        or refuse it; a refusal raises TabletopError with the server's sentence."""
        with self._cond:
            if self._fatal is not None:
                raise TabletopError(self._fatal)
            if seat != self.seat or not self._asked():
                raise TabletopError("The table is not asking you now; wait for your turn.")
            ws, loop = self._ws, self._loop
            if ws is None or loop is None:
                raise TabletopError("The connection to the table is down; the move was not "
                                    "sent. Try again once it is back.")
            seq = self._frame["seq"]
            decision = self._acted = decision_of(self._frame)
            self._reply = None
            self._waiting_reply = True
        self._pace()
        try:
            asyncio.run_coroutine_threadsafe(ws.send(protocol.encode(protocol.act(seq, action))),
                                             loop).result(ANSWER_TIMEOUT)
        except Exception:
            with self._cond:
                self._acted = None
                self._waiting_reply = False
            raise TabletopError("The connection to the table dropped; the move was not sent. "
                                "Try again once it is back.") from None
        with self._cond:
            self._cond.wait_for(lambda: self._reply is not None or decision_of(self._frame) != decision
                                or self.seat in self.chosen or self._fatal is not None or self._ws is not ws,
                                ANSWER_TIMEOUT)
            self._waiting_reply = False
            reply, self._reply = self._reply, None
            if reply is not None:
                self._acted = None if decision_of(self._frame) == decision else self._acted
                raise TabletopError(reply)
            self.held = action if self.seat in self.chosen else None
            return self._take_news()

    def _pace(self) -> None:
        """Wait, if need be, to stay under :data:`PACE` moves a second (a token bucket)."""
        now = time.monotonic()
        self._tokens = min(PACE_BURST, self._tokens + (now - self._refilled) * PACE)
        self._refilled = now
        if self._tokens < 1:
            time.sleep((1 - self._tokens) / PACE)
            self._tokens, self._refilled = 1.0, time.monotonic()
        self._tokens -= 1

    def outcome(self) -> Outcome | None:
        frame = self._frame
        return None if frame is None else outcome_of(frame)

    def outcome_sentence(self) -> str:
        """The server's own sentence on how the game ended ("" while playing)."""
        frame = self._frame
        data = None if frame is None else frame.get("outcome")
        return safe_text(data.get("text") or "", 500) if data else ""

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat != self.seat:
            raise TabletopError("A network seat sees only its own view.")
        frame = self._frame
        return {} if frame is None else frame["view"]

    def public_view(self) -> dict[str, Any]:
        if self.seat is not None:
            raise TabletopError("A network seat sees only its own view; the server keeps the public one.")
        return self.view(None)

    def undo_point(self, seat: int) -> int | None:
        """Unknown here (never None, so a front end asks :meth:`plan_undo`, which refuses)."""
        return 0

    def plan_undo(self, seat: int) -> UndoPlan:
        return UndoPlan(seat, NO_UNDO, (), None)

    def undo(self, seat: int, plan: UndoPlan | None = None) -> None:
        raise UndoRefused(NO_UNDO)

    def save(self) -> None:
        """Nothing to do: the server writes the record before it tells anyone of a move."""

    @property
    def lost(self) -> str | None:
        """Why the table was lost for good (None while it is held)."""
        return self._fatal

