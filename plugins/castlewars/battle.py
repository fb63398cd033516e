"""The Battle Phase: every interaction at once, from the locked-in orders.

:func:`resolve_battle` is one pure function, apart from the game state, so the rulebook's
Example Battle and each interpretation (see RULES.md, "Battle Phase: resolution") can be tested on plain
lists. Nothing there depends on the order in which seats are processed except where
RULES.md says so (the alternation of several attackers follows the round's turn order).
:func:`fight` turns the orders face up, applies the report to the state and narrates it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial

from tabletop.plugin_api import Event, LazyEvent
from tabletop_games.castlewars.cards import TOWER

DEFEND = -1


@dataclass(slots=True)
class BattleReport:
    """What the battle did, seat by seat, plus the clashes in the order they happened."""

    survivors: dict[int, list[str]]          # Units each seat gets back, in line order
    power: dict[int, int]                    # attack power that reached each seat's Towers
    towers_broken: dict[int, int]
    damage: dict[int, int]                   # hit points lost
    clashes: list[dict] = field(default_factory=list)
    strikes: list[dict] = field(default_factory=list)


def _fight(
    front: list[tuple[int, str]],
    back: list[tuple[int, str]],
    beats: Mapping[str, str],
    clashes: list[dict],
) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """Two queues of (owner, Unit) meet front to front; the winner stays to meet the next.

    A Unit meeting its weakness is discarded; equal Units discard each other.
    Returns what is left of each queue.
    """
    i = j = 0
    n, m = len(front), len(back)
    while i < n and j < m:
        a_seat, a_unit = front[i]
        b_seat, b_unit = back[j]
        if a_unit == b_unit:
            lost = [a_seat, b_seat]
            i += 1
            j += 1
        elif beats[a_unit] == b_unit:
            lost = [b_seat]
            j += 1
        else:
            lost = [a_seat]
            i += 1
        clashes.append({"seats": [a_seat, b_seat], "units": [a_unit, b_unit], "lost": lost})
    return front[i:], back[j:]


def _alternate(queues: list[list[tuple[int, str]]]) -> list[tuple[int, str]]:
    """Several attackers alternate sending a Unit: one each in turn, skipping the exhausted."""
    out: list[tuple[int, str]] = []
    depth = max((len(q) for q in queues), default=0)
    for k in range(depth):
        for queue in queues:
            if k < len(queue):
                out.append(queue[k])
    return out


def resolve_battle(
    *,
    order: Sequence[int],
    choices: Mapping[int, int],
    lines: Mapping[int, Sequence[str]],
    towers: Mapping[int, int],
    beats: Mapping[str, str],
    power: Mapping[str, int],
    absorbs: int,
) -> BattleReport:
    """Resolve one Battle Phase.

    ``order``: the seats in play in this round's turn order. ``choices[s]``: the seat
    ``s`` attacks, or DEFEND. ``lines[s]``: its Units, leftmost (first sent) first.
    Each seat's line takes part in exactly one engagement: its own defence if it
    defends, else the attack on its target. Attack power that gets through is pooled
    per target against its Towers, then hit points.
    """
    report = BattleReport({s: [] for s in order}, dict.fromkeys(order, 0), {}, {})
    for rank, target in enumerate(order):
        attackers = [a for a in order if choices[a] == target]
        if choices[target] == DEFEND:
            _defence(report, target, attackers, lines, beats, power)
            continue
        for a in attackers:
            if choices[target] == a:
                if order.index(a) < rank:
                    continue  # this mutual pair was fought when ``a`` was the target
                _mutual(report, target, a, lines, beats, power)
            else:
                _strike(report, a, target, list(lines[a]), power)  # the target's Units are away
    for s in order:
        hit, held = report.power[s], towers[s]
        report.towers_broken[s] = min(held, hit // absorbs)
        report.damage[s] = max(0, hit - absorbs * held)
    return report


def _strike(report: BattleReport, seat: int, target: int, units: list[str], power: Mapping[str, int]) -> None:
    """Units that got through strike the target's Towers, then hit points, and go home."""
    if not units:
        return
    hit = sum(power[u] for u in units)
    report.power[target] += hit
    report.survivors[seat].extend(units)
    report.strikes.append({"seat": seat, "target": target, "units": units, "power": hit})


def _defence(report: BattleReport, target: int, attackers: list[int], lines, beats, power) -> None:
    """A defending target's line meets its attackers, who "alternate sending forth a Unit"; its
    survivors stay home ("those Units are not sent forth to Attack her assailant")."""
    defence = [(target, u) for u in lines[target]]
    if attackers:
        queue = _alternate([[(a, u) for u in lines[a]] for a in attackers])
        left, defence = _fight(queue, defence, beats, report.clashes)
        for a in attackers:
            _strike(report, a, target, [u for s, u in left if s == a], power)
    report.survivors[target].extend([u for _, u in defence])


