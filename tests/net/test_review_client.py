"""Review findings on the network client (RemoteTable), fed frames directly: what it offers a
front end after a reconnection, and what a seat that (re)joins while not asked is shown."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

from tabletop.net import protocol  # noqa: E402
from tabletop.net.client import RemoteTable  # noqa: E402
from tests.net.helpers import registry  # noqa: E402

NAMES = ["Ana", "Ben"]


def welcome(seat: int) -> dict:
    game = registry().game("castlewars")
    return protocol.welcome(game=game.name, version=game.version, title=game.title, options={},
                            seat=seat, names=NAMES)


def table(seq: int, *, legal=(), to_act=(0,), outcome=None) -> dict:
    frame = protocol.table(seq=seq, view={"mine": seq}, to_act=to_act, chosen=(), connected=[True, True],
                           legal=list(legal), describe={}, events=[], outcome=outcome,
                           decision=seq if legal else None)
    return protocol.decode_server(protocol.encode(frame))


def remote() -> RemoteTable:
    return RemoteTable("ws://127.0.0.1:9", "code", game_for=registry().game)


def test_after_a_reconnection_the_table_last_seen_is_not_offered_until_the_server_sends_a_new_one():
    seat = remote()
    seat._receive(welcome(0))
    seat._receive(table(7, legal=["a", "b"]))
    assert seat.human_to_act() == 0
    seat._receive(welcome(0))  # the connection dropped and came back (or the server restarted)
    assert seat.human_to_act() is None, "a move chosen from the old frame would answer a decision it never saw"
    seat._receive(table(0, legal=["b"]))
    assert seat.human_to_act() == 0 and seat.decision(0).legal == ["b"]


def test_a_seat_joining_while_not_asked_is_shown_its_view_when_the_front_end_waits():
    seat = remote()
    seat._receive(welcome(0))
    seat._receive(table(3, to_act=(1,)))  # arrives before any front end listens
    told = threading.Event()
    seat.on_change = told.set  # the front end, set up after the first frames
    ended = []
    waiter = threading.Thread(target=lambda: ended.append(seat.advance()), daemon=True)
    waiter.start()
    assert told.wait(10), "a front end waiting with no news shows an empty board"
    assert seat.view(0) == {"mine": 3}
    seat._receive(table(4, to_act=(), outcome=protocol.outcome_frame({"winners": [1], "reason": "r"}, "Ben wins")))
    waiter.join(10)
    assert ended == [None]
