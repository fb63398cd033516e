"""A pasted burst of actions is taken as separate actions, on the full screen and at the plain
prompt (a terminal's bracketed paste hands the lines over as one); keys typed while others
decide get a sentence; no Undo is offered where the table refuses every takeback."""

from __future__ import annotations

import asyncio
import io
from types import SimpleNamespace

from rich.console import Console
from textual import events

from tabletop.core.decision import Decision
from tabletop.screen.game_screen import WAITING_KEYS, GameScreen
from tabletop.terminal.prompt import HumanAgent
from tests.screen.helpers import SIZE, app_for, session, settle


def test_a_pasted_burst_at_the_plain_prompt_is_one_action_per_decision():
    typed = iter(["A1R\nCH\n"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(typed)

    agent = HumanAgent(console=Console(file=io.StringIO()), ask=ask, names=["Ana"], show_view=False)

    class Asked(Decision):
        def __init__(self, legal):
            self.seat, self.legal, self._view = 0, legal, {}

        def refusal(self, action):
            return None

        def describe(self, action):
            return ""

    assert agent.choose(Asked(["A1L", "A1R", "CH"])) == "A1R"
    assert agent.choose(Asked(["BL", "CH"])) == "CH"  # the paste's second line: nothing asked again
    assert len(asked) == 1


def test_a_pasted_burst_on_the_full_screen_is_one_action_per_decision(registry):
    table = session(registry, "goofspiel", ["human", "random"], seed=2)

    async def scenario():
        app = app_for(registry, table)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            bids = screen.legal[:2]
            screen.query_one("#prompt").post_message(events.Paste("\n".join(bids) + "\n"))
            for _ in range(100):  # the first bid, the bot's, then the paste's second line at the next decision
                await pilot.pause()
                await app.workers.wait_for_complete()
                if sum(seat == 0 for seat, _ in table.record.actions) >= 2:
                    break
            return bids, [action for seat, action in table.record.actions if seat == 0], screen.burst

    bids, mine, left = asyncio.run(scenario())
    assert mine[:2] == bids and not left


def test_keys_typed_while_waiting_get_a_sentence_and_a_network_seat_offers_no_undo(registry):
    table = session(registry, "goofspiel", ["human", "random"], seed=2)

    async def scenario():
        app = app_for(registry, table)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen: GameScreen = app.screen
            assert screen.check_action("undo", ()) is True  # a local table takes back
            screen.session = SimpleNamespace(can_undo=False)  # as a RemoteTable says
            assert screen.check_action("undo", ()) is False
            screen.session = table
            screen.deciding = None  # another seat decides now
            screen.query_one("#prompt").disabled = True
            await pilot.press("x")
            await pilot.pause()
            return screen.detail_message

    said = asyncio.run(scenario())
    assert said.startswith(WAITING_KEYS)
