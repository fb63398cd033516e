"""Fights: command stack, draw step, sacrifice, yielding, retreat, wounds, depleted army, game end."""

import pytest

from tabletop.core.errors import IllegalAction, InvalidAction
from tests.wms.helpers import (
    EVIL,
    GAME,
    MARINES,
    current,
    fight,
    give,
    legal,
    lose_fight,
    play,
    reserve,
    stack_commands,
    value,
)


def test_the_active_player_may_play_one_command_card_before_his_first_unit():
    state = fight(["hold-the-line", "bolter-drill", "marine"], ["frenzy", "renegade"])
    assert {"command hold-the-line", "command bolter-drill"} <= set(legal(state, MARINES))
    play(state, MARINES, "command hold-the-line")
    assert len(state.hand[MARINES]) == 2                     # no draw step after a command card
    assert not any(a.startswith("command") for a in legal(state, MARINES))   # only one
    play(state, MARINES, "play marine", "style cc")
    assert not any(a.startswith("command") for a in legal(state, EVIL))      # the other player cannot
    with pytest.raises(IllegalAction, match="active player"):
        GAME.apply(state, EVIL, "command frenzy")


def test_a_new_command_card_cancels_the_previous_ones_effect():
    state = fight(["marine", "marine"], ["renegade", "renegade"])
    stack_commands(state, MARINES, "hold-the-line")          # +1 CC to the Marines
    give(state, MARINES, ["marine", "bolter-drill"])
    play(state, MARINES, "play marine")
    assert GAME.values.compare(state, MARINES, state.pending, "cc")[0] == 3 + 1       # Hold the Line
    GAME.apply(state, MARINES, "cancel")
    play(state, MARINES, "command bolter-drill", "play marine")
    assert GAME.values.compare(state, MARINES, state.pending, "cc")[0] == 3           # Hold the Line no longer counts
    assert GAME.values.compare(state, MARINES, state.pending, "rc")[0] == 3 + 1       # Bolter Drill does
    assert state.command[MARINES] == ["hold-the-line", "bolter-drill"]


def test_lingering_effects_apply_in_every_fight_for_the_side_of_their_owner():
    state = fight(["marine", "marine"], ["renegade", "renegade"])
    stack_commands(state, EVIL, "lord-of-terror")            # Marines get -1 CC
    play(state, MARINES, "play marine", "style cc")          # Marines active, Lord of Terror still works
    assert current(state) == (3 - 1, "cc")
    play(state, EVIL, "play renegade")
    assert value(state, EVIL, "cc") == (3, 2)


def test_immediate_cards_resolve_once_and_cover_the_lingering_card():
    state = fight(["apothecary", "marine"], ["renegade"])
    stack_commands(state, MARINES, "hold-the-line")
    state.wounds[MARINES] = 2
    play(state, MARINES, "command apothecary")
    assert state.wounds[MARINES] == 3
    play(state, MARINES, "play marine")
    assert GAME.values.compare(state, MARINES, state.pending, "cc")[0] == 3          # Hold the Line is covered


def test_heal_never_goes_above_four_wounds_and_draw_draws():
    state = fight(["reinforcements", "apothecary"], ["renegade"])
    play(state, MARINES, "command apothecary")
    assert state.wounds[MARINES] == 4
    state = fight(["reinforcements", "marine"], ["renegade"])
    play(state, MARINES, "command reinforcements")
    assert len(state.hand[MARINES]) == 1 + 2


def test_draw_step_refills_to_five_but_not_from_five_or_more():
    state = fight(["marine", "marine"], ["renegade"] * 7)
    deck = len(state.deck[MARINES])
    play(state, MARINES, "play marine", "style rc")
    assert len(state.hand[MARINES]) == 5 and len(state.deck[MARINES]) == deck - 4
    play(state, EVIL, "play renegade", "done")
    assert len(state.hand[EVIL]) == 6                         # 6 left: no draw


def test_sacrifice_one_card_before_the_draw_step():
    state = fight(["marine", "auspex", "smite"], ["renegade"])
    play(state, MARINES, "play marine", "sacrifice smite")
    assert not any(a.startswith("sacrifice") for a in legal(state, MARINES))
    play(state, MARINES, "style rc")
    assert state.graveyard[MARINES] == ["smite"]
    assert len(state.hand[MARINES]) == 5


def test_cancel_puts_every_card_back():
    state = fight(["librarian", "smite", "marine"], ["renegade"])
    before = (sorted(state.hand[MARINES]), GAME.census(state))
    play(state, MARINES, "play librarian", "power smite", "psych cc", "sacrifice marine", "cancel")
    assert (sorted(state.hand[MARINES]), GAME.census(state)) == before and state.pending is None


