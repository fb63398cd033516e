"""The interpretations RULES.md writes down that other modules do not already test."""

import random

from tabletop_games.windup_machines.machine import NEIGHBOURS, gear_turns
from tests.windup_machines.helpers import (
    CARDS,
    GAME,
    gear_faces,
    new_game,
    play,
    set_part,
    side,
    start_all,
    started,
)

QUIET = ("8", "7", "8", "7")


def _fixpoint_turns(parts, sides, sizes):
    """The rulebook's wording applied until nothing changes, in an arbitrary order."""
    size = [CARDS.parts[p].size if p else 0 for p in parts]
    turned = {c for c in range(9) if parts[c] and size[c] in sizes and sides[c] != 3}
    changed = True
    while changed:
        changed = False
        for c in sorted(turned, reverse=True):
            for nb in NEIGHBOURS[c]:
                if nb not in turned and parts[nb] and size[nb] < size[c] and sides[nb] != 3:
                    turned.add(nb)
                    changed = True
    return turned


def test_chain_order_does_not_matter():
    rng = random.Random(7)
    ids = [p for p in CARDS.parts]
    for _ in range(300):
        parts = [rng.choice(ids) if rng.random() < 0.8 else None for _ in range(9)]
        sides = [rng.randrange(4) for _ in range(9)]
        sizes = tuple(rng.sample(range(3, 9), rng.choice((1, 2))))
        result = gear_turns(parts, sides, sizes, CARDS)
        assert len(result) == len(set(result))
        assert set(result) == _fixpoint_turns(parts, sides, sizes)


def test_thief_is_used_once_a_turn():
    state = started(2, workers={0: ["thief-gold"]}, gears=QUIET)
    state.gold[1] = 9
    play(state, 0, "use thief-gold p2")
    assert not any(a.startswith("use thief") for a in GAME.legal_actions(state, 0))


def test_only_the_player_about_to_draw_may_use_a_tuner():
    # 3 players: p2 holds a Tuner but p1 draws this round, so p2 is never asked.
    state = new_game(3, workers={1: ["tuner"]}, gears=("8", "7"))
    start_all(state)
    assert state.phase == "assign" and gear_faces(state.drawn) == ["8", "7"]
    # When p2 is the first player (round 2), it may tune before drawing.
    play(state, 0, "assign 8 p2", "assign 7 p3", "done")
    play(state, 1, "done")
    play(state, 2, "done")
    assert state.first == 1 and state.phase == "tune"
    assert GAME.legal_actions(state, 1) == ["draw", "use tuner"]


def test_first_players_self_assigned_card_resolves_before_its_hard_restart():
    state = started(3, workers={}, gears=("8", "7", "3", "4"))
    a, b = gear_faces(state.drawn)
    play(state, 0, f"assign {a} p2", f"assign {b} p3")
    state.sides[0][4] = 2
    play(state, 0, "restart")
    play(state, 1, "done")
    play(state, 2, "done")
    # Round 2: p2 is first and gives the 3 to p1 (resolved at p1's turn start, after the restart).
    play(state, 1, "assign 3 p1", "assign 4 p3", "done")
    play(state, 2, "done")
    assert state.active == 0 and side(state, 0, "r2c2") == 1    # restart to green, then the 3


def test_an_overwound_part_that_is_replaced_does_not_unwind():
    state = started(2, workers={0: ["winder-1"]}, gears=QUIET)
    play(state, 0, "overwind r2c3", "buy smelter", "install r2c3", "done")
    assert side(state, 0, "r2c3") == 0 and CARDS.parts[state.parts[0][5]].size == 4


def test_dealt_workers_are_usable_on_the_first_turn():
    state = started(2, workers={0: ["merchant-gold"]}, gears=QUIET)
    assert "use merchant-gold" in GAME.legal_actions(state, 0)


def test_hard_restart_may_skip_production():
    state = started(2, workers={}, gears=QUIET)
    assert "restart" in GAME.legal_actions(state, 0) and state.stage == 0


def test_a_third_generator_may_not_replace_another_part():
    state = started(2, workers={}, gears=QUIET)
    set_part(state, 0, "r1c2", "generator", 4)
    state.iron[0] = 9
    play(state, 0, "buy generator")
    assert "install r1c3" not in GAME.legal_actions(state, 0) and "install r2c3" not in GAME.legal_actions(state, 0)
