"""The server's door: sockets are counted from the moment the kernel hands them over, before any
WebSocket handshake, so nobody who can reach the port can use up the server's file descriptors
or memory.

- In total: at most ``max_connections`` sockets at once, below the process's descriptor limit
  (``RLIMIT_NOFILE``) by a reserve kept for the records being written; more are closed at once.
- Not yet seated (handshake or ``hello`` still to come): at most ``max_pending`` in all and
  ``per_address`` from one address; more are closed at once (an idle raw socket costs the
  attacker nothing, so it must cost the server nothing either). The handshake has a short
  deadline (``serve``'s ``open_timeout``), the hello its own.
- Written and not read: the library answers each WebSocket ping with a pong by itself, and a
  peer that sends pings but never reads would make those pongs pile up in the server's memory.
  A socket whose unsent bytes pass :data:`WRITE_BOUND` is dropped at once.
"""

from __future__ import annotations

import asyncio
import resource
from collections import Counter
from typing import Any

from websockets.asyncio.server import ServerConnection

#: Connections the kernel queues before the server accepts them; asyncio also accepts at most
#: this many in one go, before the gate has closed any of them.
BACKLOG = 32
#: Descriptors kept free: one accept batch (BACKLOG) and the server's own files (journals,
#: settings, failure notes).
RESERVE = BACKLOG + 64
#: The most sockets at once whatever the descriptor limit.
MAX_CONNECTIONS = 4096
#: Sockets not yet seated, in all and from one address.
MAX_PENDING = 128
PER_ADDRESS = 32
#: Bytes a socket may have waiting to be sent beyond what its send queue holds (a table frame is
#: at most 64 KiB and the library stops sending past 32 KiB): more, and the peer is not reading.
WRITE_BOUND = 1024 * 1024


def descriptor_room() -> int:
    """Sockets this process may hold at once: its descriptor limit less the reserve."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, soft - RESERVE))


class Gate:
    """Counts sockets (all, and those not yet seated by address) and says who may come in."""

    def __init__(self, *, max_connections: int | None = None, max_pending: int = MAX_PENDING,
                 per_address: int = PER_ADDRESS):
        self.max_connections = descriptor_room() if max_connections is None else max_connections
        self.max_pending = max_pending
        self.per_address = per_address
        self.open = 0
        self.pending: Counter[str] = Counter()
        self.waiting = 0
        self.refused = 0

    def admit(self, conn: GuardedConnection) -> bool:
        address = conn.address
        if self.open >= self.max_connections or self.waiting >= self.max_pending \
                or self.pending[address] >= self.per_address:
            self.refused += 1
            return False
        self.open += 1
        self.pending[address] += 1
        self.waiting += 1
        conn.admitted = conn.waiting = True
        return True

    def seated(self, conn: GuardedConnection) -> None:
        """The connection said a good hello: it no longer counts as waiting."""
        if conn.waiting:
            conn.waiting = False
            self._unwait(conn.address)

    def gone(self, conn: GuardedConnection) -> None:
        if conn.admitted:
            conn.admitted = False
            self.open -= 1
            self.seated(conn)

    def _unwait(self, address: str) -> None:
        self.waiting -= 1
        self.pending[address] -= 1
        if self.pending[address] <= 0:
            del self.pending[address]


class GuardedConnection(ServerConnection):
    """A ServerConnection counted by a :class:`Gate` from its first moment, and dropped when
    what it does not read piles up."""

    def __init__(self, gate: Gate, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.gate = gate
        self.address = ""
        self.admitted = False
        self.waiting = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        super().connection_made(transport)
        if not self.gate.admit(self):
            transport.abort()  # closed at once: a refused socket holds no descriptor

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.gone(self)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        transport = self.transport
        if transport is not None and transport.get_write_buffer_size() > WRITE_BOUND:
            transport.abort()  # pongs (or frames) piling up for a peer that does not read


def guarded(gate: Gate):
    """The ``create_connection`` factory for ``websockets.asyncio.server.serve``."""
    def make(*args: Any, **kwargs: Any) -> GuardedConnection:
        return GuardedConnection(gate, *args, **kwargs)
    return make
