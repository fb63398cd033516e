"""`tabletop new`: the package it writes plays, passes the check and its own tests' helpers;
it refuses what it cannot use in one sentence each."""

import ast
import inspect
import sys

import pytest

from tabletop.core.board import board_for
from tabletop.core.errors import InvalidAction
from tabletop.engine.check import check_game
from tabletop.engine.facet_hooks import search_kit
from tabletop.engine.registry import build_registry
from tabletop.scaffold import render, words


def test_new_writes_a_package_in_the_layout_of_every_bundled_game(cli, tmp_path):
    result = cli("new", "ducats", "--dir", str(tmp_path / "ducats"))
    assert result.exit_code == 0, result.err
    written = sorted(str(p.relative_to(tmp_path / "ducats")) for p in (tmp_path / "ducats").rglob("*") if p.is_file())
    assert written == ["ducats/RULES.md", "ducats/__init__.py", "ducats/bidding.py", "ducats/board.py",
                       "ducats/bots.py", "ducats/cards.py", "ducats/cards.toml", "ducats/ending.py",
                       "ducats/game.py", "ducats/plugin.py", "ducats/render.py", "ducats/search.py",
                       "ducats/state.py", "ducats/stats.py", "pyproject.toml", "tests/test_ducats.py"]
    pyproject = (tmp_path / "ducats" / "pyproject.toml").read_text()
    assert '[project.entry-points.tabletop]\nducats = "ducats.plugin"' in pyproject
    assert "pip install -e" in result.out


@pytest.mark.parametrize(("args", "sentence"), [
    (["new", "9lives"], "'9lives' cannot name a game: use lowercase letters, digits and underscores, starting with a letter."),
    (["new", "my-game"], "'my-game' cannot name a game"),
    (["new", "goofspiel"], "A game named 'goofspiel' is already installed; choose another name."),
    (["new", "json"], "'json' is already the name of an importable Python module; choose another name."),
])
def test_new_refuses_names_it_cannot_use_in_one_sentence(cli, tmp_path, monkeypatch, args, sentence):
    monkeypatch.chdir(tmp_path)
    result = cli(*args)
    assert result.exit_code == 2
    assert sentence in " ".join(result.err.split()) and "Traceback" not in result.err
    assert list(tmp_path.iterdir()) == []


def test_new_never_overwrites_a_folder(cli, tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    result = cli("new", "mine", "--dir", str(tmp_path / "mine"))
    assert result.exit_code == 2
    assert "already exists; choose another --dir or remove it first." in " ".join(result.err.split())
    assert [p.name for p in (tmp_path / "mine").iterdir()] == ["notes.txt"]


def test_names_become_titles_and_class_names():
    assert words("gem_auction") == {"name": "gem_auction", "title": "Gem Auction", "cls": "GemAuction"}
    assert all("${" not in text for text in render("gem_auction").values())


def hook_names(module):
    return {name for name, f in inspect.getmembers(module, callable) if hasattr(f, "tabletop_impl")}


@pytest.fixture
def scaffolded(scaffold):
    return scaffold("sealbid")


def test_the_scaffolded_game_passes_the_check_with_its_bot(scaffolded):
    registry = build_registry(load_entry_points=False, extra=[scaffolded])
    assert registry.failures == []
    game = registry.game("sealbid")
    report = check_game(game, games=24, bots=[registry.bot("sealbid", "thrifty")])
    assert report.ok, report.problems
    assert {v["seats"] for v in report.variants} == {2, 3, 4}


def test_the_scaffolded_game_derives_its_hidden_information_from_zones(scaffolded):
    game = build_registry(load_entry_points=False, extra=[scaffolded]).game("sealbid")
    source = "\n".join(render("sealbid").values())
    for method in ("view", "determinize", "copy", "census"):
        assert f"def {method}(" not in source, f"the scaffold writes its own {method}"
    state = game.new_state(3, seed=4)
    assert game.view(state, 0)["hands"][1] == [None, None, None]



def test_the_scaffolded_game_states_its_rules_once_and_carries_its_facets(scaffolded):
    """The engine's apply, board, search kit and statistics: the plugin module only registers."""
    registry = build_registry(load_entry_points=False, extra=[scaffolded])
    game = registry.game("sealbid")
    assert set(game.rules) == {"bid"} and "apply" not in type(game).__dict__
    assert hook_names(scaffolded) == {"tabletop_register_games", "tabletop_register_bots"}
    assert type(board_for(registry.pm, game).inner) is game.board  # held to the contract by GuardedBoard
    assert search_kit(registry.pm.hook, game) is game.search and game.search.evaluation is not None
    state = game.new_state(2, seed=1)
    for action in game.legal_actions(state, 0):
        assert game.refusal(state, 0, action) is None
    assert game.legal_actions(state, 0) == game.allowed(state, 0)
    with pytest.raises(InvalidAction, match="^'bid g1' is not a bid: type bid and a card id, like 'bid r3'.$"):
        game.apply(state, 0, "bid g1")
    held = {a.split()[1] for a in game.legal_actions(state, 1)}
    mine = sorted(set(game.deck.bids) - held - set(state.hands[0]))[0]
    assert game.refusal(state, 0, f"bid {mine}") == f"You do not hold {mine}."


def test_the_scaffold_imports_only_the_plugin_api_and_testing_and_its_hints_are_whole():
    for path, text in render("sealbid").items():
        if path.suffix == ".py":
            imported = {n.module or "" for n in ast.walk(ast.parse(text)) if isinstance(n, ast.ImportFrom)}
            imported |= {a.name for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Import) for a in n.names}
            engine = {m for m in imported if m.split(".")[0] == "tabletop"}
            assert engine <= {"tabletop.plugin_api", "tabletop.testing"}, (path, engine)
    assert 'split(". ")' not in "\n".join(render("sealbid").values())


def test_a_scaffolded_package_can_be_tried_with_plugin_before_installing(cli, tmp_path):
    assert cli("new", "trybid", "--dir", str(tmp_path / "trybid")).exit_code == 0
    try:
        registry = build_registry(load_entry_points=False, extra=[str(tmp_path / "trybid" / "trybid" / "plugin.py")])
        assert registry.failures == [] and "trybid" in registry.games
    finally:
        sys.path.remove(str(tmp_path / "trybid"))
        for name in [m for m in sys.modules if m == "trybid" or m.startswith("trybid.")]:
            del sys.modules[name]
