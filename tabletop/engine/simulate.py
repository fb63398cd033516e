"""Play many bot games: one :class:`GameResult` per game (``tabletop.lab.figures`` sums them up).

Game ``i`` of a run with seed ``S`` is played with seed ``S + i`` and each bot gets a
generator seeded from that game seed and its seat, so a game's result depends on its
seed alone: a run gives the same results whatever plays it (one process, a pool, Ray)
and in whatever order its games finish.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

import pluggy

from tabletop.core.decision import BotSpec
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.stats import Stat
from tabletop.engine.registry import FACET_PLUGIN
from tabletop.engine.session import Session
from tabletop.engine.table import SeatSpec, StepLimitExceeded


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
    #: Places the run's bots were moved clockwise for this game (``--rotate``): the bot
    #: listed at seat ``p`` sat at seat ``(p + rotation) % seats``.
    rotation: int = 0

    def packed(self) -> GameResult:
        """The same result with its statistics as JSON: cheap to send, ready to store."""
        if not self.stats:
            return self
        return self._replace(stats=(), stats_json=encode_stats(self.stats))


def encode_stats(stats: Sequence[Stat]) -> str:
    """``[[seat, name, value], ...]``, the form the results database keeps."""
    return json.dumps([[s.seat, s.name, s.value] for s in stats], separators=(",", ":"), ensure_ascii=False)


class FinalView(Mapping[str, Any]):
    """The spectator's view of a finished game, worked out on first reading: most plugins'
    statistics hooks answer None for a game not theirs without looking at it."""

    __slots__ = ("_game", "_state", "_view")

    def __init__(self, game: Game, state: Any):
        self._game, self._state = game, state
        self._view: Mapping[str, Any] | None = None

    def _seen(self) -> Mapping[str, Any]:
        if self._view is None:
            self._view = self._game.view(self._state, None)
        return self._view

    def __getitem__(self, key: str) -> Any:
        return self._seen()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._seen())

    def __len__(self) -> int:
        return len(self._seen())


def collect_stats(
    pm: pluggy.PluginManager, game: Game, state: Any, seats: int, events: Sequence[Event], outcome: Any
) -> tuple[tuple[Stat, ...], str | None]:
    """Every plugin's figures about one game; a failing hook costs its figures, not the game."""
    return StatsHook(pm)(game, state, seats, events, outcome)


#: The arguments of ``tabletop_collect_stats``, in the order of its specification.
STATS_ARGS = ("game", "seats", "events", "outcome", "final_view")
#: Longest name and text value a statistic may have: a report shows them in table cells.
MAX_STAT_NAME = 80
MAX_STAT_TEXT = 200
#: Largest number a statistic may be: beyond it sums and means lose every digit.
MAX_STAT_NUMBER = 1e15
#: What a plugin's code may raise and still count as its own failure, not the program's end.
PLUGIN_ERRORS = (Exception, SystemExit)


class StatError(ValueError):
    """A plugin's statistic that the lab cannot keep."""


def check_stat(stat: object, seats: int) -> None:
    """Refuse what no report could show: a statistic must be a :class:`Stat` with a short text
    name, a finite number (or bool, or short text) for a value, and a seat of this game or None."""
    if not isinstance(stat, Stat):
        raise StatError(f"a statistic must be a Stat, not {type(stat).__name__}")
    name, value, seat = stat.name, stat.value, stat.seat
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_STAT_NAME:
        raise StatError(f"a statistic's name must be text of 1 to {MAX_STAT_NAME} characters, not {str(name)[:40]!r}")
    if isinstance(value, bool):
        pass
    elif isinstance(value, int | float):
        if not math.isfinite(value) or abs(value) > MAX_STAT_NUMBER:
            raise StatError(f"statistic {name[:40]!r} is {str(value)[:40]}, not a finite number")
    elif isinstance(value, str):
        if len(value) > MAX_STAT_TEXT:
            raise StatError(f"statistic {name[:40]!r} is text of {len(value)} characters (at most {MAX_STAT_TEXT})")
    else:
        raise StatError(f"statistic {name[:40]!r} is a {type(value).__name__}, not a number, bool or text")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats):
        raise StatError(f"statistic {name[:40]!r} names seat {str(seat)[:20]}, which this game does not have")


