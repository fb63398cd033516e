"""Each action card alone, then the interactions the rulebooks call out.

Unless a test says otherwise, seat 0 acts and the other seats hold only their Reload
(which deals and blocks nothing). Seats are clockwise: in five seats, seat 0's left
neighbours are 1 and 2, its right neighbours 4 and 3.
"""

import pytest

from tests.windupwar.helpers import position, program, reveals, taken

TANK = ["tank", "helicopter", "infantry"]  # pink + orange first
HELI = ["helicopter", "tank", "infantry"]  # pink + green first
INFANTRY = ["infantry", "tank", "helicopter"]  # green + purple first
SAPPER = ["sapper", "tank", "infantry"]  # blue + orange first


def play_alone(game, card, army, *, seats=5, edition="2017"):
    armies = [army] + [INFANTRY] * (seats - 1)
    state = position(game, armies, edition=edition, hands={0: [card]})
    events = program(game, state, {0: [card]})
    return state, events


@pytest.mark.parametrize(
    ("card", "army", "damage"),
    [
        ("A1L.g", INFANTRY, {1: 1}),
        ("A1L.i", TANK, {1: 1}),
        ("A1L.k", SAPPER, {1: 1}),
        ("A1R.g", HELI, {4: 1}),
        ("A1R.b", SAPPER, {4: 1}),
        ("A2L.g", HELI, {2: 1}),
        ("A2R.g", HELI, {3: 1}),
        ("DAR.i", TANK, {4: 2}),
        ("FL.o", TANK, {1: 1, 2: 1}),
        ("FR.o", SAPPER, {4: 1, 3: 1}),
        ("A1RL.i", HELI, {4: 1, 1: 1}),
    ],
)
def test_attack_cards_hit_their_targets(game, card, army, damage):
    state, events = play_alone(game, card, army)
    assert taken(events, 1) == damage
    row = reveals(events)[0][0]
    assert row["outcome"] == "played" and row["dealt"] == sum(damage.values())


def test_alpha_strike_2017_hits_within_three_spaces_including_you(game):
    state, events = play_alone(game, "AS.o", TANK, seats=8)
    # Seat 4 is four spaces away either way; everyone else, seat 0 included, takes one.
    assert taken(events, 1) == {0: 1, 1: 1, 2: 1, 3: 1, 5: 1, 6: 1, 7: 1}


def test_alpha_strike_2016_hits_every_seat_including_you(game):
    state, events = play_alone(game, "AS.o", TANK, seats=8, edition="2016")
    assert taken(events, 1) == {s: 1 for s in range(8)}


def test_detonate_with_set_bomb_in_discard_2017_hits_other_seats_within_three(game):
    state = position(game, [SAPPER] + [INFANTRY] * 7, hands={0: ["DB.b"]})
    assert "SB.b" in state.discard[0]
    events = program(game, state, {0: ["DB.b"]})
    assert taken(events, 1) == {1: 2, 2: 2, 3: 2, 5: 2, 6: 2, 7: 2}


def test_detonate_with_set_bomb_in_discard_2016_hits_every_other_seat(game):
    state = position(game, [SAPPER] + [INFANTRY] * 7, edition="2016", hands={0: ["DB.b"]})
    events = program(game, state, {0: ["DB.b"]})
    assert taken(events, 1) == {s: 2 for s in range(1, 8)}


def test_detonate_without_set_bomb_in_discard_does_nothing(game):
    state = position(game, [SAPPER] + [INFANTRY] * 4, hands={0: ["DB.b", "SB.b"]})
    # Set Bomb played earlier this round lies in the windup row, not the discard pile.
    events = program(game, state, {0: ["SB.b", "DB.b"]})
    assert taken(events, 1) == {} and taken(events, 2) == {}
    assert reveals(events)[1][0]["outcome"] == "played"


def test_set_bomb_alone_has_no_effect(game):
    state, events = play_alone(game, "SB.b", SAPPER)
    assert taken(events, 1) == {} and reveals(events)[0][0]["dealt"] == 0
    assert state.discard[0][-1] == "SB.b"


