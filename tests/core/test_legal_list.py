"""The legal list a game gets from its rules is what its rules allow, however it is made: the
candidates every refusal is asked of, the candidates of a verb claiming to refuse none
(``Rule.refuses_no_candidate``), or a list written by hand; and a wrong claim fails the check."""

import random
import re

import pytest

from tabletop.core.rules import judged_candidates
from tabletop.engine.check import check_game
from tabletop.engine.registry import build_registry
from tabletop.plugin_api import Rule, rulebook
from tabletop.testing import Scenario, assert_refusals_agree
from tests.deduction import game as suitors
from tests.deduction.game import Suitors
from tests.engine.test_check_rules import Take, take, too_many
from tests.goofspiel.game import Goofspiel
from tests.sealed.game import SealedDraw

BUNDLED = ("castlewars", "windup_machines", "windupwar", "wms")


def ruled(game, state, seat):
    """The candidates no rule refuses, every refusal asked (the check's reading)."""
    if seat not in game.to_act(state):
        return []
    return [action for action, why, _ in judged_candidates(game, state, seat) if why is None]


def assert_lists_agree(game, seats, games=4):
    """On every position of a few seeded random games, for every seat: the legal list, the
    derived list and the candidates every refusal allows are the same texts in the same order."""
    for seed in range(games):
        rng, state = random.Random(seed), game.new_state(seats, seed=seed)
        while game.outcome(state) is None:
            for seat in range(seats):
                legal = game.legal_actions(state, seat)
                assert legal == game.allowed(state, seat) == ruled(game, state, seat), (seed, seat)
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_suitors_lists_exactly_what_its_rules_allow_without_asking_them():
    assert_lists_agree(Suitors(), 3, games=20)


@pytest.mark.parametrize(("game", "seats"), [(Goofspiel(), 2), (SealedDraw(), 3)], ids=["goofspiel", "sealed"])
def test_the_test_games_list_exactly_what_their_rules_allow(game, seats):
    assert_lists_agree(game, seats)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_game_lists_exactly_what_its_rules_allow(name):
    game = build_registry().game(name)
    assert_lists_agree(game, min(3, game.max_players), games=2)


def test_the_scaffolded_game_lists_exactly_what_its_rules_allow(scaffold):
    game = build_registry(load_entry_points=False, extra=[scaffold("sealbid")]).game("sealbid")
    assert game.rules["bid"].refuses_no_candidate
    assert_lists_agree(game, 3, games=6)


class ClaimingTake(Take):
    """Claims its candidates 1, 2 and 3 are always allowed: false once fewer than 3 are left."""

    rules = rulebook(Rule("take", too_many, take, refuses_no_candidate=True))


def test_a_false_claim_to_refuse_no_candidate_fails_the_check_in_one_sentence():
    problems = check_game(ClaimingTake(), games=4).problems
    assert problems, "the check passed a rule that refuses a candidate it claims to allow"
    assert "legal_actions_match_the_rules: step " in problems[0]
    assert re.search(r": the rule 'take' claims to refuse none of its candidates \(refuses_no_candidate\), "
                     r"but refuses seat \d's '[23]' \(\"Only [12] counters are left\.\"\): drop the claim, "
                     r"or leave such candidates out of candidates\(\)$", problems[0]), problems[0]


def test_a_true_claim_passes_the_check():
    class Small(Take):
        rules = rulebook(Rule("take", too_many, take, refuses_no_candidate=True))

        def candidates(self, state, seat):
            return [str(n) for n in (1, 2, 3) if n <= state.counters]

    assert check_game(Small(), games=4).ok


def test_a_false_claim_fails_the_testing_helper_too():
    game = ClaimingTake()
    state = game.new_state(2)
    for action in ("3", "3", "1"):
        game.apply(state, game.to_act(state)[0], action)
    assert game.legal_actions(state, 1) == ["1", "2", "3"]  # the claim, taken at its word by the list
    with pytest.raises(AssertionError, match=r"the legal list offers '3', which the rules refuse: Only 2"):
        assert_refusals_agree(game, [state], 2)


def sleepy_maid(*, claimed):
    """Suitors whose Maid's own rule refuses her, the Maid's rule claiming (or not) to refuse no candidate."""
    cls = type("SleepyMaid", (Suitors,), {})
    cls.rules = {"play": suitors.card_rule("play", str, *[
        Rule(k, (lambda *_: "The Maid sleeps.") if k == "maid" else suitors.refuse_play,
             suitors.played(getattr(suitors, k, None)), refuses_no_candidate=claimed and k == "maid")
        for k in suitors.VALUE])}
    return cls()


def test_a_kind_of_card_claiming_to_refuse_no_candidate_is_held_to_it():
    game = sleepy_maid(claimed=True)
    state = Scenario(game, seats=2, seed=1).hand(0, ["maid1", "king1"]).state
    assert game.legal_actions(state, 0) == ["play king 2", "play maid"]  # the Maid's claim, unasked
    problems = check_game(game, games=30).problems
    assert any("the rule 'maid' claims to refuse none of its candidates" in p and '("The Maid sleeps.")' in p
               for p in problems), problems
    honest = sleepy_maid(claimed=False)
    assert honest.legal_actions(state, 0) == ["play king 2"]


def test_a_claim_never_carries_a_list_between_seats_or_states():
    """The list made without asking is the candidates of this seat in this state, a list of its own."""
    game = Suitors()
    state = game.new_state(3, seed=5)
    seat = game.to_act(state)[0]
    first = game.legal_actions(state, seat)
    first.append("play nothing")
    assert game.legal_actions(state, seat) == game.candidates(state, seat)
    assert all(game.legal_actions(state, other) == [] for other in range(3) if other != seat)
