"""Each universal keyword alone, as the rulebook words it (captain / dark-apostle commanders
unless a test says otherwise: the Marines' units are Snipers, the Evil Marines' units are AA and
have Disrupt)."""

from tests.wms.helpers import (
    EVIL,
    GAME,
    MARINES,
    current,
    fight,
    legal,
    lose_fight,
    play,
    reserve,
    stack_commands,
    value,
)


def test_fear_gives_minus_one_cc_and_rc_to_the_card_fighting_against_it():
    state = fight(["marine"], ["possessed"])
    play(state, MARINES, "play marine", "style rc")          # 3 RC
    play(state, EVIL, "play possessed")
    # The Possessed (1 RC) answers a Marine whose RC drops to 2 against its Fear.
    assert value(state, EVIL, "rc") == (1, 2)


def test_enfeeble_gives_minus_one_cc_only():
    state = fight(["marine"], ["possessed"])
    play(state, MARINES, "play marine", "style cc")          # 3 CC
    play(state, EVIL, "play possessed")
    assert value(state, EVIL, "cc") == (4, 1)                # Fear and Enfeeble: -2 CC
    assert value(state, EVIL, "rc") == (1, 2)                # only Fear on RC


def test_fearless_ignores_fear():
    state = fight(["stern-veteran", "marine"], ["possessed"])
    lose_fight(state, MARINES)                      # fight 2: Evil Marines active
    play(state, EVIL, "play possessed", "style rc")          # 1 RC, Fear
    play(state, MARINES, "play marine")
    assert value(state, MARINES, "rc") == (2, 1)             # Marine 3 RC - 1 Fear
    play(state, MARINES, "cancel", "play stern-veteran")
    assert value(state, MARINES, "rc") == (5, 1)             # Fearless: no penalty


def test_fly_penalises_and_aa_and_fly_ignore_it():
    state = fight(["marine", "razortank", "assault-marine"], ["raptor"], commanders=("captain", "chaos-lord"))
    lose_fight(state, MARINES)                      # fight 2: Evil Marines active
    play(state, EVIL, "play raptor", "style rc")             # 2 RC, Fly
    chaos = -1                                               # Chaos Lord: Marines -1 RC
    play(state, MARINES, "play marine")
    assert value(state, MARINES, "rc") == (3 + chaos - 1, 2)
    play(state, MARINES, "cancel", "play razortank")         # AA
    assert value(state, MARINES, "rc") == (8 + chaos, 2)
    play(state, MARINES, "cancel", "play assault-marine")    # Fly ignores Fly; the Raptor's Fly ignores it too
    assert value(state, MARINES, "rc") == (2 + chaos, 2)


def test_aa_from_the_dark_apostle_ignores_marines_fly():
    state = fight(["assault-marine"], ["renegade"])
    play(state, MARINES, "play assault-marine", "style rc")  # 2 RC, Fly
    play(state, EVIL, "play renegade")
    assert value(state, EVIL, "rc") == (3, 2)                # no -1: the Dark Apostle makes them AA
    state2 = fight(["assault-marine"], ["renegade"], commanders=("captain", "chaos-lord"))
    play(state2, MARINES, "play assault-marine", "style rc")
    play(state2, EVIL, "play renegade")
    assert value(state2, EVIL, "rc") == (2, 2 - 1)           # Fly -1; Chaos Lord -1 RC to the Marines


def test_fury_helps_the_card_as_it_is_played_then_the_bonus_is_gone():
    state = fight(["honour-guard", "sergeant"], ["renegade", "mark-of-rage"])
    play(state, MARINES, "play honour-guard", "style cc")    # 5 CC
    play(state, EVIL, "play renegade")
    assert "equip mark-of-rage" in legal(state, EVIL)
    play(state, EVIL, "equip mark-of-rage")                  # 3 + 1, Fury +1 = 5
    assert value(state, EVIL, "cc") == (5, 5)
    play(state, EVIL, "done")
    assert current(state) == (4, "cc")                       # the Fury bonus no longer applies
    play(state, MARINES, "play sergeant")
    assert value(state, MARINES, "cc") == (4, 4)
    assert "done" in legal(state, MARINES)                   # equal is enough


def test_stealth_gives_minus_one_rc():
    state = fight(["scout"], ["renegade"])
    play(state, MARINES, "play scout", "style rc")
    play(state, EVIL, "play renegade")
    assert value(state, EVIL, "rc") == (2, 4)
    assert value(state, EVIL, "cc") == (3, 2)                # CC untouched


