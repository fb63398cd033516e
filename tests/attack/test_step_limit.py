"""Class 20: a game that runs past its step limit is reported to people in a sentence, without
the engine's class name ("StepLimitExceeded: ... did not end within ... actions" was printed)."""

from __future__ import annotations

from tests.attack.helpers import says

SHORT = """
    from tabletop.plugin_api import hookimpl
    from tests.goofspiel.game import Goofspiel

    class Short(Goofspiel):
        name = "short"
        title = "Short Goofspiel"

        def step_limit(self, seats):
            return 3  # a Goofspiel game takes 26 actions: every game runs past it

    @hookimpl
    def tabletop_register_games():
        return [Short()]
"""


def test_a_game_past_its_step_limit_is_a_sentence_without_a_class_name(run_main, plugin_file):
    plugin = plugin_file(SHORT, name="short_game")
    result = run_main("--plugin", str(plugin), "simulate", "short", "-n", "2", "--no-db", "--seed", "4")
    assert result.code == 1  # games failed: the documented status
    assert says(result.text, "2 games failed, e.g. seed 4: short did not end within 3 actions (seed 4)")
    assert "StepLimitExceeded" not in result.text and "Traceback" not in result.text
