"""What ISMCTS needs from Windup War: how a war stands, and a playout that plays sensibly.

A war is a race between two ways to win: destroy every other army, or score the
target in points with Charge! cards. Against a seat that charges every round, points
come far faster than destruction (a 2017 Reload brings both Charge! cards back, so a
seat can score two points a round), so the evaluation counts each seat's rounds to
victory by either road, and the playout charges, reloads and counter-charges the way
the tactician does (bots.py), while playing mostly cards its unit can take.

The other seats' rows are programmed as the tactician would write them (``redraw``, with
:mod:`.search_model`): the cards they laid face down already and the slots still to come,
so each sample leaves only the searching seat to decide and search answers the programs a
real opponent writes (its Charge! slots, its Blocks, its late Reload). A uniformly drawn
program would almost never hold the Charge! a real opponent plays first, and the others'
own trees (decoupled, as search grows them) answered search rather than played like the
tactician: 75% of 80 two-seat games with only the face-down cards redrawn, 88.8% with the
whole row. Where a successful Charge! waits for its card the evaluation plays the War on to
the end of the round, as a later slot may still decide it (98.8% of 80 two-seat games).

A seat that programs the same card in the same slot round after round is no tactician:
``choices`` names every revealed card by its slot, and where search has seen a seat repeat
itself its redraw puts that card in that slot instead (tabletop/agents/opponents.py). A fixed
line that beats the tactician 30 of 30 beat search that did not learn in 34 of 40 games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.plugin_api import SearchKit, win_shares
from tabletop_games.windupwar.search_model import ProgramModel
from tabletop_games.windupwar.state import CHARGE, IN_PLAY, SLOTS, WINDUP

#: Points a charging seat scores in a round, and hearts an army loses in one, on average.
CHARGES_PER_ROUND = 1.5
DAMAGE_PER_ROUND = 2.5
#: Rounds lost by an empty discard pile (nothing to score until a round ends), and by no
#: Charge! in hand (a Reload must bring them back first).
EMPTY_DISCARD = 0.5
NO_CHARGE = 1.0
#: Rounds to victory of a seat with no card left to program (none ever comes back).
NEVER = 20.0
#: Rounds lost per broken card, and the extra at two (a third forfeits).
BROKEN = 0.3
BROKEN_TWO = 1.0
#: A lead of this many rounds makes a seat e times as likely to win.
SCALE = 0.7
#: Hearts as a small tie-break (rounds per heart of one's own army).
OWN_LIFE = 0.05
#: Search's default budget here: a median 0.076 s of CPU a decision with two seats, 0.097 s
#: with four (the four-seat decisions bound it).
ITERATIONS = 500
#: Playout weights of the cards a unit can play (times damage).
EFFECT_WEIGHT = {"attack": 3.0, "alpha_strike": 1.0, "block": 1.0, "block_retaliate": 1.5,
                 "retaliate": 1.0, "reload": 0.3, "set_bomb": 0.7}
#: A card the active unit cannot play breaks unless the unit is attacked.
ILLEGAL_WEIGHT = 0.05
#: A Charge! with cards in the discard pile, by how close the seat is to winning on points.
CHARGE_WEIGHT = 12.0
#: A Reload once the seat's Charge! cards have been played this round (brings them back).
RELOAD_AFTER_CHARGES = 10.0


def search_kit(game) -> SearchKit:
    """Made once per game (``WindupWar.search``). A war's result (hearts, points, broken cards)
    is what the evaluation judges best, so search asks it as each new round opens."""
    policy, redraw = rollout_policy(game)
    return SearchKit(evaluation=evaluation(game), rollout=policy, guide=guide(game), redraw=redraw,
                     choices=choices, iterations=ITERATIONS, at_round_start=True)


def choices(view, seat: int):
    """The cards the others were seen to program: each revealed card, its slot the situation
    (search learns a seat that programs the same card in the same slot round after round)."""
    for reveal in view.get("reveals") or ():
        occasion = (reveal["round"], reveal["step"])
        for row in reveal["rows"]:
            if row["seat"] != seat and row["card"] is not None:
                yield row["seat"], occasion, reveal["step"], row["card"]


def evaluation(game):
    """Each seat's rounds to victory, by points or by destruction, as win shares."""
    units = game.data.unit_by_id
    card = game.data.by_notation
    charges = frozenset(c.notation for c in game.data.actions if c.effect == "charge")

    def life(state, s: int) -> int:
        army, active = state.army[s], state.active[s]
        if active >= len(army) or state.status[s] != IN_PLAY:
            return 0
        return state.hearts[s] + sum(units[u].hearts for u in army[active + 1:])

    def finish_war(state):
        """A copy of ``state`` with the War played to the end of the round: search stops where
        a successful Charge! waits for its card, but the slots after it may still decide the round
        (another seat's Charge!, a lethal attack). The charger scores the card its units need least."""
        state = game.copy(state)
        while state.result is None and state.phase == CHARGE:
            charger = state.charger
            unit = game.active_unit(state, charger)
            allowed = unit.allowed if unit is not None else frozenset()
            legal = game.legal_actions(state, charger)
            game.apply(state, charger, min(legal, key=lambda a: (card[a[6:]].colour in allowed, a)))
        return state

    def evaluate(state, seat: int) -> list[float]:
        if state.phase == CHARGE:
            state = finish_war(state)
            if state.result is not None:
                return [state.result.share(s) for s in range(state.n)]
        n = state.n
        lives = [life(state, s) for s in range(n)]
        strengths = []
        out = []
        for s in range(n):
            hand = state.hands[s] + state.hands_seen[s] + state.program[s]
            by_war = (sum(lives) - lives[s]) / DAMAGE_PER_ROUND
            needed = state.target - len(state.centre[s])
            if needed <= 0:
                return [1.0 if t == s else 0.0 for t in range(n)]
            if not hand and state.phase == WINDUP:
                by_points = by_war = NEVER
            else:
                by_points = needed / CHARGES_PER_ROUND
                by_points += (0.0 if state.discard[s] else EMPTY_DISCARD)
                by_points += (0.0 if any(c in charges for c in hand) else NO_CHARGE)
            broken = len(state.broken[s])
            delay = BROKEN * broken + (BROKEN_TWO if broken >= 2 else 0.0)
            strengths.append(-(min(by_points, by_war) + delay) + OWN_LIFE * lives[s])
            out.append(state.status[s] != IN_PLAY)
        return win_shares(strengths, scale=SCALE, out=out)

    return evaluate


