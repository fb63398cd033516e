"""Game end and scoring: machine points, prisms and their bonus, gold; the winner and tie-breaks."""

from __future__ import annotations

from tabletop.plugin_api import Event, Outcome
from tabletop_games.windup_machines.machine import machine_score, prism_bonus
from tabletop_games.windup_machines.state import OVER


def scores(game, s) -> list[dict[str, int]]:
    """Each seat's score breakdown as the game stands (the final one once it is over)."""
    rules = game.cards.rules
    bonus = prism_bonus(s.prisms, rules["prism_bonus"])
    out = []
    for seat in range(s.seats):
        m = machine_score(s.parts[seat], s.sides[seat], game.cards)
        m["prisms"] = s.prisms[seat] * rules["prism_points"]
        m["prism_bonus"] = bonus[seat]
        m["gold"] = s.gold[seat] * rules["gold_points"]
        m["total"] = m["gears"] + m["sets"] + m["decorations"] + m["prisms"] + m["prism_bonus"] + m["gold"]
        out.append(m)
    return out


def finish(game, s, ev) -> None:
    """"The player with the most victory points wins! In the case of a tie, the player with the
    most gold wins. If ... still tied, the player with the highest value decorative part wins."""
    final = scores(game, s)
    keys = [(m["total"], s.gold[t], m["best_decoration"]) for t, m in enumerate(final)]
    best = max(keys)
    winners = tuple(t for t in range(s.seats) if keys[t] == best)
    ranks = tuple(1 + sum(1 for k in keys if k > keys[t]) for t in range(s.seats))
    s.phase = OVER
    s.window = []
    s.result = Outcome(winners, "most victory points (ties: most gold, then highest decoration)",
                       scores=tuple(float(m["total"]) for m in final), ranks=ranks)
    who = " and ".join(f"{{p{w}}}" for w in winners)
    ev.append(Event("end", f"All gear cards are played. {who} {'wins' if len(winners) == 1 else 'share the win'} "
                    f"with {final[winners[0]]['total']} points.", {"winners": list(winners),
                                                                   "scores": [m["total"] for m in final]}))
