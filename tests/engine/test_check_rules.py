"""The check holds a game's own fast legal list to its rules, and names the check that fails."""

from dataclasses import dataclass

from tabletop.engine.check import check_game
from tabletop.plugin_api import Event, Game, InvalidAction, Outcome, Rule, rulebook


@dataclass
class Pile:
    counters: int
    turn: int = 0
    last: int | None = None


def too_many(game, state, seat, count):
    return f"Only {state.counters} counters are left." if count > state.counters else None


def take(game, state, seat, count):
    state.counters -= count
    state.last, state.turn = seat, 1 - seat
    return [Event("take", f"Seat {seat + 1} takes {count}.", {"seat": seat, "count": count})]


class Take(Game):
    """Take 1, 2 or 3 counters from a pile of 9; whoever takes the last one wins."""

    name = "take"
    perfect_information = True
    rules = rulebook(Rule("take", too_many, take))

    def setup(self, seats, options, seed):
        return Pile(9)

    def to_act(self, state):
        return [] if state.counters == 0 else [state.turn]

    def parse(self, action):
        if action not in ("1", "2", "3"):
            raise InvalidAction("Take 1, 2 or 3 counters, e.g. 2.")
        return "take", (int(action),)

    def candidates(self, state, seat):
        return ["1", "2", "3"]

    def view(self, state, seat):
        return {"counters": state.counters, "turn": state.turn}

    def outcome(self, state):
        return None if state.counters else Outcome((state.last,), "took the last counter")


class FastTake(Take):
    """A hand-written legal list that forgets the pile can run low: it offers 3 with 2 left."""

    def legal_actions(self, state, seat):
        return ["1", "2", "3"] if seat in self.to_act(state) else []


class CarefulTake(Take):
    def legal_actions(self, state, seat):
        return [a for a in ("1", "2", "3") if int(a) <= state.counters] if seat in self.to_act(state) else []


def test_a_game_written_with_rules_alone_passes():
    report = check_game(Take(), games=6)
    assert report.ok, report.problems


def test_a_fast_legal_list_that_agrees_with_the_rules_passes():
    report = check_game(CarefulTake(), games=6)
    assert report.ok, report.problems


def test_a_fast_legal_list_that_offers_what_the_rules_refuse_fails_under_its_check():
    report = check_game(FastTake(), games=6)
    assert not report.ok
    problem = report.problems[0]
    check, where, _ = problem.split(": ", 3)[1:]
    assert check == "legal_actions_match_the_rules"
    assert where.startswith("step ") and ", seat " in where and ", action '" in where
    assert "legal_actions lists '3', which its rules refuse" in problem


def test_a_fast_legal_list_that_leaves_out_what_the_rules_allow_fails_naming_it():
    class ForgetsOne(CarefulTake):
        def legal_actions(self, state, seat):
            return [a for a in super().legal_actions(state, seat) if a != "1"]

    problem = check_game(ForgetsOne(), games=1).problems[0]
    assert "legal_actions_match_the_rules: step 1, seat 0, action " in problem
    assert "lacks '1', which its rules allow" in problem


def test_a_finished_game_that_still_asks_a_seat_fails_by_name():
    """The engine's apply asks whether a game is over only of a seat not asked: a finished game
    that still names a seat in to_act would let that seat move after the end."""

    class Lingering(Take):
        def to_act(self, state):
            return (state.turn,)

        def legal_actions(self, state, seat):
            return [] if self.outcome(state) is not None else super().legal_actions(state, seat)

    problem = check_game(Lingering(), games=1).problems[0]
    assert "a_finished_game_asks_nobody: the end, after step" in problem
    assert "to_act still names seats" in problem
