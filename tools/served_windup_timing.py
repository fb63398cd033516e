"""How long round 1's Windup of a served four-seat Windup War takes when each seat thinks a
different time before every answer (by default 0.1, 0.2, 0.3 and 0.4 seconds).

A server on 127.0.0.1 in this process, four WebSocket clients in the same loop, each reading
every frame as it comes and answering each decision once (its first legal move) after its own
delay. The time printed runs from the first programming decision offered to any seat until the
first frame telling that the War begins. If every seat programs its row while the others think,
it is about the slowest seat's five answers (5 x 0.4 s); if each seat waits for the seats before
it, it is about the sum of everyone's.

    python tools/served_windup_timing.py [--runs N] [--seed S] [--delays 0.1,0.2,0.3,0.4]

It uses only what the server had before the Session was redesigned too, so the same script
measures an older checkout: ``PYTHONPATH=/path/to/checkout python tools/served_windup_timing.py``
(the bundled games are then taken from that checkout's ``plugins/`` as well).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path


def games_of_this_tree() -> Path:
    """Make ``tabletop_games`` the ``plugins/`` beside the ``tabletop`` imported (an installed
    checkout maps it to its own; another checkout on PYTHONPATH needs its own games)."""
    import tabletop

    root = Path(tabletop.__file__).resolve().parents[1]
    plugins = root / "plugins"
    if (plugins / "__init__.py").is_file() and "tabletop_games" not in sys.modules:
        spec = importlib.util.spec_from_file_location("tabletop_games", plugins / "__init__.py",
                                                      submodule_search_locations=[str(plugins)])
        module = importlib.util.module_from_spec(spec)
        sys.modules["tabletop_games"] = module
        spec.loader.exec_module(module)
    return root


class Seat:
    """One client: reads every frame, answers each decision once after ``delay`` seconds."""

    def __init__(self, ws, delay: float, clock: dict[str, float]):
        self.ws = ws
        self.delay = delay
        self.clock = clock
        self.latest = None
        self.news = asyncio.Condition()

    async def read(self) -> None:
        async for raw in self.ws:
            message = json.loads(raw)
            if message["type"] != "table":
                continue
            view = message["view"]
            now = time.perf_counter()
            if message["legal"] and view.get("phase") == "windup" and view.get("round") == 1:
                self.clock.setdefault("windup", now)
            if any(event["kind"] == "war" for event in message["events"]):
                self.clock.setdefault("war", now)
            async with self.news:
                self.latest = message
                self.news.notify_all()

    async def play(self, protocol) -> None:
        answered = None

        def asked() -> bool:
            frame = self.latest
            return frame is not None and bool(frame["legal"]) and frame["decision"] != answered

        while "war" not in self.clock:
            async with self.news:
                await self.news.wait_for(asked)
            await asyncio.sleep(self.delay)  # thinking
            frame = self.latest
            if not asked():
                continue
            answered = frame["decision"]
            await self.ws.send(protocol.encode(protocol.act(frame["seq"], frame["legal"][0])))


async def one_run(seed: int, delays: list[float]) -> float:
    from websockets.asyncio.client import connect

    from tabletop.engine.registry import build_registry
    from tabletop.net import protocol
    from tabletop.net.server import Server
    from tabletop.net.server_store import Store

    try:
        from tabletop.engine.table import SeatSpec
    except ImportError:  # before the Session's redesign it lived in the session module
        from tabletop.engine.session import SeatSpec

    registry = build_registry()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(registry, Store(Path(folder)))
        _, codes = server.host(registry.game("windupwar"), [SeatSpec(f"P{i + 1}", "human") for i in range(4)],
                               seed=seed)
        url = await server.start("127.0.0.1", 0)
        clock: dict[str, float] = {}
        seats, tasks = [], []
        try:
            for i, delay in enumerate(delays):
                ws = await connect(url, max_size=protocol.MAX_FRAME, compression=None)
                await ws.send(protocol.encode(protocol.hello(codes[i])))
                seats.append(Seat(ws, delay, clock))
            tasks = [asyncio.create_task(job) for seat in seats for job in (seat.read(), seat.play(protocol))]
            deadline = time.monotonic() + 120
            while "war" not in clock:
                if time.monotonic() > deadline:
                    raise SystemExit("The War of round 1 did not begin within 120 seconds.")
                done = [t for t in tasks if t.done() and t.exception() is not None]
                if done:
                    raise done[0].exception()
                await asyncio.sleep(0.01)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            for seat in seats:
                await seat.ws.close()
            await server.stop()
    return clock["war"] - clock["windup"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--delays", default="0.1,0.2,0.3,0.4", help="each seat's seconds before every answer")
    args = parser.parse_args()
    delays = [float(d) for d in args.delays.split(",")]
    root = games_of_this_tree()
    times = [asyncio.run(one_run(args.seed, delays)) for _ in range(args.runs)]
    print(json.dumps({"tree": str(root), "delays": delays, "windup_seconds": [round(t, 3) for t in times],
                      "median": round(statistics.median(times), 3)}))


if __name__ == "__main__":
    main()
