"""Complete games of every bundled game over real sockets, one in-process client per seat: every
client sees the same end, and the record on disk replays to it exactly."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.record import GameRecord  # noqa: E402
from tabletop.engine.table import SeatSpec  # noqa: E402
from tabletop.net import protocol  # noqa: E402
from tabletop.net.server import SHUTDOWN, Server  # noqa: E402
from tabletop.net.server_store import Store  # noqa: E402
from tests.core.hidden_hand import HiddenHand  # noqa: E402
from tests.net.helpers import BUNDLED, Games, break_the_game, hosting, join, next_of, people, registry, saved  # noqa: E402
from tests.net.wire_client import play_seat  # noqa: E402
from tests.sealed.game import SealedDraw  # noqa: E402


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_a_complete_game_over_the_wire(name, tmp_path):
    seats = BUNDLED[name]

    async def scenario():
        async with hosting(tmp_path / "data", name, people(seats), seed=7) as (server, url, game_id, codes):
            deadline = time.monotonic() + 120
            logs = await asyncio.gather(*[play_seat(url, codes[i], rng=random.Random(i), deadline=deadline)
                                          for i in range(seats)])
            return server.games[game_id].table.session.record, logs

    record, logs = asyncio.run(scenario())
    assert record.outcome is not None, "the game did not finish"
    outcomes = [log.outcome for log in logs]
    assert all(o == outcomes[0] for o in outcomes)
    assert outcomes[0]["winners"] == [w + 1 for w in record.outcome["winners"]]
    assert [log.welcome["seat"] for log in logs] == list(range(1, seats + 1))
    on_disk = GameRecord.load(tmp_path / "data" / "games" / "1" / "record.json")
    assert on_disk.actions == record.actions and on_disk.outcome == record.outcome
    on_disk.verify(registry().game(name))
    assert sum(log.acts for log in logs) - sum(len(log.refusals) for log in logs) == len(record.actions)


def test_a_seat_that_drops_is_shown_waiting_and_comes_back_where_it_was(tmp_path):
    async def scenario():
        async with hosting(tmp_path / "data", "castlewars", people(2), seed=3) as (server, url, game_id, codes):
            watcher = await join(url, codes[None])
            await next_of(watcher, "table")
            one = await join(url, codes[0])
            first = await next_of(one, "table")
            assert (await next_of(watcher, "status", words="joined"))["connected"] == [True, False]
            await one.close()
            gone = await next_of(watcher, "status", words="disconnected")
            assert gone["text"] == "P1 disconnected, waiting." and gone["connected"] == [False, False]
            again = await join(url, codes[0])
            back = await next_of(again, "table")
            assert back["seq"] == first["seq"] + 1 and back["view"] == first["view"]
            # Nothing happened meanwhile: the new connection gets the seat's log so far, as the first did.
            assert back["legal"] == first["legal"] and back["events"] == first["events"] and back["first_event"] == 0
            await again.send(protocol.encode(protocol.act(back["seq"], back["legal"][0])))
            assert (await next_of(again, "table"))["seq"] == back["seq"] + 1
            await server.stop()  # the host stops: everyone is told
            assert (await next_of(again, "bye"))["reason"] == SHUTDOWN
            assert (await next_of(watcher, "bye"))["reason"] == SHUTDOWN
    asyncio.run(scenario())


def test_resume_rebuilds_every_game_with_its_bots_and_codes(tmp_path):
    game = registry().game("windupwar")
    seats = [SeatSpec("Ana", "human"), SeatSpec("Bot", "tactician", registry().bot("windupwar", "tactician")),
             SeatSpec("Cy", "human")]

    async def first_half():
        async with hosting(tmp_path / "data", game, seats, seed=8) as (server, url, game_id, codes):
            record = server.games[game_id].table.session.record
            deadline = time.monotonic() + 120
            players = [asyncio.create_task(play_seat(url, codes[i], rng=random.Random(i), deadline=deadline))
                       for i in (0, 2)]
            while len(record.actions) < 8:  # a few moves, then the server goes
                assert time.monotonic() < deadline and not any(p.done() for p in players)
                await asyncio.sleep(0.005)
            for player in players:
                player.cancel()
            return codes, list(server.games[game_id].table.session.record.actions)

    codes, actions = asyncio.run(first_half())
    assert actions and any(seat == 1 for seat, _ in actions)

    async def second_half():
        server = Server(registry(), Store(tmp_path / "data"))
        assert server.resume() == ["1"]
        url = await server.start()
        try:
            table = server.games["1"].table
            assert table.session.record.actions[:len(actions)] == actions
            deadline = time.monotonic() + 120
            logs = await asyncio.gather(*[play_seat(url, codes[i], rng=random.Random(i), deadline=deadline)
                                          for i in (0, 2)])
            return table.session.record, logs
        finally:
            await server.stop()

    record, logs = asyncio.run(second_half())
    assert all(log.outcome is not None for log in logs)
    assert record.actions[:len(actions)] == actions
    GameRecord.load(tmp_path / "data" / "games" / "1" / "record.json").verify(game)


class Breaks(HiddenHand):
    """A game with a bug: its second move raises something that is not a refusal."""

    name = "breaks"

    def apply(self, state, seat, action):
        if sum(len(h) for h in state.hands) + len(state.deck) < 12:
            raise KeyError("a bug")
        return super().apply(state, seat, action)


def test_a_game_that_fails_stops_taking_moves_and_the_server_goes_on(tmp_path):
    broken, told = Breaks(), []

    async def scenario():
        server = Server(Games(broken), Store(tmp_path / "data"), report=told.append)
        _, codes = server.host(broken, people(2), seed=1)
        _, other = server.host(registry().game("castlewars"), people(2), seed=1)
        url = await server.start()
        try:
            await break_the_game(url, codes)
            deadline = time.monotonic() + 120
            logs = await asyncio.gather(*[play_seat(url, other[i], rng=random.Random(i), deadline=deadline)
                                          for i in range(2)])
            assert all(log.outcome is not None for log in logs)
        finally:
            await server.stop()

    asyncio.run(scenario())
    assert len(told) == 1 and "Game 1 failed on a move (KeyError)" in told[0]


def test_a_sealed_choice_held_survives_a_restart(tmp_path):
    """A sealed choice announced as chosen is on disk before the announcement: a restarted server
    still holds it, shows that seat as chosen, and the round resolves with it."""
    game = SealedDraw()

    async def first_half():
        async with hosting(tmp_path / "data", game, people(3), seed=6, registry_=Games(game)) as (
                server, url, game_id, codes):
            ws, other = await join(url, codes[2]), await join(url, codes[0])
            table = await next_of(ws, "table")
            await ws.send(protocol.encode(protocol.act(table["seq"], "4")))
            assert (await next_of(other, "status", words="has chosen"))["chosen"] == [3]
            await ws.close()
            await other.close()
            return codes

    codes = asyncio.run(first_half())

    async def second_half():
        server = Server(Games(game), Store(tmp_path / "data"))
        server.resume()
        table = server.games["1"].table
        assert table.session.chosen() == [2] and table.session.record.actions == []
        url = await server.start()
        try:
            ws = await join(url, codes[2])
            shown = await next_of(ws, "table")
            assert shown["chosen"] == [3] and shown["to_act"] == [1, 2, 3] and shown["legal"] == []
            await ws.close()
            deadline = time.monotonic() + 120
            logs = await asyncio.gather(*[play_seat(url, codes[i], rng=random.Random(i), deadline=deadline)
                                          for i in range(3)])
            assert all(log.outcome is not None for log in logs)
            return table.session.record
        finally:
            await server.stop()

    record = asyncio.run(second_half())
    assert record.actions[2] == (2, "4")  # the held bid, applied in seat order once the others bid
    record.verify(game)


def test_moves_an_older_server_held_apart_are_taken_on_resume_and_its_file_removed(tmp_path):
    """An older server kept the moves it held for the seats before them in held.json: a resume
    gives them to the game in seat order (one it refuses now is dropped) and removes the file."""
    game = registry().game("windupwar")
    server = Server(registry(), Store(tmp_path / "data"))
    game_id, _ = server.host(game, people(3), seed=6)
    table = server.games[game_id].table
    legal = [table.session.legal_actions(seat) for seat in range(3)]
    held = tmp_path / "data" / "games" / game_id / "held.json"
    held.write_text(json.dumps({"2": legal[2][0], "1": "unit nothing"}))  # seat 2's move no longer fits

    again = Server(registry(), Store(tmp_path / "data"))
    assert again.resume() == [game_id]
    session = again.games[game_id].table.session
    assert session.record.actions == [(2, legal[2][0])] and not held.exists()
    assert saved(tmp_path / "data", game_id).actions == session.record.actions
