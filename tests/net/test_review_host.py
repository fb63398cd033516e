"""Review findings on what the host's own terminal shows: the host may be a player, so a line the
server prints carries nothing a seat may not see (a game's failure is kept in the data folder)."""

from __future__ import annotations

import asyncio
import stat

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")

import pluggy  # noqa: E402

from tabletop.core import hookspecs  # noqa: E402
from tabletop.core.hookspecs import hookimpl  # noqa: E402
from tabletop.net.server import Server  # noqa: E402
from tabletop.net.server_store import Store  # noqa: E402
from tests.core.hidden_hand import CARDS, HiddenHand  # noqa: E402
from tests.net.helpers import Games, break_the_game, hosting, join, next_of, people  # noqa: E402


class Blurts(HiddenHand):
    """A game with a bug whose message names the cards in every hand."""

    name = "blurts"

    def apply(self, state, seat, action):
        if state.pile:
            raise KeyError(f"no rule for hands {state.hands} and deck {state.deck}")
        return super().apply(state, seat, action)


def test_a_failing_game_prints_no_hidden_card_on_the_hosts_terminal(tmp_path):
    game, told = Blurts(), []

    async def scenario():
        server = Server(Games(game), Store(tmp_path / "data"), report=told.append)
        game_id, codes = server.host(game, people(2), seed=1)
        url = await server.start()
        try:
            one, two = await break_the_game(url, codes)
            await one.close()
            await two.close()
        finally:
            await server.stop()
        return game_id

    game_id = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert len(told) == 1 and "Game 1 failed on a move (KeyError)" in told[0]
    kept = tmp_path / "data" / "games" / game_id / "failure.txt"
    assert str(kept) in told[0]
    assert not [card for card in CARDS if card in told[0].replace(str(kept), "")], told[0]
    assert "no rule for hands" in kept.read_text()
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600


def test_idle_connections_that_never_say_hello_are_bounded_and_a_real_seat_still_joins(tmp_path):
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    game = HiddenHand()

    async def scenario():
        async with hosting(tmp_path / "data", game, people(2), registry_=Games(game), max_pending=2,
                           hello_timeout=60) as (server, url, game_id, codes):
            idle = [await connect(url) for _ in range(2)]  # a slowloris: connects, never says hello
            while server.pending < 2:
                await asyncio.sleep(0.01)
            with pytest.raises((OSError, InvalidHandshake, ConnectionClosed)):  # closed at once, before any handshake
                await connect(url, open_timeout=30)
            assert server.gate.refused == 1
            await idle[0].close()
            while server.pending > 1:
                await asyncio.sleep(0.01)
            seat = await join(url, codes[0])
            assert (await next_of(seat, "welcome"))["seat"] == 1
            for ws in (seat, idle[1]):
                await ws.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


class Tattles:
    """An observer plugin that fails quoting an event's text (it sees hidden events too)."""

    @hookimpl
    def tabletop_observe_event(self, game, seat_names, event):
        raise ValueError(f"cannot file {event.render(seat_names)} {sorted(CARDS)}")


def test_a_failing_observer_prints_no_hidden_card_on_the_hosts_terminal(tmp_path):
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(Tattles(), name="tattles")
    game, told = HiddenHand(), []
    observed = Games(game)
    observed.pm = pm
    server = Server(observed, Store(tmp_path / "data"), report=told.append)
    game_id, _ = server.host(game, people(2), seed=1)
    table = server.games[game_id].table
    legal = table.session.legal_actions(0)
    assert table.act(0, None, next(a for a in legal if "play" in a), [])[0] is None  # its events: the observer fails
    kept = tmp_path / "data" / "games" / game_id / "failure.txt"
    assert len(told) == 1 and "A plugin failed in game 1 and is switched off" in told[0]
    assert not [card for card in CARDS if card in told[0].replace(str(kept), "")], told[0]
    assert "Plugin 'tattles' failed" in kept.read_text() and stat.S_IMODE(kept.stat().st_mode) == 0o600
