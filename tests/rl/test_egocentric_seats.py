"""Egocentric observations name seats relative to the observer, inside values too: a position and
its mirror (the two seats' places swapped) look the same to the seat in the same shoes."""

import random
from dataclasses import replace

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

from tabletop.core.errors import TabletopError  # noqa: E402
from tabletop.core.zones import Secret  # noqa: E402
from tabletop.rl.observe import Encoder  # noqa: E402
from tabletop.rl.relative import parse, relative  # noqa: E402


def other(seat):
    """Seat 0 <-> seat 1; anything else (DEFEND is -1, None) as it is."""
    return 1 - seat if type(seat) is int and seat in (0, 1) else seat


def mirrored_secret(secret):
    if secret is None:
        return None
    new = secret.copy()
    new.values = [other(v) if isinstance(v, int) else v for v in reversed(secret.values)]
    new.options = list(reversed(secret.options))
    new.open = list(reversed(secret.open))
    return new


def mirrored_battle(battle):
    """Castle Wars' last battle with seats 0 and 1 swapped, written out from its shape (not from
    the game's declared seat numbers, so a seat number the game forgot to declare fails)."""
    if battle is None:
        return None
    return {
        "round": battle["round"],
        "orders": [{"seat": other(o["seat"]), "target": other(o["target"])} for o in battle["orders"]],
        "clashes": [{**c, "seats": [other(s) for s in c["seats"]], "lost": [other(s) for s in c["lost"]]}
                    for c in battle["clashes"]],
        "strikes": [{**s, "seat": other(s["seat"]), "target": other(s["target"])} for s in battle["strikes"]],
        "results": [{**r, "seat": other(r["seat"])} for r in battle["results"]],
        "out": [other(s) for s in battle["out"]],
    }


def mirrored(game, state):
    """The Castle Wars position with seat 0 and seat 1 in each other's places."""
    new = game.copy(state)
    new.units, new.towers = state.units[::-1], state.towers[::-1]
    new.hp, new.kept = state.hp[::-1], state.kept[::-1]
    new.lines, new.orders = mirrored_secret(state.lines), mirrored_secret(state.orders)
    new.in_play = tuple(sorted(other(s) for s in state.in_play))
    new.turn_order = tuple(other(s) for s in state.turn_order)
    new.waiting = tuple(sorted(other(s) for s in state.waiting))
    new.last_battle = mirrored_battle(state.last_battle)
    return new


def positions(game, options, seed, moves=150):
    state, rng = game.setup(2, options, seed), random.Random(seed)
    for _ in range(moves):
        if game.outcome(state) is not None:
            return
        yield game.copy(state)
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_a_position_and_its_mirror_look_the_same_to_the_seat_in_the_same_place(installed):
    game = installed.game("castlewars")
    options = game.resolve_options(None)
    egocentric, absolute = Encoder(game, 2, options, egocentric=True), Encoder(game, 2, options)
    rest = slice(egocentric.parts["seat"].stop, None)  # the seat's own one-hot is absolute by design
    compared = differ = battles = 0
    for seed in range(3):
        for state in positions(game, options, seed):
            mirror = mirrored(game, state)
            for seat in (0, 1):
                mine = egocentric.encode(state, seat)[rest]
                theirs = egocentric.encode(mirror, 1 - seat)[rest]
                assert (mine == theirs).all(), (seed, seat, state.phase, state.round)
                compared += 1
                differ += not (absolute.encode(state, seat)[rest] == absolute.encode(mirror, 1 - seat)[rest]).all()
            battles += state.last_battle is not None
    assert compared > 100 and battles > 10
    assert differ > compared // 2  # without egocentric the seat numbers tell the two apart


def test_seat_numbers_become_relative_to_the_observer():
    battle = {"orders": [{"seat": 0, "target": 2}, {"seat": 2, "target": -1}], "out": [2]}
    paths = [parse("last_battle.orders[].seat")[1], parse("last_battle.orders[].target")[1],
             parse("last_battle.out[]")[1]]
    seen = relative(battle, paths, 2, 3)
    assert seen == {"orders": [{"seat": 1, "target": 0}, {"seat": 0, "target": -1}], "out": [0]}
    assert battle["orders"][0] == {"seat": 0, "target": 2}  # the state's own value is untouched
    assert relative((2, 0, 1), [parse("in_play{}")[1]], 1, 3) == (0, 1, 2)
    assert relative((2, 0, 1), [parse("turn_order[]")[1]], 1, 3) == (1, 2, 0)
    shown = Secret(2)
    shown.choose(1, 0, options=(0, -1))
    assert relative(shown.shown(1), [parse("orders[]")[1]], 1, 2) == [None, 1]


def test_a_seat_number_path_naming_no_value_is_refused(installed, monkeypatch):
    game = installed.game("castlewars")
    monkeypatch.setattr(game, "learning", replace(game.learning, seat_numbers=("winner",)))
    with pytest.raises(TabletopError, match="winner"):
        Encoder(game, 2, game.resolve_options(None), egocentric=True)
    with pytest.raises(ValueError, match="not .key"):
        parse("orders[0]")
