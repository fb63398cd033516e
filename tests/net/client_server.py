"""A real server on 127.0.0.1 in a thread of its own, for tests of the (synchronous) client."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from tabletop.net.client import RemoteTable
from tabletop.net.server import Server
from tabletop.net.server_store import Store
from tests.net.helpers import registry

#: Bounds on waits for the server (never a sleep: each wait ends as soon as its condition holds).
BOUND = 30


class ServerThread:
    """``tabletop serve`` in-process: hosts ``game`` (or resumes ``folder``) on ``port`` (0: any)."""

    def __init__(self, folder: Path, game=None, seats=(), *, seed: int = 1, port: int = 0, resume: bool = False):
        self.folder = folder
        self.codes: dict[int | None, str] = {}
        self.url = ""
        self.server: Server | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main(game, seats, seed, port, resume)),
                                        daemon=True)
        self._thread.start()
        if not self._ready.wait(BOUND):
            raise AssertionError("the server did not start")
        if self._error is not None:
            raise self._error

    async def _main(self, game, seats, seed, port, resume) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            self.server = Server(registry(), Store(self.folder))
            if resume:
                self.game_id = self.server.resume()[0]
            else:
                found = registry().game(game) if isinstance(game, str) else game
                self.game_id, self.codes = self.server.host(found, list(seats), seed=seed)
            self.url = await self.server.start("127.0.0.1", port)
        except BaseException as error:  # reported to the test's thread
            self._error = error
            self._ready.set()
            return
        self._ready.set()
        await self._stop.wait()
        await self.server.stop()

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    @property
    def session(self):
        return self.server.games[self.game_id].table.session

    def run(self, function):
        """Call ``function()`` on the server's loop (its state is touched only there) and return its result."""
        async def call():
            async with self.server.games[self.game_id].lock:
                return function()
        return asyncio.run_coroutine_threadsafe(call(), self._loop).result(BOUND)

    def stop(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(BOUND)

    def join(self, seat: int | None, **kwargs) -> RemoteTable:
        return RemoteTable(self.url, self.codes[seat], game_for=registry().game, **kwargs).connect()
