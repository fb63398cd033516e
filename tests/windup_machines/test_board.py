"""The compact board (prompt and full screen): the hint names the decision actually asked for,
the market says parts cost iron and workers gold, and a worker's card says what it does."""

import pytest
from rich.console import Console

from tabletop_games.windup_machines.board import WindupMachinesBoard
from tests.windup_machines.helpers import GAME, new_game, play, show_worker, started

BOARD = WindupMachinesBoard(GAME)
QUIET = ("8", "7", "8", "7")


def _hint(state, seat=None):
    seat = GAME.to_act(state)[0] if seat is None else seat
    return BOARD.hint(GAME.view(state, seat), GAME.legal_actions(state, seat))


def _text(renderable):
    console = Console(width=200, record=True)
    console.print(renderable)
    return console.export_text()


def test_the_hint_names_the_decision_asked_for():
    state = new_game(3, workers={0: ["tuner"], 1: ["saboteur-3"], 2: ["jammer-stop"]}, gears=("3", "8", "7", "4"))
    assert "start r2c2 r2c3" in _hint(state)
    for seat in (0, 1, 2):
        play(state, seat, "start r2c2 r2c3")
    assert "'draw'" in _hint(state) and "tuner" in _hint(state)
    play(state, 0, "use tuner")
    assert "'top" in _hint(state)
    play(state, 0, "top 3")
    assert "'assign" in _hint(state)
    play(state, 0, "assign 3 p2", "assign 7 p3")     # the 8 went to the bottom
    state.iron[0] = 9
    play(state, 0, "buy smelter")
    assert "'install" in _hint(state)
    play(state, 0, "install r1c2", "done")
    assert "Jammer" in _hint(state) and "'pass'" in _hint(state)     # p3 may answer p2's gear card 3
    play(state, 2, "pass")
    state.gold[1] = 9
    play(state, 1, "use saboteur-3 p1 r2c2")
    assert "'unwind" in _hint(state)


@pytest.mark.parametrize("phase", ["start", "tune", "tuning", "assign", "respond", "install", "sabotage"])
def test_no_decision_but_assigning_is_told_to_assign_a_gear_card(phase):
    view = {"phase": phase, "stage": "wind"}
    hint = BOARD.hint(view, [])
    assert hint and ("assign" in hint) == (phase == "assign")


def test_the_market_says_parts_cost_iron_and_workers_gold():
    state = started(2, workers={}, gears=QUIET)
    show_worker(state, "jammer-stop")
    state.worker_deck.remove("jammer-redraw")
    state.worker_deck.append(state.face_up[1])
    state.face_up[1] = "jammer-redraw"
    text = _text(BOARD.render(GAME.view(state, 0), names=["Ann", "Bob"], width=200))
    assert "iron" in text and "4/4g" not in text
    # Two Jammers on offer are told apart by the name the 'hire' notation uses.
    assert "jammer-stop 2" in text and "jammer-redraw 3" in text


def test_a_workers_card_says_what_it_does():
    cards = BOARD.cards()
    assert "unwind 3" in cards["saboteur [2g -> 3 unwinds]"] and "different parts" in cards["saboteur [2g -> 3 unwinds]"]
    assert "top two" in cards["tuner"]
    assert "more gold than you" in cards["thief [steal one gold]"]
    assert "bottom" in cards["jammer [1g -> opponent redraws]"]
    assert "discard" in cards["jammer [stop gears]"]
    assert "overwind" in cards["winder (1 wind)"]
    assert all("_" not in text for text in cards.values())     # no internal ability names


def test_two_winders_with_the_same_name_show_both_costs():
    # winder-1 and winder-2 both wind once; the card for the name must not hide the top one's cost.
    text = BOARD.cards()["winder (1 wind)"]
    assert "winder-1" in text and "costs 1 gold" in text and "winder-2" in text and "costs 2 gold" in text


def test_the_full_view_counts_winds_and_winners_in_plain_english():
    state = started(2, workers={}, gears=QUIET)
    text = _text(GAME.render(GAME.view(state, 0), names=["Ann", "Bob"]))
    assert "winder-1 (1 wind, 1g)" in text
    while GAME.to_act(state):
        play(state, GAME.to_act(state)[0], "done")
    text = _text(GAME.render(GAME.view(state, 0), names=["Ann", "Bob"]))
    assert "win(s)" not in text and ("wins (" in text or "share the win (" in text)


def test_card_finds_a_worker_by_the_name_hire_uses():
    assert BOARD.card_text("jammer-stop").startswith("Jammer [stop gears]: costs 2 gold")
    assert BOARD.card_text("winder-1").startswith("Winder (1 wind): costs 1 gold")
