"""One client of the server, as the server sees it: a bounded queue of frames drained in order by
its own task, and a token bucket against floods.

Kept apart from :mod:`tabletop.net.server` because none of it knows a game: it is how one
slow or noisy client is kept from stalling a table. A client whose queue fills (it does not
read) is dropped, with no waiting on its queue; a ``bye`` goes out after what is queued.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from tabletop.net import protocol
from tabletop.net.server_table import Viewer

#: Frames a connection may have waiting to be sent; more and it is dropped as not reading.
SEND_QUEUE = 64
#: Messages a connection may send per second on average, and in one burst; an accepted move is
#: not counted (a bot may answer as fast as the table asks), pings and refused frames are.
FLOOD_RATE = 20.0
FLOOD_BURST = 40

TOO_SLOW = "Your connection did not keep up with the table; reconnect to continue."


class Connection:
    """One client: its viewer, a bounded queue of frames and the task that sends them in order."""

    def __init__(self, ws: ServerConnection, viewer: Viewer, queue: int = SEND_QUEUE):
        self.ws = ws
        self.viewer = viewer
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(queue)
        self.closing = False
        self.closer: asyncio.Task | None = None
        self.sender = asyncio.create_task(self._drain())
        self._tokens = float(FLOOD_BURST)
        self._last = time.monotonic()
        self.malformed = 0
        #: Why the server closed this connection (a bye or a drop), None while it has not.
        self.reason: str | None = None

    async def _drain(self) -> None:
        with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
            while (text := await self.queue.get()) is not None:
                await self.ws.send(text)

    def send(self, text: str) -> None:
        if self.closing:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop(TOO_SLOW)

    def bye(self, reason: str, code: int = protocol.CLOSE_POLICY) -> None:
        """Send a bye after what is queued, then close."""
        if self.closing:
            return
        self.closing = True
        self.reason = reason
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(protocol.encode(protocol.bye(reason)))
            self.queue.put_nowait(None)
        self.closer = asyncio.create_task(self._close_after_sender(reason, code))

    def drop(self, reason: str) -> None:
        """Close a connection that does not read: no waiting on its queue."""
        if self.closing:
            return
        self.closing = True
        self.reason = reason
        self.sender.cancel()
        self.closer = asyncio.create_task(self._close(reason, protocol.CLOSE_POLICY))

    async def _close_after_sender(self, reason: str, code: int) -> None:
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.sender), 5)
        self.sender.cancel()
        await self._close(reason, code)

    async def _close(self, reason: str, code: int) -> None:
        try:
            await asyncio.wait_for(self.ws.close(code, reason[:120]), 3)
        except (asyncio.TimeoutError, ConnectionClosed, OSError):
            pass
        finally:
            if self.ws.transport is not None and not self.ws.transport.is_closing():
                self.ws.transport.abort()

    def refund(self) -> None:
        """An accepted move costs nothing: a fast bot answering every decision is no flood."""
        self._tokens = min(FLOOD_BURST, self._tokens + 1)

    def allow(self) -> bool:
        """Token bucket: False once the connection sends faster than the flood limit."""
        now = time.monotonic()
        self._tokens = min(FLOOD_BURST, self._tokens + (now - self._last) * FLOOD_RATE)
        self._last = now
        self._tokens -= 1
        return self._tokens >= 0
