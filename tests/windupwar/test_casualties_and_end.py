"""Casualties, Moving Targets, forfeits and the end of the war."""

from tests.windupwar.helpers import position, program, reveals, taken

INFANTRY = ["infantry", "tank", "helicopter"]
TANK = ["tank", "helicopter", "infantry"]
HELI = ["helicopter", "tank", "infantry"]


def test_excess_damage_does_not_pass_on(game):
    hands = {0: ["DAR.i"]}
    state = position(game, [TANK, INFANTRY, INFANTRY, INFANTRY], hands=hands, hearts={3: 1})
    events = program(game, state, hands)
    assert taken(events, 1) == {3: 2}
    # The Infantry lost its last heart; the Tank takes over with all four of its hearts.
    assert state.active[3] == 1 and state.hearts[3] == 4


def test_destroyed_unit_completes_its_action(game):
    hands = {0: ["A1L.g"], 1: ["A1R.g"]}
    state = position(game, [INFANTRY] * 3, hands=hands, hearts={1: 1})
    events = program(game, state, hands)
    step = reveals(events)[0]
    assert step[1]["hearts"] == 0 and step[1]["dealt"] == 1 and step[0]["taken"] == 1
    assert state.active[1] == 1


def test_next_units_ribbons_decide_the_next_card(game):
    """Seat 1's Infantry falls on card 1; its Tank (pink, orange) cannot play the green block."""
    hands = {0: ["A1L.g", "BL.k"], 1: ["A1R.g", "BL.g"]}
    state = position(game, [INFANTRY] * 3, hands=hands, hearts={1: 1})
    events = program(game, state, hands)
    step2 = reveals(events)[1]
    assert step2[1]["unit"] == "tank" and step2[1]["outcome"] == "illegal: broken"
    assert state.broken[1] == ["BL.g"]


def test_third_unit_destroyed_eliminates_and_later_cards_do_nothing(game):
    hands = {0: ["A1L.g", "A1L.k"], 1: ["A2L.g", "A1R.g"], 2: ["BL.k", "BL.g"]}
    state = position(game, [INFANTRY] * 4, hands=hands, active={1: 2}, hearts={1: 1})
    events = program(game, state, hands)
    assert state.status[1] == "eliminated" and 1 not in state.table
    # Card 1: seat 1's last unit completes its Attack 2 Left on seat 3 while being destroyed.
    assert taken(events, 1) == {1: 1, 3: 1}
    # Card 2 (Moving Targets): seat 0's Attack 1 Left now reaches seat 2 (which blocks),
    # and seat 1's Attack 1 Right does nothing.
    step2 = reveals(events)[1]
    assert 1 not in step2
    assert step2[0]["dealt"] == 0 and step2[2]["taken"] == 0
    assert any(e.kind == "eliminated" and e.data["seat"] == 1 for e in events)


def test_elimination_mid_round_shifts_later_targets(game):
    hands = {0: ["A1L.g", "A1L.k"]}
    state = position(game, [INFANTRY] * 4, hands=hands, active={1: 2}, hearts={1: 1})
    events = program(game, state, hands)
    assert taken(events, 1) == {1: 1}
    assert taken(events, 2) == {2: 1}


def test_forfeit_at_three_broken_cards(game):
    hands = {0: ["FL.o", "FR.o", "DB.b"]}
    state = position(game, [INFANTRY] * 3, hands=hands)
    events = program(game, state, hands)
    assert state.broken[0] == ["FL.o", "FR.o", "DB.b"]
    assert state.status[0] == "forfeited" and 0 not in state.table
    assert any(e.kind == "forfeit" for e in events)
    assert state.result is None and state.phase == "windup"


def test_two_broken_cards_do_not_forfeit(game):
    hands = {0: ["FL.o", "FR.o"]}
    state = position(game, [INFANTRY] * 3, hands=hands)
    program(game, state, hands)
    assert state.status[0] == "in play"


def test_broken_cards_from_earlier_rounds_count_towards_forfeit(game):
    hands = {0: ["FL.o"]}
    state = position(game, [INFANTRY] * 3, hands=hands, broken={0: ["DB.b", "SB.b"]})
    program(game, state, hands)
    assert state.status[0] == "forfeited"


def test_several_seats_forfeit_together(game):
    hands = {0: ["FL.o", "FR.o", "DB.b"], 1: ["FL.o", "FR.o", "DB.b"]}
    state = position(game, [INFANTRY] * 4, hands=hands)
    program(game, state, hands)
    assert state.status[:2] == ("forfeited", "forfeited")
    assert state.table.in_play == (2, 3) and state.result is None


