"""The lobby on a real server on 127.0.0.1 (in a thread of this process) and real lobby clients:
tables set up, sat at with their codes, played to the end over ordinary seat connections, played
again; what the room shows and keeps (never a code); passwords; bounds on wrong codes."""

from __future__ import annotations

import asyncio
import json
import random
import threading

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.net.client import RemoteTable  # noqa: E402
from tabletop.net.client_bot import play_bot  # noqa: E402
from tabletop.net.lobby_client import LobbyClient  # noqa: E402
from tabletop.net.lobby_room import Room, hash_password  # noqa: E402
from tabletop.net.lobby_server import Lobby  # noqa: E402
from tabletop.net.server import Server  # noqa: E402
from tabletop.net.server_store import Store  # noqa: E402
from tests.net.helpers import registry  # noqa: E402

BOUND = 60


class RoomThread:
    """A server with a lobby, in a thread of its own (its loop touches its state alone)."""

    def __init__(self, folder, password: str | None = None, *, resume: bool = False):
        self.folder = folder
        self.lines: list[str] = []
        self._ready = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._main(password, resume)), daemon=True)
        self._thread.start()
        assert self._ready.wait(BOUND), "the room did not open"

    async def _main(self, password, resume) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        self.room = Room(self.folder)
        self.server = Server(registry(), Store(self.folder))
        if resume:
            self.room.load()
            self.server.resume()
        if password is not None:
            self.room.password = hash_password(password)
        self.lobby = Lobby(self.server, self.room, report=self.lines.append)
        self.server.first_frame = self.lobby.serve
        self.url = await self.server.start()
        self.room.save()
        self.lobby.start()
        self._ready.set()
        await self._stop.wait()
        self.lobby.stop()
        await self.server.stop()

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(BOUND)


@pytest.fixture
def room(tmp_path):
    opened = RoomThread(tmp_path / "data")
    yield opened
    opened.stop()


def person(room: RoomThread, name: str, password: str | None = None) -> LobbyClient:
    return LobbyClient(room.url, name, password).connect()


def play(url: str, code: str, seed: int, outcomes: list) -> threading.Thread:
    """A seat played to the end by a random bot over its own connection (a thread)."""
    def run():
        table = RemoteTable(url, code, game_for=registry().game).connect()
        try:
            agent = registry().bot(table.game.name, "random").factory(table.game, table.seat, random.Random(seed))
            outcomes.append((table.names[table.seat], play_bot(table, agent)))
        finally:
            table.close()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def wait_for(condition, what: str) -> None:
    event = threading.Event()
    for _ in range(BOUND * 20):
        if condition():
            return
        event.wait(0.05)
    raise AssertionError(f"never: {what}")


def test_a_table_set_up_in_the_room_is_played_to_the_end_and_shown_with_its_result(room):
    ana, bo = person(room, "Ana"), person(room, "Bo")
    try:
        made = ana.create("castlewars", "human,random,human", [])
        assert made.table == 1 and made.seat == 0 and len(made.table_code) == 8
        assert room.lines == ["Table 1 created by Ana: castlewars, seats human,random,human."]
        wait_for(lambda: bo.table(1) is not None, "Bo sees the open table")
        assert bo.table(1)["state"] == "open" and [s["name"] for s in bo.table(1)["seats"]] == ["Ana", None, None]
        sat = bo.sit(made.table_code.lower())  # typed in any case
        assert (sat.table, sat.seat, sat.table_code) == (1, 2, None)
        assert ana.wait_started(1, BOUND) and bo.wait_started(1, BOUND)
        outcomes: list = []
        threads = [play(room.url, made.code, 1, outcomes), play(room.url, sat.code, 2, outcomes)]
        for thread in threads:
            thread.join(BOUND)
        assert sorted(name for name, _ in outcomes) == ["Ana", "Bo"]
        wait_for(lambda: (ana.table(1) or {}).get("state") == "over", "the room shows the table over")
        shown = ana.table(1)
        record = room.folder / "games" / "1" / "record.json"
        assert shown["record"] == str(record) and record.is_file()
        assert shown["result"] and shown["result"] in room.lines[-1] and str(record) in room.lines[-1]
        assert room.lines[1] == "Table 1 started: castlewars as game 1 (Ana, random 2, Bo)."
        # Codes are given to one person each, and kept only as hashes.
        kept = (room.folder / "lobby.json").read_text() + (room.folder / "games" / "1" / "settings.json").read_text()
        for code in (made.code, sat.code, made.table_code):
            assert code not in kept and code not in json.dumps(ana.room) and code not in json.dumps(bo.room)
    finally:
        ana.close()
        bo.close()