def guide(game):
    """The tactician's move: search overrides it only where it is sure (``trust``)."""
    from tabletop_games.windupwar.bots import Tactician

    def suggest(decision) -> str | None:
        return Tactician(game, decision.seat, random.Random(0)).choose(decision)

    return suggest


def rollout_policy(game):
    """(policy, redraw). The policy programs cards the active unit can play, charging whenever
    the discard pile holds a card and reloading after the charges; picks strong units; scores
    the card least needed. ``redraw`` programs the other seats' rows as the tactician would."""
    data = game.data
    card = data.by_notation
    active_unit = game.active_unit
    playable_count = {u.id: sum(1 for c in data.actions if c.colour in u.allowed) for u in data.units}
    unit_weight = {f"unit {u.id}": float(2 * u.hearts + playable_count[u.id]) ** 2 for u in data.units}
    charges = frozenset(c.notation for c in data.actions if c.effect == "charge")

    set_bombs = frozenset(c.notation for c in data.actions if c.effect == "set_bomb")

    def weight(c, allowed, discard: bool, reload: int, bomb: bool) -> float:
        effect = c.effect
        if c.colour not in allowed:
            return ILLEGAL_WEIGHT
        if effect == "charge":
            return CHARGE_WEIGHT if discard else 0.2
        if effect == "reload":
            return (RELOAD_AFTER_CHARGES, EFFECT_WEIGHT["reload"], 0.1)[reload]
        if effect == "detonate":
            return 2.0 * c.damage if bomb else 0.2
        return EFFECT_WEIGHT.get(effect, 1.0) * max(1, c.damage)

    # Every card's weight for each unit and each (discard pile holds a card; a Charge! already
    # programmed / four cards programmed / neither; Set Bomb in the discard pile), made once.
    weights = {(u.id, discard, reload, bomb): {c.notation: weight(c, u.allowed, discard, reload, bomb)
                                               for c in data.actions}
               for u in data.units for discard in (False, True) for reload in range(3) for bomb in (False, True)}

    def program_card(state, seat: int, legal: Sequence[str], rng: random.Random) -> str:
        unit = active_unit(state, seat)
        if unit is None:
            return rng.choice(legal)
        discard, program = state.discard[seat], state.program[seat]
        reload = 0 if not charges.isdisjoint(program) else (1 if len(program) >= 4 else 2)
        table = weights[unit.id, bool(discard), reload, not set_bombs.isdisjoint(discard)]
        return rng.choices(legal, [table[a] for a in legal])[0]

    def policy(state, seat: int, legal: Sequence[str], rng: random.Random) -> str:
        first = legal[0]
        if first in card:
            return program_card(state, seat, legal, rng)
        if first in unit_weight:
            return rng.choices(legal, [unit_weight[a] for a in legal])[0]
        if first.startswith("score "):
            unit = active_unit(state, seat)
            allowed = unit.allowed if unit is not None else frozenset()
            return min(legal, key=lambda a: (card[a[6:]].colour in allowed, a))
        return rng.choice(legal)

    model = ProgramModel(game)

    def fill(state, seat: int, program: list[str], upto: int, chosen: Sequence[str], places: list[list[str]],
             rng: random.Random) -> None:
        """Program ``seat`` up to ``upto`` cards taken from ``places``: the model's ``chosen`` cards
        first, in order, where they are still there; then as the playout would."""
        for notation in chosen:
            if len(program) >= upto:
                break
            place = next((p for p in places if notation in p), None)
            if place is not None:
                place.remove(notation)
                program.append(notation)
        while len(program) < upto and any(places):
            choice = program_card(state, seat, [c for p in places for c in p], rng)
            next(p for p in places if choice in p).remove(choice)
            program.append(choice)

    def expected(other: int, drawn: list[str], predict) -> list[str | None]:
        """The row ``other`` is expected to program, by slot: what it was seen to repeat there
        (``predict``), else the tactician's ``drawn`` program."""
        out: list[str | None] = []
        for slot in range(SLOTS):
            seen = predict(other, slot + 1)
            out.append(seen if seen is not None else (drawn[slot] if slot < len(drawn) else None))
        return out

    def fill_slots(state, seat: int, program: list[str], upto: int, wanted: Sequence[str | None],
                   places: list[list[str]], rng: random.Random) -> None:
        """Program ``seat`` up to ``upto`` cards from ``places``: each slot's ``wanted`` card where it
        is still there, else as the playout would."""
        while len(program) < upto and any(places):
            notation = wanted[len(program)] if len(program) < len(wanted) else None
            place = None if notation is None else next((p for p in places if notation in p), None)
            if place is None:
                notation = program_card(state, seat, [c for p in places for c in p], rng)
                place = next(p for p in places if notation in p)
            place.remove(notation)
            program.append(notation)

    def redraw(state, seat: int, rng: random.Random, predict=None) -> None:
        """Program the other seats' rows as the tactician would (or, with ``predict``, as each was
        seen to program where it repeats itself): the face-down cards again, and the slots they
        have still to program too, so only ``seat`` is left to decide."""
        if state.phase != WINDUP:
            return
        public = None
        for other in range(state.n):
            program = state.program[other]
            pending = other in state.pending
            if other == seat or not (program or pending):
                continue
            if public is None:
                public = model.public(state)
            drawn = model.programs(state, other, public)
            chosen = drawn[rng.randrange(len(drawn))]
            hand, seen = state.hands[other], state.hands_seen[other]
            pool = hand + program
            count = len(program)
            program.clear()
            wanted = None if predict is None else expected(other, chosen, predict)
            # The slots already programmed hold hidden cards (the seen ones left in hand are not there).
            if wanted is None:
                fill(state, other, program, count, chosen, [pool], rng)
            else:
                fill_slots(state, other, program, count, wanted, [pool], rng)
            hand[:] = pool
            if not pending:
                continue
            if wanted is None:
                fill(state, other, program, SLOTS, chosen[count:], [hand, seen], rng)
            else:
                fill_slots(state, other, program, SLOTS, wanted, [hand, seen], rng)
            state.pending = tuple(s for s in state.pending if s != other)

    return policy, redraw