def test_block_stops_an_attack(game):
    state = position(game, [INFANTRY] * 4, hands={0: ["BL.k"], 1: ["A1R.g"]})
    events = program(game, state, {0: ["BL.k"], 1: ["A1R.g"]})
    row = reveals(events)[0]
    assert row[0]["taken"] == 0 and row[1]["dealt"] == 0


def test_block_stops_alpha_strike(game):
    state = position(game, [INFANTRY, TANK, INFANTRY, INFANTRY], hands={0: ["BL.g"], 1: ["AS.o"]})
    events = program(game, state, {0: ["BL.g"], 1: ["AS.o"]})
    assert taken(events, 1) == {1: 1, 2: 1, 3: 1}


def test_block_stops_a_bomb(game):
    state = position(game, [INFANTRY, SAPPER, INFANTRY, INFANTRY], hands={0: ["BL.p"], 1: ["DB.b"]})
    events = program(game, state, {0: ["BL.p"], 1: ["DB.b"]})
    assert taken(events, 1) == {2: 2, 3: 2}


def test_block_stops_damage_but_self_inflicted_damage_lands_on_the_attacker(game):
    """Two seats: Flame Right hits the blocker (one space) and its own player (two spaces)."""
    state = position(game, [INFANTRY, TANK], hands={0: ["BL.k"], 1: ["FR.o"]})
    events = program(game, state, {0: ["BL.k"], 1: ["FR.o"]})
    assert taken(events, 1) == {1: 1}


def test_retaliate_hits_every_attacker_once(game):
    armies = [INFANTRY, INFANTRY, TANK, INFANTRY, INFANTRY]
    hands = {0: ["RT.p"], 1: ["A1R.g"], 2: ["AS.o"], 4: ["A1L.k"]}
    state = position(game, armies, hands=hands)
    events = program(game, state, hands)
    step = reveals(events)[0]
    # Seat 0 takes Attack 1 Right (seat 1), Attack 1 Left (seat 4) and the Alpha Strike (seat 2).
    assert step[0]["taken"] == 3 and step[0]["hearts"] == 1
    assert step[0]["dealt"] == 3
    # Each attacker takes one retaliation on top of the Alpha Strike; seat 3 only the strike.
    assert taken(events, 1) == {0: 3, 1: 2, 2: 2, 3: 1, 4: 2}


def test_retaliation_does_not_trigger_retaliation(game):
    """Only action-card damage is retaliated: an attacker hit back takes exactly one damage."""
    armies = [INFANTRY, INFANTRY, INFANTRY]
    hands = {0: ["A1L.g"], 1: ["RT.p"], 2: ["BL.k"]}
    state = position(game, armies, hands=hands)
    events = program(game, state, hands)
    assert taken(events, 1) == {1: 1, 0: 1}
    assert reveals(events)[0][1]["dealt"] == 1


def test_retaliate_against_two_hits_from_one_seat_deals_one(game):
    """Two seats: Attack 1 Right and Left hits the opponent twice; retaliation answers once."""
    hands = {0: ["A1RL.i"], 1: ["RT.p"]}
    state = position(game, [HELI, INFANTRY], hands=hands)
    events = program(game, state, hands)
    assert taken(events, 1) == {1: 2, 0: 1}


def test_block_and_retaliate_takes_nothing_and_hits_attackers(game):
    armies = [TANK, INFANTRY, TANK, INFANTRY, INFANTRY]
    hands = {0: ["BR.o"], 1: ["A1R.g"], 2: ["AS.o"]}
    state = position(game, armies, hands=hands)
    events = program(game, state, hands)
    # Seat 0 blocks; seat 1 takes the strike and a retaliation, seat 2 its own strike and one.
    assert taken(events, 1) == {1: 2, 2: 2, 3: 1, 4: 1}
    assert reveals(events)[0][0]["dealt"] == 2