def test_all_remaining_forfeit_together_no_champion(game):
    hands = {0: ["FL.o", "FR.o", "DB.b"], 1: ["FL.o", "FR.o", "DB.b"]}
    state = position(game, [INFANTRY] * 2, hands=hands)
    program(game, state, hands)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == ()


def test_forfeit_leaving_one_seat_makes_it_champion(game):
    hands = {0: ["FL.o", "FR.o", "DB.b"]}
    state = position(game, [INFANTRY] * 2, hands=hands)
    program(game, state, hands)
    assert game.outcome(state).winners == (1,)


def test_all_remaining_eliminated_together_no_champion(game):
    hands = {0: ["A1L.g"], 1: ["A1L.g"]}
    state = position(game, [INFANTRY] * 2, hands=hands, active={0: 2, 1: 2}, hearts={0: 1, 1: 1})
    program(game, state, hands)
    outcome = game.outcome(state)
    assert outcome.winners == () and "no champion" in outcome.reason


def test_last_army_standing_wins_at_once(game):
    hands = {0: ["A1L.g", "A1L.k"], 1: ["A1R.g", "A1L.k"]}
    state = position(game, [INFANTRY] * 2, hands=hands, active={1: 2}, hearts={1: 1})
    events = program(game, state, hands)
    assert game.outcome(state).winners == (0,)
    assert len(reveals(events)) == 1  # card 2 is never revealed


def test_third_point_wins_at_once_in_four_seats(game):
    state = position(game, [INFANTRY] * 4, hands={0: ["CH.k", "A1L.k"]}, centre={0: ["A2L.g", "A2R.g"]})
    assert state.target == 3
    program(game, state, {0: ["CH.k", "A1L.k"]})
    events = game.apply(state, 0, "score FL.o")
    outcome = game.outcome(state)
    assert outcome.winners == (0,) and outcome.scores[0] == 3
    assert not any(e.kind == "reveal" for e in events)  # card 2 is never revealed


def test_two_and_three_seat_games_need_four_points(game):
    for seats in (2, 3):
        state = position(game, [INFANTRY] * seats, hands={0: ["CH.k", "A1L.k"]},
                         centre={0: ["A2L.g", "A2R.g"]})
        assert state.target == 4
        program(game, state, {0: ["CH.k", "A1L.k"]})
        game.apply(state, 0, "score FL.o")
        assert game.outcome(state) is None and len(state.centre[0]) == 3


def test_winning_point_counts_even_if_the_charger_falls_in_that_step(game):
    hands = {0: ["CH.k"], 1: ["A1R.g"]}
    state = position(game, [INFANTRY] * 4, hands=hands, centre={0: ["A2L.g", "A2R.g"]},
                     active={0: 2}, hearts={0: 1})
    program(game, state, hands)
    game.apply(state, 0, "score FL.o")
    assert game.outcome(state).winners == (0,)


def test_hand_with_fewer_than_five_cards_programs_what_it_has(game):
    state = position(game, [INFANTRY] * 3, hands={0: ["BL.k", "BL.g"]})
    game.apply(state, 0, "BL.k")
    assert 0 in game.to_act(state)
    game.apply(state, 0, "BL.g")
    assert 0 not in game.to_act(state)
    assert game.legal_actions(state, 0) == []


def test_round_cap_ends_a_war_without_a_champion(game):
    from tabletop_games.windupwar.ending import MAX_ROUNDS

    state = position(game, [INFANTRY] * 2, hands={0: ["RL.k"], 1: ["RL.k"]})
    state.round = MAX_ROUNDS
    program(game, state, {})
    outcome = game.outcome(state)
    assert outcome.winners == () and "called off" in outcome.reason


def test_a_unit_destroyed_while_charging_still_scores(game):
    hands = {0: ["CH.k"], 1: ["A1R.g"]}
    state = position(game, [INFANTRY] * 3, hands=hands, hearts={0: 1})
    program(game, state, hands)
    assert state.phase == "charge" and state.hearts[0] == 0
    events = game.apply(state, 0, "score FL.o")
    assert state.centre[0] == ["FL.o"]
    assert state.active[0] == 1 and any(e.kind == "destroyed" for e in events)


def test_no_cards_left_to_program_is_a_stalemate(game):
    hands = {0: ["BL.k"], 1: ["BL.k"]}
    state = position(game, [INFANTRY] * 2, hands=hands)
    program(game, state, hands)
    outcome = game.outcome(state)
    assert outcome.winners == () and outcome.reason.startswith("stalemate")


def test_hands_stay_in_deck_order_after_a_reload(game):
    hands = {0: ["BL.k", "A1L.g", "RL.k"]}
    state = position(game, [INFANTRY] * 2, hands=hands)
    program(game, state, {0: ["BL.k", "A1L.g", "RL.k"]})
    assert game.view(state, 0)["hand"] == list(game.deck)
