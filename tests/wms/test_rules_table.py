"""The rules are stated once: the fast legal list is exactly what the refusals allow (in the same
order), every refusal is the sentence apply raises, and the plugin registers only the game and
its bot."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.testing import assert_refusals_agree
from tabletop_games.wms import plugin
from tests.wms.helpers import EVIL, GAME, MARINES, fight, lose_fight, stack_commands

GIVE_UP = ("retreat", "cancel", "yield")


def _positions(seed, swap, press_on):
    """Every position of one random game; with ``press_on`` the players mostly fight on (longer
    fights, more squads, tides and Repair) instead of giving up at random."""
    rng = random.Random(seed)
    state = GAME.new_state(2, options={"swap": swap}, seed=seed)
    while GAME.outcome(state) is None:
        yield state
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        onward = [a for a in legal if a not in GIVE_UP]
        GAME.apply(state, seat, rng.choice(onward if onward and press_on and rng.random() < 0.9 else legal))
    yield state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), swap=st.booleans(), press_on=st.booleans())
def test_the_fast_legal_actions_are_what_the_refusals_allow(seed, swap, press_on):
    for state in _positions(seed, swap, press_on):
        for seat in (0, 1):
            assert GAME.legal_actions(state, seat) == GAME.allowed(state, seat)


def _scripted():
    """Positions random games rarely reach: Change (a 'top' choice) and Repair's recycling."""
    state = fight(["sergeant"], ["warpsmith"])
    stack_commands(state, EVIL, "lord-of-terror", "frenzy")
    for seat, action in ((MARINES, "play sergeant"), (MARINES, "style cc"), (EVIL, "play warpsmith"),
                         (EVIL, "top lord-of-terror")):
        yield state
        GAME.apply(state, seat, action)
    yield state
    state = fight(["technomarine", "razortank", "thunderhawk", "marine"], ["renegade", "raptor", "hellish-brute"])
    for seat, action in ((MARINES, "play technomarine"), (MARINES, "style rc"), (EVIL, "play renegade"),
                         (EVIL, "done"), (MARINES, "play razortank"), (MARINES, "done")):
        yield state
        GAME.apply(state, seat, action)
    lose_fight(state, EVIL)
    yield state


def test_the_comparison_covers_every_kind_of_decision():
    verbs = set()
    games = [_positions(seed, seed % 2 == 1, seed % 3 != 0) for seed in range(40)]
    for positions in [*games, _scripted()]:
        for state in positions:
            for seat in (0, 1):
                legal = GAME.legal_actions(state, seat)
                assert legal == GAME.allowed(state, seat)
                verbs.update(a.split()[0] for a in legal)
    assert verbs == set(GAME.rules)


def test_every_refusal_is_the_sentence_apply_raises():
    assert_refusals_agree(GAME, list(_positions(7, False, True)), 2)


def test_the_plugin_registers_the_game_and_its_bot_and_nothing_else():
    hooks = sorted(name for name in vars(plugin) if name.startswith("tabletop_"))
    assert hooks == ["tabletop_register_bots", "tabletop_register_games"]
    game = plugin.tabletop_register_games()[0]
    assert game.board is not None and game.search.evaluation is not None and game.search.rollout is not None
    assert game.search.guide is not None and game.search.at_round_start and game.search.iterations
