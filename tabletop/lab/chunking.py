"""How a run's games are handed to workers: in chunks sized to the work.

A chunk should take about :data:`TARGET_SECONDS` of a worker's time: long enough that sending it
and its results costs little next to playing it (random games take a fraction of a millisecond,
so a chunk holds hundreds), short enough for smooth progress and a quick Ctrl-C (a search game
takes seconds, so a chunk holds one). The first chunks hold one game each, until the workers'
own timings say how long a game takes; near the end chunks shrink (never more than a share of
what is left), so every worker finishes at about the same time: no idle tail. Which worker plays
which game never changes a result: each game's depends on its seed alone.
"""

from __future__ import annotations

#: Worker seconds a chunk aims at.
TARGET_SECONDS = 0.2
#: Near the end a chunk holds at most what is left over this many times the workers.
TAIL_SHARES = 3

Chunk = tuple[int, int]  # first game index, number of games


class Chunker:
    """Hands out ``(first, count)`` chunks of games ``first..games-1`` to ``workers`` workers."""

    def __init__(self, first: int, games: int, workers: int, *, target: float = TARGET_SECONDS):
        self.next_index, self.games, self.workers, self.target = first, games, max(1, workers), target
        self.timed_games = 0
        self.timed_seconds = 0.0

    def timed(self, count: int, seconds: float) -> None:
        """A worker played ``count`` games of a chunk in ``seconds`` of its time."""
        self.timed_games += count
        self.timed_seconds += seconds

    def size(self) -> int:
        left = self.games - self.next_index
        if not self.timed_games:
            return 1
        per_game = self.timed_seconds / self.timed_games
        wanted = int(self.target / per_game) if per_game > 0 else left
        return max(1, min(wanted, left // (self.workers * TAIL_SHARES)))

    def take(self) -> Chunk | None:
        """The next chunk, or None when every game has been handed out."""
        if self.next_index >= self.games:
            return None
        start = self.next_index
        count = min(self.size(), self.games - start)
        self.next_index += count
        return start, count
