"""``tabletop balance``: a study, its check on fresh seeds, the report, the written card values."""

import json

import pytest

from tabletop.core.tunables import read_variant
from tabletop.engine.registry import build_registry
from tabletop.lab.db import ResultsDB
from tests.conftest import Cli
from tests.goofspiel import plugin as goofspiel_plugin
from tests.lopsided import plugin as lopsided_plugin


@pytest.fixture
def lop_cli():
    return Cli(build_registry(extra=[goofspiel_plugin, lopsided_plugin]))


ARGS = ("balance", "lopsided", "--objective", "unit-spread", "--budget", "12", "-n", "120", "--players", "3",
        "--seed", "2", "--top", "2", "--confirm", "300")


def test_balance_proposes_a_fix_and_proves_it_on_fresh_seeds(lop_cli, lab_db, tmp_path):
    page, cards = tmp_path / "balance.html", tmp_path / "fix.toml"
    result = lop_cli(*ARGS, "--html", str(page), "--write", str(cards))
    assert result.exit_code == 0, result.err
    text = " ".join(result.out.split())
    assert "re-played on fresh seeds" in text and "Proposed card data" in text and "Before and after" in text
    html = page.read_text()
    assert "data:image/png;base64," in html and "Balance against values changed" in html
    registry = build_registry(extra=[lopsided_plugin])
    proposed = read_variant(cards, registry.game("lopsided"))
    others = [proposed.get(f"unit.{u}.power", 3) for u in ("knight", "archer", "mage")]
    assert proposed.get("unit.giant.power", 8) - sum(others) / 3 <= 1.5, proposed  # the giant evened out
    with ResultsDB(lab_db) as db:
        (study,) = [db.study(1)]
        assert study.status == "finished" and len(db.trials(1)) == 12
        checks = [r for r in db.runs() if r.sweep == "study-1-check"]
        assert checks and all(r.seed == 2 + 1_000_000 and r.played == 300 for r in checks)


def test_balance_json_and_the_same_command_finds_its_study_again(lop_cli, lab_db):
    first = json.loads(lop_cli(*ARGS, "--top", "1", "--json").out)
    again = json.loads(lop_cli(*ARGS, "--top", "1", "--json").out)
    assert first["study"]["id"] == again["study"]["id"] and again["study"]["resumed"] == 12
    assert first["trials"] == again["trials"] and first["check"] == again["check"]
    printed = first["check"]["printed"]
    assert printed["seatings"][0]["seats"] == 3 and len(printed["seatings"][0]["by_seat"]) == 3
    (candidate,) = first["check"]["candidates"]
    low, high = candidate["difference_ci95"]
    assert low <= candidate["difference"] <= high


def test_balance_refuses_mistakes_in_one_sentence(lop_cli):
    for args, words in (
        (("balance", "goofspiel"), "declares no tunable card values"),
        (("balance", "lopsided", "--objective", "fun"), "No objective 'fun'"),
        (("balance", "lopsided", "--players", "7"), "2 to 3 seats, not 7"),
        (("balance", "lopsided", "--optimiser", "magic"), "No optimiser 'magic'"),
    ):
        result = lop_cli(*args)
        assert result.exit_code != 0 and words in result.err and "Traceback" not in result.err, (args, result.err)


def test_the_default_bots_are_the_games_own_but_random_for_a_spread(cli):
    def seatings(*extra):
        out = cli("balance", "windupwar", "--budget", "1", "-n", "2", "--top", "0", "--json", *extra).out
        return json.loads(out)["study"]["seatings"]

    # Every seat count the game allows (Windup War's 2 to 16, up to six) unless told.
    assert seatings() == [["tactician"] * n for n in range(2, 7)]
    assert seatings("--objective", "unit-spread", "--players", "4") == [["random"] * 4]
    assert seatings("--players", "2,3", "--bot", "random") == [["random"] * 2, ["random"] * 3]
    assert seatings("--seats", "tactician,random") == [["tactician", "random"]]


@pytest.mark.slow
def test_the_best_candidate_can_be_confirmed_with_another_bot(lop_cli):
    out = json.loads(lop_cli("balance", "lopsided", "--objective", "unit-spread", "--budget", "4", "-n", "40",
                             "--players", "3", "--top", "1", "--confirm", "100", "--confirm-bot", "ismcts",
                             "--json").out)
    other = out["check"]["other_bot"]
    assert other["bot"] == "ismcts" and other["seatings"][0]["games"] == 10  # a tenth of --confirm
    assert other["difference_ci95"][0] <= other["difference"] <= other["difference_ci95"][1]


def test_ctrl_c_keeps_the_study_and_the_same_command_resumes_it(lop_cli, monkeypatch):
    from tabletop.lab import backends

    real, calls = backends.stream_local, []

    def stopping(job):
        calls.append(job)
        for n, pair in enumerate(real(job)):
            if len(calls) == 4 and n == 5:  # Ctrl-C in the third candidate's games (the first call: the probe)
                raise KeyboardInterrupt
            yield pair

    monkeypatch.setattr(backends, "stream_local", stopping)
    args = ("balance", "lopsided", "--objective", "unit-spread", "--budget", "5", "-n", "30", "--players", "3")
    stopped = lop_cli(*args)
    assert stopped.exit_code == 130 and "run the same command again to resume" in " ".join(stopped.err.split())
    monkeypatch.setattr(backends, "stream_local", real)
    resumed = json.loads(lop_cli(*args, "--top", "0", "--json").out)["study"]
    assert (resumed["id"], resumed["resumed"], resumed["trials"]) == (1, 2, 5)


@pytest.mark.slow
def test_ray_gives_the_same_study_as_the_process_pool(lop_cli, tmp_path):
    pytest.importorskip("ray", reason="the Ray backend needs the ray extra: pip install 'tabletop[ray]'")
    args = ("balance", "lopsided", "--objective", "unit-spread", "--budget", "4", "-n", "40", "--players", "3",
            "--top", "1", "--confirm", "80", "--workers", "2", "--json")
    pool = json.loads(lop_cli(*args, "--db", str(tmp_path / "pool.sqlite3")).out)
    ray = json.loads(lop_cli(*args, "--backend", "ray", "--db", str(tmp_path / "ray.sqlite3")).out)
    assert ray["trials"] == pool["trials"] and ray["check"] == pool["check"]


def test_edited_card_data_starts_a_new_study(lop_cli, monkeypatch):
    from tabletop.lab import runner

    args = ("balance", "lopsided", "--objective", "unit-spread", "--budget", "2", "-n", "20", "--players", "3",
            "--top", "0", "--json")
    first = json.loads(lop_cli(*args).out)["study"]
    monkeypatch.setattr(runner, "card_hash", lambda game, cards="": "edited")
    second = json.loads(lop_cli(*args).out)["study"]
    assert (first["id"], second["id"], second["resumed"]) == (1, 2, 0)
