"""The Battle Phase: matchups, Towers, attackers and defenders, as the rulebook states them."""

import pytest

from tabletop_games.castlewars.battle import DEFEND, resolve_battle
from tabletop_games.castlewars.state import DRAFT
from tests.castlewars.helpers import GAME, orders, play, staged

CARDS = GAME.cards


def battle(choices, lines, towers=None, order=None):
    order = order or sorted(lines)
    return resolve_battle(
        order=order, choices=choices, lines=lines, towers=towers or {s: 0 for s in order},
        beats=CARDS.beats, power=CARDS.power, absorbs=CARDS.absorbs,
    )


# (unit of seat 0, unit of seat 1) -> which are discarded. "When a Unit card meets its weakness
# ... it will be discarded and its weakness will remain unscathed. When two of the same Unit
# cards meet ... both cards are discarded."
MATCHUPS = [
    ("K", "M", [0]),        # the Mage is the Knight's weakness
    ("A", "K", [0]),        # the Knight is the Archer's weakness
    ("M", "A", [0]),        # the Archer is the Mage's weakness
    ("M", "K", [1]),
    ("K", "A", [1]),
    ("A", "M", [1]),
    ("K", "K", [0, 1]),
    ("A", "A", [0, 1]),
    ("M", "M", [0, 1]),
]


@pytest.mark.parametrize("mine, theirs, lost", MATCHUPS)
def test_each_matchup_in_a_mutual_attack(mine, theirs, lost):
    report = battle({0: 1, 1: 0}, {0: [mine], 1: [theirs]})
    assert report.clashes == [{"seats": [0, 1], "units": [mine, theirs], "lost": lost}]
    winner = None if len(lost) == 2 else 1 - lost[0]
    for seat, unit in ((0, mine), (1, theirs)):
        kept = [unit] if seat == winner else []
        assert report.survivors[seat] == kept
    # The winner goes on to strike the loser's castle with its attack power.
    if winner is None:
        assert report.damage == {0: 0, 1: 0}
    else:
        assert report.damage[1 - winner] == CARDS.power[mine if winner == 0 else theirs]


def test_the_winner_stays_to_meet_the_next_unit():
    report = battle({0: 1, 1: DEFEND}, {0: ["A", "K"], 1: ["M", "M", "A"]})
    # Archer beats Mage, beats Mage, then meets the Archer: both gone; the Knight gets through.
    assert [c["lost"] for c in report.clashes] == [[1], [1], [0, 1]]
    assert report.survivors == {0: ["K"], 1: []}
    assert report.damage[1] == 3


@pytest.mark.parametrize("units, towers, broken, damage", [
    (["K"], 1, 0, 0),            # 3 attack power: the Tower stays and protects next round
    (["M", "K"], 1, 1, 0),       # exactly 4: the Tower is discarded
    (["K", "A", "M"], 1, 1, 2),  # 6: the Tower falls and 2 get through (Example Battle step 8)
    (["K", "K"], 2, 1, 0),       # 6 against two Towers: one falls, the other stops 2 and stays
    (["K", "K", "K"], 2, 2, 1),  # 9 against two Towers: both fall, 1 gets through
    (["A"], 0, 0, 2),
])
def test_towers_absorb_four_attack_power(units, towers, broken, damage):
    state = staged([units, ["M"] + ["T"] * towers, ["A"]], first=0)
    # Seat 2 attacks seat 3, so seat 1 meets seat 2's Towers only.
    orders(state, 0, "attack 2", units)
    play(state, 1, "attack 3")
    play(state, 2, "attack 1")
    assert len(state.towers[1]) == towers - broken
    assert state.hp[1] == 15 - damage


def test_attack_power_of_several_attackers_is_pooled_against_towers():
    # Two Archers from two seats: 4 attack power in one Battle Phase topples the Tower.
    state = staged([["A"], ["A"], ["T"]], first=0)
    play(state, 0, "attack 3")
    play(state, 1, "attack 3")
    play(state, 2, "defend")
    assert len(state.towers[2]) == 0 and state.hp[2] == 15
    assert state.units == [["A"], ["A"], []]


def test_several_attackers_alternate_sending_units():
    # Seat 1 defends with two Knights; seats 2 and 3 attack it, alternating in turn order.
    state = staged([["K", "K"], ["A", "M"], ["M", "A"]], first=0)
    play(state, 0, "defend")
    play(state, 1, "attack 1", "place A")
    play(state, 2, "attack 1", "place M")
    clashes = [(c["seats"], c["units"], c["lost"]) for c in state.last_battle["clashes"]]
    assert clashes == [
        ([1, 0], ["A", "K"], [1]),     # seat 2's Archer falls to the first Knight
        ([2, 0], ["M", "K"], [0]),     # seat 3 sends next: its Mage beats that Knight ...
        ([2, 0], ["M", "K"], [0]),     # ... and stays to beat the second one
    ]
    # What is left gets through: seat 3's Mage and Archer (3), seat 2's Mage (1).
    assert list(state.hp) == [11, 15, 15]
    assert state.units == [[], ["M"], ["M", "A"]]


