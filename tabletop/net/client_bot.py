"""A bot at a network seat (``tabletop join --bot``): it gets what the seat is sent, nothing more."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Outcome
from tabletop.net.client import RemoteTable


def needs_more_than_view(agent: Any) -> bool:
    """Whether ``agent`` reads more than a network seat is sent (its view and legal actions)."""
    return getattr(agent, "reads", "all") not in ("legal", "view")


def play_bot(table: RemoteTable, agent: Any, *, on_event: Callable[[Event], None] | None = None) -> Outcome | None:
    """Let ``agent`` (reading only its view or legal actions) take this seat to the end of the game.
    A refused move (a stale decision) is dropped: the table asks again."""
    if needs_more_than_view(agent):
        raise TabletopError("That bot searches the whole game, which a network seat cannot see; "
                            "choose one that reads only its view (such as random).")
    while (turn := table.advance(on_event)) is not None:
        try:
            news = table.submit(turn.seat, agent.choose(table.decision(turn.seat)))
        except TabletopError:
            if table.lost is not None:
                raise
            continue
        if on_event is not None:
            for item in news:
                on_event(item.event)
    return table.outcome()
