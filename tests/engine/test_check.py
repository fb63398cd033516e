"""The conformance check passes a sound game and catches each kind of broken one."""

import dataclasses
import re
from collections import Counter

from tabletop.core.errors import IllegalAction
from tabletop.engine.check import check_game
from tabletop.engine.registry import build_registry
from tabletop.plugin_api import hookimpl
from tests.goofspiel.game import Goofspiel


def test_goofspiel_passes_the_conformance_check(goofspiel):
    report = check_game(goofspiel, games=20, seed=3)
    assert report.ok, report.problems
    assert report.games == 20 and report.steps == 20 * 26


class LeakyView(Goofspiel):
    def view(self, state, seat):
        view = super().view(state, seat)
        view["bids"] = [list(b) for b in state.bids]  # shows the other seat's secret bid
        return view


class LosesCards(Goofspiel):
    def census(self, state):
        total = super().census(state)
        return total - Counter(state.table[1::3])  # forgets seat 0's shown bids


class CorruptsOnIllegal(Goofspiel):
    def apply(self, state, seat, action):
        state.scores = (state.scores[0] + 1, state.scores[1])  # changes the state before checking
        return super().apply(state, seat, action)


class NeverEnds(Goofspiel):
    def step_limit(self, seats):
        return 10


def test_a_view_that_leaks_a_secret_bid_fails():
    report = check_game(LeakyView(), games=3)
    assert not report.ok
    assert "seat 1's view changed when what it cannot see was resampled" in report.problems[0]


def test_a_game_that_loses_cards_fails():
    report = check_game(LosesCards(), games=2)
    assert "card conservation" in report.problems[0]


def test_a_rejected_action_that_changes_the_state_fails():
    report = check_game(CorruptsOnIllegal(), games=2)
    assert "rejected action" in report.problems[0]


def test_a_game_past_its_step_limit_fails():
    report = check_game(NeverEnds(), games=1)
    assert "did not end within its step limit of 10" in report.problems[0]


def test_a_rules_crash_is_reported_with_seat_count_and_seed():
    class Crashes(Goofspiel):
        def _resolve(self, state):
            raise ZeroDivisionError("oops")

    report = check_game(Crashes(), games=1, seed=5)
    (problem,) = report.problems
    assert re.fullmatch(
        r"2 seats, options \{\}, seed 5: legal_moves_apply: step 2, seat 1, action '7': unexpected ZeroDivisionError: "
        r"oops in _resolve \(test_check.py:\d+\); run with --debug for the traceback", problem)
    (trace,) = report.traces
    assert "Traceback" in trace and 'raise ZeroDivisionError("oops")' in trace


def test_out_of_turn_actions_are_rejected(goofspiel):
    state = goofspiel.new_state(2, seed=1)
    goofspiel.apply(state, 0, "5")
    try:
        goofspiel.apply(state, 0, "6")
    except IllegalAction as error:
        assert "not to bid now" in str(error)
    else:
        raise AssertionError("a seat bid twice in one turn")


def test_a_renderer_that_crashes_fails():
    class BadRender(Goofspiel):
        def render(self, view, *, names):
            return names[view["seat"] + 5]

    report = check_game(BadRender(), games=1)
    assert "showing seat 0 the game failed: IndexError" in report.problems[0]


def test_a_copy_that_forgets_part_of_the_state_fails():
    class ForgetfulCopy(Goofspiel):
        def copy(self, state):
            new = super().copy(state)
            new.scores = (0, 0)
            return new

    report = check_game(ForgetfulCopy(), games=3)
    assert "copy() misses something" in report.problems[0]


def test_the_check_reports_its_progress_game_by_game(goofspiel):
    told = []
    report = check_game(goofspiel, games=4, on_game=lambda done, problems: told.append((done, problems)))
    assert told == [(1, 0), (2, 0), (3, 0), (4, 0)] and report.games == 4


class TrustsItsArguments(Goofspiel):
    """Claims to check its own arguments (no engine wrapper) but tidies the action first."""

    checks_arguments = True

    def apply(self, state, seat, action):
        return super().apply(state, seat, action.strip())


