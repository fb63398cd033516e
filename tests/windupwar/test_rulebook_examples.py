"""The rulebooks' worked examples, named after them.

Seats for Example 2 / Example 8 (clockwise; one space to your left is the next seat):
Jess 0, Zach 1, Katie 2, Eugene 3. Then Eugene's Attack 2 to the Right reaches Zach, Katie
sits between Eugene and Zach, and Zach's right-hand neighbour is Jess, as the text says.
"""

from tests.windupwar.helpers import position, program, reveals

JESS, ZACH, KATIE, EUGENE = 0, 1, 2, 3
ARMIES = [
    ["infantry", "tank", "helicopter"],  # Jess: any unit plays her black Block and Attack
    ["tank", "helicopter", "infantry"],  # Zach: his Tank plays Double Attack Right (pink)
    ["helicopter", "tank", "infantry"],  # Katie: Attack 1 Right and Left is pink
    ["helicopter", "tank", "infantry"],  # Eugene: Attack 2 Right is green
]
ROWS = {
    EUGENE: ["A2R.g", "BL.k", "BL.g", "A1L.k", "A1R.g"],
    KATIE: ["A1RL.i", "RL.k", "BL.k", "A1L.k", "A1L.i"],
    ZACH: ["DAR.i", "A1L.i", "FL.o", "BL.k", "A1L.k"],
    JESS: ["BL.k", "A1L.k", "BL.p", "BL.g", "A1R.g"],
}


def _example(game, edition):
    hands = {seat: ROWS[seat] + extra for seat, extra in
             ((EUGENE, []), (KATIE, ["A1L.g"]), (ZACH, []), (JESS, []))}
    state = position(game, ARMIES, edition=edition, hands=hands, hearts={ZACH: 3})
    events = program(game, state, ROWS)
    return state, reveals(events), events


def test_000_example_2_figure_9_card_1(game):
    state, steps, _ = _example(game, "2017")
    card1 = steps[0]
    assert {s: r["card"] for s, r in card1.items()} == {
        EUGENE: "A2R.g", KATIE: "A1RL.i", ZACH: "DAR.i", JESS: "BL.k"}
    # Eugene deals one damage to Zach; Katie deals one to Eugene and one to Zach.
    assert card1[EUGENE]["dealt"] == 1 and card1[KATIE]["dealt"] == 2
    # Zach's Double Attack Right would deal two to Jess, but Jess blocks.
    assert card1[ZACH]["dealt"] == 0 and card1[JESS]["taken"] == 0
    # Eugene covers one more heart, Zach two more.
    assert card1[EUGENE]["taken"] == 1 and card1[EUGENE]["hearts"] == 2
    assert card1[ZACH]["taken"] == 2 and card1[ZACH]["hearts"] == 1
    assert card1[KATIE]["taken"] == 0


def test_000_example_2_figure_10_card_2_tank_destroyed_next_unit_takes_over_on_card_3(game):
    state, steps, events = _example(game, "2017")
    card2 = steps[1]
    assert card2[EUGENE]["card"] == "BL.k" and card2[EUGENE]["taken"] == 0
    # Zach's Attack 1 to the Left hits Katie; Jess's deals the finishing blow to Zach's Tank.
    assert card2[KATIE]["taken"] == 1
    assert card2[ZACH]["taken"] == 1 and card2[ZACH]["hearts"] == 0 and card2[ZACH]["unit"] == "tank"
    destroyed = [e for e in events if e.kind == "destroyed"]
    assert destroyed[0].data == {"seat": ZACH, "unit": "helicopter"}
    # Zach's next unit takes over on card 3: his Flame Left (orange) was legal for the Tank but
    # not for the Helicopter, and nobody attacks Zach on card 3, so it breaks.
    card3 = steps[2]
    assert card3[ZACH]["unit"] == "helicopter"
    assert card3[ZACH]["outcome"] == "illegal: broken" and card3[ZACH]["dealt"] == 0
    assert state.broken[ZACH] == ["FL.o"]
    # Katie's Reload returned her Attack 1 to the Right and Left (and the Reload) to her hand.
    assert "A1RL.i" in game.view(state, KATIE)["hand"] and "RL.k" in game.view(state, KATIE)["hand"]


def test_000_example_2_figure_10_katie_reload_returns_cards_at_once(game):
    """The Reload on card 2 acts immediately: Katie's discard pile is back in her hand."""
    state, steps, events = _example(game, "2017")
    assert "A1L.g" not in state.discard[KATIE]
    assert state.discard[KATIE] == ["BL.k", "A1L.k", "A1L.i"]  # cards 3-5, at round end


def test_001_example_8(game):
    """2016 print-and-play, Example 8: the same card 1 as 2017's Figure 9."""
    state, steps, _ = _example(game, "2016")
    card1 = steps[0]
    assert card1[EUGENE]["taken"] == 1 and card1[EUGENE]["dealt"] == 1
    assert card1[KATIE]["dealt"] == 2
    assert card1[ZACH]["taken"] == 2 and card1[ZACH]["dealt"] == 0
    assert card1[JESS]["taken"] == 0 and card1[JESS]["outcome"] == "played"


def _helicopter_rows(game):
    rows = {0: ["A1L.i", "A1L.g", "A1L.k", "BL.p", "SB.b"],
            1: ["BL.k", "BL.g", "BL.p", "RL.k", "A1L.k"]}
    state = position(game, [["helicopter", "tank", "mech"], ["infantry", "tank", "mech"]],
                     hands={0: list(rows[0]), 1: list(rows[1])})
    return state, reveals(program(game, state, rows))


def test_000_example_1_helicopter_plays_pink_green_and_black(game):
    """"The Helicopter ... can play Pink, Green and Black actions because it has a Pink and Green ribbon.\""""
    state, steps = _helicopter_rows(game)
    for step in steps[:3]:  # each attack is legal: the blocking Infantry is attacked
        assert step[0]["outcome"] == "played"
    assert steps[3][0]["outcome"] == "illegal: broken"  # purple is not the Helicopter's


def test_illegal_actions_example_helicopter_programmed_a_purple_action(game):
    """"your Helicopter is active, but you have programmed a purple action": illegal; not
    attacked it breaks, attacked it counts as a Block."""
    state, steps = _helicopter_rows(game)
    assert state.broken[0] == ["BL.p"]
    assert steps[3][0]["outcome"] == "illegal: broken"
    assert steps[4][0]["outcome"] == "illegal: counts as Block"
    assert steps[4][0]["taken"] == 0 and steps[4][1]["dealt"] == 0  # SB.b blocked the attack
    assert state.hearts[0] == 3 and "SB.b" not in state.broken[0]
