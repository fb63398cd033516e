"""Ending the Game: the last castle standing wins; all falling at once and the round limit
(RULES.md, "Ending the game") decide by hit points."""

from __future__ import annotations

from tabletop.plugin_api import Event, Outcome
from tabletop_games.castlewars.state import OVER, ROUND_LIMIT, CastleState


def game_ends(state: CastleState, before: tuple[int, ...], events: list) -> bool:
    """After a battle (``before``: the seats in play when it began): whether the game is over."""
    hp = state.hp
    standing = state.in_play
    if len(standing) == 1:
        _finish(state, standing, "last castle standing", events)
    elif not standing:
        best = max(hp[s] for s in before)
        _finish(state, [s for s in before if hp[s] == best],
                "all fell at once; the highest remaining hit points win", events)
    elif state.round >= ROUND_LIMIT:
        best = max(hp[s] for s in standing)
        _finish(state, [s for s in standing if hp[s] == best],
                f"round limit ({ROUND_LIMIT}); the highest hit points win", events)
    else:
        return False
    return True


def _finish(state: CastleState, winners, reason: str, events: list) -> None:
    state.phase = OVER
    state.result = Outcome(tuple(winners), reason, scores=tuple(float(h) for h in state.hp))
    who = " and ".join(f"{{p{w}}}" for w in winners)
    events.append(Event("end", f"{who} {'wins' if len(winners) == 1 else 'share the win'}: {reason}.",
                        {"winners": list(winners)}))