def test_an_answer_must_equal_or_beat_and_equal_is_enough():
    state = fight(["sergeant"], ["renegade", "chosen-marine", "hellish-brute"])
    play(state, MARINES, "play sergeant", "style cc")        # 4 CC
    play(state, EVIL, "play renegade")
    assert "done" not in legal(state, EVIL)
    with pytest.raises(IllegalAction, match="Your 3 CC does not equal or beat 4 CC"):
        GAME.apply(state, EVIL, "done")
    play(state, EVIL, "cancel", "play chosen-marine")
    assert value(state, EVIL, "cc") == (4, 4)
    assert "done" in legal(state, EVIL)                      # 4 CC equals 4 CC


def test_yielding_loses_the_fight_a_wound_and_the_other_player_becomes_active():
    state = fight(["sergeant", "marine"], ["renegade"])
    play(state, MARINES, "play sergeant", "style cc")
    play(state, EVIL, "yield")
    assert state.wounds == [4, 3]
    assert state.active == EVIL and state.turn == EVIL
    assert state.battle == [[], []] and "sergeant" in state.graveyard[MARINES]
    assert state.style is None


def test_the_winner_of_a_fight_does_not_start_the_next_one():
    state = fight(["sergeant", "marine"], ["renegade"])
    play(state, MARINES, "play sergeant", "style cc")
    play(state, EVIL, "yield")
    assert state.active == EVIL and state.turn == EVIL      # the winner (Marines) does not start
    lose_fight(state, EVIL)
    assert state.active == MARINES and state.wounds == [4, 2]


def test_when_the_active_player_starts_a_fight_he_must_play_a_unit_card():
    state = fight(["marine", "smite"], ["renegade"])
    assert "yield" not in legal(state, MARINES)
    assert "retreat" in legal(state, MARINES)                # "for any reason"
    with pytest.raises(IllegalAction, match="You may yield only when no unit you could play equals or beats"):
        GAME.apply(state, MARINES, "yield")
    reserve_state = fight(["smite"], ["renegade"])
    reserve(reserve_state, MARINES, "honour-guard")          # a unit in Reserves must be played too
    assert "yield" not in legal(reserve_state, MARINES)


def test_he_must_try_to_equal_or_beat_so_yield_is_refused_while_a_unit_would():
    state = fight(["sergeant"], ["renegade", "chosen-marine"])
    play(state, MARINES, "play sergeant", "style cc")        # 4 CC
    assert "yield" not in legal(state, EVIL)                 # the Chosen Marine's 4 CC equals it
    with pytest.raises(IllegalAction, match="play chosen-marine"):
        GAME.apply(state, EVIL, "yield")
    play(state, EVIL, "play renegade")                       # 3 CC: not enough, but another unit is
    assert "done" not in legal(state, EVIL) and "yield" not in legal(state, EVIL)
    assert "cancel" in legal(state, EVIL) and "retreat" in legal(state, EVIL)


def test_a_unit_that_reaches_only_with_equipment_counts_as_an_acceptable_play():
    state = fight(["sergeant"], ["renegade", "power-axe"])
    play(state, MARINES, "play sergeant", "style cc")        # 4 CC; the Renegade has 3, +2 with the axe
    assert GAME.must_play.acceptable_play(state, EVIL) == ["play renegade", "equip power-axe", "done"]
    assert "yield" not in legal(state, EVIL)


def test_one_player_cannot_equal_or_beat_the_current_combat_value_so_he_may_yield():
    state = fight(["sergeant"], ["renegade"])
    play(state, MARINES, "play sergeant", "style cc")        # 4 CC; the Renegade has 3
    assert GAME.must_play.acceptable_play(state, EVIL) is None
    assert legal(state, EVIL)[-2:] == ["yield", "retreat"]
    play(state, EVIL, "play renegade")                       # trying it first changes nothing
    assert legal(state, EVIL)[-2:] == ["yield", "retreat"]
    play(state, EVIL, "yield")
    assert state.wounds == [4, 3] and "renegade" in state.hand[EVIL]


def test_active_player_without_units_may_yield_or_retreat():
    state = fight(["power-sword", "smite"], ["renegade"])
    assert legal(state, MARINES) == ["yield", "retreat"]


def test_tactical_retreat_discards_the_hand_draws_five_and_loses_the_fight():
    state = fight(["marine", "smite", "auspex"], ["renegade"])
    top5 = state.deck[MARINES][-5:]
    play(state, MARINES, "retreat")
    assert sorted(state.graveyard[MARINES]) == ["auspex", "marine", "smite"]
    assert sorted(state.hand[MARINES]) == sorted(top5)
    assert state.wounds[MARINES] == 3 and state.active == EVIL


