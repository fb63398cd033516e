"""The honest rule bot: tells the truth whenever it can and doubts only what looks impossible."""

from __future__ import annotations

from tabletop.plugin_api import BotSpec, Decision
from tests.bluff.game import COPIES, RANKS, rank


def honest_move(decision: Decision) -> str:
    """Lay the called rank if held, else the card whose rank this seat will be called for last;
    doubt a claim of a rank whose every copy it holds, or the claim that would empty a hand."""
    view, legal = decision.view, decision.legal
    hand = view["hands"][decision.seat]
    call = view["call"]
    if "doubt" in legal:
        held = sum(1 for card in hand if rank(card) == call)
        player = view["turn"]
        empty = not view["hands"][player]
        return "doubt" if held >= COPIES - 1 or empty else "accept"
    if f"play {call}" in legal:
        return f"play {call}"
    # Bluff with the rank this seat is called for furthest ahead (its calls go two steps a time).
    def wait(action: str) -> int:
        wanted = int(action.split()[1])
        return next(k for k in range(1, RANKS + 1) if (call - 1 + 2 * k) % RANKS + 1 == wanted)
    return max(legal, key=lambda a: (wait(a), a))


class Honest:
    def choose(self, decision: Decision) -> str:
        return honest_move(decision)


HONEST = BotSpec("honest", lambda game, seat, rng: Honest(), game="bluff",
                 help="Tells the truth when it can; doubts a claim it holds two copies of, or a winning claim.")