def test_reload_2017_returns_revealed_row_and_discard_at_once(game):
    hands = {0: ["A1L.k", "BL.k", "RL.k", "BL.g", "A2R.g"]}
    state = position(game, [INFANTRY] * 4, hands=hands, discard={0: ["CH.p"]})
    program(game, state, hands)
    # A1L, BL, RL and the discard pile (CH.p and the rest) came back at card 3;
    # cards 4 and 5 went to the discard pile at the end of the round.
    assert state.discard[0] == ["BL.g", "A2R.g"]
    assert {"A1L.k", "BL.k", "RL.k", "CH.p"} <= set(game.view(state, 0)["hand"])
    assert len(game.view(state, 0)["hand"]) == 20


def test_reload_2016_acts_at_round_end(game):
    hands = {0: ["A1L.k", "BL.k", "RL.k", "BL.g", "A2R.g"]}
    state = position(game, [INFANTRY] * 4, edition="2016", hands=hands, discard={0: ["CH.p"]})
    program(game, state, hands)
    assert sorted(state.discard[0]) == ["A2R.g", "BL.g"]
    assert {"A1L.k", "BL.k", "RL.k", "CH.p"} <= set(game.view(state, 0)["hand"]) and len(game.view(state, 0)["hand"]) == 20


def test_reload_2017_then_detonate_same_round_sees_empty_discard(game):
    hands = {0: ["RL.k", "DB.b"]}
    state = position(game, [SAPPER] + [INFANTRY] * 3, hands=hands)
    assert "SB.b" in state.discard[0]
    events = program(game, state, hands)
    assert taken(events, 2) == {}


def test_reload_2016_then_detonate_same_round_still_detonates(game):
    hands = {0: ["RL.k", "DB.b"]}
    state = position(game, [SAPPER] + [INFANTRY] * 3, edition="2016", hands=hands)
    events = program(game, state, hands)
    assert taken(events, 2) == {1: 2, 2: 2, 3: 2}


def test_reload_2017_then_charge_same_round_scores_nothing(game):
    hands = {0: ["RL.k", "CH.k"]}
    state = position(game, [INFANTRY] * 4, hands=hands)
    events = program(game, state, hands)
    assert reveals(events)[1][0]["outcome"] == "charge succeeds, empty discard: no point"
    assert state.centre[0] == [] and state.phase == "windup"


def test_reload_2016_then_charge_same_round_scores(game):
    hands = {0: ["RL.k", "CH.k"]}
    state = position(game, [INFANTRY] * 4, edition="2016", hands=hands)
    program(game, state, hands)
    assert state.phase == "charge" and state.pending == (0,)
    game.apply(state, 0, "score A2L.g")
    assert state.centre[0] == ["A2L.g"] and "A2L.g" not in state.discard[0]


def test_charge_alone_scores_a_chosen_discard_card(game):
    state = position(game, [INFANTRY] * 4, hands={0: ["CH.p", "BL.k"]}, discard={0: ["DB.b"]})
    program(game, state, {0: ["CH.p", "BL.k"]})
    assert state.phase == "charge" and list(game.to_act(state)) == [0]
    legal = game.legal_actions(state, 0)
    assert "score DB.b" in legal and all(a.startswith("score ") for a in legal)
    assert game.legal_actions(state, 1) == []
    events = game.apply(state, 0, "score DB.b")
    assert state.centre[0] == ["DB.b"] and len(state.centre[0]) == 1
    # The war went on after the choice: card 2 was revealed (slots 3 to 5 are empty), then the
    # round ended.
    assert [e.data["step"] for e in events if e.kind == "reveal"] == [2]
    assert state.phase == "windup" and state.round == 2


def test_a_scored_card_is_named_and_the_log_says_why(game):
    """"Move any one card from your Discard pile to the center of the table face-down": named to
    everyone all the same, as it left the face-up discard pile in plain sight (interpretation 12)."""
    state = position(game, [INFANTRY] * 4, hands={0: ["CH.p", "BL.k"]}, discard={0: ["DB.b"]})
    program(game, state, {0: ["CH.p", "BL.k"]})
    point = next(e for e in game.apply(state, 0, "score DB.b") if e.kind == "point")
    assert point.visible_to is None and "Detonate Bomb" in point.text
    assert "face down to the centre, but everyone saw it leave the face-up discard pile" in point.text
    assert game.view(state, 2)["seats"][0]["centre"] == ["DB.b"]


