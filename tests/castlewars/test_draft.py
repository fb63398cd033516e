"""The Build Phase: face-up rows, draft order, hand and Tower limits, exchanges, reshuffles."""

from collections import Counter

import pytest

from tabletop.core import IllegalAction, InvalidAction
from tabletop.core.rules import bad_arguments
from tabletop_games.castlewars import rounds
from tabletop_games.castlewars.state import ORDERS
from tests.castlewars.helpers import GAME, drafting, play, rig_rows, total_cards
from tests.castlewars.helpers import towers as towers_of


@pytest.mark.parametrize("seats, face_up, towers", [(2, 3, 1), (3, 4, 3), (4, 5, 6)])
def test_setup_follows_the_player_count(seats, face_up, towers):
    state = GAME.new_state(seats, seed=1)
    assert len(state.row) == face_up
    assert GAME.census(state) == Counter({"K": 15, "A": 15, "M": 15, "T": towers})
    assert sum(GAME.census(state).values()) == total_cards(seats)
    assert list(state.hp) == [15] * seats
    assert state.units == [[]] * seats and towers_of(state) == [0] * seats
    assert list(GAME.to_act(state)) == [0]          # the youngest player (seat 1) begins


def test_five_draft_turns_clockwise_from_the_first_seat_then_leftovers_are_discarded():
    state = GAME.new_state(3, seed=2)
    rows = [["K", "A", "M", "K"]] * 5
    rig_rows(state, rows)
    seen = []
    for turn in range(5):
        assert state.draft_turn == turn + 1 and Counter(state.row) == Counter("KAMK")
        for seat in range(3):
            seen.append(GAME.to_act(state)[0])
            play(state, seat, f"take {rows[turn][seat]}")
        # The Knight nobody took went to the discard pile.
        assert state.discard.count("K") == turn + 1
    assert seen == [0, 1, 2] * 5
    assert state.phase == ORDERS
    assert [GAME.view(state, s)["hand"] for s in range(3)] == [["K"] * 5, ["A"] * 5, ["M"] * 5]


def test_hand_limit_of_five_cards_leaves_exchanges_or_a_pass():
    state = drafting([["K", "K", "A", "M", "T"], []], ["K", "A", "M"])
    assert GAME.legal_actions(state, 0) == [
        "swap K A", "swap K M", "swap A K", "swap A M", "swap M K", "swap M A", "pass",
    ]
    with pytest.raises(IllegalAction, match="hand is full"):
        GAME.apply(state, 0, "take K")


def test_tower_limit_per_player_count():
    # 3 players: at most 2 Towers.
    state = drafting([["T", "T"], [], []], ["T", "K", "A", "M"])
    assert "take T" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="at most 2 Tower"):
        GAME.apply(state, 0, "take T")
    state = drafting([["T"], [], []], ["T", "K", "A", "M"])
    assert "take T" in GAME.legal_actions(state, 0)
    # 4 players: at most 3 Towers.
    state = drafting([["T", "T"], [], [], []], ["T", "K", "A", "M", "T"])
    assert "take T" in GAME.legal_actions(state, 0)
    play(state, 0, "take T")
    assert len(state.towers[0]) == 3
    # 2 players: at most 1 Tower (the deck holds just one).
    assert [GAME.new_state(n).tower_limit for n in (2, 3, 4)] == [1, 2, 3]


def test_towers_stay_right_of_all_units():
    state = drafting([["T", "K"], [], []], ["A", "K", "A", "M"])
    play(state, 0, "take A")
    view = GAME.view(state, 0)
    assert view["hand"] == ["K", "A", "T"]


def test_she_may_exchange_an_owned_unit_card_for_another_unit_card_from_the_face_up_cards():
    state = drafting([["K", "A"], ["M"], []], ["M", "K", "M", "T"])
    legal = GAME.legal_actions(state, 0)
    assert "swap K M" in legal and "swap A K" in legal
    assert "swap K K" not in legal                  # same kind: nothing to exchange
    assert not any(a.startswith("swap T") or a.endswith(" T") and a.startswith("swap") for a in legal)
    before = GAME.census(state)
    play(state, 0, "swap K M")
    # The exchanged-out Knight takes the Mage's place face up ...
    assert state.units[0] == ["M", "A"]
    assert state.row == ["K", "K", "M", "T"]
    # ... where the next seats may take it; what nobody takes is discarded at the turn's end.
    play(state, 1, "take K")
    play(state, 2, "take T")
    assert state.units[1] == ["M", "K"]
    assert state.discard[-2:] == ["K", "M"]
    assert GAME.census(state) == before


