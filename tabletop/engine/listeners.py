"""Who hears what happens at a table: the narration log a front end reads, the plugins observing
events and the game's end (each switched off alone if it raises), and a caller's ``on_event``.

Kept by :class:`~tabletop.engine.session.Session`. A simulation keeps no log and often has no
observer: then :meth:`Listeners.teller` is None and the table loop walks no event at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pluggy

from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.engine.registry import GuardedHook
from tabletop.engine.table import Logged

Tell = Callable[[Event], None]


class Listeners:
    """The narration log (:attr:`log`, if kept) and the plugins' observers of one table."""

    __slots__ = ("game", "names", "keep_log", "log", "plugins_off", "observe_event", "observe_end")

    def __init__(self, game: Game, names: Sequence[str], pm: pluggy.PluginManager | None,
                 on_plugin_error: Callable[[str], None] | None, keep_log: bool):
        self.game, self.names, self.keep_log = game, names, keep_log
        self.log: list[Logged] = []
        #: Plugins switched off after raising, shared by both hooks.
        self.plugins_off: set[str] = set()
        self.observe_event: GuardedHook | None = None
        self.observe_end: GuardedHook | None = None
        if pm is not None:
            self.observe_event = GuardedHook(pm, "tabletop_observe_event", report=on_plugin_error,
                                             switched_off=self.plugins_off) or None
            self.observe_end = GuardedHook(pm, "tabletop_observe_game_end", report=on_plugin_error,
                                           switched_off=self.plugins_off) or None

    def restart(self, game: Game, state: Any) -> None:
        """A game set up afresh: the log holds setup's events (step 0), if a log is kept."""
        self.log = [Logged(0, e) for e in game.opening_events(state)] if self.keep_log else []

    def log_teller(self, actions: Sequence[Any]) -> Tell | None:
        """Puts an event in the log with the number of ``actions`` taken (None when none is
        kept): a rebuild tells nobody else."""
        if not self.keep_log:
            return None
        append = self.log.append
        return lambda event: append(Logged(len(actions), event))

    def teller(self, on_event: Tell | None, actions: Sequence[Any], *, log: bool) -> Tell | None:
        """One callable telling an event to everyone listening (None: nobody is): the log (if
        ``log``), ``on_event`` and the observing plugins."""
        if on_event is None and self.observe_event is None and not self.keep_log:
            return None
        parts: list[Tell] = []
        if log and self.keep_log:
            parts.append(self.log_teller(actions))
        if on_event is not None:
            parts.append(on_event)
        if self.observe_event is not None:
            observe, game, names = self.observe_event, self.game, self.names
            parts.append(lambda event: observe(game=game, seat_names=names, event=event))
        if len(parts) <= 1:
            return parts[0] if parts else None

        def tell(event: Event) -> None:
            for part in parts:
                part(event)
        return tell

    def game_over(self, record: GameRecord) -> None:
        """Tell the observing plugins that the game has ended."""
        if self.observe_end is not None:
            self.observe_end(game=self.game, record=record)

    def visible(self, seat: int | None, since: int | None) -> list[str]:
        """Narration lines ``seat`` may see (None: public only) after action number ``since``
        (None: all of them, the setup's included)."""
        return [item.event.render(self.names) for item in self.log
                if (since is None or item.step > since) and item.event.visible(seat)]
