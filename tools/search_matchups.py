"""Search against search and against the rule-based bots: the table of issue 23's closing note.

Each row is one matchup: a bot (the row's first) against opponents, seats turned round one place
a game so it plays every seat equally often, each game its own seed. Printed per row: games,
wins of the first bot (shared wins count their share), Wilson 95% interval, its win rate from
each seat, and the median and 90th percentile of its CPU seconds per decision (decisions with one
legal action left out; CPU time, as the machine may be shared: it is what one core would take). Rows run one after the other; a row's games may be spread over worker
processes (``--jobs``), each game played in one process, so figures do not depend on them.

    nice -n 10 python tools/search_matchups.py --games 400 --rows bluff-new-honest,wms-new-veteran
    nice -n 10 python tools/search_matchups.py --games 100 --rows 'wms:ismcts:trust=2|veteran'
    python tools/search_matchups.py --list

The Bluff test game and the fixed Windup War scripts (``script-tune``, ``script-held``) live in
tests/, so this script is run from the checkout's root.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import subprocess
import sys
import time
import types
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.core.stats import wilson  # noqa: E402
from tabletop.engine.match import run_match  # noqa: E402
from tabletop.engine.registry import build_registry  # noqa: E402
from tabletop.engine.table import bot_rng  # noqa: E402

NEW = "ismcts:belief=1"  # with beliefs (the rule-based bot as model)
OLD = "ismcts:belief=0"  # the search before the belief (today's: uniform worlds, the default)
#: The commit issue 23 started from: ``before`` in a seats list is the search as it was there
#: (its engine defaults, no beliefs, no regret matching, one worker, and the game's search kit
#: from that commit), ``before:time=0.1`` with settings.
START = "3b9c299"
EQUAL = "time={t}"

#: name -> (game, seats: the first is the bot measured)
ROWS: dict[str, tuple[str, list[str]]] = {
    "bluff-new-honest": ("bluff", [NEW, "honest"]),
    "bluff-old-honest": ("bluff", [OLD, "honest"]),
    "bluff-new-old": ("bluff", [f"{NEW},{EQUAL}", f"{OLD},{EQUAL}"]),
    "wms-new-veteran": ("wms", [NEW, "veteran"]),
    "wms-new-old": ("wms", [f"{NEW},{EQUAL}", f"{OLD},{EQUAL}"]),
    "windupwar-new-tactician": ("windupwar", [NEW, "tactician"]),
    "windupwar-new-old": ("windupwar", [f"{NEW},{EQUAL}", f"{OLD},{EQUAL}"]),
    "windupwar4-new-tactician": ("windupwar", [NEW, "tactician", "tactician", "tactician"]),
    "windup_machines-new-engineer": ("windup_machines", [NEW, "engineer"]),
    "windup_machines-new-old": ("windup_machines", [f"{NEW},{EQUAL}", f"{OLD},{EQUAL}"]),
    "castlewars-new-captain": ("castlewars", [NEW, "captain"]),
    "castlewars-new-old": ("castlewars", [f"{NEW},{EQUAL}", f"{OLD},{EQUAL}"]),
}


@functools.cache
def _registry():
    from tests.bluff import plugin as bluff_plugin
    from tests.scripts import plugin as scripts_plugin

    return build_registry(extra=[bluff_plugin, scripts_plugin])


@functools.cache
def _search_module_at(folder: str, revision: str) -> types.ModuleType:
    """A game's search.py as it was at ``revision`` (read from git once a process), as a module."""
    path = f"plugins/{folder}/search.py"
    source = subprocess.run(["git", "show", f"{revision}:{path}"], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parents[1]).stdout
    module = types.ModuleType(f"tabletop_games.{folder}.search_at_{revision}")
    exec(compile(source, f"{revision}:{path}", "exec"), module.__dict__)
    return module


def _before(game, text: str, rng):
    """``before[:settings]``: the search at :data:`START` (the kit of that commit, the engine's
    defaults, which beliefs, regret matching and workers left as they were; typed settings
    checked as ismcts checks them)."""
    from tabletop.agents.ismcts_bot import ISMCTS, agent_for
    from tabletop.core.facets import SearchKit

    kit = SearchKit()
    if game.name != "bluff":  # the Bluff test game came later, with no kit
        kit = _search_module_at(type(game).__module__.split(".")[1], START).search_kit(game)
    return agent_for(kit, ISMCTS.values(text.partition(":")[2]), None, game, rng)


