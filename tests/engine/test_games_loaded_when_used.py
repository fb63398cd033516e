"""A command imports the game it plays and no other: a plugin that names its games
(``TABLETOP_GAMES``) is asked for them only when one is used; one that names nothing is asked
at once, as before."""

import subprocess
import sys
import textwrap

import pytest

from tabletop.core.errors import UnknownNameError
from tabletop.engine.registry import build_registry
from tests.goofspiel import plugin as goofspiel_plugin

BUNDLED = ("castlewars", "windup_machines", "windupwar", "wms")


def imported_games(code: str) -> list[str]:
    """The bundled games whose rules modules a fresh process imported running ``code``."""
    probe = code + "\nimport sys\nprint('IMPORTED', *(m.split('.')[1] for m in sys.modules if m.endswith('.game')" \
                   " and m.startswith('tabletop_games.')))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return sorted(done.stdout.split("IMPORTED")[-1].split())


def test_one_game_used_imports_that_game_alone():
    assert imported_games("from tabletop.engine.registry import build_registry\n"
                          "r = build_registry()\nr.game('castlewars'); r.bot_names('castlewars')") == ["castlewars"]


def test_a_command_about_another_game_imports_no_bundled_game():
    assert imported_games("from tabletop.cli.app import main\n"
                          "try:\n main(['--plugin', 'tests.goofspiel.plugin', 'simulate', 'goofspiel', '-n', '1', "
                          "'--no-db'])\nexcept SystemExit:\n pass") == []
    assert imported_games("from tabletop.cli.app import main\ntry:\n main(['--help'])\nexcept SystemExit:\n pass") == []


def test_listing_the_games_builds_every_one_with_its_bots():
    registry = build_registry()
    assert set(BUNDLED) <= set(registry.games)
    assert "captain" in registry.bot_names("castlewars") and "veteran" in registry.bot_names("wms")


def write_plugin(tmp_path, name, body):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return str(path)


def test_a_named_game_is_built_when_first_looked_up(tmp_path):
    lazy = write_plugin(tmp_path, "lazy_goof", """
        from tabletop.plugin_api import BotSpec, hookimpl
        from tests.goofspiel.game import Goofspiel

        TABLETOP_GAMES = ("lazy_goof",)
        ASKED = []

        class LazyGoof(Goofspiel):
            name = "lazy_goof"

        @hookimpl
        def tabletop_register_games():
            ASKED.append("games")
            return [LazyGoof()]

        @hookimpl
        def tabletop_register_bots():
            ASKED.append("bots")
            return [BotSpec("lazybones", lambda game, seat, rng: None, game="lazy_goof")]
    """)
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin, lazy])
    module = sys.modules["tabletop_local_lazy_goof"]
    assert module.ASKED == []
    assert registry.game("goofspiel").name == "goofspiel" and module.ASKED == []
    assert registry.game("lazy_goof").name == "lazy_goof"
    assert module.ASKED == ["games", "bots"]
    assert "lazybones" in registry.bot_names("lazy_goof")
    assert sorted(registry.games) == ["goofspiel", "lazy_goof"] and module.ASKED == ["games", "bots"]


def test_a_name_a_waiting_plugin_declared_stays_with_it(tmp_path):
    lazy = write_plugin(tmp_path, "first_goof", """
        from tabletop.plugin_api import hookimpl
        from tests.goofspiel.game import Goofspiel

        TABLETOP_GAMES = ("goofspiel",)

        class First(Goofspiel):
            title = "First"

        @hookimpl
        def tabletop_register_games():
            return [First()]
    """)
    registry = build_registry(load_entry_points=False, extra=[lazy, goofspiel_plugin])
    assert registry.game("goofspiel").title == "First"
    conflict = next(f for f in registry.failures if f.conflict)
    assert conflict.plugin == goofspiel_plugin.__name__
    assert f"has the name of a game of plugin '{lazy}'" in conflict.reason


def test_a_named_game_that_fails_to_build_is_reported_when_used(tmp_path):
    broken = write_plugin(tmp_path, "broken_lazy", """
        from tabletop.plugin_api import hookimpl

        TABLETOP_GAMES = ("broken_lazy",)

        @hookimpl
        def tabletop_register_games():
            raise ValueError("no cards")
    """)
    registry = build_registry(load_entry_points=False, extra=[broken])
    with pytest.raises(UnknownNameError) as refused:
        registry.game("broken_lazy")
    assert str(refused.value) == "The game 'broken_lazy' failed to load: ValueError: no cards"
