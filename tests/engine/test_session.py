"""The one table loop: bots, agents and people at one Session, whatever drives it."""

from __future__ import annotations

import asyncio
import random

import pytest

from tabletop.core.errors import ActionError
from tabletop.core.random_agent import RANDOM
from tabletop.engine.match import run_match
from tabletop.engine.session import Session
from tabletop.engine.simulate import Simulator
from tabletop.engine.table import HUMAN, NotAsked, SeatSpec, StaleDecision, StepLimitExceeded, bot_rng


def seats(registry, game: str, kinds: list[str]) -> list[SeatSpec]:
    return [SeatSpec(f"P{i + 1}" if k == HUMAN else f"Seat {i + 1}", k, None if k == HUMAN else registry.bot(game, k))
            for i, k in enumerate(kinds)]


def test_a_table_of_bots_plays_the_game_simulate_and_run_match_play(registry):
    game = registry.game("castlewars")
    kinds = ["captain", "random", "random"]
    played = Session(game, seats(registry, "castlewars", kinds), seed=9).play()
    agents = [registry.bot("castlewars", k).factory(game, s, bot_rng(9, s)) for s, k in enumerate(kinds)]
    assert run_match(game, agents, seed=9, agent_names=kinds).record.to_json() == played.record.to_json()
    simulated = Simulator(game, [registry.bot("castlewars", k) for k in kinds], game.resolve_options({})).play(9)
    assert (simulated.winners, simulated.length) == (played.outcome.winners, played.steps)


def test_advance_stops_for_the_person_and_the_bots_go_on_as_in_a_game_of_bots(registry):
    """A person who happens to choose what the bot in their seat would have chosen leaves the
    same game: a person's decisions draw nothing the bots use. The bot does not wait for the
    person at a simultaneous bid, so the record holds its bid first; each seat's bids, and the
    game, are the same."""
    game = registry.game("goofspiel")
    bots = Session(game, [SeatSpec("A", "random", RANDOM), SeatSpec("B", "random", RANDOM)], seed=4).play()
    table = Session(game, [SeatSpec("A", HUMAN), SeatSpec("B", "random", RANDOM)], seed=4)
    chosen = [action for seat, action in bots.record.actions if seat == 0]
    while (turn := table.advance()) is not None:
        assert turn.seat == 0 and not turn.hand_over  # one person: nothing to hand over
        table.submit(0, chosen.pop(0))
    for seat in (0, 1):
        assert [a for s, a in table.record.actions if s == seat] == [a for s, a in bots.record.actions if s == seat]
    assert table.record.actions[:2] == [(1, bots.record.actions[1][1]), (0, bots.record.actions[0][1])]
    assert table.record.outcome == bots.record.outcome


def test_every_person_asked_may_answer_in_any_order_and_each_refusal_is_one_sentence(registry):
    game = registry.game("goofspiel")
    table = Session(game, [SeatSpec("Ann", HUMAN), SeatSpec("Bob", HUMAN), ], seed=1)
    turn = table.advance()
    assert turn.seat == 0 and table.asked() == [0, 1]  # hot seat: the first asked, but both may answer
    first = table.decision_number(1)
    table.submit(1, "1")  # Bob bids before Ann
    assert table.asked() == [0] and table.decision_number(1) is None
    with pytest.raises(ActionError, match=r"^[^\n]+\.$") as refused:
        table.submit(1, "2")  # Bob has bid: the game's own sentence for a seat not asked
    assert "Bob" not in str(refused.value) or "asked" in str(refused.value)
    with pytest.raises(StaleDecision, match="^That answer was for a decision that is no longer open"):
        table.submit(0, "2", decision=first)  # a number that was never Ann's
    bots = Session(game, [SeatSpec("Ann", HUMAN), SeatSpec("Bob", "random", RANDOM)], seed=1)
    with pytest.raises(NotAsked, match="^Bob is not a person: it chooses for itself.$"):
        bots.submit(1, "1")
    assert table.steps == 1 and bots.steps == 0  # Bob's bid; nothing of the refusals


def test_the_screen_is_handed_over_between_people_with_only_public_narration(registry):
    game = registry.game("goofspiel")
    table = Session(game, [SeatSpec("Ann", HUMAN), SeatSpec("Bob", HUMAN)], seed=2)
    first = table.advance()
    assert first.hand_over and first.since == ()  # nobody has decided yet: the first hand-over
    assert table.advance().hand_over is False  # asked again, the same person is already seated
    table.submit(first.seat, "5")
    second = table.advance()
    assert second.seat != first.seat and second.hand_over
    assert not any("5" in line for line in second.since)  # the secret bid is not narrated
    table.submit(second.seat, "6")
    third = table.advance()
    assert third.hand_over and third.since == tuple(table.visible_log(None, since=table.last_step_of(third.seat)))
    assert third.since  # the bids, shown once both were made


