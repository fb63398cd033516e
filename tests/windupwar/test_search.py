"""ISMCTS at Windup War takes a lethal attack when nothing threatens it."""

import random

from tabletop.core.decision import Decision
from tabletop.engine.registry import build_registry
from tabletop_games.windupwar.search_model import ProgramModel
from tests.windupwar.helpers import position, program


def test_search_programs_the_attack_that_destroys_the_last_enemy_unit(game):
    # The enemy's last unit has one heart left and holds only its Reload: a Left Attack ends the war.
    hand = ["A1L.g", "BL.g", "BL.p", "RL.k", "CH.p", "DAR.i", "FL.o"]
    state = position(game, [["infantry", "tank", "helicopter"], ["tank", "sapper", "scout"]],
                      hands={0: hand}, active={1: 2}, hearts={1: 1})
    game.apply(state, 1, "RL.k")  # the enemy has programmed its whole hand
    search = build_registry().bot("windupwar", "ismcts:iterations=200").factory(game, 0, random.Random(3))
    row, reused = [], []
    while 0 in state.pending:
        action = search.choose(Decision(game, state, 0, game.legal_actions(state, 0)))
        row.append(action)
        reused.append(search.last_reused)
        game.apply(state, 0, action)
    assert "A1L.g" in row
    assert game.outcome(state).winners == (0,)
    # Programming the next slot learns nothing new: the search goes on in the tree it has.
    assert reused == [False, True, True, True, True]


def test_search_cancels_the_charge_that_would_win_the_war(game):
    # Seat 0 has 3 of its 4 points, cards in its discard pile and only a Charge! left to
    # program: unless seat 1 charges in the same slot (two Charges cancel), it scores the
    # winning point. Seat 1 cannot destroy it first: a unit completes its Charge! anyway.
    hand = ["A1L.g", "A1R.g", "DAR.i", "BL.g", "BL.k", "CH.k", "RL.k"]
    state = position(game, [["infantry", "tank", "helicopter"], ["tank", "sapper", "helicopter"]],
                     hands={0: ["CH.k"], 1: hand}, centre={0: ["A1L.g", "A1R.g", "BL.k"]})
    game.apply(state, 0, "CH.k")
    search = build_registry().bot("windupwar", "ismcts:iterations=150").factory(game, 1, random.Random(2))
    assert search.choose(Decision(game, state, 1, game.legal_actions(state, 1))) == "CH.k"


def test_the_redraw_programs_the_other_seats_rows_as_the_tactician_would(game):
    # Seat 0 programmed three cards, its discard pile holds cards (a Charge! would score):
    # redrawn the way the tactician programs, its hidden row holds a Charge! far more often
    # than a uniform draw of its cards gives; its remaining slots are programmed too, from
    # its own cards, so only seat 1 is left to decide; nobody's cards change hands.
    state = position(game, [["infantry", "tank", "helicopter"], ["tank", "sapper", "helicopter"]],
                     hands={0: ["A1L.g", "A1R.g", "A2L.g", "BL.g", "BL.k", "CH.k", "CH.p", "RL.k", "SB.b"]})
    for card in ("A1L.g", "BL.g", "SB.b"):
        game.apply(state, 0, card)
    redraw = game.search.redraw
    decision = Decision(game, state, 1, game.legal_actions(state, 1))
    rng = random.Random(0)
    uniform = redrawn = 0
    for _ in range(200):
        sample = decision.sample_state(rng)
        uniform += any(c.startswith("CH") for c in sample.program[0][:3])
        own = (sample.hands[1][:], sample.program[1][:])
        cards = sorted(sample.hands[0] + sample.program[0])
        redraw(sample, 1, rng)
        assert len(sample.program[0]) == 5 and sorted(sample.hands[0] + sample.program[0]) == cards
        assert sample.pending == (1,)
        assert (sample.hands[1], sample.program[1]) == own
        redrawn += any(c.startswith("CH") for c in sample.program[0][:3])
    assert redrawn > 1.5 * uniform


def test_the_tactician_model_programs_only_the_seats_own_cards_and_charges_with_a_discard(game):
    # A seat whose discard pile holds cards and whose hand holds both Charge! cards: the
    # tactician charges in nearly every program drawn for it, five cards from its hand, and
    # the same round gives the same programs whoever asks first.
    hand = ["A1L.g", "A1R.g", "DAR.i", "BL.g", "BL.k", "CH.k", "CH.p", "RL.k", "FL.o", "BR.o"]
    state = position(game, [["infantry", "tank", "helicopter"], ["tank", "sapper", "helicopter"]],
                     hands={0: hand, 1: hand})
    programs = ProgramModel(game).programs(state, 0)
    assert all(len(p) == 5 and len(set(p)) == 5 and set(p) <= set(hand) for p in programs)
    assert sum(any(c.startswith("CH") for c in p) for p in programs) >= 0.8 * len(programs)
    assert ProgramModel(game).programs(game.copy(state), 0) == programs


def test_same_seed_and_budget_give_the_same_programming_with_redrawn_samples(game):
    # Seat 0 has programmed: seat 1's samples redraw its hidden row, from the search's own generator.
    state = position(game, [["infantry", "tank", "helicopter"], ["tank", "sapper", "helicopter"]],
                     hands={0: ["A1L.g", "A1R.g", "BL.k", "CH.k", "RL.k"],
                            1: ["A1L.g", "A1R.g", "DAR.i", "BL.g", "BL.k", "CH.k", "RL.k"]},
                     discard={0: ["CH.p"]})
    for card in ("A1L.g", "A1R.g", "BL.k", "CH.k", "RL.k"):
        game.apply(state, 0, card)
    registry = build_registry()
    runs = []
    for _ in range(2):
        search = registry.bot("windupwar", "ismcts:iterations=80").factory(game, 1, random.Random(5))
        action = search.choose(Decision(game, state, 1, game.legal_actions(state, 1)))
        runs.append((action, {k: n.visits for k, n in search.trees[1].children.items()}))
    assert runs[0] == runs[1]


def test_the_evaluation_plays_the_war_on_past_a_successful_charge(game):
    # Seat 0's Charge! in slot 1 succeeds and waits for its card, but seat 1, on 3 of its 4
    # points, charges alone in slot 2: the round is seat 1's, and the evaluation says so.
    state = position(game, [["infantry", "tank", "helicopter"], ["tank", "sapper", "helicopter"]],
                     hands={0: ["A1L.g", "CH.p"], 1: ["BL.k", "CH.k"]}, centre={1: ["A1L.g", "A1R.g", "BL.g"]})
    program(game, state, {0: ["CH.p", "A1L.g"], 1: ["BL.k", "CH.k"]})
    assert state.phase == "charge" and state.charger == 0
    before = game.copy(state)
    assert game.search.evaluation(state, 0) == [0.0, 1.0]
    assert game.view(state, 0) == game.view(before, 0)  # the state searched is left as it was