def test_if_a_player_retains_cards_from_a_previous_round_only_those_units_may_be_exchanged():
    # Seat 1 kept an Archer from the last round and drafted a Knight this round.
    state = drafting([["A", "K"], [], []], ["M", "K", "A", "M"], kept=[["A"], [], []])
    legal = GAME.legal_actions(state, 0)
    assert {a for a in legal if a.startswith("swap")} == {"swap A M", "swap A K"}
    with pytest.raises(IllegalAction, match="Only Units kept from an earlier round"):
        GAME.apply(state, 0, "swap K M")
    # Once the kept Archer is exchanged, the Knight it got back is not a kept Unit either.
    play(state, 0, "swap A M")
    assert state.units[0] == ["M", "K"] and state.kept[0] == ()


def test_in_round_one_nobody_retains_cards_so_nobody_may_exchange():
    state = GAME.new_state(2, seed=3)
    for _ in range(20):
        if state.phase != "draft":
            break
        seat = GAME.to_act(state)[0]
        assert not any(a.startswith("swap") for a in GAME.legal_actions(state, seat))
        play(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.round == 1


def test_units_kept_through_a_battle_may_be_exchanged_in_the_next_round():
    state = drafting([["K", "A"], ["M"]], ["M", "K", "A"], kept=[[], []])
    rounds.start_round(GAME, state, [])
    assert list(state.kept) == [("K", "A"), ("M",)]


def test_the_exchange_may_be_declined_with_a_full_hand():
    state = drafting([["K", "K", "A", "M", "T"], []], ["K", "A", "M"])
    events = play(state, 0, "pass")
    assert [e.text for e in events][0] == "{p0} takes nothing and passes."
    assert state.units[0] == ["K", "K", "A", "M"] and state.row == ["K", "A", "M"]
    assert list(GAME.to_act(state)) == [1]


def test_a_seat_with_nothing_it_may_take_passes_without_being_asked():
    # Four players, Tower limit 3: seat 2 holds three Towers and a kept Knight; only Towers are
    # face up when its turn comes, so there is nothing to take and no Unit to exchange for.
    state = drafting([[], ["K", "T", "T", "T"], [], []], ["A", "T", "T"])
    events = play(state, 0, "take A")
    assert [e.kind for e in events] == ["take", "pass"]
    assert list(GAME.to_act(state)) == [2]


def test_players_will_take_a_single_card_of_their_choosing_so_a_pass_is_refused_when_a_take_is_possible():
    state = drafting([["K"], [], []], ["M", "K", "A", "M"])
    assert "pass" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="You may pass only with a full hand"):
        GAME.apply(state, 0, "pass")


def test_towers_cannot_be_exchanged():
    state = drafting([["K", "T"], [], []], ["M", "K", "A", "T"])
    with pytest.raises(IllegalAction, match="Towers may not be exchanged"):
        GAME.apply(state, 0, "swap T M")
    with pytest.raises(IllegalAction, match="only be taken"):
        GAME.apply(state, 0, "swap K T")


def test_a_seat_that_can_take_nothing_passes():
    # Seat 2 holds five Knights and faces only Knights and a Tower: nothing to take or exchange.
    state = drafting([[], ["K"] * 5, []], ["K", "K", "T", "K"])
    assert GAME.legal_actions(state, 1) == []
    events = play(state, 0, "take K")
    assert [e.kind for e in events] == ["take", "pass"]
    assert list(GAME.to_act(state)) == [2]


def test_empty_deck_reshuffles_the_discard_pile():
    state = GAME.new_state(3, seed=4)
    before = GAME.census(state)
    # Leave two cards in the deck; everything else lies in the discard pile.
    state.discard.extend(state.deck[:-2])
    del state.deck[:-2]
    discarded = len(state.discard)
    play(state, 0, f"take {state.row[0]}")
    play(state, 1, f"take {state.row[0]}")
    events = play(state, 2, f"take {state.row[0]}")
    kinds = [e.kind for e in events]
    assert "reshuffle" in kinds
    assert len(state.row) == 4                     # two from the old deck, two from the new one
    # The new deck is the old discard pile plus the leftover card of turn 1, minus two drawn.
    assert len(state.deck) == discarded + 1 - 2
    assert GAME.census(state) == before


