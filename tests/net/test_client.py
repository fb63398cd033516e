"""RemoteTable against a real server on 127.0.0.1: whole games, refusals in the game's words,
no undo, bots that need more than a view refused, a dropped socket reconnected, one seat one
voice, a server restarted on the same port, and the kept code's file."""

from __future__ import annotations

import random
import stat
import threading

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.core.random_agent import RandomAgent  # noqa: E402
from tabletop.engine.table import HUMAN, SeatSpec  # noqa: E402
from tabletop.net.client import NO_UNDO  # noqa: E402
from tabletop.net.client_bot import needs_more_than_view, play_bot  # noqa: E402
from tabletop.net.client_codes import store_code, stored_code  # noqa: E402
from tabletop.net.client_frames import Said  # noqa: E402
from tabletop.net.server import REPLACED, UNKNOWN_CODE  # noqa: E402
from tests.net.client_server import BOUND, ServerThread  # noqa: E402
from tests.net.helpers import people, registry  # noqa: E402


@pytest.fixture
def castle(tmp_path):
    server = ServerThread(tmp_path / "data", "castlewars", people(2), seed=3)
    yield server
    server.stop()


def bots_play(tables, *, seed=0):
    """Each table's seat played by a random agent in a thread of its own; their outcomes."""
    results: dict[int, object] = {}
    errors: list[BaseException] = []

    def one(i, table):
        try:
            results[i] = play_bot(table, RandomAgent(random.Random(seed + i)))
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=one, args=(i, t)) for i, t in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(BOUND * 4)
    assert not errors, errors
    return [results[i] for i in range(len(tables))]


def test_two_remote_tables_and_a_spectator_play_a_game_to_its_end(castle):
    tables = [castle.join(0), castle.join(1)]
    watcher = castle.join(None)
    assert [t.seat for t in tables] == [0, 1] and watcher.seat is None
    assert tables[0].names == list(castle.session.names) and tables[0].game.name == "castlewars"
    seen: list = []
    spectating = threading.Thread(target=lambda: seen.append(watcher.advance(on_event=seen.append)))
    spectating.start()
    outcomes = bots_play(tables)
    spectating.join(BOUND)
    record = castle.session.record
    assert record.outcome is not None
    assert outcomes[0] == outcomes[1] and list(outcomes[0].winners) == record.outcome["winners"]
    assert seen[-1] is None and watcher.outcome() == outcomes[0]  # the spectator saw the end, and events
    assert any(isinstance(e, Said) for e in seen[:-1])
    game = castle.session.game
    final = castle.run(lambda: (castle.session.view(0), castle.session.public_view()))
    assert tables[0].view(0) == final[0] and watcher.view(None) == final[1]
    record.verify(game)
    for table in (*tables, watcher):
        table.close()


def test_a_refused_move_comes_back_as_the_games_own_sentence(castle):
    table, other = castle.join(0), castle.join(1)
    turn = table.advance()
    assert turn is not None and turn.seat == 0
    decision = table.decision(0)
    assert decision.legal and all(decision.describe(a) for a in decision.legal)
    wrong = "take Q"
    sentence = castle.run(lambda: castle.session.refusal(0, wrong))
    assert sentence
    with pytest.raises(TabletopError) as refused:
        table.submit(0, wrong)
    assert str(refused.value) == sentence
    assert table.human_to_act() == 0  # still asked: it may choose again
    before = len(castle.session.record.actions)
    table.submit(0, decision.legal[0])
    assert castle.run(lambda: castle.session.record.actions[before:]) == [(0, decision.legal[0])]
    table.close()
    other.close()


def test_undo_over_the_wire_is_refused_in_one_sentence(castle):
    table = castle.join(0)
    assert table.plan_undo(0).refusal == NO_UNDO
    with pytest.raises(TabletopError, match="not offered in a network game"):
        table.undo(0)
    with pytest.raises(TabletopError, match="only its own view"):
        table.view(1)
    table.close()


def test_a_bot_that_searches_the_whole_game_cannot_take_a_network_seat(castle):
    table = castle.join(0)
    game = castle.session.game
    searcher = registry().bot(game.name, "ismcts").factory(game, 0, random.Random(1))
    assert needs_more_than_view(searcher)
    assert not needs_more_than_view(RandomAgent(random.Random(1)))
    with pytest.raises(TabletopError, match="cannot see"):
        play_bot(table, searcher)
    table.close()


