"""Load on loopback: one `tabletop serve` process hosting 50 games of Windup War, four client
processes each playing one seat of every game (200 connections of random legal moves). Reports
games finished, actions per second, the server's CPU per action, p50/p95 round trip (a move
sent -> the table frame after it), and that every record replays. Bounded: clients stop by
themselves after a few minutes."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import pytest

from tests.net.helpers import registry, saved
from tests.net.processes import client_group, results, serve, stop

#: Games hosted (each of SEATS connections); TABLETOP_LOAD_GAMES=200 for the 800-connection figure.
GAMES = int(os.environ.get("TABLETOP_LOAD_GAMES", "50"))
SEATS = 4


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.slow
def test_fifty_games_of_four_clients_each(tmp_path):
    if not Path("/proc/self/stat").exists():
        pytest.skip("the server's CPU time is read from /proc (Linux)")
    data = tmp_path / "data"
    server, codes, _ = serve(tmp_path, "windupwar", "--players", str(SEATS), "--games", str(GAMES),
                             "--data", str(data), "--seed", "1", codes=tmp_path / "codes.json")
    try:
        assert len(codes["games"]) == GAMES
        cpu_before, started = cpu_seconds(server.pid), time.monotonic()
        per_seat = [[game["seats"][seat]["code"] for game in codes["games"]] for seat in range(SEATS)]
        processes = [client_group(tmp_path, codes["url"], seat_codes, seed=seat, seconds=300)
                     for seat, seat_codes in enumerate(per_seat)]
        found = results(processes, seconds=360)
        load = os.getloadavg()[0]
        wall = time.monotonic() - started
        cpu = cpu_seconds(server.pid) - cpu_before
    finally:
        stop(server)
    game = registry().game("windupwar")
    records = [saved(data, g["game"]) for g in codes["games"]]
    finished = sum(r.outcome is not None for r in records)
    for record in records:
        record.verify(game)  # every record replays to its outcome
    actions = sum(len(r.actions) for r in records)
    trips = sorted(t for f in found for t in f["round_trips"])
    p50, p95 = statistics.median(trips), trips[int(0.95 * (len(trips) - 1))]
    print(f"\n| games | clients | finished | actions | wall s | actions/s | server CPU ms/action | p50 ms | p95 ms | replayed |\n"
          f"|---|---|---|---|---|---|---|---|---|---|\n"
          f"| {GAMES} | {GAMES * SEATS} | {finished} | {actions} | {wall:.1f} | {actions / wall:.0f} | "
          f"{1000 * cpu / actions:.2f} | {1000 * p50:.1f} | {1000 * p95:.1f} | {len(records)}/{len(records)} |"
          f" load average {load:.2f}")
    assert finished == GAMES