def test_reshuffles_are_determined_by_the_seed():
    def reshuffled(seed):
        state = GAME.new_state(2, seed=seed)
        state.discard.extend(state.deck[:-1])
        del state.deck[:-1]
        play(state, 0, f"take {state.row[0]}")
        play(state, 1, f"take {state.row[0]}")
        return list(state.deck)

    assert reshuffled(5) == reshuffled(5)
    assert reshuffled(5) != reshuffled(6)


def test_bad_notation_and_out_of_turn_actions_change_nothing():
    state = GAME.new_state(3, seed=5)
    snapshot = GAME.view(state, None)
    for seat, action in [(0, "take X"), (0, "grab K"), (0, ""), (0, "swap K"), (0, "attack two")]:
        with pytest.raises(InvalidAction):
            GAME.apply(state, seat, action)
    card = state.row[0]
    with pytest.raises(IllegalAction, match="not seat 2's turn"):
        GAME.apply(state, 1, f"take {card}")
    with pytest.raises(IllegalAction, match="Build Phase"):
        GAME.apply(state, 0, "attack 2")
    missing = next(c for c in "KAMT" if c not in state.row)
    with pytest.raises(IllegalAction, match="no face-up"):
        GAME.apply(state, 0, f"take {missing}")
    assert GAME.view(state, None) == snapshot


def test_notation_is_case_insensitive():
    state = GAME.new_state(2, seed=6)
    card = state.row[0]
    play(state, 0, f"TAKE {card.lower()}")
    assert state.units[0] == [card] or len(state.towers[0]) == 1


def test_describe_action_says_what_an_action_does():
    state = drafting([["K"], [], []], ["T", "A", "M", "K"])
    assert GAME.describe_action(state, 0, "take T") == "take a Tower (stops 4 attack power)"
    assert GAME.describe_action(state, 0, "take A") == "take an Archer (attack 2)"
    assert GAME.describe_action(state, 0, "swap K M") == "give up a Knight, take a Mage"
    assert GAME.describe_action(state, 0, "pass") == "take nothing this draft turn"
    assert GAME.describe_action(state, 0, "attack 2") == "send your Units against seat 2 (15 hit points, 0 Towers)"
    assert GAME.describe_action(state, 0, "nonsense") == ""


def test_face_up_cards_are_laid_out_by_kind():
    for seed in range(20):
        state = GAME.new_state(4, seed=seed)
        order = "KAMT"
        assert state.row == sorted(state.row, key=order.index)


@pytest.mark.parametrize("seat, action", [(None, "pass"), ("0", "pass"), (1.0, "pass"), (False, "pass"),
                                          (-2, "pass"), (0, 7), (0, b"pass"), (0, "pass " * 101)], ids=repr)
def test_bad_arguments_are_refused_with_the_engines_words(seat, action):
    """apply checks its arguments itself (no wrapper): the messages are the engine's."""
    state = GAME.new_state(2, seed=3)
    with pytest.raises(InvalidAction) as caught:
        GAME.apply(state, seat, action)
    assert str(caught.value) == str(bad_arguments(seat, action))


def test_a_long_action_is_quoted_short():
    state = GAME.new_state(2, seed=3)
    with pytest.raises(InvalidAction) as caught:
        GAME.apply(state, 0, "take " + "Q" * 60)
    assert "Q" * 41 not in str(caught.value) and caught.value.action.endswith("...")


def test_every_draft_turn_of_a_later_round_starts_with_that_rounds_first_player():
    # "In following rounds, the player with the least amount of Hit Points will begin" and
    # "Moving clockwise, players will take a single card of their choosing", turn after turn.
    state = drafting([[], [], []], ["K", "A", "M", "K"], hp=[15, 15, 9], first=2)
    rows = [["K", "A", "M", "K"]] * 5
    rig_rows(state, rows)
    seen = []
    for _ in range(5 * 3):
        seat = GAME.to_act(state)[0]
        seen.append(seat)
        play(state, seat, GAME.legal_actions(state, seat)[0])
    assert seen == [2, 0, 1] * 5
