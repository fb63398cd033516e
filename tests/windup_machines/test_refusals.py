"""A refused move says the one thing that stops it (#24: "'install r3c2' is not allowed now" gave
no reason, and the production refusal listed every condition)."""

from tabletop_games.windup_machines.cards import STOPPED
from tests.windup_machines.helpers import GAME, play, set_part, started

QUIET = ("8", "7", "8", "7")


def refusal(state, action, seat=0):
    return GAME.refusal(state, seat, action)


def test_installing_with_nothing_bought_says_to_buy_first():
    state = started(2, workers={}, gears=QUIET)
    assert refusal(state, "install r3c2") == "You have no part to install: buy one first ('buy <part>')."


def test_installing_in_the_wrong_place_lists_the_places_that_are_right():
    state = started(2, workers={}, gears=QUIET)     # generator r2c2, smelter r2c3
    state.iron[0] = 9
    play(state, 0, "buy smelter")
    said = refusal(state, "install r3c4")
    assert said.startswith("Install the part you bought at one of: ") and "r2c1" in said and "r3c4" not in said


def test_each_production_refusal_names_only_what_fails():
    state = started(2, workers={}, gears=QUIET)     # generator r2c2, smelter r2c3
    assert refusal(state, "produce r1c1") == "There is no part at r1c1."
    assert refusal(state, "produce r2c2").startswith("The generator at r2c2 does not produce")
    set_part(state, 0, "r2c1", "smelter", 4, side=STOPPED)
    assert refusal(state, "produce r2c1") == "The smelter at r2c1 is stopped: wind it up before it can produce."
    for said in (refusal(state, "produce r2c2"), refusal(state, "produce r2c1"), refusal(state, "produce r1c1")):
        assert "must be a producer, not stopped, below its maximum" not in said
