"""What the events say: lines made once per seat and card, and long ones made from the
event's data only when read, word for word as people (and old records) have them."""

import pytest

from tabletop.core import InvalidAction
from tabletop.core.events import LazyEvent
from tests.castlewars.helpers import GAME, play, rig_rows
from tests.castlewars.test_example_battle import ROWS


def test_the_example_battle_is_narrated_clash_by_clash_and_strike_by_strike():
    state = GAME.new_state(3, seed=7)
    rig_rows(state, ROWS)
    drafted = []
    for row in ROWS:
        for seat in range(3):
            drafted += play(state, seat, f"take {row[seat]}")
    assert [e.text for e in drafted[:4]] == [
        "{p0} takes a Mage.", "{p1} takes a Knight.", "{p2} takes a Knight.",
        "Draft turn 2: face up Knight, Archer, Archer, Mage."]
    play(state, 0, "attack 2", "place M", "place M", "place A")
    placed = play(state, 1, "defend", "place K")
    assert [e.text for e in placed] == ["{p1} will defend.", "{p1} places a Knight in position 1."]
    play(state, 1, "place K", "place K", "place K")
    events = play(state, 2, "attack 1", "place K", "place A")
    texts = {e.kind: [] for e in events}
    for e in events:
        texts[e.kind].append(e.text)
    assert texts["reveal"] == ["{p0} attacks {p1}.", "{p1} defends.", "{p2} attacks {p0}."]
    assert texts["clash"] == ["{p0}'s Mage discards {p1}'s Knight."] * 4 + [
        "{p0}'s Mage and {p1}'s Mage discard each other."]
    assert "{p0}'s Mage, Archer, Knight reach {p1} with 6 attack power." in texts["strike"]
    assert texts["face_up"][0].startswith("Draft turn 1: face up ")
    assert all(type(e) is LazyEvent for e in events if e.kind in ("clash", "strike", "face_up"))


def test_an_action_spelt_another_way_does_what_its_usual_spelling_does():
    for usual, other in [("take K", "TAKE k"), ("take K", "  take   K ")]:
        a, b = GAME.new_state(2, seed=3), GAME.new_state(2, seed=3)
        rig_rows(a, [["K", "A", "M"]])
        rig_rows(b, [["K", "A", "M"]])
        assert [e.to_dict() for e in GAME.apply(a, 0, usual)] == [e.to_dict() for e in GAME.apply(b, 0, other)]
        assert GAME.view(a, 1) == GAME.view(b, 1)
    with pytest.raises(InvalidAction, match="is not Castle Wars notation"):
        GAME.apply(GAME.new_state(2, seed=3), 0, "take Q")
