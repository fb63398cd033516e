"""Class 17: bounds a person can set from a file. A record whose bot thinks without bound
(``ismcts:time=100000``) resumes with the budget clamped and one sentence saying so; typed on the
command line, the same budget is refused in one sentence."""

from __future__ import annotations

import json

from tabletop.engine.registry import build_registry
from tests.attack.helpers import says
from tests.goofspiel import plugin as goofspiel_plugin

GOOF = ("--plugin", "tests.goofspiel.plugin")


def test_a_records_unbounded_bot_budget_is_clamped_on_resume_with_a_sentence(run_main, tmp_path):
    # Castle Wars' first decision is the person's alone (a Goofspiel bot bids at once, so the resume
    # would ask the clamped bot again at its recorded bid and wait out its minute)
    path = tmp_path / "g.json"
    first = run_main("play", "castlewars", "--plain", "--seats", "human,random", "--seed", "3",
                     "--save", str(path), stdin="quit\n")
    assert first.code == 0, first.text
    record = json.loads(path.read_text())
    record["seats"][1]["agent"] = "ismcts:time=100000,iterations=999999999"
    path.write_text(json.dumps(record))
    result = run_main("play", "--resume", str(path), "--plain", stdin="quit\n")
    assert result.code == 0, result.text
    assert says(result.err, "Setting 'time' of ismcts was 100000, more than the most allowed; it is 60.")
    assert says(result.err, "Setting 'iterations' of ismcts was 999999999, more than the most allowed; it is 10,000,000.")


def test_a_typed_budget_above_the_bound_is_refused_in_one_sentence(run_main):
    result = run_main(*GOOF, "simulate", "goofspiel", "-n", "1", "--no-db", "--seats", "ismcts:time=100000,random")
    assert result.code == 2
    assert says(result.err, "Setting 'time' of ismcts must be at most 60, not 100000.")


def test_a_clamped_bot_keeps_its_name_as_written_and_is_told_once():
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin])
    told: list[str] = []
    spec = registry.bot("goofspiel", "ismcts:iterations=99999999999,time=0.01", clamp=told.append)
    assert len(told) == 1 and spec.name == "ismcts:iterations=99999999999,time=0.01"


def test_every_setting_of_a_bot_read_from_a_file_is_clamped_with_a_sentence_naming_the_clamp():
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin])
    bots = [b for b in registry.bots if b.settings]
    assert bots
    for bot in bots:
        for setting in bot.settings:
            assert setting.maximum is not None, f"{bot.name}:{setting.name} has no bound"
            told: list[str] = []
            huge = "1e300" if setting.kind is float else str(10**30)
            registry.bot("goofspiel", f"{bot.name}:{setting.name}={huge}", clamp=told.append)
            most = f"{int(setting.maximum):,}" if setting.maximum == int(setting.maximum) else f"{setting.maximum:g}"
            assert told == [f"Setting '{setting.name}' of {bot.name} was {huge}, more than the most allowed; it is {most}."]
