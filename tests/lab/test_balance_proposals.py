"""What ``tabletop balance`` proposes and says: small pruned proposals at every seat count, what
each change does, what else moved, --what-if, --list, --report, and its smaller promises."""

import json

import pytest

from tabletop.engine.registry import build_registry
from tabletop.lab.db import ResultsDB
from tests.conftest import Cli
from tests.lopsided import plugin as lopsided_plugin


@pytest.fixture
def lop_cli():
    return Cli(build_registry(extra=[lopsided_plugin]))


ARGS = ("balance", "lopsided", "--objective", "unit-spread", "--budget", "10", "-n", "120", "--seed", "2",
        "--top", "2", "--confirm", "300")


def test_a_study_covers_every_seat_count_and_proposes_a_pruned_change(lop_cli):
    out = json.loads(lop_cli(*ARGS, "--max-changes", "2", "--json").out)
    assert [len(s) for s in out["study"]["seatings"]] == [2, 3]  # lopsided is for 2 or 3
    assert all(t["changed"] <= 2 for t in out["trials"])
    for pruning in out["pruning"]:
        path = pruning["path"]
        assert path[0]["changes"] == pruning["start"] and path[-1]["changes"] == pruning["pruned"]
        assert [len(p["changes"]) for p in path] == sorted((len(p["changes"]) for p in path), reverse=True)
        assert all(p["value"] <= pruning["limit"] for p in path[1:])
        assert len(pruning["contributions"]) == len(pruning["pruned"])
    assert out["proposed"], "the giant's planted power is found"
    assert set(out["proposed"]) <= {a for p in out["pruning"] for a in p["pruned"]}
    best = next(c for c in out["check"]["candidates"] if c["changes"] == out["proposed"])
    assert [s["seats"] for s in best["seatings"]] == [2, 3]
    assert best["value"] == max(s["value"] for s in best["seatings"])  # the worst seat count
    assert len(out["effects"]) == len(out["proposed"])
    for effect in out["effects"]:
        assert [s["seats"] for s in effect["seatings"]] == [2, 3]
        low, high = effect["difference_ci95"]
        assert low <= effect["after"] - effect["before"] <= high
    figures = {(m["seats"], m["figure"]) for m in out["moved"]}
    assert {(2, "game length"), (3, "game length"), (2, "no winner")} <= figures


def test_the_report_says_what_each_change_does_and_what_else_moved(lop_cli):
    text = " ".join(lop_cli(*ARGS).out.split())
    for title in ("Pruning: the fewest changes", "What each change does alone", "What else moved",
                  "Every seat count, before and after"):
        assert title in text
    assert "Which values mattered" not in text


def test_reopening_a_finished_study_plays_nothing_and_report_reprints_it(lop_cli, lab_db):
    first = json.loads(lop_cli(*ARGS, "--json").out)
    with ResultsDB(lab_db) as db:
        runs = len(db.runs())
    again = json.loads(lop_cli(*ARGS, "--json").out)
    reprinted = json.loads(lop_cli("balance", "--report", str(first["study"]["id"]), "--json").out)
    with ResultsDB(lab_db) as db:
        assert len(db.runs()) == runs  # neither the checks nor the pruning were played again
    for out in (again, reprinted):
        assert out["check"] == first["check"] and out["proposed"] == first["proposed"]
        assert out["effects"] == first["effects"] and out["moved"] == first["moved"]
    listed = json.loads(lop_cli("balance", "--list", "--json").out)
    assert [(s["id"], s["game"], s["status"], s["trials"]) for s in listed] == [(1, "lopsided", "finished", 10)]
    assert "study 1" in lop_cli("balance", "--list").out


def test_what_if_answers_at_every_seat_count_with_intervals(lop_cli):
    out = json.loads(lop_cli("balance", "lopsided", "--objective", "unit-spread", "--what-if", "unit.giant.power=3",
                             "-n", "150", "--json").out)
    assert out["changes"] == {"unit.giant.power": 3}
    assert [s["seats"] for s in out["seatings"]] == [2, 3]
    for row in out["seatings"]:
        assert row["difference_ci95"][1] < 0, row  # the planted giant, evened out: surely better
    assert {m["figure"] for m in out["moved"]} >= {"game length", "no winner"}
    text = " ".join(lop_cli("balance", "lopsided", "--what-if", "unit.giant.power=3", "-n", "150").out.split())
    assert "What if giant.power 8 -> 3?" in text and "3 seats" in text


def test_what_if_refuses_an_undeclared_value(lop_cli):
    result = lop_cli("balance", "lopsided", "--what-if", "unit.giant.speed=3")
    assert result.exit_code == 2 and "is not tunable" in result.err and "Traceback" not in result.err


def test_json_and_html_together_write_both(lop_cli, tmp_path):
    page = tmp_path / "b.html"
    result = lop_cli(*ARGS, "--budget", "3", "--top", "1", "--json", "--html", str(page))
    assert json.loads(result.out)["study"]["trials"] == 3  # standard output is the JSON alone
    assert "Balance against values changed" in page.read_text()


def test_write_writes_only_a_proposal(lop_cli, tmp_path):
    cards = tmp_path / "fix.toml"
    result = lop_cli("balance", "lopsided", "--objective", "unit-spread", "--budget", "2", "-n", "10", "--top", "1",
                     "--confirm", "10", "--write", str(cards))
    assert not cards.exists()
    assert f"Nothing is proposed, so {cards} was not written." in " ".join(result.err.split())


def test_smaller_mistakes_are_one_sentence(cli, lop_cli):
    human = cli("balance", "windupwar", "--bot", "human")
    assert human.exit_code == 2 and "every seat is a bot" in human.err and "Did you mean" not in human.err
    spread = cli("balance", "windup_machines", "--objective", "unit-spread", "--players", "2")
    assert spread.exit_code == 2 and "reports no unit statistic" in spread.err and "Traceback" not in spread.err
    assert "No study 7" in lop_cli("balance", "--report", "7").err
    assert "Name the game" in lop_cli("balance").err
