"""Secret choices made at the same time, as the Session takes them: every seat asked answers
whenever it likes, a seat with several secret decisions in a row makes them without waiting,
sealed choices are held (and saved) until all have chosen, and a choice the table would not
take now is refused in one sentence with nothing changed."""

from __future__ import annotations

import random

import pytest

from tabletop.core.errors import ActionError, RecordError, TabletopError
from tabletop.core.random_agent import RANDOM
from tabletop.core.record import GameRecord
from tabletop.engine.registry import build_registry
from tabletop.engine.session import Session
from tabletop.engine.table import HUMAN, AlreadyChosen, NotAsked, SeatSpec, StaleDecision
from tests.goofspiel import plugin as goofspiel_plugin
from tests.sealed import plugin as sealed_plugin

REGISTRY = build_registry(extra=[goofspiel_plugin, sealed_plugin])


def people(game: str, n: int, **kwargs) -> Session:
    return Session(REGISTRY.game(game), [SeatSpec(f"P{i + 1}", HUMAN) for i in range(n)], **kwargs)


def answer_all(table: Session, seat: int, rng: random.Random, verb: str = "") -> list[str]:
    """``seat`` answers every decision it is asked (of actions starting with ``verb``), while
    nobody else answers anything."""
    taken = []
    while seat in table.asked() and table.legal_actions(seat)[0].startswith(verb):
        action = rng.choice(table.legal_actions(seat))
        table.submit(seat, action)
        taken.append(action)
    return taken


def test_a_windup_war_seat_picks_its_army_and_programs_its_whole_row_while_the_others_think():
    table = people("windupwar", 4, seed=3)
    rng = random.Random(3)
    picks = answer_all(table, 3, rng)  # seat 4 alone: its three units
    assert [a.split()[0] for a in picks] == ["unit"] * 3
    assert table.asked() == [0, 1, 2]  # the others have not picked; seat 4 waits for them alone
    for seat in (0, 1, 2):
        answer_all(table, seat, rng, "unit")
    row = answer_all(table, 3, rng)  # the windup: seat 4 programs all five slots, nobody else moves
    assert len(row) == 5 and table.asked() == [0, 1, 2]
    assert table.view(0)["phase"] == "windup"


def test_bots_never_wait_for_people_at_a_simultaneous_decision():
    game = REGISTRY.game("windupwar")
    seats = [SeatSpec("Ann", HUMAN)] + [SeatSpec(f"Bot {i}", "tactician", REGISTRY.bot("windupwar", "tactician"))
                                         for i in (2, 3, 4)]
    table = Session(game, seats, seed=5)
    turn = table.advance()
    assert turn.seat == 0 and table.asked() == [0]  # the bots have picked their armies already
    assert {s for s, _ in table.record.actions} == {1, 2, 3}


def test_sealed_choices_are_held_then_applied_in_seat_order_whoever_chose_first():
    table = people("sealed-draw", 3, seed=2)
    table.submit(2, "5")
    table.submit(0, "1")
    assert table.chosen() == [0, 2] and table.asked() == [1]
    assert table.steps == 0 and table.record.held == [(0, "1"), (2, "5")]  # nothing applied, all saved
    assert "5" in table.view(2)["hands"][2]  # the bid card is still in hand: nothing is applied yet
    with pytest.raises(AlreadyChosen, match="^P1 has already chosen; wait for the others.$"):
        table.submit(0, "2")
    table.submit(1, "3")
    assert table.record.actions == [(0, "1"), (1, "3"), (2, "5")] and table.record.held == []
    assert table.chosen() == [] and table.asked() == [0, 1, 2]  # round 2


def test_held_sealed_choices_survive_a_save_and_a_resume():
    table = people("sealed-draw", 3, seed=4)
    table.submit(1, "4")
    table.submit(2, "2")
    record = GameRecord.from_dict(__import__("json").loads(table.record.to_json()))
    assert record.held == [(1, "4"), (2, "2")]
    resumed = Session.resume(REGISTRY.game("sealed-draw"), record, bots=lambda name: None)
    assert resumed.chosen() == [1, 2] and resumed.asked() == [0]
    resumed.submit(0, "5")
    table.submit(0, "5")
    assert resumed.record.actions == table.record.actions and resumed.view(None) == table.view(None)


