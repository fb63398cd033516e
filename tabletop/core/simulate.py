"""Play many bot games and sum them up: wins per seat and per bot, game lengths.

Game ``i`` of a run with seed ``S`` is played with seed ``S + i`` and each bot gets a
generator seeded from that game seed and its seat, so a game's result depends on its
seed alone: a run gives the same results whatever plays it (one process, a pool, Ray)
and in whatever order its games finish. :class:`Tally` sums results as they stream
in, so a run of any length needs the same memory.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

import pluggy

from tabletop.agents.base import BotSpec
from tabletop.core.game import Event, Game
from tabletop.core.match import run_match
from tabletop.core.stats import Stat, wilson


class GameResult(NamedTuple):
    """One game's result. A named tuple: runs send many of them between processes."""

    winners: tuple[int, ...]
    length: int
    error: str | None = None
    seed: int = 0
    reason: str = ""
    scores: tuple[float, ...] | None = None
    stats: tuple[Stat, ...] = ()
    #: A plugin's statistics hook failed on this game (the game itself counts).
    stats_error: str | None = None
    #: ``stats`` as compact JSON (:func:`encode_stats`), as backends send and store them.
    stats_json: str = ""

    def packed(self) -> GameResult:
        """The same result with its statistics as JSON: cheap to send, ready to store."""
        if not self.stats:
            return self
        return self._replace(stats=(), stats_json=encode_stats(self.stats))


def encode_stats(stats: Sequence[Stat]) -> str:
    """``[[seat, name, value], ...]``, the form the results database keeps."""
    return json.dumps([[s.seat, s.name, s.value] for s in stats], separators=(",", ":"), ensure_ascii=False)


def bot_rng(game_seed: int, seat: int) -> random.Random:
    return random.Random(f"bot:{game_seed}:{seat}")


def collect_stats(
    pm: pluggy.PluginManager, game: Game, state: Any, seats: int, events: Sequence[Event], outcome: Any
) -> tuple[tuple[Stat, ...], str | None]:
    """Every plugin's figures about one game; a failing hook costs its figures, not the game."""
    try:
        answers = pm.hook.tabletop_collect_stats(
            game=game, seats=seats, events=events, outcome=outcome, final_view=game.view(state, None)
        )
        stats = tuple(s for answer in answers if answer for s in answer)
        bad = next((s for s in stats if not isinstance(s, Stat)), None)
        if bad is not None:
            raise TypeError(f"a statistic must be a Stat, not {type(bad).__name__}")
        return stats, None
    except Exception as error:
        return (), f"statistics failed: {type(error).__name__}: {error}"


def play_one(
    game: Game,
    bots: Sequence[BotSpec],
    options: Mapping[str, Any],
    game_seed: int,
    pm: pluggy.PluginManager | None = None,
) -> GameResult:
    agents = [spec.factory(game, seat, bot_rng(game_seed, seat)) for seat, spec in enumerate(bots)]
    wants_stats = pm is not None and bool(pm.hook.tabletop_collect_stats.get_hookimpls())
    events: list[Event] = []
    try:
        result = run_match(
            game, agents, seed=game_seed, options=options, pm=pm,
            agent_names=[spec.name for spec in bots],
            on_event=events.append if wants_stats else None,
        )
    except Exception as error:  # one broken game is reported, not fatal to the run
        return GameResult((), 0, f"seed {game_seed}: {type(error).__name__}: {error}", seed=game_seed)
    outcome = result.outcome
    stats: tuple[Stat, ...] = ()
    stats_error = None
    if wants_stats:
        assert pm is not None
        stats, stats_error = collect_stats(pm, game, result.state, len(bots), events, outcome)
    return GameResult(
        outcome.winners, result.steps, seed=game_seed, reason=outcome.reason,
        scores=outcome.scores, stats=stats, stats_error=stats_error,
    )


