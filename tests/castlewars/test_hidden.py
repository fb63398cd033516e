"""Hidden information: a seat sees what the table shows it and nothing more."""

import json
import random

from tabletop.testing import play_randomly
from tabletop_games.castlewars.battle import DEFEND
from tests.castlewars.helpers import GAME, play, staged


def _view(state, seat):
    return json.dumps(GAME.view(state, seat), sort_keys=True)


def _mid_orders():
    """Seat 1 has ordered an attack and placed one Unit; seats 2 and 3 have not decided."""
    state = staged([["K", "A", "M"], ["K", "M", "T"], ["A", "A", "M"]], seed=3)
    play(state, 0, "attack 3", "place M")
    return state


def test_views_ignore_other_seats_secret_orders_and_lines():
    state = _mid_orders()
    other = GAME.copy(state)
    other.orders.values[0] = DEFEND
    other.lines.values[0] = ("A",)
    for seat in (1, 2, None):
        assert _view(other, seat) == _view(state, seat)
    assert _view(other, 0) != _view(state, 0)   # seat 1 itself sees its own orders


def test_views_ignore_the_deck_order_and_the_order_of_other_hands():
    state = GAME.new_state(3, seed=8)
    play(state, 0, f"take {state.row[0]}")
    play(state, 1, f"take {state.row[0]}")
    other = GAME.copy(state)
    other.deck.reverse()
    assert all(_view(other, s) == _view(state, s) for s in (0, 1, 2, None))


def test_determinize_keeps_each_seat_view_and_resamples_the_rest():
    state = _mid_orders()
    rng = random.Random(1)
    for seat in (0, 1, 2):
        changed = False
        for _ in range(30):
            sample = GAME.determinize(state, seat, rng)
            assert _view(sample, seat) == _view(state, seat)
            assert GAME.legal_actions(sample, seat) == GAME.legal_actions(state, seat)
            assert GAME.census(sample) == GAME.census(state)
            others = [s for s in (0, 1, 2) if s != seat]
            if any(sample.orders.values[s] != state.orders.values[s] or sample.line(s) != state.line(s)
                   for s in others) or sample.deck != state.deck:
                changed = True
        assert changed


def test_determinized_states_play_on_to_the_end():
    state = _mid_orders()
    rng = random.Random(2)
    sample = GAME.determinize(state, 1, rng)
    play_randomly(GAME, sample, rng, seats=3)
    assert GAME.outcome(sample) is not None


def test_secret_orders_are_told_only_to_their_seat():
    state = staged([["K", "A"], ["M", "A"], ["K"]])
    events = play(state, 0, "attack 2", "place A")
    secret = [e for e in events if e.kind in ("order", "place")]
    assert secret and all(e.visible_to == frozenset({0}) for e in secret)
    public = [e for e in events if e.visible_to is None]
    assert [e.kind for e in public] == ["ready"]
    assert all("attack" not in e.text and "Archer" not in e.text for e in public)


def test_battle_reveals_orders_and_what_fought():
    state = staged([["K"], ["A"], ["M"]])
    play(state, 0, "attack 2")
    play(state, 1, "defend")
    events = play(state, 2, "defend")
    assert [e.kind for e in events if e.visible_to is not None] == ["order"]
    assert {e.kind for e in events if e.visible_to is None} >= {"reveal", "clash", "strike", "damage"}
    assert GAME.view(state, 2)["last_battle"]["orders"] == [
        {"seat": 0, "target": 1}, {"seat": 1, "target": None}, {"seat": 2, "target": None},
    ]


def test_every_seat_sees_how_many_towers_each_player_holds():
    # Towers are taken face up, so their number is no secret; only Units' order and orders are.
    state = staged([["K", "T"], ["A", "T", "T"], ["M"]])
    for seat in (0, 1, 2, None):
        assert [p["towers"] for p in GAME.view(state, seat)["players"]] == [1, 2, 0]
