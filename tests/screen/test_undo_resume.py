"""Taking back and resuming rebuild the game from its record, bots choosing exactly as before."""

from __future__ import annotations

import random

import pytest

from tabletop.core.errors import RecordError
from tabletop.core.record import GameRecord
from tabletop.engine import takeback
from tabletop.engine.session import Session
from tabletop.engine.table import UndoRefused
from tests.screen.helpers import session

TABLES = [
    ("windupwar", ["human", "tactician", "tactician", "random"], 7),
    ("castlewars", ["human", "captain", "random"], 5),
    ("wms", ["human", "veteran"], 3),
    ("windup_machines", ["human", "engineer", "random"], 2),
]


def person_decides(table: Session, rng: random.Random, decisions: int) -> None:
    for _ in range(decisions):
        table.advance()
        seat = table.human_to_act()
        if seat is None:
            return
        table.submit(seat, rng.choice(list(table.decision(seat).legal)))
    table.advance()


def test_undo_goes_back_to_your_last_decision_and_bots_choose_as_before(registry):
    # Windup War's orders are given in secret: taking one back before any is revealed shows nothing.
    table = session(registry, "windupwar", ["tactician", "tactician", "random", "human"], seed=7)
    rng = random.Random(7)
    while table.view(3)["phase"] != "windup":
        person_decides(table, rng, 1)
    person_decides(table, rng, 1)  # the person's first order
    before = list(table.record.actions)
    point = table.undo_point(3)
    assert table.record.actions[point - 1][0] != 3  # the bots programmed before the person
    table.undo(3)
    assert table.record.actions == before[:point]
    assert table.human_to_act() == 3
    # The same decision again: the game goes on exactly as it did the first time.
    table.submit(3, before[point][1])
    table.advance()
    assert table.record.actions == before[:len(table.record.actions)]


@pytest.mark.parametrize("seat", [0, 1])
def test_undo_is_refused_once_the_other_players_secret_bid_is_shown(registry, seat):
    """Goofspiel's bids are secret and at once: seeing the bot's bid, then bidding again, would
    use it, whether the bot bid before the person (seat 1) or after (seat 0)."""
    kinds = ["human", "random"] if seat == 0 else ["random", "human"]
    table = session(registry, "goofspiel", kinds, seed=3)
    table.advance()
    table.submit(seat, "7")
    table.advance()
    with pytest.raises(UndoRefused, match="cannot take that back: since then the game has shown P"):
        table.undo(seat)


def test_undo_is_refused_after_the_battle_reveals_every_order(registry):
    """Castle Wars: orders are given in secret; the last one starts the battle, which shows them all."""
    table = session(registry, "castlewars", ["captain", "captain", "human"], seed=5)
    rng = random.Random(5)
    while "attack" not in " ".join(table.decision(2).legal if table.human_to_act() == 2 else []):
        table.advance()
        table.submit(2, rng.choice(list(table.decision(2).legal)))
        table.advance()
    table.submit(2, "defend")
    table.advance()
    assert table.plan_undo(2).refusal is None  # the order is given, the battle not yet fought
    while not any(item.event.kind == "clash" for item in table.log):
        table.submit(2, rng.choice(list(table.decision(2).legal)))
        table.advance()
    assert table.plan_undo(2).refusal is not None
    with pytest.raises(UndoRefused):
        table.undo(2)


def test_a_refused_undo_changes_nothing(registry):
    table = session(registry, "goofspiel", ["human", "random"], seed=3)
    table.submit(0, "7")
    table.advance()
    actions, view = list(table.record.actions), table.view(0)
    with pytest.raises(UndoRefused):
        table.undo(0)
    assert table.record.actions == actions and table.view(0) == view


def test_undo_before_any_decision_is_refused_in_one_sentence(registry):
    table = session(registry, "castlewars", ["human", "captain"], seed=1)
    with pytest.raises(UndoRefused, match="no decision to take back"):
        table.undo(0)