def _mutual(report: BattleReport, target: int, a: int, lines, beats, power) -> None:
    """Two seats attacking each other meet line against line, as :func:`_fight` has two queues
    meet (each line has one owner here: the common case, every battle of two players); each
    side's survivors strike."""
    mine, theirs = lines[target], lines[a]
    clashes = report.clashes
    i = j = 0
    n, m = len(mine), len(theirs)
    while i < n and j < m:
        t_unit, a_unit = mine[i], theirs[j]
        if t_unit == a_unit:
            lost = [target, a]
            i += 1
            j += 1
        elif beats[t_unit] == a_unit:
            lost = [a]
            j += 1
        else:
            lost = [target]
            i += 1
        clashes.append({"seats": [target, a], "units": [t_unit, a_unit], "lost": lost})
    _strike(report, target, a, list(mine[i:]), power)
    _strike(report, a, target, list(theirs[j:]), power)


def _damage_text(power: int, data: dict) -> str:
    """The damage line of one seat hit with ``power``, made only when someone reads it."""
    seat, broken, damage, left = data["seat"], data["towers_broken"], data["damage"], data["hit_points"]
    towers = f"{broken} Tower{'s' if broken != 1 else ''}"
    if not damage:
        lost = f"loses {towers}" if broken else "loses nothing"
        return f"{{p{seat}}}'s Towers stop all {power} attack power: {{p{seat}}} {lost}."
    points = f"{damage} hit point{'s' if damage != 1 else ''}"
    lost = f"loses {towers} and {points}" if broken else f"loses {points}"
    return f"{{p{seat}}} {lost} ({left} left)."


def fight(game, state, events: list) -> None:
    """The Battle Phase on the state: the orders turned face up, every interaction at once, the
    losses taken; then the players at 0 or fewer hit points are out (RULES.md, "Interpretation (elimination during the battle)")."""
    c = game.cards
    order = state.turn_order
    chosen = state.orders.values  # by seat: read only at the seats in ``order``
    reveal = game.narration.reveal_event
    events += [reveal[s][chosen[s]] for s in order]
    report = resolve_battle(
        order=order, choices=chosen, lines=state.lines.values, towers=[len(t) for t in state.towers],
        beats=c.beats, power=c.power, absorbs=c.absorbs,
    )
    _discard_the_beaten(game, state, report, events)
    results = _take_damage(state, report, events)
    state.orders = state.lines = None
    out = [s for s in order if state.hp[s] <= 0]
    _eliminate(state, out, events)
    state.last_battle = {
        "round": state.round,
        "orders": [{"seat": s, "target": None if chosen[s] == DEFEND else chosen[s]} for s in order],
        "clashes": report.clashes,
        "strikes": report.strikes,
        "results": results,
        "out": out,
    }
    state.in_play = tuple(s for s in state.in_play if state.hp[s] > 0)
    state.waiting = ()


def _discard_the_beaten(game, state, report: BattleReport, events: list) -> None:
    """Every Unit discarded in a clash goes to the discard pile; clashes and strikes are told."""
    discard = state.discard
    clash_text = game.narration.clash
    for clash in report.clashes:
        lost = clash["lost"]
        if len(lost) == 2:
            discard += clash["units"]
        else:
            discard.append(clash["units"][0 if lost[0] == clash["seats"][0] else 1])
        events.append(LazyEvent("clash", clash_text, clash))
    strike_text = game.narration.strike
    events += [LazyEvent("strike", strike_text, hit) for hit in report.strikes]


def _take_damage(state, report: BattleReport, events: list) -> list[dict]:
    """Towers toppled and hit points lost, seat by seat; survivors go back to their owners."""
    results = []
    hp, units, towers, discard = list(state.hp), state.units, state.towers, state.discard
    survivors, broken_at, damage_at, power_at = report.survivors, report.towers_broken, report.damage, report.power
    for s in state.turn_order:
        broken, damage, power = broken_at[s], damage_at[s], power_at[s]
        if broken:
            del towers[s][-broken:]
            discard += [TOWER] * broken
        left = hp[s] = hp[s] - damage
        units[s] = survivors[s]
        if power:
            events.append(LazyEvent("damage", partial(_damage_text, power),
                                    {"seat": s, "towers_broken": broken, "damage": damage, "hit_points": left}))
        results.append({"seat": s, "power": power, "towers_broken": broken, "damage": damage, "hit_points": left})
    state.hp = tuple(hp)
    return results


def _eliminate(state, out: list[int], events: list) -> None:
    """FAQ: "any remaining Units you owned would be discarded" (and the Towers with them)."""
    for s in out:
        state.discard += state.units[s]
        state.discard += state.towers[s]
        state.units[s] = []
        state.towers[s] = []
        events.append(Event("out", f"{{p{s}}} has no hit points left and is out.", {"seat": s}))
