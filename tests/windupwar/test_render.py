"""The renderer shows a view: armies with hearts, the last reveal, the hand by colour."""

import random

from rich.console import Console

from tests.windupwar.helpers import position, program

NAMES = ["Jess", "Zach", "Katie", "Eugene"]
INFANTRY = ["infantry", "tank", "helicopter"]


def text_of(game, view):
    console = Console(width=200, record=True, color_system=None)
    console.print(game.render(view, names=NAMES))
    return console.export_text()


def test_render_shows_units_hearts_reveal_and_hand(game):
    hands = {0: ["A1L.g", "BL.k"], 1: ["A1R.g", "FL.o"]}
    state = position(game, [INFANTRY] * 4, hands=hands, discard={0: ["SB.b"]})
    program(game, state, hands)
    out = text_of(game, game.view(state, 2))
    assert "Infantry \u2665\u2665\u2665\u2661" in out  # Jess took one damage (4 hearts, 3 left)
    assert "\u25a0green" in out and "\u25a0purple" in out
    assert "Round 1: every card step" in out and "FL.o! 0/0" in out
    assert "Last card step: round 1, card 2" in out and "illegal: broken" in out
    assert "Your hand" in out and "legal for your Infantry" in out
    assert "Attack 1 to the Left \u2713" in out and "Flame Left \u2717" in out


def test_render_shows_face_down_cards_as_question_marks(game):
    state = game.new_state(4, seed=2)
    for seat in range(4):
        for unit in INFANTRY:
            game.apply(state, seat, f"unit {unit}")
    game.apply(state, 0, "A1L.g")
    out = text_of(game, game.view(state, 1))
    board = out.split("Your hand")[0]
    assert "A1L.g" not in board and "?" in board
    assert "A1L.g" in text_of(game, game.view(state, 0)).split("Your hand")[0]


def test_render_every_phase_of_random_games(game):
    for seed in range(5):
        rng = random.Random(seed)
        state = game.new_state(4, options={"factions": "pick"}, seed=seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            for who in (seat, None):
                text_of(game, game.view(state, who))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert "Round" in text_of(game, game.view(state, None))


def test_card_help_finds_a_card_by_the_notation_the_prompt_lists(game):
    """The windup prompt lists cards as ``AS.o``; ``card AS.o`` must show that card's text."""
    from tabletop_games.windupwar.board import WindupWarBoard

    board = WindupWarBoard(game)
    assert board.card_text("AS.o").startswith("Alpha Strike (AS, orange)")
    assert board.card_text("a1l.i").startswith("Attack 1 to the Left (A1L, pink)")
    assert board.card_text("BL.p").startswith("Block All Attacks (BL, purple)")


def test_card_help_states_the_2016_rule_where_the_2016_card_differs(game):
    """A 2016 player asking for Alpha Strike, Detonate Bomb or Reload must not get only the 2017 text."""
    from tabletop_games.windupwar.board import WindupWarBoard

    board = WindupWarBoard(game)
    assert "2016 edition: Deal 1 damage to all players" in board.card_text("AS.o")
    assert "2016 edition: " in board.card_text("DB.b") and "all players (not including you)" in board.card_text("DB.b")
    assert "2016 edition: At the end of the round" in board.card_text("RL.k")
    assert "2016" not in board.card_text("A1L.k")
