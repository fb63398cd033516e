"""What a wrong guess or a Baron rules out holds in every resampling: the search's samples, the
check's resamples and a bot's ``sample_state``.

The statements are read back from the events, as a player at the table would note them, and
each is kept while the hands it speaks of are the ones it was made about."""

from __future__ import annotations

import random

from tabletop.core.decision import make_decision
from tabletop.plugin_api import Game
from tests.deduction.game import VALUE, Suitors, kind

SAMPLES = 2000


def statements(events, state):
    """(what is said, the hands it speaks of as they are) for each public statement in ``events``."""
    said = []
    played = next((e.data for e in events if e.kind == "play"), None)
    if played is None or played["target"] is None:
        return said
    seat, target, card = played["seat"], played["target"], played["card"]
    for event in events:
        if event.kind == "guess" and not event.data["right"]:
            guess = event.data["guess"]
            said.append(((target,), lambda hands, g=guess: all(kind(c) != g for c in hands[0])))
        if kind(card) == "baron" and event.kind == "tie":
            said.append(((seat, target), lambda hands: VALUE[kind(hands[0][0])] == VALUE[kind(hands[1][0])]))
        if kind(card) == "baron" and event.kind == "out":
            loser = event.data["seat"]
            value = VALUE[kind(event.data["shown"][0])]
            winner = target if loser == seat else seat
            said.append(((winner,), lambda hands, v=value: VALUE[kind(hands[0][0])] > v))
    changed = {e.data["seat"] for e in events if e.kind in ("turn", "drop")}  # drew later in the move
    return [(seats, test, [state.hands[s][:] for s in seats]) for seats, test in said if not changed & set(seats)]


def violations(game: Game, games_seed: int) -> tuple[int, int]:
    """Samples drawn (for seats other than those a statement speaks of) and how many break a
    standing statement, over random games until SAMPLES are drawn."""
    drawn = broken = 0
    seed = games_seed
    while drawn < SAMPLES:
        seed += 1
        rng = random.Random(seed)
        state = game.new_state(3 + seed % 2, seed=seed)
        standing = []
        while game.outcome(state) is None:
            seat = game.to_act(state)[0]
            events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            standing = [s for s in standing if [state.hands[x] for x in s[0]] == s[2]]
            standing += statements(events, state)
            if game.outcome(state) is not None:
                break
            for about, test, _hands in standing:
                for viewer in range(state.seats):
                    if viewer in about:
                        continue
                    sample = game.determinize(state, viewer, rng)
                    drawn += 1
                    broken += not test([sample.hands[x] for x in about])
    return drawn, broken


class Silent(Suitors):
    states_constraints = False


def test_no_sample_breaks_what_a_failed_guess_or_a_baron_ruled_out():
    drawn, broken = violations(Suitors(), 0)
    assert drawn >= SAMPLES and broken == 0


def test_without_constraints_samples_break_them():
    """The same measure on the game that states nothing: the measure can fail."""
    drawn, broken = violations(Silent(), 0)
    assert drawn >= SAMPLES and broken > 0.02 * drawn


def test_a_wrong_guess_holds_in_a_bots_sample_until_the_hand_changes():
    game = Suitors()
    for seed in range(200):
        state = game.new_state(3, seed=seed)
        guess = next((a for a in game.legal_actions(state, 0) if a.startswith("play guard 3 ")), None)
        if guess is None or any(kind(c) == guess.split()[-1] for c in state.hands[2]):
            continue
        game.apply(state, 0, guess)
        named = guess.split()[-1]
        assert [c.text for c in state.constraints_in_force()] == [f"{{p2}} holds no {named.capitalize()}."]
        decision = make_decision(object(), game, state, 1, game.legal_actions(state, 1), random.Random(seed))
        for i in range(50):
            sample = decision.sample_state(random.Random(i))
            assert all(kind(c) != named for c in sample.hands[2])
        game.apply(state, 1, game.legal_actions(state, 1)[0])  # then seat 3 draws: its hand changed
        assert state.constraints_in_force() == ()
        return
    raise AssertionError("no wrong guess at seat 3 in 200 deals")


def test_a_tight_constraint_is_still_met():
    """A constraint that few resamplings meet (the walk from the position as it is)."""
    game = Suitors()
    state = game.new_state(4, seed=3)
    held = [kind(c) for c in state.hands[2]]
    state.constrain("Seat 3 holds what it holds.", lambda hand, h=held: [kind(c) for c in hand] == h, ("hands", 2))
    state.constrain("Seat 4 holds no Guard.", lambda hand: all(kind(c) != "guard" for c in hand), ("hands", 3))
    for i in range(30):
        sample = game.determinize(state, 0, random.Random(i))
        assert [kind(c) for c in sample.hands[2]] == held
        assert all(kind(c) != "guard" for c in sample.hands[3])
        assert sorted(sample.deck + sample.aside + sample.hands[1] + sample.hands[2] + sample.hands[3]) == sorted(
            state.deck + state.aside + state.hands[1] + state.hands[2] + state.hands[3])


def test_a_believed_world_dealt_again_keeps_what_was_ruled_out():
    """Search's belief deals unseen cards again in its worlds; never against a constraint."""
    from tabletop.agents.belief import refresh

    game = Suitors()
    state = game.new_state(2, seed=5)
    aside = kind(state.aside[0])
    state.constrain("The card set aside is no other kind.", lambda cards, k=aside: kind(cards[0]) == k, "aside")
    for i in range(40):
        refresh(state, random.Random(i))
        assert kind(state.aside[0]) == aside


def test_a_state_may_not_reuse_the_engines_slot_names():
    import pytest

    from tabletop.plugin_api import CardState

    with pytest.raises(TypeError, match="revealed_cards is the engine's own part of every state"):
        type("Clashing", (CardState,), {"__slots__": ("revealed_cards",)})
