"""The rulebook's "Example Battle (with 3 players)", steps 1-9, played through the draft.

The pictures did not survive, so the hands are rebuilt from the text: player #1 leads with
Mages (step 2: "Mage cards to the left") and keeps "a Mage, Archer, and Knight" (step 7)
behind them, plus a Tower (step 8); player #2 leads with four Knights and then a Mage
(steps 2-6); player #3 sends 6 attack power (step 8).
"""

from tabletop_games.castlewars.state import DRAFT
from tests.castlewars.helpers import GAME, play, rig_rows, towers

# Draft turn by draft turn: player #1, #2, #3 take the first three cards; the fourth is left.
ROWS = [
    ["M", "K", "K", "A"],
    ["M", "K", "A", "A"],
    ["A", "K", "M", "A"],
    ["K", "K", "T", "A"],
    ["T", "M", "T", "A"],
]


def test_example_battle_with_3_players():
    state = GAME.new_state(3, seed=7)
    before = GAME.census(state)
    rig_rows(state, ROWS)
    for row in ROWS:
        for seat in range(3):
            play(state, seat, f"take {row[seat]}")
    assert state.units == [["M", "M", "A", "K"], ["K", "K", "K", "K", "M"], ["K", "A", "M"]]
    assert towers(state) == [1, 0, 2]

    # Step 1: #1 attacks #2, #2 defends, #3 attacks #1; arrangements as in the pictures.
    play(state, 0, "attack 2", "place M", "place M", "place A")   # the Knight is placed last by itself
    play(state, 1, "defend", "place K", "place K", "place K", "place K")
    events = play(state, 2, "attack 1", "place K", "place A")

    battle = state.last_battle
    # Steps 2-6: #1's leading Mage discards four Knights, then meets #2's Mage: both discarded.
    assert [(c["units"], c["lost"]) for c in battle["clashes"]] == [
        (["M", "K"], [1]), (["M", "K"], [1]), (["M", "K"], [1]), (["M", "K"], [1]), (["M", "M"], [0, 1]),
    ]
    # Step 7: a Mage, Archer and Knight deal 6 to #2: 9 hit points.
    # Step 8: #3 meets only #1's Tower: 4 topple it, 2 get through: #1 at 13, #3 still at 15.
    assert list(state.hp) == [13, 9, 15]
    assert towers(state) == [0, 0, 2]
    assert {"seat": 0, "target": 1, "units": ["M", "A", "K"], "power": 6} in battle["strikes"]
    assert {"seat": 2, "target": 0, "units": ["K", "A", "M"], "power": 6} in battle["strikes"]
    # Step 9: cards not discarded stay in their players' hands ...
    assert state.units == [["M", "A", "K"], [], ["K", "A", "M"]]
    assert state.discard.count("K") >= 4 and state.discard.count("T") >= 1
    # ... and player #2 drafts first, having the lowest hit points.
    assert state.phase == DRAFT and state.round == 2
    assert list(GAME.to_act(state)) == [1]
    assert list(state.turn_order) == [1, 2, 0]
    assert any(e.kind == "damage" and e.data["seat"] == 1 for e in events)
    assert GAME.census(state) == before
