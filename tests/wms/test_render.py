"""The renderer shows commanders, wounds, command stack tops, battlefield values and the own hand."""

from io import StringIO

from rich.console import Console

from tests.wms.helpers import EVIL, GAME, MARINES, fight, play, stack_commands


def _text(view):
    console = Console(file=StringIO(), width=120)
    console.print(GAME.render(view, names=["Alice", "Bob"]))
    return console.file.getvalue()


def _position():
    state = fight(["razortank", "technomarine", "marine", "plasma-gun"], ["renegade", "hellish-brute", "frenzy"])
    stack_commands(state, EVIL, "lord-of-terror")
    play(state, MARINES, "play marine", "equip plasma-gun", "style rc")
    play(state, EVIL, "play hellish-brute", "done")
    play(state, MARINES, "play razortank", "squad technomarine")
    return state


def test_render_shows_the_table_from_a_seat():
    state = _position()
    text = _text(GAME.view(state, MARINES))
    for words in ("Captain", "Dark Apostle", "●●●●", "Lord of Terror", "Current combat value: 7 RC",
                  "Marine [Plasma Gun]", "Hellish Brute", "6 CC / 7 RC", "Razortank + Technomarine",
                  "11 RC", "Your hand:"):
        assert words in text, words
    for card in state.hand[MARINES]:
        assert GAME.cards[card].name in text


def test_render_hides_the_other_hand_and_spectators_see_no_hand():
    state = _position()
    text = _text(GAME.view(state, MARINES))
    assert "Frenzy" not in text                              # in the Evil Marines' hand only
    assert "Your hand" not in _text(GAME.view(state, None))


def test_render_setup_and_game_over():
    state = GAME.new_state(2, seed=1)
    assert "WMS - setup" in _text(GAME.view(state, 0))
    state = fight(["sergeant", "marine"], ["renegade"])
    state.wounds[EVIL] = 1
    play(state, MARINES, "play sergeant", "style cc")
    play(state, EVIL, "yield")
    assert "Game over: Alice wins" in _text(GAME.view(state, None))


def test_describe_action_gives_values_and_effects():
    state = fight(["razortank", "technomarine", "plasma-gun", "hold-the-line"], ["renegade"])
    assert GAME.describe_action(state, MARINES, "play razortank").startswith("Razortank: 2 CC / 8 RC")
    assert "squad(1C)" in GAME.describe_action(state, MARINES, "play razortank")
    assert GAME.describe_action(state, MARINES, "command hold-the-line") == "Hold the Line (lingering): Your units get +1 CC."
    play(state, MARINES, "play razortank")
    assert GAME.describe_action(state, MARINES, "equip plasma-gun") == "Plasma Gun: +2 RC (Light or Heavy only.)"
    assert GAME.describe_action(state, MARINES, "style rc") == "finish at 8 RC"
    assert GAME.describe_action(state, MARINES, "nonsense words here") == ""


def _hint(state, seat):
    from tabletop_games.wms.board import WmsBoard

    return WmsBoard(GAME).hint(GAME.view(state, seat), GAME.legal_actions(state, seat))


def test_the_hint_names_the_finishes_that_exist_and_offers_yield_only_when_legal():
    state = fight(["sergeant", "marine"], ["renegade", "hellish-brute"])
    play(state, MARINES, "play sergeant")
    hint = _hint(state, MARINES)
    assert "commit" not in hint and "style cc" in hint
    play(state, MARINES, "style cc")
    hint = _hint(state, EVIL)
    assert "yield" in GAME.legal_actions(state, EVIL) or "yield" not in hint
    play(state, EVIL, "play hellish-brute")
    assert "'done'" in _hint(state, EVIL) and "commit" not in _hint(state, EVIL)


def test_the_hint_does_not_offer_a_yield_the_rules_refuse():
    state = fight(["sergeant"], ["hellish-brute", "renegade"])
    play(state, MARINES, "play sergeant", "style cc")
    assert "yield" not in GAME.legal_actions(state, EVIL)
    assert "yield" not in _hint(state, EVIL)


def test_the_hint_during_repair_asks_for_a_recycle_not_a_play():
    from tabletop_games.wms.state import RECYCLE

    state = fight(["razortank", "technomarine", "marine"], ["renegade", "hellish-brute"])
    state.phase = RECYCLE
    state.recycle_queue = [MARINES]
    state.recycle_left = [1, 0]
    state.style = "cc"
    hint = _hint(state, MARINES)
    assert "recycle" in hint and "yield" not in hint


def test_the_tide_keyword_is_explained_as_card_text_not_as_a_command():
    from tabletop_games.wms.board import WmsBoard

    text = WmsBoard(GAME).cards()["stern veteran"]
    assert "tide: when played, you may turn the tide" in text and "a command" not in text


def test_choosing_a_commander_shows_its_command_ability_not_values_the_game_ignores():
    """"All other information on your commander card is ignored during the game.\""""
    state = GAME.new_state(2, seed=1)
    text = GAME.describe_action(state, 0, "commander chapter-master")
    assert "Command ability: your units are Fearless." in text
    assert "CC" not in text and "unique" not in text


def test_the_hand_ticks_only_cards_playable_for_the_unit_being_played():
    """Every hand card may be sacrificed; a tick means it can go with this play."""
    from tabletop_games.wms.board import WmsBoard

    state = fight(["marine", "power-sword", "plasma-gun", "hold-the-line"], ["renegade"])
    play(state, MARINES, "play marine")                      # Light, not a Character
    legal = GAME.legal_actions(state, MARINES)
    assert "sacrifice power-sword" in legal and "equip power-sword" not in legal
    ticks = {c.label: c.playable for c in WmsBoard(GAME).hand(GAME.view(state, MARINES), legal)}
    assert ticks["Plasma Gun"] and not ticks["Power Sword"] and not ticks["Hold the Line"]


def _board(state, seat):
    from tabletop_games.wms.board import WmsBoard

    console = Console(file=StringIO(), width=80)
    console.print(WmsBoard(GAME).render(GAME.view(state, seat), names=["Alice", "Bob"], width=78))
    return console.file.getvalue()


def test_done_and_the_log_say_why_the_value_differs_from_the_board():
    """The Raptor (Fly, Fury) answers a Marine: against the Raptor the Marine's 3 CC on the
    board is 2 (Fly), and the Raptor's 5 CC is 4 once answered (Fury counts only as played)."""
    state = fight(["marine"], ["raptor"])
    play(state, MARINES, "play marine", "style cc")
    play(state, EVIL, "play raptor")
    assert "To equal or beat: 3 CC" in _board(state, EVIL)
    assert GAME.describe_action(state, EVIL, "done") == (
        "finish at 5 CC against 2 (3 CC on the board, less 1 for this play's Fly)")
    said = [e.text for e in GAME.apply(state, EVIL, "done") if e.kind == "play"]
    assert said == ["{p1} plays Raptor: 5 CC against 2 (3 CC on the board, less 1 for this play's Fly). "
                    "Fury's +1 counts only as it is played: 4 CC to equal or beat."]
    assert "To equal or beat: 4 CC" in _board(state, MARINES)