def iter_games(
    game: Game,
    bots: Sequence[BotSpec],
    options: Mapping[str, Any],
    seeds: Iterable[int],
    pm: pluggy.PluginManager | None = None,
) -> Iterator[GameResult]:
    """Play the games of these seeds one after another, in this process."""
    for s in seeds:
        yield play_one(game, bots, options, s, pm)


def run_games(
    game: Game,
    bots: Sequence[BotSpec],
    *,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    pm: pluggy.PluginManager | None = None,
) -> list[GameResult]:
    """Results in game order, played in this process (``tabletop.lab`` runs in parallel)."""
    game.check_seats(len(bots))
    resolved = game.resolve_options(options)
    return list(iter_games(game, bots, resolved, range(seed, seed + games), pm))


@dataclass
class Tally:
    """A run's figures summed as results arrive, in any order, in memory independent of the count.

    Shared wins are summed as exact fractions so the order of arrival cannot change a digit.
    """

    seats: int
    games: int = 0
    no_winner: int = 0
    wins: list[Fraction] = field(default_factory=list)
    lengths: Counter = field(default_factory=Counter)
    errors: int = 0
    first_errors: list[str] = field(default_factory=list)
    stats_errors: int = 0

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [Fraction(0)] * self.seats

    def add(self, result: GameResult) -> None:
        if result.error is not None:
            self.errors += 1
            if len(self.first_errors) < 3:
                self.first_errors.append(result.error)
            return
        self.games += 1
        if result.stats_error is not None:
            self.stats_errors += 1
        self.lengths[result.length] += 1
        if not result.winners:
            self.no_winner += 1
        for w in result.winners:
            self.wins[w] += Fraction(1, len(result.winners))


def _length_figures(lengths: Counter) -> dict[str, float]:
    n = sum(lengths.values())
    if not n:
        return {"mean": 0.0, "sd": 0.0, "min": 0, "max": 0}
    mean = sum(k * c for k, c in lengths.items()) / n
    var = sum(c * (k - mean) ** 2 for k, c in lengths.items()) / n
    return {"mean": mean, "sd": math.sqrt(var), "min": min(lengths), "max": max(lengths)}


def summarise(
    game: Game,
    bots: Sequence[BotSpec],
    results: Iterable[GameResult] | Tally,
    *,
    seed: int,
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """The figures ``tabletop simulate`` prints; seats are numbered from 1."""
    if isinstance(results, Tally):
        tally = results
    else:
        tally = Tally(len(bots))
        for r in results:
            tally.add(r)
    n = tally.games
    seat_wins = [float(w) for w in tally.wins]
    by_seat = []
    for seat, spec in enumerate(bots):
        low, high = wilson(seat_wins[seat], n)
        by_seat.append({
            "seat": seat + 1, "bot": spec.name, "wins": round(seat_wins[seat], 4),
            "rate": round(seat_wins[seat] / n, 4) if n else 0.0, "ci95": [round(low, 4), round(high, 4)],
        })
    by_bot: dict[str, dict[str, Any]] = {}
    for seat, spec in enumerate(bots):
        entry = by_bot.setdefault(spec.name, {"seats": [], "wins": 0.0, "games": 0})
        entry["seats"].append(seat + 1)
        entry["wins"] += seat_wins[seat]
        entry["games"] += n
    for entry in by_bot.values():
        low, high = wilson(entry["wins"], entry["games"])
        entry["wins"] = round(entry["wins"], 4)
        entry["rate"] = round(entry["wins"] / entry["games"], 4) if entry["games"] else 0.0
        entry["ci95"] = [round(low, 4), round(high, 4)]
    length = _length_figures(tally.lengths)
    return {
        "game": game.name,
        "version": game.version,
        "games": n,
        "seed": seed,
        "options": dict(options),
        "seats": [spec.name for spec in bots],
        "no_winner": tally.no_winner,
        "mean_length": round(length["mean"], 2),
        "sd_length": round(length["sd"], 2),
        "min_length": length["min"],
        "max_length": length["max"],
        "by_seat": by_seat,
        "by_bot": by_bot,
        "errors": tally.errors,
        "first_errors": list(tally.first_errors),
    }