def test_an_undo_is_refused_once_another_person_it_takes_back_has_seen_the_next_cards(registry):
    """Wind Up with three people: one person's move, then another looks at the next gear cards
    (a tuner). Taking back the first move would take back the look too, and that person would
    choose again knowing the next cards: refused, though the one asking saw nothing, and the
    refusal names who would know."""
    from tabletop.engine.knowledge import learned_since

    table = session(registry, "windup_machines", ["human", "human", "human"], seed=3, names=["Ann", "Bob", "Cid"])
    rng = random.Random(3)
    for _ in range(400):
        seat = table.advance().seat
        table.submit(seat, rng.choice(list(table.decision(seat).legal)))
        looked = [item for item in table.log if item.step == table.steps and item.event.visible_to == {seat}]
        asker = table.record.actions[-2][0] if table.steps > 1 else seat
        if not looked or asker == seat or table.undo_point(asker) != table.steps - 2:
            continue
        point = table.steps - 2
        before = table.game.new_state(3, options=table.options, seed=table.seed)
        for who, action in table.record.actions[:point]:
            table.game.apply(before, who, action)
        if learned_since(table.game, before, asker, table.record.actions[point:], rng=random.Random(0)):
            continue  # the asker saw something too: the ordinary refusal
        break
    else:
        raise AssertionError("nobody looked at hidden cards right after another person's move")
    plan = table.plan_undo(asker)
    assert plan.refusal == (
        f"{table.names[asker]} cannot take that back: since then the game has shown {table.names[seat]} what was "
        f"hidden then (another player's cards or secret choice, or new cards), and {table.names[seat]} would "
        "decide again knowing it.")
    actions = list(table.record.actions)
    with pytest.raises(UndoRefused):
        table.undo(asker)
    assert table.record.actions == actions
    # The one who looked cannot take the look back either: the ordinary refusal, about themself.
    name = table.names[seat]
    assert table.plan_undo(seat).refusal.startswith(f"{name} cannot take that back: since then the game has "
                                                    f"shown {name} what was hidden when it was chosen")


def test_undo_between_people_names_whose_decisions_it_also_takes_back(registry):
    table = session(registry, "castlewars", ["human", "human"], seed=2, names=["Ann", "Bob"])
    for _ in range(3):
        seat = table.human_to_act()
        table.submit(seat, table.decision(seat).legal[0])
    seat = table.human_to_act()
    assert takeback.others_affected(table.record.actions, table.seats, seat, {}) == [1 - seat]


@pytest.mark.parametrize(("game", "kinds", "seed"), TABLES, ids=[t[0] for t in TABLES])
def test_a_saved_game_resumes_where_it_stopped_and_goes_on_as_it_would_have(registry, tmp_path, game, kinds, seed):
    rng_state = random.Random(seed)
    first = session(registry, game, kinds, seed=seed)
    person_decides(first, rng_state, 6)
    path = first.record.save(tmp_path / "stopped.json")
    resumed = Session.resume(registry.game(game), GameRecord.load(path),
                             bots=lambda name: registry.bot(game, name), pm=registry.pm)
    assert resumed.record.actions == first.record.actions
    assert resumed.names == first.names
    seat = first.human_to_act()
    assert resumed.human_to_act() == seat
    if seat is None:
        return
    assert resumed.view(seat) == first.view(seat)
    later = random.Random(99)
    person_decides(first, random.Random(99), 4)
    person_decides(resumed, later, 4)
    assert resumed.record.actions == first.record.actions


def test_a_finished_game_cannot_be_resumed(registry, tmp_path):
    table = session(registry, "castlewars", ["random", "random"], seed=4)
    table.advance()
    path = table.record.save(tmp_path / "done.json")
    with pytest.raises(RecordError, match="over"):
        Session.resume(registry.game("castlewars"), GameRecord.load(path),
                       bots=lambda name: registry.bot("castlewars", name))