@pytest.mark.slow
def test_a_dropped_socket_reconnects_with_its_code_and_the_game_goes_on(castle):
    dropping, other = castle.join(0, delays=(0.05, 0.1, 0.2)), castle.join(1)
    # A move each first (Player 1 drafts first), so the drop comes mid-game.
    for table in (dropping, other):
        assert table.advance() is not None
        table.submit(table.seat, table.decision(table.seat).legal[0])
    news = threading.Event()
    other.on_change = lambda: news.set() if any("disconnected, waiting" in i.event.text for i in other.log) else None
    ws, loop = dropping._ws, dropping._loop
    loop.call_soon_threadsafe(ws.transport.abort)  # the client's socket goes, with no close frame
    assert news.wait(BOUND), "the others were not told the seat is disconnected"
    assert "disconnected, waiting" in other.waiting() or any("disconnected" in i.event.text for i in other.log)
    outcomes = bots_play([dropping, other], seed=5)
    assert dropping.connections == 2
    assert any(i.event.text == "Reconnected." for i in dropping.log)
    assert outcomes[0] == outcomes[1] and castle.session.record.outcome is not None
    castle.session.record.verify(castle.session.game)
    dropping.close()
    other.close()


def test_a_second_connection_with_the_same_code_replaces_the_first(castle):
    first = castle.join(0)
    gone = threading.Event()
    first.on_change = lambda: gone.set() if first.lost is not None else None
    second = castle.join(0)
    assert gone.wait(BOUND), "the first connection was not told it is replaced"
    assert first.lost == REPLACED
    with pytest.raises(TabletopError) as lost:
        first.submit(0, "take K")
    assert str(lost.value) == REPLACED
    assert second.advance() is not None  # the new connection holds the seat
    first.close()
    second.close()


def test_an_unknown_code_is_refused_with_the_servers_sentence(castle):
    from tabletop.net.client import RemoteTable

    with pytest.raises(TabletopError) as refused:
        RemoteTable(castle.url, "not-a-code", game_for=registry().game).connect()
    assert str(refused.value) == UNKNOWN_CODE


def test_nothing_listening_is_one_sentence(tmp_path):
    from tabletop.net.client import RemoteTable

    server = ServerThread(tmp_path / "data", "castlewars", people(2))
    url = server.url
    server.stop()
    with pytest.raises(TabletopError, match="^Could not reach ws://127.0.0.1"):
        RemoteTable(url, "x" * 22, game_for=registry().game).connect()


@pytest.mark.slow
def test_a_restarted_server_is_joined_again_and_the_game_goes_on(tmp_path):
    seats = [SeatSpec("Ana", HUMAN), SeatSpec("Bo", HUMAN)]
    server = ServerThread(tmp_path / "data", "castlewars", seats, seed=11)
    codes, port = server.codes, server.port
    tables = [server.join(0, delays=(0.1, 0.2, 0.4, 0.8, 1.6)), server.join(1, delays=(0.1, 0.2, 0.4, 0.8, 1.6))]
    assert tables[0].advance() is not None
    tables[0].submit(0, tables[0].decision(0).legal[0])
    taken = list(server.session.record.actions)
    server.stop()  # says it is going (1001): the clients try again
    restarted = ServerThread(tmp_path / "data", port=port, resume=True)
    restarted.codes = codes
    try:
        assert restarted.session.record.actions == taken
        outcomes = bots_play(tables, seed=9)
        assert [t.connections for t in tables] == [2, 2], [[i.event.text for i in t.log if i.event.kind == "status"] for t in tables]
        assert outcomes[0] == outcomes[1] and restarted.session.record.outcome is not None
        assert restarted.session.record.actions[:len(taken)] == taken
        restarted.session.record.verify(restarted.session.game)
    finally:
        for table in tables:
            table.close()
        restarted.stop()


def test_the_code_is_kept_in_a_file_only_its_owner_reads(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "mine"))
    assert stored_code("ws://127.0.0.1:9") is None
    path = store_code("ws://127.0.0.1:9", "abc")
    store_code("ws://127.0.0.1:10", "def")
    assert stored_code("ws://127.0.0.1:9") == "abc" and stored_code("ws://127.0.0.1:10") == "def"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_a_game_not_installed_here_is_one_sentence(castle):
    from tabletop.core.errors import UnknownNameError
    from tabletop.net.client import RemoteTable

    def nothing_installed(name):
        raise UnknownNameError(f"No game '{name}'.")

    with pytest.raises(TabletopError) as refused:
        RemoteTable(castle.url, castle.codes[0], game_for=nothing_installed).connect()
    assert str(refused.value) == "This table plays 'castlewars', which is not installed here; install its plugin, then join again."
