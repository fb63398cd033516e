"""Who sits where: turning ``--seats``/``--players`` into agents and names."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.decision import BotSpec
from tabletop.core.errors import SeatCountError, UnknownNameError
from tabletop.core.game import Game
from tabletop.core.names import seat_name
from tabletop.engine.registry import Registry

HUMAN = "human"


@dataclass(frozen=True, slots=True)
class SeatPlan:
    kind: str  # "human" or a bot's short name
    bot: BotSpec | None


def default_bot(registry: Registry, game: Game) -> str:
    """The game's own rule-based bot if it has one, else random."""
    own = [b.name for b in registry.bots if b.game == game.name]
    return own[0] if own else "random"


def _split_seats(seats: str) -> list[str]:
    """Seats separated by commas. A bot's settings share the commas, so a ``key=value`` piece
    (no seat is named with ``=``) always continues the seat before it: ``human,ismcts:time=0.5,
    iterations=2000`` is two seats, and so is ``ismcts:time=0.1,ismcts:time=0.1,belief=0`` (two
    search settings at equal time); after a bare name it opens the settings, so
    ``ismcts,belief=0`` is the one seat ``ismcts:belief=0``."""
    kinds: list[str] = []
    for piece in (p.strip() for p in seats.split(",")):
        if not piece:
            raise UnknownNameError(f"'{seats}' has an empty seat; write names separated by commas.")
        if "=" in piece and ":" not in piece and kinds and kinds[-1].lower() != HUMAN:
            kinds[-1] += f"{',' if ':' in kinds[-1] else ':'}{piece}"
        else:
            kinds.append(piece)
    return kinds


def plan_seats(
    registry: Registry,
    game: Game,
    *,
    seats: str | None,
    players: int | None,
    bot: str | None = None,
    allow_human: bool = True,
) -> list[SeatPlan]:
    """``--seats human,random,...`` as given, or ``--players N``: one human, the rest bots."""
    if seats:
        kinds = _split_seats(seats)
    else:
        count = players if players is not None else game.min_players
        if count < 1:
            raise SeatCountError(f"{game.title} needs at least {game.min_players} players.")
        game.check_seats(count)  # before the seats are made: --players 1000000000 is one sentence, at once
        fill = bot or default_bot(registry, game)
        kinds = ([HUMAN] if allow_human else []) + [fill] * (count - (1 if allow_human else 0))
    plans: list[SeatPlan] = []
    for kind in kinds:
        if kind.lower() == HUMAN:
            if not allow_human:
                raise UnknownNameError("Only bots can sit in a simulation; 'human' cannot.")
            plans.append(SeatPlan(HUMAN, None))
        else:
            spec = registry.bot(game.name, kind)
            plans.append(SeatPlan(spec.name, spec))
    game.check_seats(len(plans))
    return plans


def seat_names(plans: list[SeatPlan], names: str | None) -> list[str]:
    """Names given with ``--names``, else "Player 1" for people and "random 2" for bots.

    Given names are made safe with :func:`~tabletop.core.names.seat_name` (a name too long is refused).
    """
    given = [seat_name(n) for n in names.split(",")] if names else []
    out = []
    for i, plan in enumerate(plans):
        if i < len(given) and given[i]:
            out.append(given[i])
        elif plan.kind == HUMAN:
            out.append(f"Player {i + 1}")
        else:
            out.append(f"{plan.kind} {i + 1}")
    return out
