"""Hidden information: the gear deck and worker deck orders and a Tuner's peek stay secret."""

import json
import random

from tabletop.testing import play_randomly
from tests.windup_machines.helpers import GAME, gear_faces, gear_name, new_game, play, start_all


def _view(state, seat):
    return json.dumps(GAME.view(state, seat), sort_keys=True)


def test_views_ignore_the_order_of_the_gear_deck_and_the_worker_deck():
    state = start_all(new_game(3, seed=2))
    other = GAME.copy(state)
    other.gear_deck.reverse()
    other.worker_deck.reverse()
    assert all(_view(other, s) == _view(state, s) for s in (0, 1, 2, None))


def _tuned():
    """p1 (2 players) used a Tuner: it put 6 on top and 3+5 on the bottom."""
    state = new_game(2, workers={0: ["tuner"]}, gears=("6", "3+5", "4"))
    start_all(state)
    assert state.phase == "tune"
    events = play(state, 0, "use tuner")
    peek = [e for e in events if e.kind == "peek"]
    assert peek and peek[0].visible_to == frozenset({0})
    assert GAME.view(state, 0)["tuning"] == ["6", "3+5"] and GAME.view(state, 1)["tuning"] is None
    assert "3+5" not in _view(state, 1)
    return state


def test_tuner_peek_is_secret():
    state = _tuned()
    events = play(state, 0, "top 3+5")
    secret = [e for e in events if e.kind == "tune_secret"]
    public = [e for e in events if e.visible_to is None]
    assert secret[0].visible_to == frozenset({0})
    assert all("6" not in e.text for e in public if e.kind == "tune")
    # 3+5 was drawn at once; p1 alone knows this 6 lies at the bottom (the other 6 stays unknown).
    assert gear_name(state.gear_discard[-1]) == "3+5" and gear_name(state.gear_deck[0]) == "6"
    assert GAME.view(state, 0)["gear_known"] == [{"card": "6", "from_top": len(state.gear_deck) - 1}]
    assert GAME.view(state, 1)["gear_known"] == []


def test_determinize_keeps_what_a_seat_knows_and_resamples_the_rest():
    state = _tuned()
    play(state, 0, "top 3+5")
    rng = random.Random(1)
    for seat in (0, 1):
        changed = False
        for _ in range(20):
            sample = GAME.determinize(state, seat, rng)
            assert _view(sample, seat) == _view(state, seat)
            assert GAME.legal_actions(sample, seat) == GAME.legal_actions(state, seat)
            assert GAME.census(sample) == GAME.census(state)
            changed |= sample.gear_deck != state.gear_deck
            if seat == 0:
                assert gear_name(sample.gear_deck[0]) == "6"
        assert changed
    # p2 does not know where the 6 is: its samples move it.
    bottoms = {gear_name(GAME.determinize(state, 1, rng).gear_deck[0]) for _ in range(30)}
    assert len(bottoms) > 1


def test_determinize_during_a_peek_keeps_the_peeked_cards_for_their_owner_only():
    state = _tuned()
    rng = random.Random(3)
    tops = set()
    for _ in range(10):
        mine = GAME.determinize(state, 0, rng)
        assert GAME.view(mine, 0)["tuning"] == ["6", "3+5"] and gear_faces(mine.gear_deck[-2:]) == ["3+5", "6"]
        theirs = GAME.determinize(state, 1, rng)
        tops.add(tuple(gear_faces(theirs.gear_deck[-2:])))
        assert GAME.legal_actions(theirs, 0) == [f"top {g}" for g in dict.fromkeys(GAME.view(theirs, 0)["tuning"])]
        assert _view(theirs, 1) == _view(state, 1)
    assert len(tops) > 1     # p2 cannot tell which cards p1 is looking at


def test_a_card_a_jammer_sends_to_the_bottom_is_known_to_everyone():
    state = new_game(2, workers={1: ["jammer-redraw"]}, gears=("3", "8"))
    start_all(state)
    play(state, 1, "use jammer-redraw")
    for seat in (0, 1):
        assert {"card": "3", "from_top": len(state.gear_deck) - 1} in GAME.view(state, seat)["gear_known"]


def test_determinized_states_play_on_to_the_end():
    state = _tuned()
    rng = random.Random(2)
    sample = GAME.determinize(state, 1, rng)
    play_randomly(GAME, sample, rng, seats=2)
    assert GAME.outcome(sample) is not None


def test_the_opening_is_narrated_with_public_cards_only():
    state = GAME.new_state(3, seed=4)
    (event,) = GAME.opening_events(state)
    assert event.visible_to is None
    for t in range(3):
        assert GAME.cards.workers[state.workers[t][0]].name in event.text
    assert all(card not in event.text for card in state.worker_deck + state.gear_deck)