def test_play_again_seats_the_same_people_at_a_new_game_of_the_same_settings(room):
    ana, bo = person(room, "Ana"), person(room, "Bo")
    try:
        made = ana.create("windupwar", "human,human", ["edition=2016"])
        sat = bo.sit(made.table_code)
        assert ana.wait_started(1, BOUND)
        outcomes: list = []
        for thread in (play(room.url, made.code, 3, outcomes), play(room.url, sat.code, 4, outcomes)):
            thread.join(BOUND)
        wait_for(lambda: (ana.table(1) or {}).get("state") == "over", "the first game ends")
        with pytest.raises(TabletopError, match="not a seat's of a finished table"):
            bo.again(made.table_code)  # a table code proves no seat
        again_bo = bo.again(sat.code)
        assert (again_bo.table, again_bo.seat) == (2, 1)
        wait_for(lambda: (bo.table(2) or {}).get("seats"), "the again table is listed")
        table = bo.table(2)
        assert table["again_of"] == 1 and table["options"] == {"edition": "2016", "factions": "deal"}
        assert [s["name"] for s in table["seats"]] == ["Ana", "Bo"] and table["state"] == "open"
        carl = person(room, "Carl")
        with pytest.raises(TabletopError, match="No open table has that code"):
            carl.sit(made.table_code)  # the old table has started: it takes no one new
        carl.close()
        again_ana = ana.again(made.code)
        assert (again_ana.table, again_ana.seat) == (2, 0)
        assert ana.wait_started(2, BOUND)
        assert room.lines[-1] == "Table 2 started: windupwar as game 2 (Ana, Bo)."
    finally:
        ana.close()
        bo.close()


def test_wrong_table_codes_are_refused_and_a_guesser_is_closed(room):
    guesser = person(room, "Eve")
    try:
        for _ in range(4):
            with pytest.raises(TabletopError, match="No open table has that code"):
                guesser.sit("ABCDEFGH")
        with pytest.raises(TabletopError, match="Too many wrong table codes"):
            guesser.sit("ABCDEFGH")
    finally:
        guesser.close()


def test_a_table_asks_for_what_it_can_play(room):
    ana = person(room, "Ana")
    try:
        for seats, words in [("human", "for 2-4 players, not 1"), ("random,random", "at least one person"),
                             ("human,ismcts:time=100", "bots by name only"), ("human,nobody", "nobody")]:
            with pytest.raises(TabletopError, match=words):
                ana.create("castlewars", seats, [])
        with pytest.raises(TabletopError, match="No game named"):
            ana.create("chess", "human,human", [])
        with pytest.raises(TabletopError, match="edition"):
            ana.create("windupwar", "human,human", ["edition=1999"])
        assert ana.room["tables"] == [] and (ana.lost is None)
    finally:
        ana.close()


def test_a_room_with_a_password_lets_in_only_who_gives_it(tmp_path):
    opened = RoomThread(tmp_path / "data", password="open sesame")
    try:
        with pytest.raises(TabletopError, match="has a password"):
            person(opened, "Ana")
        with pytest.raises(TabletopError, match="not this room's password"):
            person(opened, "Ana", "open barley")
        person(opened, "Ana", "open sesame").close()
    finally:
        opened.stop()
    kept = (tmp_path / "data" / "lobby.json").read_text()
    assert "sesame" not in kept and "scrypt" in kept


