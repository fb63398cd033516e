"""A game whose length depends on its options states its step limit from them."""

from tabletop.engine.check import check_game
from tabletop.plugin_api import Option
from tests.deduction.game import Suitors


class Limited(Suitors):
    """Suitors whose step limit is an option (a stand-in for a game whose length depends on one)."""

    options = (Option("limit", 16, choices=(3, 16), help="most actions the round may take"),)

    def step_limit(self, seats, options):
        return options["limit"]


def test_step_limit_is_given_the_resolved_options():
    assert Suitors().limit_of(3) == Suitors().step_limit(3)
    assert Limited().limit_of(3, {"limit": 3}) == 3 and Limited().limit_of(3) == 16


def test_the_check_holds_a_game_to_the_limit_its_options_give():
    assert check_game(Limited(), games=4, options={"limit": 16}, seats=[2]).ok
    report = check_game(Limited(), games=4, options={"limit": 3}, seats=[2])
    assert any("did not end within its step limit of 3 actions" in p for p in report.problems), report.problems
