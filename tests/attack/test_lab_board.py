"""Class 15: a board that misbehaves. A plugin's board that raises (SystemExit too), answers None
or a number, or draws a 100,000-character line, falls back to the plain board, named once; the
game goes on."""

from __future__ import annotations

import pytest

from tabletop.core.board import MAX_LINE, Board, GuardedBoard, board_for
from tabletop.engine.registry import build_registry
from tests.attack.helpers import says
from tests.goofspiel import plugin as goofspiel_plugin

GOOF = ("--plugin", "tests.goofspiel.plugin")

PLUGIN = """
    import sys

    from tabletop.core.board import Board
    from tabletop.plugin_api import hookimpl
    from tests.goofspiel.game import Goofspiel


    class BadBoard(Board):
        def render(self, view, *, names, width):
            {render}

        def hint(self, view, legal):
            return "bid a card"


    class Bad(Goofspiel):
        name = "badboard"
        board = BadBoard


    @hookimpl
    def tabletop_register_games():
        return [Bad()]
"""


@pytest.mark.parametrize("render, why", [
    ("raise ValueError('board on fire')", "failed in render (ValueError: board on fire)"),
    ("return None", "failed in render (TypeError: it gave NoneType, not text or a Rich renderable)"),
    ("sys.exit(4)", "failed in render (SystemExit: 4)"),
], ids=["raises", "none", "exits"])
def test_a_failing_board_falls_back_to_the_plain_one_naming_the_plugin_once(run_main, plugin_file, tmp_path,
                                                                          render, why):
    plugin = plugin_file(PLUGIN.format(render=render), name="bad_board")
    result = run_main(*GOOF, "--plugin", str(plugin), "play", "badboard", "--plain", "--seats", "human,random",
                      "--seed", "1", "--save", str(tmp_path / "g.json"), stdin="1\n2\n3\nquit\n")
    assert result.code == 0, result.text
    assert "unexpected error" not in result.text
    assert says(result.text, f"The board of plugin '{plugin}' {why}; the plain board is shown instead.")
    assert result.text.count("the plain board is shown instead") == 1


def test_a_100000_character_board_line_is_cut(run_main, plugin_file, tmp_path):
    plugin = plugin_file(PLUGIN.format(render="return 'x' * 100_000 + '\\nsecond line'"), name="wide_board")
    result = run_main(*GOOF, "--plugin", str(plugin), "play", "badboard", "--plain", "--seats", "human,random",
                      "--seed", "1", "--save", str(tmp_path / "g.json"), stdin="quit\n")
    assert result.code == 0, result.text
    assert "second line" in result.out
    assert result.out.count("x") < 2 * MAX_LINE


@pytest.mark.parametrize("method, answer", [("hint", "42"), ("status", "None"), ("hand", "[1, 2]"),
                                            ("cards", "['a']"), ("summary", "b'bytes'")])
def test_each_board_answer_is_checked(method, answer):
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin])
    game = registry.game("goofspiel")
    told: list[str] = []

    class Odd(Board):
        pass

    setattr(Odd, method, lambda self, *args, **kwargs: eval(answer))
    board = GuardedBoard(Odd(game), "odd", told.append)
    view = game.view(game.new_state(2, seed=0), 0)
    calls = {"hint": lambda: board.hint(view, []), "status": lambda: board.status(view),
             "hand": lambda: board.hand(view, []), "cards": board.cards, "summary": board.summary}
    assert calls[method]() == calls[method]()  # the plain board's answer, twice
    assert len(told) == 1 and told[0].startswith(f"The board of plugin 'odd' failed in {method} (TypeError")


def test_a_board_hook_that_raises_is_the_plain_board(plugin_file):
    plugin = plugin_file("""
        from tabletop.core import hookimpl

        @hookimpl
        def tabletop_make_board(game):
            raise RuntimeError("no board today")
    """, name="hook_raises")
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin, str(plugin)])
    told: list[str] = []
    board = board_for(registry.pm, registry.game("goofspiel"), report=told.append)
    assert type(board) is Board
    assert told == [f"The board of plugin '{plugin}' failed (RuntimeError: no board today); "
                    "the plain board is shown instead."]


def test_every_method_of_the_board_contract_reaches_the_plugins_board():
    """A method added to Board later must be passed on by GuardedBoard, or the plugin's own
    answer would silently be replaced by the plain board's."""
    own = {name for name, value in vars(Board).items() if callable(value) and not name.startswith("_")}
    built_on = {"ordered"}  # Board's own helpers, built on the contract's methods
    assert own - built_on <= set(vars(GuardedBoard))
