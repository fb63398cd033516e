"""Choices acknowledged survive a crash: `tabletop serve` killed with SIGKILL while choices are
held, then started again with --resume, still has them. Sealed Draw (its bids are sealed: held
until every seat has bid) and Windup War (its programmed slots are applied as they come). Real
processes and sockets on 127.0.0.1; every wait is on a frame or a file, bounded."""

from __future__ import annotations

import asyncio
import signal

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.record import GameRecord  # noqa: E402
from tabletop.net import protocol  # noqa: E402
from tests.net.helpers import join, next_of, saved  # noqa: E402
from tests.net.processes import serve, stop  # noqa: E402

SEALED = ("--plugin", "tests.sealed.plugin")


def record_of(data) -> GameRecord:
    return saved(data)


def killed(server) -> None:
    server.send_signal(signal.SIGKILL)
    server.wait(timeout=30)
    server.output.close()


async def seated(url: str, code: str):
    ws = await join(url, code)
    await next_of(ws, "welcome")
    return ws, await next_of(ws, "table")


async def answer(ws, frame: dict, count: int, *, where: str = "") -> tuple[list[str], dict]:
    """Answer ``count`` decisions (the first legal move each, from ``frame`` on), each once; the
    moves and the frame acknowledging the last one (the server sends it once the move is on disk)."""
    moves: list[str] = []
    answered = None
    while True:
        if frame["legal"] and frame["decision"] != answered and frame["view"].get("phase", where) == where:
            if len(moves) == count:
                return moves, frame
            answered = frame["decision"]
            moves.append(frame["legal"][0])
            await ws.send(protocol.encode(protocol.act(frame["seq"], frame["legal"][0])))
        elif len(moves) == count and frame["decision"] != answered:
            return moves, frame
        frame = await next_of(ws, "table")


@pytest.mark.slow
def test_sealed_bids_held_when_the_server_is_killed_are_there_after_resume(tmp_path):
    data, codes_file = tmp_path / "data", tmp_path / "codes.json"
    server, codes, _ = serve(tmp_path, *SEALED, "sealed-draw", "--players", "3", "--data", str(data),
                             "--seed", "4", codes=codes_file)
    url, port = codes["url"], codes["url"].rsplit(":", 1)[1]
    code = [s["code"] for s in codes["seats"]]
    try:
        async def before_the_kill():
            (one, first), (three, third) = await seated(url, code[0]), await seated(url, code[2])
            await one.send(protocol.encode(protocol.act(first["seq"], "2")))
            await three.send(protocol.encode(protocol.act(third["seq"], "5")))
            while (await next_of(one, "status", words="has chosen", seconds=30))["chosen"] != [1, 3]:
                pass  # told once both bids are on disk
            return one, three
        asyncio.run(asyncio.wait_for(before_the_kill(), 60))
        killed(server)
        assert (record_of(data).actions, record_of(data).held) == ([], [(0, "2"), (2, "5")])

        server, again, _ = serve(tmp_path, *SEALED, "--resume", str(data), "--port", port, codes=codes_file)
        assert again["url"] == url and again["seats"] == []

        async def after_the_resume():
            seats = [await seated(url, c) for c in code]
            for i, (_, frame) in enumerate(seats):
                assert frame["chosen"] == [1, 3] and frame["to_act"] == [1, 2, 3]
                assert bool(frame["legal"]) == (i == 1)  # only Player 2 still has to bid
            two, frame = seats[1]
            await two.send(protocol.encode(protocol.act(frame["seq"], "3")))
            for ws, _ in seats:
                while not (turned := await next_of(ws, "table", seconds=30))["events"]:
                    pass
                texts = [e["text"] for e in turned["events"]]
                assert any(t.startswith("Bids: Player 1 2, Player 2 3, Player 3 5; Player 3 takes") for t in texts)
                assert turned["chosen"] == [] and turned["view"]["round"] == 2
            for ws, _ in seats:
                await ws.close()
        asyncio.run(asyncio.wait_for(after_the_resume(), 60))
    finally:
        stop(server)
    record = record_of(data)
    assert record.actions == [(0, "2"), (1, "3"), (2, "5")] and record.held == []


@pytest.mark.slow
def test_programmed_slots_are_there_after_the_server_is_killed_and_resumed(tmp_path):
    data, codes_file = tmp_path / "data", tmp_path / "codes.json"
    server, codes, _ = serve(tmp_path, "windupwar", "--players", "2", "--data", str(data), "--seed", "4",
                             codes=codes_file)
    url, port = codes["url"], codes["url"].rsplit(":", 1)[1]
    code = [s["code"] for s in codes["seats"]]
    try:
        async def before_the_kill():
            (one, first), (two, second) = await seated(url, code[0]), await seated(url, code[1])
            _, first = await answer(one, first, 3, where="army")
            await answer(two, second, 3, where="army")
            while first["view"]["phase"] != "windup":
                first = await next_of(one, "table")
            programmed, shown = await answer(one, first, 3, where="windup")
            assert shown["view"]["seats"][0]["row"] == programmed  # acknowledged: on disk
            return programmed
        programmed = asyncio.run(asyncio.wait_for(before_the_kill(), 60))
        killed(server)
        assert record_of(data).actions[-3:] == [(0, card) for card in programmed]

        server, _, _ = serve(tmp_path, "--resume", str(data), "--port", port, codes=codes_file)

        async def after_the_resume():
            (one, first), (two, second) = await seated(url, code[0]), await seated(url, code[1])
            assert first["view"]["seats"][0]["row"] == programmed  # its three slots are still programmed
            assert first["legal"] and not set(programmed) & set(first["legal"])
            rest, _ = await answer(one, first, 2, where="windup")
            await answer(two, second, 5, where="windup")
            while not any(e["kind"] == "war" for e in (await next_of(one, "table"))["events"]):
                pass  # the war begins, with seat 1's five cards
            await one.close()
            await two.close()
            return rest
        rest = asyncio.run(asyncio.wait_for(after_the_resume(), 60))
    finally:
        stop(server)
    record = record_of(data)
    assert [a for s, a in record.actions if s == 0][3:8] == programmed + rest