def test_charge_with_empty_discard_scores_nothing(game):
    # Round 1 of a real game: every discard pile is empty.
    state = game.new_state(4, seed=1)
    for seat, army in enumerate([INFANTRY] * 4):
        for unit in army:
            game.apply(state, seat, f"unit {unit}")
    rows = {0: ["CH.k", "BL.k", "BL.g", "BL.p", "RT.p"]}
    rows.update({s: ["BL.k", "BL.g", "BL.p", "RT.p", "A2R.g"] for s in (1, 2, 3)})
    events = program(game, state, rows)
    assert reveals(events)[0][0]["outcome"] == "charge succeeds, empty discard: no point"
    assert state.centre[0] == [] and state.phase == "windup"


def test_simultaneous_charges_cancel(game):
    hands = {0: ["CH.k"], 1: ["CH.p"]}
    state = position(game, [INFANTRY] * 4, hands=hands)
    events = program(game, state, hands)
    step = reveals(events)[0]
    assert step[0]["outcome"] == step[1]["outcome"] == "charges cancel"
    assert state.centre == [[], [], [], []]


def test_broken_illegal_charge_does_not_cancel_another(game):
    hands = {0: ["CH.p"], 1: ["CH.k"]}
    state = position(game, [HELI, INFANTRY, INFANTRY], hands=hands)
    program(game, state, hands)
    assert state.phase == "charge" and state.pending == (1,)
    assert state.broken[0] == ["CH.p"]


def test_illegal_charge_counted_as_block_does_not_cancel_another(game):
    hands = {0: ["CH.p"], 1: ["A1R.g"], 2: ["CH.k"]}
    state = position(game, [HELI, INFANTRY, INFANTRY, INFANTRY], hands=hands)
    program(game, state, hands)
    assert state.phase == "charge" and state.pending == (2,)
    game.apply(state, 2, "score " + state.discard[2][0])
    assert state.broken[0] == [] and state.hearts[0] == 3  # blocked the attack


def test_illegal_card_when_attacked_counts_as_block(game):
    hands = {0: ["RT.p"], 1: ["DAR.i"]}
    state = position(game, [HELI, TANK, TANK], hands=hands)
    events = program(game, state, hands)
    step = reveals(events)[0]
    assert step[0]["outcome"] == "illegal: counts as Block" and step[0]["taken"] == 0
    assert state.broken[0] == [] and state.discard[0][-1] == "RT.p"


def test_illegal_card_not_attacked_breaks_2017_at_once(game):
    """2017: a broken card goes under the Life card at once, so a later Reload cannot return it."""
    hands = {0: ["RT.p", "RL.k"]}
    state = position(game, [HELI] * 3, hands=hands)
    events = program(game, state, hands)
    assert reveals(events)[0][0]["outcome"] == "illegal: broken"
    assert state.broken[0] == ["RT.p"] and "RT.p" not in game.view(state, 0)["hand"]


def test_illegal_card_not_attacked_breaks_2016_at_round_end_even_left_of_reload(game):
    hands = {0: ["RT.p", "RL.k"]}
    state = position(game, [HELI] * 3, edition="2016", hands=hands)
    events = program(game, state, hands)
    assert reveals(events)[0][0]["outcome"] == "illegal: broken"
    assert state.broken[0] == ["RT.p"] and "RT.p" not in game.view(state, 0)["hand"] and "RL.k" in game.view(state, 0)["hand"]


def test_2016_broken_card_stays_in_row_until_round_end(game):
    hands = {0: ["RT.p", "BL.k"], 1: ["BL.g", "CH.k"]}
    state = position(game, [HELI, INFANTRY, INFANTRY], edition="2016", hands=hands)
    for card in hands[1]:
        game.apply(state, 1, card)
    game.apply(state, 2, "RL.k")
    game.apply(state, 0, "RT.p")
    game.apply(state, 0, "BL.k")  # the war runs; seat 1's charge pauses it at card 2
    assert state.phase == "charge" and state.broken[0] == [] and state.rows[0][0] == "RT.p"
    view = game.view(state, 1)
    assert view["seats"][0]["row_broken"] == [1]
    game.apply(state, 1, "score " + state.discard[1][0])
    assert state.broken[0] == ["RT.p"]