def test_the_session_saves_after_each_decision_a_takeback_and_the_end(registry):
    game = registry.game("castlewars")
    table = Session(game, seats(registry, "castlewars", ["human", "captain"]), seed=3)
    saved: list[int] = []
    table.on_save = lambda record: saved.append(len(record.actions))
    rng = random.Random(3)
    decided: list[int] = []
    for _ in range(3):
        turn = table.advance()
        table.submit(turn.seat, rng.choice(list(table.decision(turn.seat).legal)))
        decided.append(table.steps)
    assert saved == decided  # bots' actions are saved with the next person's
    plan = table.plan_undo(0)
    assert plan.refusal is None  # the captain's orders are not shown yet
    table.undo(0, plan)
    assert saved[-1] == plan.point == table.steps
    while (turn := table.advance()) is not None:
        table.submit(turn.seat, rng.choice(list(table.decision(turn.seat).legal)))
    assert table.record.outcome is not None and saved[-1] == table.steps


def test_a_takeback_asks_the_other_people_affected_and_names_them(registry):
    game = registry.game("castlewars")
    table = Session(game, [SeatSpec("Ann", HUMAN), SeatSpec("Bob", HUMAN)], seed=0)
    for _ in range(24):  # to an open move of one seat after one of the other's that showed it nothing new
        turn = table.advance()
        table.submit(turn.seat, table.decision(turn.seat).legal[0])
    seat = table.advance().seat
    plan = table.plan_undo(seat)
    assert plan.refusal is None and plan.others == (1 - seat,)
    assert plan.question(table.names) == (f"Taking back also undoes what {table.names[1 - seat]} chose since. "
                                          "Does everyone agree?")


def test_an_agent_object_sits_at_the_table_like_a_bot(registry):
    """A seat need not be a registered bot: anything that answers a decision (a remote player)."""
    game = registry.game("goofspiel")
    asked: list[int] = []

    class Remote:
        def choose(self, decision):
            asked.append(decision.seat)
            return decision.legal[-1]

    table = Session(game, [SeatSpec("Far", "remote", agent=Remote()), SeatSpec("Me", HUMAN)], seed=5)
    while (turn := table.advance()) is not None:
        table.submit(turn.seat, table.decision(turn.seat).legal[0])
    assert asked and set(asked) == {0}
    assert table.record.seats[0] == {"name": "Far", "agent": "remote"}


def test_the_step_limit_names_the_seed_only_when_no_person_plays(registry, monkeypatch):
    """The seed rebuilds every hidden card: a person's game keeps it secret until the end."""
    game = registry.game("goofspiel")
    bots = Session(game, [SeatSpec("A", "random", RANDOM), SeatSpec("B", "random", RANDOM)], seed=77)
    with pytest.raises(StepLimitExceeded, match=r"^goofspiel did not end within 3 actions \(seed 77\)\.$"):
        bots.play(step_limit=3)
    monkeypatch.setattr(game, "step_limit", lambda seats: 3)
    table = Session(game, [SeatSpec("A", HUMAN), SeatSpec("B", "random", RANDOM)], seed=77)
    with pytest.raises(StepLimitExceeded, match=r"^goofspiel did not end within 3 actions\.$"):
        while (turn := table.advance()) is not None:
            table.submit(turn.seat, table.decision(turn.seat).legal[0])


def test_plugins_hear_the_setup_once_every_event_and_the_end_once(registry):
    game = registry.game("goofspiel")
    heard: list[str] = []
    kinds: list[str] = []

    class Listener:
        from tabletop.core.hookspecs import hookimpl

        @hookimpl
        def tabletop_observe_event(self, game, seat_names, event):
            kinds.append(event.kind)

        @hookimpl
        def tabletop_observe_game_end(self, game, record):
            heard.append(record.outcome["reason"] if record.outcome else "")

    registry.pm.register(Listener(), name="listener")
    told: list[str] = []
    table = Session(game, [SeatSpec("A", HUMAN), SeatSpec("B", "random", RANDOM)], seed=8, pm=registry.pm)
    while (turn := table.advance(on_event=lambda e: told.append(e.kind))) is not None:
        table.submit(turn.seat, table.decision(turn.seat).legal[0])
    assert len(heard) == 1
    opening = [logged.event.kind for logged in table.log if logged.step == 0]
    assert kinds[:len(opening)] == opening and kinds == [logged.event.kind for logged in table.log]


def test_an_asyncio_server_can_run_a_table_without_a_terminal(registry):
    """Bots think in a worker thread; people's actions arrive as messages."""
    game = registry.game("goofspiel")
    table = Session(game, [SeatSpec("Net", HUMAN), SeatSpec("Bot", "random", RANDOM)], seed=6)
    inbox: asyncio.Queue[str] = asyncio.Queue()

    async def remote_person() -> None:
        for bid in range(1, 14):
            await inbox.put(str(bid))

    async def serve() -> None:
        while (turn := await asyncio.to_thread(table.advance)) is not None:
            table.submit(turn.seat, await inbox.get())

    async def main() -> None:
        await asyncio.gather(remote_person(), serve())

    asyncio.run(main())
    assert table.record.outcome is not None
    assert [a for s, a in table.record.actions if s == 0] == [str(b) for b in range(1, 14)]
    at_once = Session(game, [SeatSpec("Net", HUMAN), SeatSpec("Bot", "random", RANDOM)], seed=6)
    while (turn := at_once.advance()) is not None:
        at_once.submit(turn.seat, str(at_once.steps // 2 + 1))
    assert at_once.record.to_json() == table.record.to_json()  # however the table is driven
