"""The rulebook's "Example of a Fight", with this plugin's deck data."""

from tests.wms.helpers import GAME, current, give, play, started

EVIL, MARINES = 0, 1


def _example_start():
    # swap: seat 1 plays the Evil Marines and is the active player of the first fight.
    state = started(swap=True, commanders=("dark-apostle", "chapter-master"))
    give(state, EVIL, ["lord-of-terror", "chosen-marine", "evil-marine", "power-axe", "hellish-brute"])
    give(state, MARINES, ["captain", "stern-veteran", "razortank", "technomarine", "marine"])
    return state


def test_example_of_a_fight():
    state = _example_start()
    # "He chooses to play 'Lord of Terror'. He then opens the fight by playing the 'Chosen
    # Marine' unit card and announces that he wishes to fight in CC. ... now 4 CC."
    play(state, EVIL, "command lord-of-terror", "play chosen-marine", "style cc")
    assert state.command[EVIL] == ["lord-of-terror"]
    assert current(state) == (4, "cc")
    # "The Marine player reacts by playing his 'Captain' card. ... now 5 CC."
    play(state, MARINES, "play captain", "done")
    assert current(state) == (5, "cc")
    # "'Evil Marine' and equips the card with a 'Power Axe', boosting its CC to 7."
    play(state, EVIL, "play evil-marine", "equip power-axe", "done")
    assert current(state) == (7, "cc")
    # "cannot handle 7 CC ... plays 'Stern Veteran' and turns the tide to RC (4 for the Evil
    # Marine). The current combat value is now 5 RC."
    play(state, MARINES, "play stern-veteran")
    assert "done" not in GAME.legal_actions(state, MARINES)
    assert GAME.values.compare(state, MARINES, state.pending, "rc") == (5, 4)
    play(state, MARINES, "tide rc")
    assert current(state) == (5, "rc")
    # "'Hellish Brute', bringing the current combat value to 7 RC."
    play(state, EVIL, "play hellish-brute", "done")
    assert current(state) == (7, "rc")
    # "'Razortank' forming a squad with 'Technomarine'. The current combat value is now 11 RC."
    play(state, MARINES, "play razortank", "squad technomarine", "done")
    assert current(state) == (11, "rc")
    assert [p.units for p in state.battle[MARINES]] == [["captain"], ["stern-veteran"], ["razortank", "technomarine"]]
    assert GAME.outcome(state) is None and state.turn == EVIL


def test_example_razortank_alone_does_not_reach_seven_plus():
    """Without the Technomarine the Razortank's 8 RC still beats 7, but only the squad makes 11."""
    state = _example_start()
    play(state, EVIL, "command lord-of-terror", "play chosen-marine", "style cc")
    play(state, MARINES, "play captain", "done")
    play(state, EVIL, "play evil-marine", "equip power-axe", "done")
    play(state, MARINES, "play stern-veteran", "tide rc")
    play(state, EVIL, "play hellish-brute", "done")
    play(state, MARINES, "play razortank")
    assert GAME.values.compare(state, MARINES, state.pending, "rc") == (8, 7)
