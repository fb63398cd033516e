"""`tabletop serve` as a process, every person seat a client process of its own: complete games
of every bundled game, and a server killed mid-game (SIGKILL) and started again with --resume."""

from __future__ import annotations

import json
import signal
import time

import pytest

from tabletop.core.record import GameRecord
from tests.net.helpers import BUNDLED, registry, saved
from tests.net.processes import clients, results, serve, stop


def record_of(data) -> GameRecord:
    return saved(data)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BUNDLED))
def test_a_complete_game_with_every_person_a_process(name, tmp_path):
    seats = BUNDLED[name]
    data, started = tmp_path / "data", time.time()
    server, codes, starting = serve(tmp_path, name, "--players", str(seats), "--data", str(data), "--seed", "11",
                                    codes=tmp_path / "codes.json")
    try:
        assert codes["url"].startswith("ws://127.0.0.1:") and len(codes["seats"]) == seats and codes["spectator"]
        assert (tmp_path / "codes.json").stat().st_mode & 0o777 == 0o600
        assert all(len(s["code"]) == 22 for s in codes["seats"])
        launched = time.time()
        found = results(clients(tmp_path, codes["url"], [s["code"] for s in codes["seats"]]))
    finally:
        shown = stop(server)
    assert [f["seat"] for f in found] == list(range(1, seats + 1))
    assert all(f["outcome"] == found[0]["outcome"] is not None for f in found)
    record = record_of(data)
    record.verify(registry().game(name))
    assert found[0]["outcome"]["winners"] == [w + 1 for w in record.outcome["winners"]]
    for line in [s["code"] for s in codes["seats"]]:
        assert line in shown  # the host sees each code once
    settings = (data / "games" / "1" / "settings.json").read_text()
    assert not any(s["code"] in settings for s in codes["seats"]) and "seed" not in json.loads(settings)
    waits = [f["first_decision"] - started for f in found if f["first_decision"]]
    joins = [f["first_decision"] - launched for f in found if f["first_decision"]]
    print(f"\n{name}: serve started and printed its codes in {starting:.2f}s; from serve to the first decision frame "
          "per client (client processes started after the codes): " + ", ".join(f"{w:.2f}s" for w in waits)
          + "; of which client start to first decision: " + ", ".join(f"{w:.2f}s" for w in joins))


@pytest.mark.slow
def test_bot_seats_play_on_the_server(tmp_path):
    data = tmp_path / "data"
    server, codes, _ = serve(tmp_path, "windupwar", "--seats", "human,tactician,human,random", "--data", str(data),
                             codes=tmp_path / "codes.json")
    try:
        assert [s["seat"] for s in codes["seats"]] == [1, 3]
        found = results(clients(tmp_path, codes["url"], [s["code"] for s in codes["seats"]]))
    finally:
        stop(server)
    record = record_of(data)
    assert {seat for seat, _ in record.actions} == {0, 1, 2, 3}
    assert [s["agent"] for s in record.seats] == ["human", "tactician", "human", "random"]
    record.verify(registry().game("windupwar"))
    assert all(f["outcome"] is not None for f in found)


@pytest.mark.slow
def test_a_server_killed_mid_game_resumes_with_nothing_lost(tmp_path):
    """Done when: four people play Windup War hosted by a fifth, the server is killed and started
    again mid-game, everyone rejoins with their code, and the game finishes, its record replaying."""
    data, codes_file = tmp_path / "data", tmp_path / "codes.json"
    server, codes, _ = serve(tmp_path, "windupwar", "--players", "4", "--data", str(data), "--seed", "5",
                             codes=codes_file)
    port = codes["url"].rsplit(":", 1)[1]
    players = clients(tmp_path, codes["url"], [s["code"] for s in codes["seats"]])
    try:
        deadline = time.monotonic() + 120
        while len(record_of(data).actions) < 12:  # mid-game: some moves accepted
            assert time.monotonic() < deadline, "no moves were accepted"
            time.sleep(0.02)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
        before = record_of(data)
        assert before.outcome is None, "the game ended before the kill; play a longer one"
        server, again, _ = serve(tmp_path, "--resume", str(data), "--port", port, codes=codes_file)
        assert again["seats"] == [] and again["url"] == codes["url"]  # no new codes: the old ones open the seats
        found = results(players)
    finally:
        for process in players:
            if process.poll() is None:
                process.kill()
        stop(server)
    after = record_of(data)
    assert after.actions[:len(before.actions)] == before.actions, "an accepted action was lost"
    after.verify(registry().game("windupwar"))
    assert all(f["outcome"] == found[0]["outcome"] is not None for f in found)
    assert all(f["connects"] >= 2 for f in found), "every client should have rejoined"
    assert json.loads((data / "games" / "1" / "settings.json").read_text())["game"] == "windupwar"
