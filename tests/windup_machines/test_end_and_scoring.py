"""Game end after all gear cards, the score sheet and the tie-breaks."""

import random

from tabletop_games.windup_machines.scoring import finish
from tests.windup_machines.helpers import GAME, clear_machine, set_part, started


def _random_game(seats, seed):
    rng = random.Random(seed)
    state = GAME.new_state(seats, seed=seed)
    rounds_by_turn = []
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        if state.phase == "turn" and action in ("done", "restart"):
            rounds_by_turn.append((state.round, seat))
        GAME.apply(state, seat, action)
    return state, rounds_by_turn


def test_two_player_game_uses_all_24_gear_cards():
    state, turns = _random_game(2, 4)
    assert len(state.gear_discard) == 24 and not state.gear_deck
    assert state.round == 12 and len(turns) == 24


def test_game_ends_after_twelve_rounds():
    for seats in (3, 4):
        state, turns = _random_game(seats, seats)
        assert state.round == 12 and len(state.gear_discard) == 24
        # every player has twelve turns, also those after the last card's assignee
        assert sorted(seat for _, seat in turns) == sorted(list(range(seats)) * 12)


def _finish(state):
    finish(GAME, state, [])
    return GAME.outcome(state)


def _scored_position():
    state = started(2, workers={}, gears=("8",))
    for seat in (0, 1):
        clear_machine(state, seat)
    return state


def test_score_counts_gears_sets_prisms_gold_and_decorations():
    state = _scored_position()
    set_part(state, 0, "r1c1", "generator", 4)
    set_part(state, 0, "r1c2", "smelter", 5)
    set_part(state, 0, "r1c3", "decoration", 6, side=1)
    state.prisms = [2, 1]
    state.gold = [3, 0]
    score = GAME.scores(state)[0]
    deco = GAME.cards.parts[state.parts[0][2]].sides[1]
    assert score == {"gears": 15, "sets": 5, "decorations": deco, "best_decoration": deco,
                     "prisms": 4, "prism_bonus": 12, "gold": 3, "total": 15 + 5 + deco + 4 + 12 + 3}
    outcome = _finish(state)
    assert outcome.winners == (0,) and outcome.scores[0] == score["total"]


def test_tie_breaks():
    # Equal points: the player with the most gold wins.
    state = _scored_position()
    set_part(state, 0, "r1c1", "smelter", 6)
    set_part(state, 1, "r1c1", "smelter", 4)
    state.gold = [1, 3]
    assert _finish(state).winners == (1,)
    # Equal points and gold: the highest-value decorative part wins.
    state = _scored_position()
    set_part(state, 0, "r1c1", "decoration", 6, side=2)     # 6 gear + 2 points
    set_part(state, 1, "r1c1", "decoration", 5, side=1)     # 5 gear + 3 points
    state.gold = [2, 2]
    assert GAME.scores(state)[0]["total"] == GAME.scores(state)[1]["total"]
    assert _finish(state).winners == (1,)
    # Still tied: a shared victory.
    state = _scored_position()
    set_part(state, 0, "r1c1", "smelter", 5)
    set_part(state, 1, "r1c1", "generator", 5)
    state.gold = [2, 2]
    outcome = _finish(state)
    assert outcome.winners == (0, 1) and outcome.ranks == (1, 1)


def test_the_game_is_over_after_the_end():
    state, _ = _random_game(2, 9)
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, 0) == []
    assert GAME.view(state, 0)["outcome"]["winners"]


def test_prisms_split_the_bonus_at_game_end():
    state = _scored_position()
    state.prisms = [3, 3]
    scores = GAME.scores(state)
    assert [s["prism_bonus"] for s in scores] == [6, 6]