def test_yield_or_retreat_while_composing_takes_the_play_back_first():
    state = fight(["marine", "power-sword", "sergeant"], ["renegade"])
    play(state, MARINES, "play sergeant", "equip power-sword", "retreat")
    assert sorted(state.graveyard[MARINES]) == ["marine", "power-sword", "sergeant"]
    assert state.wounds[MARINES] == 3 and len(state.hand[MARINES]) == 5


def test_a_play_can_be_taken_back_three_times_a_turn():
    state = fight(["marine", "sergeant"], ["hellish-brute"])
    lose_fight(state, MARINES)
    play(state, EVIL, "play hellish-brute", "style rc")
    for _ in range(3):
        play(state, MARINES, "play marine", "cancel")
    play(state, MARINES, "play sergeant")
    assert "cancel" not in legal(state, MARINES)
    with pytest.raises(IllegalAction, match="at most 3 plays"):
        GAME.apply(state, MARINES, "cancel")
    assert legal(state, MARINES)[-2:] == ["yield", "retreat"]   # never a dead end
    play(state, MARINES, "yield")
    assert "sergeant" in state.hand[MARINES] and state.wounds[MARINES] == 2


def _seed_2_after_three_take_backs():
    """The position two players reached with `tabletop play wms --seed 2`: Dreadnought 7 CC
    against a hand of Raptor and Power Axe, Havoc tried and taken back three times."""
    state = GAME.new_state(2, options={}, seed=2)
    for seat, commander in ((MARINES, "chapter-master"), (EVIL, "chaos-lord")):
        play(state, seat, f"commander {commander}", "done")
    play(state, MARINES, "play dreadnought", "style cc")
    for _ in range(3):
        play(state, EVIL, "play havoc", "cancel")
    return state


def test_he_must_try_to_equal_or_beat_even_with_no_take_back_left():
    """"He must try to equal or beat the active player's combat value": a unit that cannot
    reach is not a way to yield once the take-backs are spent."""
    state = _seed_2_after_three_take_backs()
    assert {"raptor", "power-axe", "havoc"} <= set(state.hand[EVIL])
    assert "play havoc" not in legal(state, EVIL) and "yield" not in legal(state, EVIL)
    with pytest.raises(IllegalAction, match="no take-back left.*play raptor, then equip power-axe"):
        play(state, EVIL, "play havoc")
    with pytest.raises(IllegalAction, match="you can"):
        play(state, EVIL, "yield")
    assert legal(state, EVIL)[-1] == "retreat"               # the price of refusing stays a retreat
    play(state, EVIL, "play raptor")
    assert "sacrifice power-axe" not in legal(state, EVIL)   # giving away the card that reaches
    with pytest.raises(IllegalAction, match="cannot equal or beat"):
        play(state, EVIL, "sacrifice power-axe")
    play(state, EVIL, "equip power-axe", "done")
    assert state.battle[EVIL][-1].units == ["raptor"] and state.turn == MARINES


def test_with_no_take_back_left_and_nothing_that_reaches_any_play_may_be_tried_then_yielded():
    state = fight(["sergeant"], ["renegade", "renegade"])
    play(state, MARINES, "play sergeant", "style cc")        # 4 CC
    for _ in range(3):
        play(state, EVIL, "play renegade", "cancel")
    play(state, EVIL, "play renegade")                       # 3 CC, no take-back left, nothing reaches
    assert "cancel" not in legal(state, EVIL) and "done" not in legal(state, EVIL)
    assert legal(state, EVIL)[-2:] == ["yield", "retreat"]   # never a dead end
    said = [e.text for e in play(state, EVIL, "yield")]
    assert said[1] == "{p1} cannot play a unit that equals or beats the current combat value and loses the fight."


def test_depleted_army_loses_when_a_draw_is_due_and_the_deck_is_empty():
    state = fight(["marine", "marine"], ["renegade"])
    state.graveyard[MARINES].extend(state.deck[MARINES][:-1])
    del state.deck[MARINES][:-1]                             # one card left
    play(state, MARINES, "play marine", "style cc")          # must draw 4
    outcome = GAME.outcome(state)
    assert outcome.winners == (EVIL,) and "depleted" in outcome.reason
    assert state.deck[MARINES] == []


def test_an_empty_deck_alone_does_not_lose():
    state = fight(["marine"] * 7, ["renegade"])
    state.graveyard[MARINES].extend(state.deck[MARINES])
    state.deck[MARINES] = []
    play(state, MARINES, "play marine", "style cc")          # 6 cards left: no draw needed
    assert GAME.outcome(state) is None


def test_game_ends_when_a_commander_loses_its_last_wound():
    state = fight(["sergeant", "marine"], ["renegade"])
    state.wounds[EVIL] = 1
    play(state, MARINES, "play sergeant", "style cc")
    play(state, EVIL, "yield")
    outcome = GAME.outcome(state)
    assert outcome.winners == (MARINES,) and "Dark Apostle lost its last wound" in outcome.reason
    assert legal(state, MARINES) == [] and legal(state, EVIL) == []
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, MARINES, "yield")