def _one_game(args: tuple[str, list[str], int, int]) -> tuple[float, int, list[float]]:
    """Play game ``index``: (the first bot's share, its seat, its seconds per decision)."""
    game_name, bots, index, seed = args
    registry = _registry()
    game = registry.game(game_name)
    count = len(bots)
    turn = index % count
    order = [(s - turn) % count for s in range(count)]  # order[seat]: which listed bot sits there
    times: list[float] = []

    class Timed:
        def __init__(self, agent):
            self.agent = agent

        def choose(self, decision):
            start = time.process_time()
            action = self.agent.choose(decision)
            if len(decision.legal) > 1:
                times.append(time.process_time() - start)
            return action

    agents = []
    game_seed = seed + index
    for s, b in enumerate(order):
        if bots[b].split(":")[0] == "before":
            agent = _before(game, bots[b], bot_rng(game_seed, s))
        else:
            agent = registry.bot(game_name, bots[b]).factory(game, s, bot_rng(game_seed, s))
        agents.append(Timed(agent) if b == 0 else agent)
    result = run_match(game, agents, seed=game_seed)
    seat = order.index(0)
    return result.outcome.share(seat), seat, times


def row(name: str) -> tuple[str, list[str]]:
    """A named row, or one written out as ``GAME:SEAT|SEAT|...`` (the first seat measured)."""
    if name in ROWS:
        return ROWS[name]
    game_name, sep, seats = name.partition(":")
    if not sep or "|" not in seats:
        raise SystemExit(f"No row '{name}': name one from --list, or write GAME:SEAT|SEAT (e.g. wms:ismcts|veteran).")
    return game_name, seats.split("|")


def run_row(name: str, games: int, seed: int, jobs: int, seconds: float, every: int = 0) -> dict:
    """Play the row's games; with ``every``, print the row so far after each ``every`` games."""
    game_name, bots = row(name)
    bots = [b.format(t=seconds) for b in bots]
    work = [(game_name, bots, i, seed) for i in range(games)]
    results: list[tuple[float, int, list[float]]] = []
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        played = pool.map(_one_game, work) if pool is not None else map(_one_game, work)
        for result in played:
            results.append(result)
            if every and len(results) % every == 0 and len(results) < games:
                print(_line(_figures(name, game_name, bots, results)) + " (so far)", flush=True)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return _figures(name, game_name, bots, results)


def _figures(name: str, game_name: str, bots: list[str], results: list[tuple[float, int, list[float]]]) -> dict:
    games = len(results)
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, games)
    by_seat: dict[int, list[float]] = {}
    times: list[float] = []
    for share, seat, spent in results:
        by_seat.setdefault(seat, []).append(share)
        times += spent
    times.sort()
    return {
        "row": name, "game": game_name, "bots": bots, "games": games, "win_rate": wins / games,
        "ci95": (low, high), "by_seat": {s: sum(v) / len(v) for s, v in sorted(by_seat.items())},
        "median_s": statistics.median(times) if times else None,
        "p90_s": times[min(len(times) - 1, int(0.9 * len(times)))] if times else None,
    }


def _line(row: dict) -> str:
    seats = " / ".join(f"{100 * v:.1f}%" for v in row["by_seat"].values())
    low, high = row["ci95"]
    median = "-" if row["median_s"] is None else f"{row['median_s']:.3f}"
    p90 = "-" if row["p90_s"] is None else f"{row['p90_s']:.3f}"
    return (f"| {row['row']} | {' vs '.join(row['bots'])} | {row['games']} | {100 * row['win_rate']:.1f}% | "
            f"{100 * low:.1f}-{100 * high:.1f}% | {seats} | {median} | {p90} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", nargs="+", default=[",".join(ROWS)],
                        help="comma-separated row names (--list), or GAME:SEAT|SEAT for any other (one an argument)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, one game each at a time")
    parser.add_argument("--seconds", type=float, default=0.1, help="time per decision in the equal-time rows")
    parser.add_argument("--every", type=int, default=0, help="print each row so far every N games")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if args.list:
        for name, (game, bots) in ROWS.items():
            print(f"{name}: {game}: {' vs '.join(bots)}")
        return
    print("| row | seats (first measured) | games | wins | 95% CI (Wilson) | by seat | median CPU s | 90th pct |")
    print("|---|---|---|---|---|---|---|---|", flush=True)
    names = [n for value in args.rows for n in ([value] if ":" in value else value.split(","))]
    from tabletop.core.errors import TabletopError

    for name in names:
        try:
            print(_line(run_row(name.strip(), args.games, args.seed, args.jobs, args.seconds, args.every)), flush=True)
        except TabletopError as error:  # a bot or setting misnamed: one sentence
            raise SystemExit(str(error)) from None


if __name__ == "__main__":
    main()