def test_sniper_gets_plus_one_rc_against_a_character():
    state = fight(["sergeant", "marine"], ["havoc"])
    play(state, MARINES, "play sergeant", "style rc")        # Character, 4 RC
    play(state, EVIL, "play havoc")
    assert value(state, EVIL, "rc") == (5, 4)
    state = fight(["marine"], ["havoc"])
    play(state, MARINES, "play marine", "style rc")          # not a Character
    play(state, EVIL, "play havoc")
    assert value(state, EVIL, "rc") == (4, 3)


def test_blast_leaves_out_the_tokens_fighting_against_it():
    state = fight(["marine"], ["plague-herald"])
    lose_fight(state, MARINES)
    play(state, EVIL, "play plague-herald", "swarm", "swarm", "swarm", "style rc")   # 2 + 3 tokens
    assert current(state) == (5, "rc")
    state.hand[MARINES] = []
    state.deck[MARINES].remove("devastator")
    state.hand[MARINES].append("devastator")
    state.deck[MARINES].remove("marine")
    state.hand[MARINES].append("marine")
    play(state, MARINES, "play marine")
    assert value(state, MARINES, "rc") == (3, 5)
    play(state, MARINES, "cancel", "play devastator")
    assert value(state, MARINES, "rc") == (5, 2)             # the Cultists do not count


def test_swarm_adds_tokens_up_to_the_commanders_wounds_and_they_return_after_the_fight():
    state = fight(["marine"], ["plague-herald"])
    lose_fight(state, MARINES)                      # Evil Marines active, 4 wounds
    state.wounds[EVIL] = 2
    play(state, EVIL, "play plague-herald", "swarm", "swarm")
    assert "swarm" not in legal(state, EVIL)
    assert state.tokens[EVIL] == 2
    play(state, EVIL, "style cc")
    assert current(state) == (4, "cc")
    lose_fight(state, MARINES)
    assert state.tokens[EVIL] == 4 and "cultist" not in state.graveyard[EVIL]


def test_squad_members_match_the_squad_and_add_values_and_keywords():
    state = fight(["razortank", "marine", "technomarine", "sergeant"], ["renegade"])
    play(state, MARINES, "play razortank")
    options = legal(state, MARINES)
    assert "squad technomarine" in options and "squad sergeant" in options
    assert "squad marine" not in options                     # Squad(1C): Characters only
    play(state, MARINES, "squad technomarine")
    assert not any(a.startswith("squad") for a in legal(state, MARINES))   # the one slot is filled
    assert GAME.values.compare(state, MARINES, state.pending, "rc")[0] == 11
    assert "repair" in GAME.values.keywords(state.pending, GAME.values.mods(state)[MARINES])


def test_squad_alternatives_and_member_equipment():
    state = fight(["marine"], ["havoc", "defiler", "possessed", "heavy-plating"])
    lose_fight(state, MARINES)
    play(state, EVIL, "play havoc")                          # Squad(1V/1D)
    assert {"squad defiler", "squad possessed"} <= set(legal(state, EVIL))
    play(state, EVIL, "squad defiler", "equip heavy-plating")
    assert not any(a.startswith("squad") for a in legal(state, EVIL))
    assert state.pending.gear == [[], ["heavy-plating"]]
    assert GAME.values.compare(state, EVIL, state.pending, "rc")[0] == 4 + 6 + 2


def test_squad_members_never_come_from_the_reserves():
    state = fight(["devastator", "marine"], ["renegade"])
    reserve(state, MARINES, "honour-guard")
    play(state, MARINES, "play devastator")
    assert [a for a in legal(state, MARINES) if a.startswith("squad")] == ["squad marine"]


def test_monster_carries_two_equipment_cards_others_one():
    state = fight(["dreadnought", "plasma-gun", "siege-armour"], ["renegade"])
    play(state, MARINES, "play dreadnought", "equip plasma-gun")
    assert "equip siege-armour" in legal(state, MARINES)
    play(state, MARINES, "equip siege-armour")
    assert GAME.values.compare(state, MARINES, state.pending, "rc")[0] == 5 + 2 + 1
    state = fight(["razortank", "plasma-gun", "siege-armour"], ["renegade"])
    play(state, MARINES, "play razortank", "equip plasma-gun")
    assert not any(a.startswith("equip") for a in legal(state, MARINES))


def test_psych_points_buy_plus_one_or_a_power_card():
    state = fight(["librarian", "smite", "psychic-veil"], ["renegade"])
    play(state, MARINES, "play librarian")
    assert {"psych cc", "psych rc", "power smite", "power psychic-veil"} <= set(legal(state, MARINES))
    play(state, MARINES, "psych rc", "power smite")          # 2 points spent
    assert not any(a.startswith(("psych", "power")) for a in legal(state, MARINES))
    assert GAME.values.compare(state, MARINES, state.pending, "rc")[0] == 3 + 1 + 2


