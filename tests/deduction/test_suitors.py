"""Suitors passes the conformance check as written from the guide, and what that takes holds."""

import random

import pytest

from tabletop.engine.check import check_game
from tabletop.plugin_api import Event, IllegalAction
from tabletop.testing import Scenario, assert_conforms
from tests.deduction import game as rules
from tests.deduction.game import Suitors


def test_suitors_conforms():
    assert_conforms(Suitors(), games=20)


def test_one_verb_with_the_card_as_argument_reads_per_card():
    game = Suitors()
    state = Scenario(game, seats=2, seed=1).hand(0, ["maid1", "princess1"]).state
    with pytest.raises(IllegalAction, match="You hold no Guard."):
        game.apply(state, 0, "play guard 2 king")
    assert game.rules["play"].refusal(game, state, 0, "nobody", None, None) == "No rule plays nobody."
    assert sorted(game.legal_actions(state, 0)) == ["play maid", "play princess"]


def test_the_legal_list_asks_each_kind_of_card_what_a_move_would_be_told():
    """The legal list (the candidates, which Suitors' rule claims to refuse none of) is exactly the
    candidates whose move the rules would not refuse, in the candidates' order."""
    game = Suitors()
    for seed in range(12):
        rng, state = random.Random(seed), game.new_state(2 + seed % 3, seed=seed)
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            kept = [a for a in game.candidates(state, seat) if game.refusal(state, seat, a) is None]
            assert game.legal_actions(state, seat) == kept
            game.apply(state, seat, rng.choice(kept))


def test_a_kind_refused_by_its_own_rule_leaves_the_legal_list():
    cls = type("SleepyMaid", (Suitors,), {})
    cls.rules = {"play": rules.card_rule("play", str, *[
        rules.Rule(k, (lambda *_: "The Maid sleeps.") if k == "maid" else rules.refuse_play,
                   rules.played(getattr(rules, k, None))) for k in rules.VALUE])}
    game = cls()
    state = Scenario(game, seats=2, seed=1).hand(0, ["maid1", "king1"]).state
    assert game.legal_actions(state, 0) == ["play king 2"]
    assert game.refusal(state, 0, "play maid") == "The Maid sleeps."


def variant(name, **effects):
    """Suitors with some cards' own effects replaced, as a careless designer might write them."""
    cls = type(name, (Suitors,), {})
    cls.rules = {"play": rules.card_rule("play", str, *[
        rules.Rule(k, rules.refuse_play, rules.played(effects.get(k, getattr(rules, k, None)))) for k in rules.VALUE])}
    return cls()


def _undeclared(game, state, seat, target, guess):
    """The guess event without saying that its card name is only a guess."""
    return [Event(e.kind, e.text, {"named": guess}) for e in rules.guard(game, state, seat, target, guess)]


def test_a_guess_names_a_card_without_placing_it_only_when_declared():
    report = check_game(variant("GuessUndeclared", guard=_undeclared), games=30)
    assert any("events_name_no_hidden_card" in p and "a card hidden from it" in p for p in report.problems)


def _shown_to_all(game, state, seat, target, guess):
    """The Priest's look given to every seat one by one: no leak the check can prove, a warning."""
    state.learn((1 << state.seats) - 1, *state.hands[target])  # meant for the Priest's player only
    return [Event("look", f"{{p{seat}}} looks at {{p{target}}}'s hand.", {"seat": seat})]


def test_a_look_given_to_every_seat_is_warned_about_and_the_honest_game_is_not():
    report = check_game(variant("PriestShowsEveryone", priest=_shown_to_all), games=20)
    assert any("use state.reveal(card)" in w for w in report.warnings), report.warnings
    assert check_game(Suitors(), games=20).warnings == []


def _reshuffling_prince(reveal):
    def prince(game, state, seat, target, guess):
        hand = state.hands[target][:]
        if reveal:
            state.reveal(*hand)  # shown to everyone before it is shuffled away
        state.deck += hand
        state.hands[target].clear()
        state.shuffle(state.deck)
        state.hands[target].append(state.deck.pop())
        return [Event("drop", f"{{p{target}}} shows {hand[0]} and shuffles it into the deck.", {"seat": target})]
    return prince


def test_showing_and_reshuffling_in_one_move_is_judged_by_what_each_seat_knew_before():
    """A Prince variant: the target shows its hand to everyone, shuffles it into the deck and
    draws. Revealed first, the move passes; named without a reveal, the card is a leak."""
    assert check_game(variant("ShowsThenShuffles", prince=_reshuffling_prince(True)), games=24).ok
    report = check_game(variant("NamesThenShuffles", prince=_reshuffling_prince(False)), games=24)
    assert any("a card hidden from it" in p or "names hidden information" in p for p in report.problems)
