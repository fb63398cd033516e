"""When a held worker may act: "Players may use these abilities when appropriate, as dictated
by the individual worker card", with this plugin's reading of it (RULES.md, Workers): never
the turn it is hired, and at most its printed uses a turn."""

from __future__ import annotations


def usable(game, s, seat, wid) -> bool:
    """A held, not newly hired worker with uses left this turn."""
    return (wid in s.workers[seat] and wid not in s.fresh[seat]
            and s.used.get((seat, wid), 0) < game.worker[wid].uses)


def usable_ability(game, s, seat, ability) -> str | None:
    """The first held worker with this ability that ``seat`` may use now, or None."""
    for wid in s.workers[seat]:
        if game.worker[wid].ability == ability and usable(game, s, seat, wid):
            return wid
    return None


def mark_used(s, seat, wid) -> None:
    s.used[(seat, wid)] = s.used.get((seat, wid), 0) + 1