def test_power_cards_need_a_psych_unit():
    state = fight(["marine", "smite"], ["renegade"])
    play(state, MARINES, "play marine")
    assert not any(a.startswith(("psych", "power")) for a in legal(state, MARINES))


def test_disrupt_removes_a_keyword_of_the_card_fought_but_never_squad():
    state = fight(["devastator"], ["infiltrator"])
    play(state, MARINES, "play devastator", "style rc")
    play(state, EVIL, "play infiltrator")
    options = [a for a in legal(state, EVIL) if a.startswith("disrupt")]
    assert "disrupt blast" in options and "disrupt squad" not in options


def test_disrupt_counts_for_this_comparison_and_stays_for_the_fight():
    state = fight(["scout"], ["renegade"])
    reserve(state, EVIL, "obliterator")
    play(state, MARINES, "play scout", "style rc")           # 4 RC, Stealth
    play(state, EVIL, "arrive obliterator")
    assert value(state, EVIL, "rc") == (4, 4)
    play(state, EVIL, "disrupt stealth")
    assert value(state, EVIL, "rc") == (5, 4)
    play(state, EVIL, "done")
    assert "stealth" in state.battle[MARINES][-1].removed
    assert current(state) == (5, "rc")


def test_change_puts_a_chosen_command_card_on_top():
    state = fight(["sergeant"], ["warpsmith"])
    stack_commands(state, EVIL, "lord-of-terror", "frenzy")   # Frenzy (+1 CC to Evil) on top
    play(state, MARINES, "play sergeant", "style cc")        # 4 CC
    play(state, EVIL, "play warpsmith")
    assert value(state, EVIL, "cc") == (3 + 1, 4)
    assert [a for a in legal(state, EVIL) if a.startswith("top")] == ["top lord-of-terror"]
    play(state, EVIL, "top lord-of-terror")
    assert value(state, EVIL, "cc") == (3, 4 - 1)            # now the Marines get -1 CC instead


def test_guard_counts_only_once_it_is_no_longer_the_top_card():
    state = fight(["honour-guard", "marine"], ["hellish-brute", "renegade"])
    play(state, MARINES, "play honour-guard", "style rc")    # 3 RC, Guard on top
    play(state, EVIL, "play hellish-brute", "done")          # 7 RC
    lose_fight(state, MARINES)
    assert state.wounds[MARINES] == 3                        # top card: not in the support zone
    state = fight(["honour-guard", "marine"], ["renegade", "hellish-brute"])
    play(state, MARINES, "play honour-guard", "style rc")
    play(state, EVIL, "play renegade", "done")               # 3 RC
    play(state, MARINES, "play marine", "done")              # Honour Guard now in the support zone
    play(state, EVIL, "play hellish-brute", "done")
    lose_fight(state, MARINES)
    assert state.wounds[MARINES] == 4


def test_repair_recycles_a_vehicle_but_never_a_unique_one():
    state = fight(["technomarine", "razortank", "thunderhawk", "marine"], ["renegade", "raptor", "hellish-brute"])
    play(state, MARINES, "play technomarine", "style rc")    # 3 RC
    play(state, EVIL, "play renegade", "done")               # 3 RC
    play(state, MARINES, "play thunderhawk", "done")         # Unique Vehicle; Technomarine to support
    play(state, EVIL, "play hellish-brute", "done")          # 7 RC
    play(state, MARINES, "play razortank", "done")           # 8 RC
    lose_fight(state, EVIL)
    assert state.phase == "recycle" and state.wounds == [4, 3]
    assert GAME.legal_actions(state, MARINES) == ["recycle razortank", "done"]
    play(state, MARINES, "recycle razortank")
    assert "razortank" in state.hand[MARINES] and "razortank" not in state.graveyard[MARINES]
    assert {"technomarine", "thunderhawk"} <= set(state.graveyard[MARINES])
    assert state.phase == "fight" and state.active == EVIL


def test_repair_on_the_top_card_does_not_recycle():
    state = fight(["razortank", "technomarine"], ["renegade", "hellish-brute"])
    play(state, MARINES, "play razortank", "style rc")
    play(state, EVIL, "play hellish-brute", "cancel", "play renegade")
    GAME.apply(state, EVIL, "cancel")
    lose_fight(state, EVIL)
    assert state.phase == "fight" and "razortank" in state.graveyard[MARINES]


