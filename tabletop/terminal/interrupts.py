"""Stopping a game from outside (Ctrl-C, SIGTERM, SIGHUP) so that its record is still saved.

Inside :func:`stops_as_exceptions` a terminating signal raises :class:`Stopped` in the main
thread wherever it is (a prompt, a bot thinking, the rules), like Ctrl-C raises
KeyboardInterrupt; the caller saves the record under :func:`shielded`, where further signals
are ignored until the save is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
from collections.abc import Iterator

#: Exit status for each way of being stopped: 128 + the signal's number, as shells report it.
EXIT_STATUS = {"SIGINT": 130, "SIGHUP": 129, "SIGTERM": 143}


class Stopped(BaseException):
    """A terminating signal arrived. A BaseException, so a bot's ``except Exception`` cannot swallow it."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


def _names() -> list[str]:
    return [name for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]


def _raise(signum: int, frame: object) -> None:
    for name in _names():  # the first one stops the game; more of them must not cut the save
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    raise Stopped(signal.Signals(signum).name)


@contextlib.contextmanager
def stops_as_exceptions() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Stopped` while inside; the old handlers come back after."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {name: signal.signal(getattr(signal, name), _raise) for name in _names()}
    try:
        yield
    finally:
        for name, handler in old.items():
            signal.signal(getattr(signal, name), handler)


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Ignore Ctrl-C, SIGTERM and SIGHUP while the block (a save) runs: a second Ctrl-C must
    not cut the save that the first one started."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {name: signal.signal(getattr(signal, name), signal.SIG_IGN) for name in ("SIGINT", *_names())}
    try:
        yield
    finally:
        for name, handler in old.items():
            signal.signal(getattr(signal, name), handler)


@contextlib.contextmanager
def stops_like_ctrl_c() -> Iterator[list[str]]:
    """SIGTERM and SIGHUP raise KeyboardInterrupt while inside, so every command stops on a plain
    ``kill`` as it does on Ctrl-C (a run or study keeps what finished and is marked stopped, not left
    "running"); the list yielded gets the signal's name. :func:`stops_as_exceptions`, inside it,
    takes over for a game being played. Worker processes ignore both: the parent stops them."""
    received: list[str] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def interrupt(signum: int, frame: object) -> None:
        received.append(signal.Signals(signum).name)
        raise KeyboardInterrupt

    old = {name: signal.signal(getattr(signal, name), interrupt) for name in _names()}
    try:
        yield received
    finally:
        for name, handler in old.items():
            signal.signal(getattr(signal, name), handler)



async def until_stopped() -> None:
    """Wait, in a running event loop, for the host's Ctrl-C or a SIGTERM: a server's way of
    being stopped, after which it saves and says how to resume."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