def test_two_seat_attack_2_hits_yourself(game):
    state = position(game, [HELI, INFANTRY], hands={0: ["A2R.g"]})
    events = program(game, state, {0: ["A2R.g"]})
    assert taken(events, 1) == {0: 1}


def test_two_seat_flame_hits_opponent_and_yourself(game):
    state = position(game, [TANK, INFANTRY], hands={0: ["FL.o"]})
    events = program(game, state, {0: ["FL.o"]})
    assert taken(events, 1) == {1: 1, 0: 1}


def test_two_seat_attack_right_and_left_hits_the_opponent_twice(game):
    state = position(game, [HELI, INFANTRY], hands={0: ["A1RL.i"]})
    events = program(game, state, {0: ["A1RL.i"]})
    assert taken(events, 1) == {1: 2}


def test_two_seat_alpha_strike_counts_each_seat_once(game):
    state = position(game, [TANK, INFANTRY], hands={0: ["AS.o"]})
    events = program(game, state, {0: ["AS.o"]})
    assert taken(events, 1) == {0: 1, 1: 1}


def test_three_seat_distances(game):
    hands = {0: ["A2L.g", "FL.o"]}
    state = position(game, [["helicopter", "tank", "infantry"], INFANTRY, INFANTRY], hands=hands,
                     active={0: 0})
    events = program(game, state, hands)
    # Two spaces left of seat 0 is seat 2 (its right-hand neighbour).
    assert taken(events, 1) == {2: 1}
    # Flame Left (illegal for the Helicopter, seat 0 unattacked) breaks.
    assert reveals(events)[1][0]["outcome"] == "illegal: broken"


def test_three_seat_flame_and_alpha_strike(game):
    state = position(game, [TANK, INFANTRY, INFANTRY], hands={0: ["FL.o", "AS.o"]})
    events = program(game, state, {0: ["FL.o", "AS.o"]})
    assert taken(events, 1) == {1: 1, 2: 1}
    assert taken(events, 2) == {0: 1, 1: 1, 2: 1}


def test_attacked_means_any_card_that_would_damage_it_alpha_strike_included(game):
    """An illegal card reached only by another seat's Alpha Strike counts as a Block."""
    hands = {0: ["FL.o"], 2: ["AS.o"]}
    state = position(game, [INFANTRY, INFANTRY, TANK, INFANTRY], hands=hands)
    events = program(game, state, hands)
    step = reveals(events)[0]
    assert step[0]["outcome"] == "illegal: counts as Block" and step[0]["taken"] == 0
    assert taken(events, 1) == {1: 1, 2: 1, 3: 1}


def test_a_dud_detonate_is_no_attack_so_the_illegal_card_breaks(game):
    """Detonate Bomb without Set Bomb in the discard deals nothing: nobody is attacked."""
    hands = {0: ["FL.o"], 1: ["DB.b", "SB.b"]}
    state = position(game, [INFANTRY, SAPPER, INFANTRY], hands=hands)
    events = program(game, state, {0: ["FL.o"], 1: ["DB.b", "SB.b"]})
    assert reveals(events)[0][0]["outcome"] == "illegal: broken"


def test_illegal_card_counted_as_block_does_not_retaliate(game):
    """It "counts as a Block All Attacks card (only)": an illegal Retaliate hits nobody."""
    hands = {0: ["RT.p"], 1: ["A1R.g"]}
    state = position(game, [HELI, INFANTRY, INFANTRY], hands=hands)
    events = program(game, state, hands)
    assert taken(events, 1) == {}


def test_within_three_spaces_counts_a_seat_reached_both_ways_once(game):
    """Six seats: seat 3 is three spaces to the left and three to the right of seat 0."""
    state, events = play_alone(game, "AS.o", TANK, seats=6)
    assert taken(events, 1) == {s: 1 for s in range(6)}
