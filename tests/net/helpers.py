"""Hosting games in-process for the network tests: a real server on 127.0.0.1, port 0."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.engine.registry import build_registry  # noqa: E402
from tabletop.engine.table import SeatSpec  # noqa: E402
from tabletop.net.server import Server  # noqa: E402
from tabletop.net.server_store import Store  # noqa: E402

#: Every bundled game and a seat count it is played with over the wire.
BUNDLED = {"castlewars": 2, "windupwar": 4, "windup_machines": 3, "wms": 2}

_REGISTRY = None


def registry():
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = build_registry()
    return _REGISTRY


class Games:
    """A registry of chosen game objects (planted-leak games are not installed), with the real bots."""

    def __init__(self, *games):
        self.games = {g.name: g for g in games}
        self.pm = None

    def game(self, name):
        return self.games[name]

    def bot(self, game, name, *, clamp=None):
        return registry().bot(game, name, clamp=clamp)


def saved(folder: Path, game_id: str = "1"):
    """A served game's record as its data folder holds it (the journal while it is played,
    record.json once it is over)."""
    return Store(folder).record(game_id)


def people(n: int) -> list[SeatSpec]:
    return [SeatSpec(f"P{i + 1}", "human") for i in range(n)]


@contextlib.asynccontextmanager
async def hosting(folder: Path, game, seats, *, seed: int = 1, registry_=None, watch: Callable | None = None,
                  away=None, options=None, **server) -> AsyncIterator[tuple[Server, str, str, dict]]:
    """A started server hosting one game: (server, url, game id, codes by engine seat, None: spectators)."""
    reg = registry_ or registry()
    game = reg.game(game) if isinstance(game, str) else game
    server = Server(reg, Store(folder), watch=watch, **server)
    game_id, codes = server.host(game, seats, seed=seed, away=away, options=options)
    url = await server.start()
    try:
        yield server, url, game_id, codes
    finally:
        await server.stop()


async def join(url: str, code: str, **kwargs):
    """A connection that has said hello with ``code`` (the caller closes it)."""
    from websockets.asyncio.client import connect

    from tabletop.net import protocol

    ws = await connect(url, max_size=None, compression=None, **kwargs)
    await ws.send(protocol.encode(protocol.hello(code)))
    return ws


async def drop_in(url: str, code: str) -> None:
    """A person who joins, sees the table and leaves: their seat's away clock has started."""
    ws = await join(url, code)
    await next_of(ws, "table")
    await ws.close()


async def next_of(ws, kind: str, *, seconds: float = 60.0, words: str = "") -> dict:
    """The next frame of type ``kind`` whose text has ``words`` (other frames are skipped)."""
    import asyncio
    import json

    async def wait():
        while True:
            message = json.loads(await ws.recv())
            if message["type"] == kind and words in message.get("text", ""):
                return message

    return await asyncio.wait_for(wait(), seconds)


async def break_the_game(url: str, codes) -> tuple:
    """Against a game whose second move fails (``Breaks``, ``Blurts``): seat 1 plays, then seat 2's
    move meets the failure and is refused as BROKEN. Returns the two connections (still open)."""
    from tabletop.net import protocol
    from tabletop.net.server_table import BROKEN

    one = await join(url, codes[0])
    table = await next_of(one, "table")
    await one.send(protocol.encode(protocol.act(table["seq"], next(a for a in table["legal"] if "play" in a))))
    await next_of(one, "table")
    two = await join(url, codes[1])
    table = await next_of(two, "table")
    await two.send(protocol.encode(protocol.act(table["seq"], table["legal"][0])))
    assert (await next_of(two, "refused"))["reason"] == BROKEN
    return one, two
