"""The leak test over the wire, for every bundled game and the planted-leak games: each frame a
connection receives is what its seat may see, and resampling what it cannot see changes none."""

from __future__ import annotations

import asyncio
import copy
import random
import time

import pytest

from tests.core.hidden_hand import HiddenHand
from tests.engine.test_planted_leaks import (
    DescribeNamesTheDeck,
    ErrorNamesAHand,
    PublicDrawEvent,
    ViewKeepsHistory,
    ViewShowsHands,
)
from tests.net.helpers import BUNDLED, Games, hosting, people, registry
from tests.net.wire_client import play_seat
from tests.net.wire_leaks import frame_problems
from tests.sealed.game import SealedDraw


def played_over_the_wire(tmp_path, game, seats, registry_, seed=3):
    """Play a game with a client per seat and a spectator; (record, watched frames, received frames)."""
    watched: list = []

    def watch(game_id):
        return lambda seat, step, frame: watched.append((seat, step, copy.deepcopy(frame)))

    async def scenario():
        async with hosting(tmp_path / "data", game, people(seats), seed=seed, registry_=registry_,
                           watch=watch) as (server, url, game_id, codes):
            deadline = time.monotonic() + 120
            logs = await asyncio.gather(*[play_seat(url, codes[s], rng=random.Random(s), deadline=deadline,
                                                    mistakes=0.3) for s in [*range(seats), None]])
            return server.games[game_id].table.session.record, logs

    record, logs = asyncio.run(scenario())
    assert record.outcome is not None
    return record, watched, logs


def received_match_watched(watched, logs, seats):
    for index, seat in enumerate([*range(seats), None]):
        sent = {frame["seq"]: frame for s, _, frame in watched if s == seat and frame["type"] == "table"}
        assert logs[index].frames, f"seat {seat} received no frame"
        for frame in logs[index].frames:
            assert frame == sent[frame["seq"]], f"seat {seat} received a frame the server did not build"


@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_every_frame_of_a_bundled_game_is_what_its_seat_may_see(name, tmp_path):
    seats = BUNDLED[name]
    record, watched, logs = played_over_the_wire(tmp_path, name, seats, registry())
    received_match_watched(watched, logs, seats)
    assert {seat for seat, _, _ in watched} == {*range(seats), None}
    assert any(frame["type"] == "refused" for _, _, frame in watched), "no wrong move was tried"
    assert frame_problems(registry().game(name), record, watched, samples=1) == []


def test_the_honest_hidden_hand_passes(tmp_path):
    game = HiddenHand()
    record, watched, logs = played_over_the_wire(tmp_path, game, 3, Games(game))
    received_match_watched(watched, logs, 3)
    assert frame_problems(game, record, watched) == []


def test_frames_of_a_sealed_game_show_who_has_chosen_and_nothing_of_what(tmp_path):
    game = SealedDraw()
    record, watched, logs = played_over_the_wire(tmp_path, game, 3, Games(game))
    received_match_watched(watched, logs, 3)
    assert any(frame["type"] == "table" and frame["chosen"] for _, _, frame in watched), "no choice was held"
    assert frame_problems(game, record, watched) == []


@pytest.mark.parametrize("planted, words", [
    (ViewShowsHands, "its view changed"),
    (ViewKeepsHistory, "hidden from that seat"),
    (DescribeNamesTheDeck, "its describe changed"),
    (PublicDrawEvent, "the events of action"),
    (ErrorNamesAHand, "the refusal of"),
])
def test_a_planted_leak_fails_the_wire_check(planted, words, tmp_path):
    game = planted()
    record, watched, _ = played_over_the_wire(tmp_path, game, 3, Games(game))
    problems = frame_problems(game, record, watched)
    assert any(words in p for p in problems), problems[:3]
