"""Each bundled game's observation and action spec in the docs is the one its environment has."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed: pip install -e '.[rl]'")

import tabletop.rl as rl  # noqa: E402
from tabletop.rl.spec import UPTO, main, spec  # noqa: E402
from tests.rl.conftest import BUNDLED  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl-spec"


@pytest.mark.parametrize("name", BUNDLED)
def test_the_docs_spec_is_the_environments(name, installed):
    written = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert written == spec(installed.game(name)), "run: python -m tabletop.rl.spec docs/rl-spec"
    env = rl.env(name)
    assert env.metadata["layout_version"] in written
    for index, word in enumerate(env.table.words):
        assert f"| {index} | `{word}` |" in written


@pytest.mark.parametrize(("name", "upto"), sorted(UPTO.items()))
def test_the_docs_spec_of_the_layout_shared_across_seat_counts_is_the_environments(name, upto, installed):
    written = (DOCS / f"{name}-upto-{upto}.md").read_text(encoding="utf-8")
    assert written == spec(installed.game(name), layout_seats=upto), "run: python -m tabletop.rl.spec docs/rl-spec"
    for players in range(installed.game(name).min_players, upto + 1):  # one layout: every count's
        env = rl.env(name, players=players, layout_seats=upto)
        assert env.metadata["layout_version"] in written
        assert f"The observation is {env.observation_space(env.possible_agents[0])['observation'].shape[0]} float32" \
            in written
        for index, word in enumerate(env.table.words):
            assert f"| {index} | `{word}` |" in written


def test_the_docs_hold_every_spec_the_generator_writes_and_no_other(tmp_path):
    main([str(tmp_path)])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in DOCS.glob("*.md"))
    assert {f"{name}-upto-{upto}.md" for name, upto in UPTO.items()} <= {p.name for p in tmp_path.iterdir()}


def test_a_layout_a_game_cannot_seat_is_refused_in_one_sentence(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        main([str(tmp_path), "--layout-seats", "5", "castlewars"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip() == "Castle Wars is for 2-4 players, not 5."
    assert not tmp_path.joinpath("castlewars-upto-5.md").exists()


@pytest.mark.parametrize("layout_seats", [None, 4])
def test_every_place_of_the_observation_is_described(installed, layout_seats):
    text = spec(installed.game("castlewars"), layout_seats=layout_seats)
    described = set()
    for line in text.splitlines():
        cell = line.split("|")[1].strip() if line.startswith("| ") else ""
        if cell and cell[0].isdigit():
            first, _, last = cell.partition("-")
            described.update(range(int(first), int(last or first) + 1))
    assert described == set(range(rl.env("castlewars", layout_seats=layout_seats).table.encoder.size))