class StatsHook:
    """``tabletop_collect_stats`` with its implementations looked up once: a run asks it after
    every game, and pluggy's own call costs more than the plugins' answers (most say None).

    Implementations are called in pluggy's order; with a wrapper among them pluggy calls them."""

    def __init__(self, pm: pluggy.PluginManager, game: Game | None = None):
        """``game``: the one game asked about, if known: the engine's own implementation (a
        game's ``statistics`` facet) is left out for a game without one, and with no other
        implementation a run keeps no events for statistics at all."""
        self.hook = pm.hook.tabletop_collect_stats
        impls = self.hook.get_hookimpls()
        wrapped = any(i.hookwrapper or i.wrapper for i in impls)
        if game is not None and not wrapped and getattr(game, "statistics", None) is None:
            impls = [i for i in impls if i.plugin_name != FACET_PLUGIN]
        self.asked = bool(impls)
        #: Each implementation's plugin, function and the places of the arguments it takes in
        #: :data:`STATS_ARGS`.
        self.impls = None if wrapped else [
            (i.plugin_name, i.function, tuple(STATS_ARGS.index(name) for name in i.argnames)) for i in reversed(impls)
        ]

    def __bool__(self) -> bool:
        return self.asked

    def __call__(
        self, game: Game, state: Any, seats: int, events: Sequence[Event], outcome: Any
    ) -> tuple[tuple[Stat, ...], str | None]:
        """The figures, or none and why: which plugin failed (raised, exited, or gave a statistic
        no report could show: NaN, infinite, huge text, a seat the game does not have)."""
        values = (game, seats, events, outcome, FinalView(game, state))
        if self.impls is None:
            try:
                answers = [("a plugin", a) for a in self.hook(**dict(zip(STATS_ARGS, values, strict=True)))]
            except PLUGIN_ERRORS as error:
                return (), f"statistics failed: {type(error).__name__}: {str(error)[:200]}"
        else:
            answers = []
            for plugin, function, places in self.impls:
                try:
                    answers.append((plugin, function(*[values[i] for i in places])))
                except PLUGIN_ERRORS as error:  # sys.exit() in a hook is the plugin's failure
                    return (), f"plugin '{plugin}' failed in its statistics: {type(error).__name__}: {str(error)[:200]}"
        if all(answer is None for _, answer in answers):  # no plugin knows this game
            return (), None
        stats: list[Stat] = []
        for plugin, answer in answers:
            if not answer:
                continue
            try:
                for stat in answer:
                    check_stat(stat, seats)
                    stats.append(stat)
            except (StatError, TypeError) as error:
                return (), f"plugin '{plugin}' gave a statistic the lab cannot keep: {error}"
        return tuple(stats), None


def rotated(bots: Sequence[BotSpec], rotation: int) -> list[BotSpec]:
    """The bots moved ``rotation`` places clockwise: the one listed at seat ``p`` sits at ``p + rotation``."""
    n = len(bots)
    return [bots[(seat - rotation) % n] for seat in range(n)]


class Simulator:
    """Plays one run's games: what every game shares (the bots' factories and names, whether
    any plugin observes games or wants their figures) is worked out once, not per game."""

    def __init__(
        self,
        game: Game,
        bots: Sequence[BotSpec],
        options: Mapping[str, Any],
        pm: pluggy.PluginManager | None = None,
    ):
        self.game, self.bots, self.options, self.pm = game, list(bots), options, pm
        hooks = pm.hook if pm is not None else None
        self.stats = StatsHook(pm, game) if pm is not None else None
        self.wants_stats = bool(self.stats)
        observed = hooks is not None and bool(
            hooks.tabletop_observe_event.get_hookimpls() or hooks.tabletop_observe_game_end.get_hookimpls()
        )
        self.observers = pm if observed else None  # no observer: the match skips the hooks
        #: rotation: the seats of the table (each bot's spec and name), one entry per rotation played.
        self.seating: dict[int, list[SeatSpec]] = {}

    def _seat(self, rotation: int) -> list[SeatSpec]:
        self.seating[rotation] = [
            SeatSpec(f"Seat {seat + 1}", spec.name, spec) for seat, spec in enumerate(rotated(self.bots, rotation))
        ]
        return self.seating[rotation]

    def play(self, game_seed: int, *, rotation: int = 0) -> GameResult:
        """One game through the table loop (:class:`Session`, keeping no narration log);
        ``rotation`` moves the bots that many places clockwise first."""
        game = self.game
        seats = self.seating[rotation] if rotation in self.seating else self._seat(rotation)
        events: list[Event] = []
        session = None
        try:
            session = Session(game, seats, seed=game_seed, options=self.options, pm=self.observers, keep_log=False)
            result = session.play(on_event=events.append if self.wants_stats else None)
        except PLUGIN_ERRORS as error:  # one broken game is reported, not fatal to the run
            return GameResult((), 0, f"seed {game_seed}: {_why(session, error)}", seed=game_seed, rotation=rotation)
        outcome = result.outcome
        stats: tuple[Stat, ...] = ()
        stats_error = None
        if self.stats is not None and self.wants_stats:
            stats, stats_error = self.stats(game, result.state, len(seats), events, outcome)
        return GameResult(
            outcome.winners, result.steps, seed=game_seed, reason=outcome.reason,
            scores=outcome.scores, stats=stats, stats_error=stats_error, rotation=rotation,
        )


def _why(session: Session | None, error: BaseException) -> str:
    """What went wrong in a game, in words: a game not over in which nobody is to act says so
    (not 'IndexError: list index out of range')."""
    if isinstance(error, IndexError) and session is not None:
        try:
            stuck = session.outcome() is None and not session.game.to_act(session._state)
        except PLUGIN_ERRORS:
            stuck = False
        if stuck:
            return (
                f"after {session.steps} actions the game is not over, yet nobody is to act (its to_act "
                "names no seat); the game's plugin must end the game or name a seat"
            )
    if isinstance(error, StepLimitExceeded):  # the engine's own sentence, for people: no class name
        return str(error)[:300].rstrip(".")
    return f"{type(error).__name__}: {str(error)[:300]}"


def play_one(
    game: Game,
    bots: Sequence[BotSpec],
    options: Mapping[str, Any],
    game_seed: int,
    pm: pluggy.PluginManager | None = None,
    *,
    rotation: int = 0,
) -> GameResult:
    """One game on its own (a run plays many through one :class:`Simulator`)."""
    return Simulator(game, bots, options, pm).play(game_seed, rotation=rotation)


def iter_games(
    game: Game,
    bots: Sequence[BotSpec],
    options: Mapping[str, Any],
    seeds: Iterable[int],
    pm: pluggy.PluginManager | None = None,
) -> Iterator[GameResult]:
    """Play the games of these seeds one after another, in this process."""
    simulator = Simulator(game, bots, options, pm)
    for s in seeds:
        yield simulator.play(s)


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