def test_a_person_who_leaves_before_the_start_frees_the_seat(room):
    ana, bo = person(room, "Ana"), person(room, "Bo")
    try:
        made = ana.create("castlewars", "human,human,human", [])
        bo.sit(made.table_code)
        wait_for(lambda: [s["name"] for s in (ana.table(1) or {}).get("seats", [])] == ["Ana", "Bo", None], "Bo sits")
        bo.close()
        wait_for(lambda: [s["name"] for s in ana.table(1)["seats"]] == ["Ana", None, None], "Bo's seat is free again")
    finally:
        ana.close()


def test_a_server_of_one_game_says_it_has_no_lobby(tmp_path):
    from tests.net.client_server import ServerThread
    from tests.net.helpers import people

    served = ServerThread(tmp_path / "data", "castlewars", people(2))
    try:
        with pytest.raises(TabletopError, match="has no lobby; join with the code"):
            LobbyClient(served.url, "Ana").connect()
    finally:
        served.stop()


def test_a_damaged_room_file_is_one_sentence_and_changes_nothing(tmp_path):
    (tmp_path / "lobby.json").write_text('{"format": 1, "tables": [{"number": "x"}]}')
    before = (tmp_path / "lobby.json").read_text()
    with pytest.raises(TabletopError, match="cannot be read as a lobby's tables"):
        Room(tmp_path).load()
    assert (tmp_path / "lobby.json").read_text() == before


def test_a_crowded_room_fits_one_frame_and_keeps_its_open_tables(tmp_path):
    from tabletop.net import lobby_protocol as lp
    from tabletop.net.protocol import MAX_FRAME

    crowded = Room(tmp_path)
    for number in range(400):
        table, _ = crowded.new("windupwar", ["human"] * 16, {}, "A" * 40)
        table.game_id = str(number) if number < 380 else None  # 380 playing, 20 waiting for people
        table.names = [f"{'N' * 38}{i:02}" for i in range(16)] if table.game_id else []
    text = lp.room([], crowded.listing())
    listed = lp.decode_server(text)["tables"]
    assert len(text.encode()) <= MAX_FRAME and 20 < len(listed) < 400
    assert [t["state"] for t in listed[-20:]] == ["open"] * 20


def test_undecodable_text_is_refused_in_one_sentence_and_the_person_stays(room):
    from websockets.sync.client import connect

    from tabletop.net import lobby_protocol as lp

    with connect(room.url) as ws:
        ws.send(json.dumps(lp.hello("Ana")))
        assert lp.decode_server(ws.recv(10))["type"] == "room"
        for frame in (lp.create("castlewars\ud800", "human,human"), lp.create("castlewars", "human,human", ["x=\udfff"]),
                      {"type": "sit", "code": "AB\ud800"}):
            ws.send(json.dumps(frame))  # ASCII JSON: the lone surrogate travels as an escape
            reply = lp.decode_server(ws.recv(10))
            assert reply["type"] == "refused" and "not valid Unicode" in reply["reason"]
        ws.send(json.dumps({"type": "ping"}))
        assert lp.decode_server(ws.recv(10))["type"] == "pong"


def test_a_table_whose_game_fails_is_shown_over_with_the_sentence_of_a_broken_game(room):
    from tabletop.net.server_table import BROKEN

    ana = person(room, "Ana")
    try:
        made = ana.create("castlewars", "human,random", [])
        assert ana.wait_started(made.table, BOUND)
        hosted = room.server.games["1"]
        room._loop.call_soon_threadsafe(setattr, hosted.table, "broken", True)  # as after a game's bug
        wait_for(lambda: (ana.table(1) or {}).get("state") == "over", "the room shows the table over")
        assert ana.table(1)["result"] == BROKEN and f"is over: {BROKEN}" in room.lines[-1]
    finally:
        ana.close()
