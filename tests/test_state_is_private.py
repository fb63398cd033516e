"""The Session is the only face of a game in progress: nothing outside ``tabletop/engine`` touches
the true state, and nothing the Session hands out reaches it.

Two halves. The source: no module of ``tabletop`` outside ``engine/`` reads a private part of a
session (``_state`` and the other underscored slots) or the ``state`` of a session, table, match
or result; the one door, :meth:`Session.seen_by`, is named. The objects: for games in progress
(people and bots, a simultaneous decision under way, a sealed one with choices held) everything
a front end can get from the session's public attributes and methods is walked, and none of it
is, or holds a part of, the live state.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from tabletop.engine.leaks_state import reach
from tabletop.engine.registry import build_registry
from tabletop.engine.session import Session
from tabletop.engine.table import HUMAN, SeatSpec
from tests.sealed import plugin as sealed_plugin

ROOT = Path(__file__).resolve().parents[1]
PRIVATE = {name for name in dir(Session) if name.startswith("_") and not name.startswith("__")}
#: Names of the objects that hold (or held) a game in progress.
HOLDERS = ("session", "table", "match")


def outside_the_engine() -> list[Path]:
    return sorted(p for p in (ROOT / "tabletop").rglob("*.py") if "engine" not in p.relative_to(ROOT).parts[1:2])


def touches(path: Path) -> list[str]:
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        holder = ast.unparse(node.value).rsplit(".", 1)[-1].casefold()
        if node.attr in PRIVATE and holder != "self":
            found.append(f"{where}:{node.lineno} reads {ast.unparse(node)}")
        elif node.attr == "state" and any(name in holder for name in HOLDERS):
            found.append(f"{where}:{node.lineno} reads {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", outside_the_engine(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_outside_the_engine_touches_the_true_state(path):
    wrong = touches(path)
    assert not wrong, "\n".join(wrong) + "\nask the Session (its public methods; seen_by is the one door)"


def test_the_check_of_the_source_finds_what_it_looks_for(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("def f(session, table):\n    return session._state, table.session.state, session._asking\n")
    assert len(touches(planted)) == 3


REGISTRY = build_registry(extra=[sealed_plugin])


def tables():
    """Games in progress: people and bots at a simultaneous decision, and sealed choices held."""
    windup = REGISTRY.game("windupwar")
    bot = REGISTRY.bot("windupwar", "tactician")
    war = Session(windup, [SeatSpec("Ann", HUMAN), SeatSpec("B", "tactician", bot), SeatSpec("Cid", HUMAN),
                           SeatSpec("D", "random", REGISTRY.bot("windupwar", "random"))], seed=4)
    war.advance()
    rng = random.Random(4)
    for _ in range(6):
        seat = war.human_to_act()
        war.submit(seat, rng.choice(war.legal_actions(seat)))
        war.advance()
    sealed = Session(REGISTRY.game("sealed-draw"), [SeatSpec(f"P{i}", HUMAN) for i in range(3)], seed=2)
    sealed.submit(1, "3")
    return [war, sealed]


@pytest.mark.parametrize("table", tables(), ids=["windupwar", "sealed-draw"])
def test_nothing_the_session_hands_out_reaches_the_live_state(table):
    state = table._state  # the test alone looks (white-box): it is what must not be reachable
    seat = table.human_to_act()
    handed = {name: getattr(table, name) for name in Session.__slots__ if not name.startswith("_")}
    handed.pop("game")  # the rules: the check holds the game object to reaching no state
    handed |= {
        "asked()": table.asked(), "chosen()": table.chosen(), "legal_actions()": table.legal_actions(seat),
        "view()": table.view(seat), "public_view()": table.public_view(), "decision()": table.decision(seat),
        "decision().view": table.decision(seat).view, "plan_undo()": table.plan_undo(seat),
        "outcome()": table.outcome(), "visible_log()": table.visible_log(seat),
    }
    for name, value in handed.items():
        assert reach(value, f"session.{name}", state) is None, f"session.{name} reaches the live state"
    assert reach(table.game, "game", state, any_state=True) is None
