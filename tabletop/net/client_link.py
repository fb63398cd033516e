"""The connection under :class:`~tabletop.net.client.RemoteTable`: a background thread's asyncio
loop holds the WebSocket, reads frames into the table, and after a drop tries again with backoff,
a bounded number of times, with the same code; a ``bye`` the server will not come back from (the
code replaced, refused) or a fault ends it in one sentence. A part of RemoteTable, kept apart so
the table's own code (frames, decisions, moves) reads on its own."""

from __future__ import annotations

import asyncio
from typing import Any

from tabletop.core.program import command
from tabletop.net import protocol
from tabletop.net.client_frames import safe_text

#: Seconds between tries after a dropped connection: about five minutes in all (long enough for
#: the host to start the server again with ``--resume``, on the same address), then give up.
RECONNECT_DELAYS = (0.5, 1.0, 2.0, 4.0, 8.0, *([10.0] * 28))
#: Seconds to reach the server and be welcomed the first time.
CONNECT_TIMEOUT = 15.0
#: Close codes after which the server may come back (it restarts): the client tries again.
COMES_BACK = (protocol.CLOSE_GOING_AWAY, 1006, 1011, 1012, 1013)


class Link:
    """Connecting, reading and reconnecting; the table's state and its ``_receive``, ``_fail``,
    ``_note`` and ``_over`` are RemoteTable's."""

    def _main(self) -> None:
        asyncio.run(self._hold())

    async def _hold(self) -> None:
        """Connect, read frames until the connection ends, and try again while that makes sense."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        while not self._closing:
            code: int = 1006
            self._bye = None
            try:
                async with connect(self.url, max_size=protocol.MAX_FRAME, open_timeout=self._connect_timeout,
                                   proxy=None, compression=None) as ws:
                    self.connections += 1
                    await ws.send(protocol.encode(protocol.hello(self._code)))
                    self._ws = ws
                    reader = asyncio.ensure_future(self._read(ws))
                    stop = asyncio.ensure_future(self._wake.wait())
                    await asyncio.wait({reader, stop}, return_when=asyncio.FIRST_COMPLETED)
                    stop.cancel()
                    if not reader.done():  # leaving: close, then let the reader see the close
                        await ws.close()
                    await reader
                    code = ws.close_code if ws.close_code is not None else 1006
            except InvalidURI:
                self._fail(f"{self.url} is not a WebSocket address; write it as ws://HOST:PORT.")
                return
            except protocol.ProtocolError as error:
                self._fail(f"The server at {self.url} sent a frame this client cannot read: {error}")
                return
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else 1006
            except (OSError, TimeoutError, InvalidHandshake) as error:
                if not self._welcomed:
                    self._fail(f"Could not reach {self.url}: {_reason(error)}.")
                    return
            finally:
                self._ws = None
            if self._closing or self._fatal is not None:
                return
            if not self._welcomed:
                self._fail(self._bye or f"{self.url} closed the connection before welcoming this client.")
                return
            if self._bye is not None and code not in COMES_BACK:
                self._fail(self._bye)
                return
            if self._over():
                return
            if self._attempt >= len(self._delays):
                self._fail(f"Lost the connection to {self.url} and could not get it back after "
                           f"{self._attempt} tries; `{command('join', self.url)}` joins again (the code is kept).")
                return
            delay = self._delays[self._attempt]
            self._attempt += 1
            self._note(f"Connection lost; trying again in {delay:g} s ({self._attempt} of {len(self._delays)}).")
            try:
                await asyncio.wait_for(self._wake.wait(), delay)
            except TimeoutError:
                pass

    async def _read(self, ws: Any) -> None:
        """Read frames until the connection closes."""
        from websockets.exceptions import ConnectionClosed

        try:
            async for raw in ws:
                self._receive(protocol.decode_server(raw))
        except ConnectionClosed:
            pass


def _reason(error: BaseException) -> str:
    text = getattr(error, "strerror", None) or str(error) or type(error).__name__
    return safe_text(text, 200).rstrip(".")