def test_a_record_whose_held_choice_does_not_fit_is_refused_in_one_sentence():
    table = people("sealed-draw", 2, seed=4)
    table.submit(1, "4")
    data = table.record.to_dict()
    data["held"] = [[1, "9"]]
    with pytest.raises(RecordError, match="^The held choice of P2 does not fit the game: "):
        Session.resume(REGISTRY.game("sealed-draw"), GameRecord.from_dict(data), bots=lambda name: None)
    data["held"] = [[1, "4"], [0, "2"]]
    with pytest.raises(RecordError, match="names a seat twice or out of seat order"):
        GameRecord.from_dict(data)


def test_a_held_sealed_choice_is_taken_back_freely_and_another_made():
    table = people("sealed-draw", 2, seed=6)
    table.submit(0, "2")
    plan = table.plan_undo(0)
    assert plan.refusal is None and plan.others == ()
    table.undo(0, plan)
    assert table.chosen() == [] and table.record.held == [] and 0 in table.asked()
    table.submit(0, "3")
    table.submit(1, "1")
    assert table.record.actions == [(0, "3"), (1, "1")]


def test_an_answer_to_a_decision_that_no_longer_exists_is_refused_and_changes_nothing():
    table = people("goofspiel", 2, seed=1)
    opened = table.decision_number(0)
    table.submit(0, "5", decision=opened)
    assert table.decision_number(0) is None  # Ann has bid; Bob still decides
    table.undo(0)
    assert table.decision_number(0) not in (None, opened)  # asked again: a new decision
    with pytest.raises(StaleDecision, match="no longer open"):
        table.submit(0, "6", decision=opened)
    assert table.steps == 0
    table.submit(0, "6", decision=table.decision_number(0))
    assert table.record.actions == [(0, "6")]


def test_a_choice_from_a_bot_seat_or_a_seat_with_nothing_to_decide_is_refused_in_one_sentence():
    game = REGISTRY.game("goofspiel")
    table = Session(game, [SeatSpec("Ann", HUMAN), SeatSpec("Bob", "random", RANDOM)], seed=2)
    with pytest.raises(NotAsked, match="^Bob is not a person: it chooses for itself.$"):
        table.submit(1, "3")
    table.submit(0, "3")
    with pytest.raises(ActionError, match=r"^Seat 1 is not to bid now\.$"):
        table.submit(0, "4")  # Ann has bid; the bot has not been asked yet
    assert table.record.actions == [(0, "3")]
    assert table.refusal(0, "4") == "Seat 1 is not to bid now."


def test_choices_made_together_are_taken_all_or_none_and_a_refusal_names_the_seat_and_action():
    table = people("goofspiel", 2, seed=3)
    with pytest.raises(ActionError, match="^Nothing was taken: P2's action '14' is refused") as refused:
        table.submit_together({0: "3", 1: "14"})
    assert refused.value.seat == 1 and table.steps == 0 and table.asked() == [0, 1]
    table.submit_together({0: "3", 1: "4"})
    assert [s for s, _ in table.record.actions] == [0, 1] and table.asked() == [0, 1]


def test_a_stand_in_plays_for_a_person_away_and_the_record_holds_the_persons_actions():
    table = people("goofspiel", 2, seed=7)
    table.stand_in(1, REGISTRY.bot("goofspiel", "random").factory(table.game, 1, random.Random(1)))
    assert table.stood_in() == [1]
    turn = table.advance()
    assert turn.seat == 0 and table.record.actions[0][0] == 1  # the stand-in bid for P2 at once
    assert table.record.seats[1]["agent"] == HUMAN
    assert table.seat_back(1) and table.stood_in() == []
    table.submit(0, "1")
    assert table.advance().seat in (0, 1)
    with pytest.raises(TabletopError, match="not a person; nobody stands in"):
        Session(table.game, [SeatSpec("A", HUMAN), SeatSpec("B", "random", RANDOM)], seed=1).stand_in(1, object())


def test_a_sealed_choice_refused_by_the_rules_is_not_held():
    table = people("sealed-draw", 2, seed=2)
    with pytest.raises(ActionError, match="is not a bid"):
        table.submit(0, "7")
    table.submit(0, "2")
    table.submit(1, "2")
    with pytest.raises(ActionError, match="^You have already bid your 2.$"):
        table.submit(0, "2")
    assert table.chosen() == [] and table.record.held == []