def test_alternation_starts_with_the_first_seat_of_the_round():
    state = staged([["K", "K"], ["A", "M"], ["M", "A"]], first=2)
    play(state, 2, "attack 1", "place M")
    play(state, 0, "defend")
    play(state, 1, "attack 1", "place A")
    first = state.last_battle["clashes"][0]
    assert first["seats"] == [2, 0] and first["units"] == ["M", "K"]


def test_a_defender_without_units_meets_attackers_with_its_towers():
    state = staged([["T"], ["K", "K"], ["M"]], first=0)
    play(state, 0, "defend")
    play(state, 1, "attack 1")
    play(state, 2, "defend")
    assert len(state.towers[0]) == 0 and state.hp[0] == 13


def test_a_target_attacking_someone_else_meets_attackers_with_towers_only():
    # Rulebook: "If player #1 were to Attack player #2 and player #3 chose to Attack player #1,
    # then the only cards which player #3 would encounter ... would be the Tower cards".
    state = staged([["M", "M"], ["A"], ["K"]], first=0)
    play(state, 0, "attack 2")
    play(state, 1, "defend")
    play(state, 2, "attack 1")
    assert state.hp[0] == 12                          # the Knight was never met by the Mages
    assert state.units[2] == ["K"]                    # and goes back to its owner's hand
    # Meanwhile seat 2's defending Archer discards both of seat 1's Mages.
    assert state.units[0] == [] and state.units[1] == ["A"] and state.hp[1] == 15


def test_mutual_attack_with_three_seats_leaves_the_third_attacker_to_the_towers():
    # Seats 1 and 2 attack each other: their lines meet. Seat 3 attacks seat 1, whose Units
    # are away fighting seat 2, so seat 3 meets seat 1's Tower only.
    state = staged([["K", "T"], ["A"], ["K", "A"]], first=0)
    play(state, 0, "attack 2")
    play(state, 1, "attack 1")
    play(state, 2, "attack 1", "place K")
    clashes = state.last_battle["clashes"]
    assert [(c["seats"], c["units"]) for c in clashes] == [([0, 1], ["K", "A"])]
    # Seat 1's surviving Knight hits seat 2 for 3; seat 3's 5 attack power topples the Tower, 1 gets through.
    assert list(state.hp) == [14, 12, 15]
    assert len(state.towers[0]) == 0
    assert state.units == [["K"], [], ["K", "A"]]


def test_attackers_in_a_cycle_each_meet_only_towers():
    state = staged([["K"], ["A"], ["M"]], first=0)
    play(state, 0, "attack 2")
    play(state, 1, "attack 3")
    play(state, 2, "attack 1")
    assert state.last_battle["clashes"] == []
    assert list(state.hp) == [14, 12, 13]
    assert state.units == [["K"], ["A"], ["M"]]


def test_defending_units_are_not_sent_against_the_assailant():
    # "If a Defending player is Attacked and the Defending player retains Units after, those
    # Units are not sent forth to Attack her assailant."
    state = staged([["K", "K"], ["A"], ["M"]], first=0)
    play(state, 0, "defend")
    play(state, 1, "attack 1")
    play(state, 2, "defend")
    assert list(state.hp) == [15, 15, 15]
    assert state.units[0] == ["K", "K"] and state.units[1] == []


def test_two_seats_must_attack_each_other():
    state = staged([["K", "A"], ["M", "A"]])
    assert GAME.legal_actions(state, 0) == ["place K", "place A"]
    assert state.orders.values[0] == 1 and state.orders.values[1] == 0
    with pytest.raises(ValueError, match="must attack each other"):
        GAME.apply(state, 0, "defend")
    play(state, 0, "place A")
    play(state, 1, "place M")
    # Seat 1: Archer beats Mage, meets Archer: both gone; Knight strikes for 3.
    assert list(state.hp) == [15, 12]
    assert state.phase == DRAFT


def test_units_that_deal_damage_return_to_their_owners_hand():
    state = staged([["K", "A"], ["M"], []], first=0)
    play(state, 0, "attack 3", "place A")
    play(state, 1, "defend")
    play(state, 2, "defend")
    assert state.hp[2] == 10
    assert state.units[0] == ["A", "K"]


def test_alternating_attackers_skip_one_whose_units_are_all_sent():
    # "the Attacking players would alternate sending forth a Unit": seat 2 has one Unit, seat 3
    # three; once seat 2 has none left, seat 3 sends the rest one after another.
    report = battle({0: DEFEND, 1: 0, 2: 0},
                    {0: ["M", "M", "M", "M"], 1: ["M"], 2: ["M", "M", "M"]}, order=[0, 1, 2])
    assert [c["seats"] for c in report.clashes] == [[1, 0], [2, 0], [2, 0], [2, 0]]
    assert all(c["lost"] == [c["seats"][0], 0] for c in report.clashes)
    assert report.survivors == {0: [], 1: [], 2: []}