def test_a_game_that_claims_to_check_its_arguments_but_does_not_fails():
    report = check_game(TrustsItsArguments(), games=2)
    assert report.problems[0] == (
        "2 seats, options {}, seed 0: illegal_actions_are_refused: step 1, seat 0, action '12': "
        "apply with seat 0 and action 7 raised AttributeError "
        "instead of an InvalidAction (it sets checks_arguments: its apply must first test the "
        "arguments as the engine's wrapper does)"
    )


def test_each_failure_names_its_check_and_where_it_failed():
    named = {
        LeakyView(): "seat_view_hides_the_unseen: step 2, seat 1, action ",
        LosesCards(): "cards_are_conserved: step 2, seat 1, action ",
        CorruptsOnIllegal(): "illegal_actions_are_refused: step 1, seat 0, action ",
        NeverEnds(): "ends_within_its_step_limit: step 11: ",
    }
    for game, start in named.items():
        problem = check_game(game, games=1).problems[0]
        assert problem.startswith("2 seats, options {}, seed 0: " + start), problem


class CrashesOnTheThirdBid(Goofspiel):
    name = "crashy"

    def legal_actions(self, state, seat):
        if len(state.table) > 3:
            return [][1:][0]  # an IndexError inside the game
        return super().legal_actions(state, seat)


def _crashy_cli(debug):
    """``tabletop check`` on the crashing game, as main() runs it with or without --debug."""
    from io import StringIO

    from rich.console import Console
    from typer.testing import CliRunner

    from tabletop.cli.app import make_app
    from tabletop.cli.runtime import Runtime
    from tabletop.terminal.output import THEME, Output

    def run(*args):
        out = StringIO()
        consoles = [Console(file=f, width=100, theme=THEME, force_terminal=False, color_system=None)
                    for f in (out, StringIO())]
        registry = build_registry(load_entry_points=False, extra=[crashy_plugin])
        app = make_app(Runtime(registry=registry, output=Output(*consoles), debug=debug))
        result = CliRunner().invoke(app, list(args), catch_exceptions=False)
        return CliOutcome(result.exit_code, out.getvalue())

    return run


@dataclasses.dataclass
class CliOutcome:
    exit_code: int
    out: str


class crashy_plugin:  # noqa: N801 - a plugin module's shape
    @staticmethod
    @hookimpl
    def tabletop_register_games():
        return [CrashesOnTheThirdBid()]


def test_a_crash_names_step_seat_and_action_and_shows_the_traceback_with_debug():
    plain = _crashy_cli(False)("check", "crashy", "-n", "1")
    assert plain.exit_code == 1
    text = " ".join(plain.out.split())
    assert re.search(r"\w+: step \d+, seat \d, action '\d+': unexpected IndexError: list index out of range in "
                     r"legal_actions \(test_check.py:\d+\)", text)
    assert "run with --debug for the traceback" in text and "Traceback" not in text
    debug = _crashy_cli(True)("check", "crashy", "-n", "1")
    assert "Traceback (most recent call last)" in debug.out and "return [][1:][0]" in debug.out


def test_a_view_leak_names_the_key_and_shows_both_versions():
    message = check_game(LeakyView(), games=3).problems[0]
    assert "seat 1's view changed when what it cannot see was resampled (the engine's resampling), under 'bids[0][0]'" \
        in message
    played, resampled = re.search(r"as played: (.*)\n\s+resampled: (.*)", message).groups()
    assert played != resampled and played.strip('"').isdigit() and resampled.strip('"').isdigit()


def test_card_names_tell_a_kind_from_a_card_s_identity():
    from tabletop.engine.card_names import CardNames, words

    class Named:
        def card_name(self, card):
            return {"duke": "Duke", "knight": "Iron Knight"}.get(card.rstrip("0123456789"), card)

    names = CardNames(Named(), Counter({"duke1": 1, "duke2": 1, "duke3": 1, "knight1": 1, "chosen-marine": 1}))
    assert "duke" in names.kinds and "duke2" not in names.kinds  # three Dukes: a kind; duke2: one card
    claim = "{p0} claims the DUKE."
    assert names.named({"duke2"}, words(claim), claim.lower()) == []  # a public claim names no card
    assert names.named({"duke2"}, words("draws duke2"), "draws duke2") == ["duke2"]
    text = "{p1} draws the Iron knight."
    assert names.named({"knight1"}, words(text), text.lower()) == ["knight1"]  # a display name, any case
    assert names.named({"chosen-marine"}, words("Chosen Marine"), "chosen marine") == ["chosen-marine"]