def test_tide_can_only_be_turned_by_a_card_or_effect_that_allows_it():
    state = fight(["sergeant"], ["evil-marine", "possessed"])
    play(state, MARINES, "play sergeant", "style rc")        # 4 RC
    play(state, EVIL, "play possessed")
    assert not any(a.startswith("tide") for a in legal(state, EVIL))
    with pytest.raises(IllegalAction, match="cannot turn the tide"):
        GAME.apply(state, EVIL, "tide cc")


def test_a_lingering_tide_command_and_a_tide_power_card_allow_turning_the_tide():
    state = fight(["sergeant"], ["possessed"])
    stack_commands(state, MARINES, "tactical-insight")
    lose_fight(state, MARINES)
    play(state, EVIL, "play possessed", "style cc")          # 4 CC
    play(state, MARINES, "play sergeant")
    assert "tide rc" in legal(state, MARINES)                # 4 RC - 1 Fear beats 1 - 0
    state = fight(["sergeant"], ["warp-sorcerer", "warp-time", "renegade"], commanders=("chapter-master", "dark-apostle"))
    play(state, MARINES, "play sergeant", "style cc")        # 4 CC, 4 RC
    play(state, EVIL, "play warp-sorcerer", "power warp-time")
    assert "tide rc" not in legal(state, EVIL)               # 3 RC against 4
    play(state, EVIL, "psych rc")
    assert "tide rc" in legal(state, EVIL)                   # 4 RC against 4
    play(state, EVIL, "tide rc")
    assert current(state) == (4, "rc")


def test_setup_choices_then_shuffle_and_draw_five():
    state = GAME.new_state(2, seed=3)
    assert GAME.to_act(state) == [0]
    assert GAME.legal_actions(state, 0) == ["commander chapter-master", "commander captain"]
    play(state, 0, "commander chapter-master", "reserve honour-guard", "reserve honour-guard")
    assert GAME.to_act(state) == [1]                          # no Reserves card left: done by itself
    play(state, 1, "commander chaos-lord", "reserve dark-guard", "reserve obliterator", "reserve dark-guard")
    assert state.phase == "fight" and state.active == 0 and GAME.to_act(state) == [0]
    assert state.reserves == [["honour-guard"] * 2, ["dark-guard", "obliterator", "dark-guard"]]
    assert [len(h) for h in state.hand] == [5, 5]
    assert [len(d) for d in state.deck] == [60 - 1 - 2 - 5, 60 - 1 - 3 - 5]
    assert state.tokens == [0, 4] and state.wounds == [4, 4]
    assert "chapter-master" not in state.deck[0] + state.hand[0]


def test_the_swap_option_gives_seat_one_the_evil_marines():
    state = GAME.new_state(2, options={"swap": True}, seed=1)
    assert state.decks == ["evil-marines", "marines"]
    assert GAME.legal_actions(state, 0) == ["commander dark-apostle", "commander chaos-lord"]


def test_notation_errors_name_the_problem_and_change_nothing():
    state = fight(["marine", "power-sword"], ["renegade"])
    before = GAME.view(state, MARINES)
    with pytest.raises(InvalidAction):
        GAME.apply(state, MARINES, "fly away")
    with pytest.raises(InvalidAction):
        GAME.apply(state, MARINES, "play no-such-card")
    with pytest.raises(IllegalAction, match="no unit Captain in hand"):
        GAME.apply(state, MARINES, "play captain")
    with pytest.raises(IllegalAction, match="not seat 2's turn"):
        GAME.apply(state, EVIL, "yield")
    assert GAME.view(state, MARINES) == before
    play(state, MARINES, "play marine")
    before = GAME.view(state, MARINES)
    with pytest.raises(IllegalAction, match="Character only; Marine is not"):
        GAME.apply(state, MARINES, "equip power-sword")
    assert GAME.view(state, MARINES) == before


def test_reserves_are_public_and_arrive_instead_of_a_hand_card():
    state = fight(["marine"], ["renegade"])
    reserve(state, MARINES, "honour-guard")
    assert GAME.view(state, EVIL)["players"][MARINES]["reserves"] == ["honour-guard"]
    hand = list(state.hand[MARINES])
    play(state, MARINES, "arrive honour-guard", "style cc")
    assert state.reserves[MARINES] == [] and state.battle[MARINES][-1].source == "reserves"
    assert len(state.hand[MARINES]) == 5 and set(hand) <= set(state.hand[MARINES])
    play(state, EVIL, "yield")
    assert "honour-guard" in state.graveyard[MARINES]
