import pytest

from tabletop.terminal.prompt import match_choice

LEGAL = ["A1L", "A1R", "A2L", "BL.k", "CH"]


@pytest.mark.parametrize(
    ("typed", "chosen"),
    [("A1R", "A1R"), ("2", "A1R"), ("ch", "CH"), ("bl", "BL.k"), (" a2 ", "A2L"), ("a1l", "A1L")],
)
def test_a_choice_may_be_notation_number_or_unique_prefix(typed, chosen):
    assert match_choice(typed, LEGAL) == chosen


def test_numeric_notation_wins_over_list_numbers():
    assert match_choice("5", ["2", "3", "5", "9", "12"]) == "5"
    assert match_choice("4", ["2", "3", "5", "9", "12"]) == "9"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("A1", "'A1' could be A1L, A1R; type more of it or its number."),
        ("9", "There is no choice 9: pick 1 to 5."),
        ("zap", "'zap' is not a legal action now; type ? to see what you can do."),
        ("", "Type an action, its number, or ? for help."),
    ],
)
def test_typos_get_a_sentence_not_a_traceback(typed, message):
    with pytest.raises(ValueError) as error:
        match_choice(typed, LEGAL)
    assert str(error.value) == message


def test_a_long_list_of_choices_goes_in_two_columns_on_a_wide_screen(goofspiel):
    from io import StringIO

    from rich.console import Console

    from tabletop.core.decision import Decision
    from tabletop.terminal.prompt import HumanAgent

    state = goofspiel.new_state(2, seed=1)
    out = StringIO()
    agent = HumanAgent(console=Console(file=out, width=120), ask=lambda prompt: "13", names=["A", "B"], show_view=False)
    decision = Decision(goofspiel, state, 0, goofspiel.legal_actions(state, 0))
    assert agent.choose(decision) == "13"
    first_line = out.getvalue().splitlines()[0]
    assert first_line.split()[:2] == ["1", "1"] and "8" in first_line.split()


def test_a_hand_with_nothing_playable_now_lists_only_what_is_not(goofspiel):
    from io import StringIO

    from rich.console import Console

    from tabletop.core.board import HandCard
    from tabletop.core.decision import Decision
    from tabletop.terminal.prompt import HumanAgent

    class Board:
        hand_title = "Your workers"

        def render(self, view, *, names, width):
            return ""

        def hand(self, view, legal):
            return [HandCard("Jammer", "", playable=False), HandCard("Thief", "", playable=False)]

        def hint(self, view, legal):
            return ""

    out = StringIO()
    agent = HumanAgent(console=Console(file=out, width=120), ask=lambda prompt: "13", names=["A", "B"], board=Board())
    agent.console.print(agent._compact(Decision(goofspiel, goofspiel.new_state(2, seed=1), 0, ["13"])))
    assert "Your workers: not now: Jammer, Thief" in out.getvalue()


@pytest.mark.parametrize(("name", "typed", "goes_on"), [
    ("Bob", "bob", True), ("Bob", " BOB ", True), ("Player 2", "player2", True), ("Zoë", "zoe", True),
    ("Bob", "", False), ("Bob", "b", False), ("Bob", "place K", False), ("Bob", "1", False),
    ("Player 2", "Player 1", False), ("\U0001f431", "", False), ("\U0001f431", "ready", True),
    ("7", "7", False), ("7", "Ready", True),
])
def test_a_hand_over_goes_on_only_for_the_next_persons_name(name, typed, goes_on):
    """A stray Enter or a move typed ahead by the last person never hands the screen over."""
    from tabletop.terminal.prompt import confirms_hand_over

    assert confirms_hand_over(name, typed) is goes_on


@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="needs a pseudo-terminal (POSIX)")
def test_what_was_typed_before_a_hand_over_is_dropped_at_a_real_terminal(monkeypatch):
    """The last person's Enter and next move, typed before the page appeared, are flushed
    from the terminal; what the next person types after it is read."""
    import os
    import sys

    from tabletop.terminal.prompt import discard_typeahead

    main, side = os.openpty()
    with os.fdopen(side, "r") as terminal:
        monkeypatch.setattr(sys, "stdin", terminal)
        os.write(main, b"place K\n\n")
        discard_typeahead()
        os.write(main, b"Bob\n")
        assert terminal.readline() == "Bob\n"
    os.close(main)
