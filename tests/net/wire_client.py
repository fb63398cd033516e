"""A tiny scripted client of the network table: plays random legal moves over the wire.

Used in-process (:func:`play_seat`) and as a process of its own
(``python -m tests.net.wire_client --seed N -- URL CODE [CODE ...]``: one connection per code, in
one asyncio loop, printing one JSON line per seat when its game ends). It answers each decision
once (the table frame's ``decision``), keeps every frame it receives, reconnects with its code
when the server goes away, and times each round trip (act sent -> the next table frame).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tabletop.net import protocol as p


@dataclass
class SeatLog:
    code: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    refusals: list[dict[str, Any]] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)
    statuses: list[str] = field(default_factory=list)
    welcome: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    acts: int = 0
    connects: int = 0
    round_trips: list[float] = field(default_factory=list)
    first_decision: float | None = None


#: Moves a careless client sends: not notation, or notation of a card nobody has.
MISTAKES = ("oops", "play zz9", "give x", "1", "done done")


async def play_seat(url: str, code: str, *, rng: random.Random, deadline: float,
                    reconnect: bool = False, log: SeatLog | None = None, mistakes: float = 0.0) -> SeatLog:
    """Play one seat to the end of its game (or until ``deadline``, a monotonic time); with
    ``mistakes``, that share of its decisions first gets a wrong move (refused by the game)."""
    log = log or SeatLog(code)
    answered: int | None = None
    backoff = 0.05
    while time.monotonic() < deadline and log.outcome is None:
        try:
            async with connect(url, max_size=p.MAX_FRAME, compression=None, open_timeout=30) as ws:
                log.connects += 1
                backoff = 0.05
                await ws.send(p.encode(p.hello(code)))
                sent_at: float | None = None
                while log.outcome is None:
                    raw = await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic()))
                    message = p.decode_server(raw)
                    kind = message["type"]
                    if kind == "welcome":
                        log.welcome = message
                        answered = None  # a new connection: its frames number afresh
                    elif kind == "table":
                        log.frames.append(message)
                        if sent_at is not None:
                            log.round_trips.append(time.monotonic() - sent_at)
                            sent_at = None
                        if message["outcome"] is not None:
                            log.outcome = message["outcome"]
                        elif message["legal"] and message["decision"] != answered:
                            if log.first_decision is None:
                                log.first_decision = time.time()
                            answered = message["decision"]
                            if rng.random() < mistakes:
                                await ws.send(p.encode(p.act(message["seq"], rng.choice(MISTAKES))))
                            await ws.send(p.encode(p.act(message["seq"], rng.choice(message["legal"]))))
                            sent_at = time.monotonic()
                            log.acts += 1
                    elif kind == "refused":
                        log.refusals.append(message)
                    elif kind == "status":
                        log.statuses.append(message["text"])
                    elif kind == "bye":
                        log.byes.append(message["reason"])
        except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError):
            if not reconnect:
                break
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 1.0)
    return log


async def _main(url: str, codes: list[str], seed: int, seconds: float) -> list[SeatLog]:
    deadline = time.monotonic() + seconds
    return list(await asyncio.gather(*[
        play_seat(url, code, rng=random.Random(seed * 1000 + i), deadline=deadline, reconnect=True)
        for i, code in enumerate(codes)]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("codes", nargs="+")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=120)
    args = parser.parse_args(argv)
    logs = asyncio.run(_main(args.url, args.codes, args.seed, args.seconds))
    for log in logs:
        print(json.dumps({"outcome": log.outcome, "acts": log.acts, "connects": log.connects,
                          "frames": len(log.frames), "refusals": [r["reason"] for r in log.refusals],
                          "round_trips": log.round_trips, "first_decision": log.first_decision,
                          "seat": None if log.welcome is None else log.welcome["seat"]}))
    return 0 if all(log.outcome is not None for log in logs) else 1


if __name__ == "__main__":
    sys.exit(main())