def test_command_ability_of_a_commander_card_that_is_not_your_commander_is_ignored():
    # The Captain played as a unit under the Chapter Master gives no +1 CC to others.
    state = fight(["captain", "marine"], ["renegade", "chosen-marine"], commanders=("chapter-master", "dark-apostle"))
    play(state, MARINES, "play marine", "style cc")
    play(state, EVIL, "play renegade", "done")
    assert current(state) == (3, "cc")
    play(state, MARINES, "play captain", "done")
    assert current(state) == (6, "cc")                       # printed 6, no ability


def test_values_never_go_below_zero():
    state = fight(["scout"], ["possessed"])
    stack_commands(state, MARINES, "orbital-strike")        # Evil Marines -1 RC
    play(state, MARINES, "play scout", "style rc")           # Stealth: -1 RC more
    play(state, EVIL, "play possessed")
    assert value(state, EVIL, "rc") == (0, 4 - 1)            # 1 - 1 - 1 would be -1; the scout suffers Fear


def test_two_repair_cards_recycle_two_vehicles_one_after_the_other():
    from tabletop_games.wms.state import Play

    state = fight(["marine"], ["renegade"])
    stack = ["technomarine", "razortank", "technomarine", "razortank"]
    for card in stack + ["renegade"]:
        seat = EVIL if card == "renegade" else MARINES
        state.deck[seat].remove(card)
    state.battle = [[Play(c, "hand") for c in stack], [Play("renegade", "hand")]]
    state.field = [list(stack), ["renegade"]]       # the battlefield zone holds the same cards
    state.style = "rc"
    lose_fight(state, MARINES)                      # two Technomarines in the support zone
    assert state.phase == "recycle" and state.recycle_left[MARINES] == 2
    play(state, MARINES, "recycle razortank")
    assert GAME.legal_actions(state, MARINES) == ["recycle razortank", "done"]
    play(state, MARINES, "recycle razortank")
    assert state.hand[MARINES].count("razortank") == 2 and state.phase == "fight"
    assert state.graveyard[MARINES].count("technomarine") == 2


def test_token_cards_take_no_equipment():
    state = fight(["marine"], ["plague-herald", "mark-of-rage"])
    lose_fight(state, MARINES)
    play(state, EVIL, "play plague-herald")
    assert "equip mark-of-rage" in legal(state, EVIL)
    play(state, EVIL, "swarm")
    assert not any(a.startswith("equip") for a in legal(state, EVIL))


def test_the_same_keyword_from_two_sources_counts_once():
    state = fight(["marine"], ["possessed"])
    stack_commands(state, EVIL, "aura-of-dread")             # Evil units have Fear; the Possessed has it too
    play(state, MARINES, "play marine", "style rc")
    play(state, EVIL, "play possessed")
    assert value(state, EVIL, "rc") == (1, 3 - 1)


def test_all_bonuses_and_penalties_gained_from_keywords_are_cumulative():
    """Fear, Fly (from Warp Wings) and Enfeeble on one play: a card against it gets -3 CC, -2 RC."""
    state = fight(["marine"], ["possessed", "warp-wings"])
    play(state, MARINES, "play marine", "style cc")          # 3 CC / 3 RC, no Fearless, no AA
    play(state, EVIL, "play possessed", "equip warp-wings")
    assert value(state, EVIL, "cc") == (4, 3 - 3)
    assert value(state, EVIL, "rc") == (1, 3 - 2)


def test_psych_points_of_a_squad_are_pooled():
    state = fight(["razortank", "librarian"], ["renegade"])
    play(state, MARINES, "play razortank")
    assert "psych rc" not in legal(state, MARINES)
    play(state, MARINES, "squad librarian", "psych rc", "psych rc")
    assert "psych rc" not in legal(state, MARINES)
    assert GAME.values.compare(state, MARINES, state.pending, "rc")[0] == 8 + 3 + 2


def test_change_to_an_immediate_card_does_not_resolve_it_again():
    state = fight(["marine"], ["warpsmith"], commanders=("chapter-master", "dark-apostle"))
    stack_commands(state, EVIL, "unholy-vigour", "frenzy")
    state.wounds[EVIL] = 2
    play(state, MARINES, "play marine", "style rc")          # 3 RC
    play(state, EVIL, "play warpsmith")
    assert value(state, EVIL, "cc")[0] == 3 + 1              # Frenzy on top: +1 CC
    play(state, EVIL, "top unholy-vigour")
    assert value(state, EVIL, "cc")[0] == 3                  # the immediate card has no lasting effect
    play(state, EVIL, "done")
    assert state.command[EVIL] == ["frenzy", "unholy-vigour"]
    assert state.wounds[EVIL] == 2                           # and does not heal again
