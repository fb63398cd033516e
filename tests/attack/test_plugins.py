"""Class 4: plugins are isolated. A hook that raises is reported once by plugin name and switched
off; a plugin that cannot load (SystemExit included) is a load failure; --plugin works for a file
in a package and fails by name; a taken game or bot name stays with its first plugin."""

from __future__ import annotations

import json

from tabletop.engine.registry import build_registry
from tests.attack.helpers import flat
from tests.conftest import Cli
from tests.goofspiel import plugin as goofspiel_plugin

GOOF = ("--plugin", "tests.goofspiel.plugin")

BAD_OBSERVER = """
    from tabletop.core import hookimpl

    @hookimpl
    def tabletop_observe_event(game, seat_names, event):
        raise ValueError("observer on fire")

    @hookimpl
    def tabletop_observe_game_end(game, record):
        raise ValueError("still on fire")
"""


def test_an_observer_that_raises_is_reported_once_and_the_game_is_saved(run_main, plugin_file, tmp_path):
    observer = plugin_file(BAD_OBSERVER, name="bad_observer")
    path = tmp_path / "g.json"
    result = run_main(*GOOF, "--plugin", str(observer), "play", "goofspiel", "--seats", "random,random",
                      "--seed", "1", "--save", str(path))
    assert result.code == 0, result.err
    assert flat(result.err).count(f"Plugin '{observer}' failed in tabletop_observe_event (ValueError: observer on fire)") == 1
    assert "still on fire" not in result.err  # switched off: its other hook is not called again
    assert json.loads(path.read_text())["outcome"] is not None


def test_a_failing_command_hook_is_left_out_and_the_rest_works(run_main, plugin_file):
    plugin = plugin_file("""
        from tabletop.core import hookimpl

        @hookimpl
        def tabletop_add_commands(app):
            @app.command("half")
            def half():
                pass
            raise RuntimeError("commands on fire")
    """, name="bad_commands")
    result = run_main(*GOOF, "--plugin", str(plugin), "rules", "goofspiel")
    assert result.code == 0
    assert f"Plugin '{plugin}' failed to add its commands (RuntimeError: commands on fire)" in flat(result.err)
    assert run_main(*GOOF, "--plugin", str(plugin), "half").code == 2  # the half-added command is gone


def test_a_plugin_command_that_raises_is_one_sentence_naming_the_plugin(run_main, plugin_file):
    plugin = plugin_file("""
        from tabletop.core import hookimpl

        @hookimpl
        def tabletop_add_commands(app):
            @app.command("boom")
            def boom():
                raise KeyError("kaboom")
    """, name="boom_plugin")
    result = run_main("--plugin", str(plugin), "boom")
    assert result.code == 1
    assert f"The command of plugin '{plugin}' failed: KeyError" in flat(result.err)
    assert "Traceback" not in result.err


def test_system_exit_at_import_is_a_load_failure(plugin_file):
    plugin = plugin_file("raise SystemExit(3)\n")
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin, str(plugin)])
    entries = json.loads(Cli(registry)("list", "--json").out)
    assert {"name": str(plugin), "error": "SystemExit: 3"} in entries
    assert any(e["name"] == "goofspiel" for e in entries)


def test_a_plugin_given_with_plugin_that_does_not_load_is_an_error_of_the_command(run_main, plugin_file, tmp_path):
    missing = tmp_path / "nowhere.py"
    result = run_main("--plugin", str(missing), "play", "mygame")
    assert result.code == 2
    assert f"The plugin '{missing}' did not load: FileNotFoundError: there is no file {missing}" in flat(result.err)
    assert "No game named" not in result.err
    broken = plugin_file("import not_a_module_anywhere\n")
    result = run_main("--plugin", str(broken), "list")
    assert result.code == 2 and "ModuleNotFoundError" in result.err and str(broken) in flat(result.err)


def test_a_plugin_file_inside_a_package_is_imported_with_its_package(run_main, tmp_path):
    package = tmp_path / "mypkg_h10" / "games"
    package.mkdir(parents=True)
    (tmp_path / "mypkg_h10" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text("from tests.goofspiel.game import Goofspiel\n\n\nclass Mine(Goofspiel):\n    name = 'mine'\n")
    (package / "plugin.py").write_text(
        "from tabletop.core import hookimpl\n\nfrom .rules import Mine\n\n\n"
        "@hookimpl\ndef tabletop_register_games():\n    return [Mine()]\n"
    )
    result = run_main("--plugin", str(package / "plugin.py"), "play", "mine", "--seats", "random,random",
                      "--save", str(tmp_path / "m.json"))
    assert result.code == 0, result.err
    assert "Game over" in result.out


def test_a_game_name_already_taken_stays_with_the_first_plugin(plugin_file):
    second = plugin_file("""
        from tabletop.core import hookimpl
        from tests.goofspiel.game import Goofspiel

        class Impostor(Goofspiel):
            title = "Impostor"

        class Other(Goofspiel):
            name = "other_goof"

        @hookimpl
        def tabletop_register_games():
            return [Impostor(), Other()]
    """, name="impostor")
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin, str(second)])
    assert registry.game("goofspiel").title == "Goofspiel"
    assert "other_goof" in registry.games  # its other game is not lost
    result = Cli(registry)("list")
    assert (
        f"Plugin '{second}': its game 'goofspiel' has the name of a game of plugin "
        f"'{goofspiel_plugin.__name__}', which keeps it." in flat(result.out)
    )


def test_a_bot_name_already_taken_stays_with_the_first_plugin(plugin_file):
    second = plugin_file("""
        from tabletop.core.decision import BotSpec
        from tabletop.core import hookimpl

        @hookimpl
        def tabletop_register_bots():
            return [BotSpec("random", lambda game, seat, rng: None, game="goofspiel"),
                    BotSpec("cheater", lambda game, seat, rng: None, game="goofspiel")]
    """, name="bot_thief")
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin, str(second)])
    assert registry.bot("goofspiel", "random").game is None  # the built-in one
    assert "cheater" in registry.bot_names("goofspiel")
    conflict = next(f for f in registry.failures if f.conflict)
    assert conflict.plugin == str(second)
    assert conflict.reason == "its bot 'random' has the name of a bot of plugin 'tabletop.agents.builtin', which keeps it"


def test_a_plugin_failing_with_a_huge_message_is_reported_in_a_line(plugin_file):
    plugin = plugin_file("raise RuntimeError('x' * 1_000_000)\n")
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin, str(plugin)])
    (failure,) = registry.failures
    assert failure.reason.startswith("RuntimeError: xxx") and len(failure.reason) < 400


def test_a_plugin_cannot_take_a_command_name(run_main, plugin_file):
    plugin = plugin_file("""
        from tabletop.core import hookimpl

        @hookimpl
        def tabletop_add_commands(app):
            @app.command("list")
            def hijack():
                print("hijacked")
    """, name="hijacker")
    result = run_main(*GOOF, "--plugin", str(plugin), "list")
    assert result.code == 0 and "hijacked" not in result.out and "goofspiel" in result.out
    assert f"Plugin '{plugin}' adds a command 'list', but that name is tabletop's own" in flat(result.err)


def test_an_observer_calling_sys_exit_is_switched_off_too(run_main, plugin_file, tmp_path):
    observer = plugin_file("""
        import sys
        from tabletop.core import hookimpl

        @hookimpl
        def tabletop_observe_event(game, seat_names, event):
            sys.exit("observer leaves")
    """, name="exiting_observer")
    path = tmp_path / "e.json"
    result = run_main(*GOOF, "--plugin", str(observer), "play", "goofspiel", "--seats", "random,random", "--save", str(path))
    assert result.code == 0 and "Game over" in result.out
    assert "SystemExit: observer leaves" in flat(result.err)
    assert json.loads(path.read_text())["outcome"] is not None


def test_a_game_or_bot_name_that_is_not_a_typable_word_is_refused(plugin_file):
    plugin = plugin_file("""
        from tabletop.core.decision import BotSpec
        from tabletop.core import hookimpl
        from tests.goofspiel.game import Goofspiel

        class Marked(Goofspiel):
            name = "[/]"

        @hookimpl
        def tabletop_register_games():
            return [Marked()]

        @hookimpl
        def tabletop_register_bots():
            return [BotSpec("bad bot\\x1b", lambda game, seat, rng: None)]
    """, name="marked")
    registry = build_registry(load_entry_points=False, extra=[str(plugin)])
    assert registry.games == {} and all(b.name != "bad bot\x1b" for b in registry.bots)
    reasons = sorted(f.reason for f in registry.failures)
    assert reasons[0].startswith("ValueError: bot name 'bad bot\\x1b' is not a word a person can type")
    assert reasons[1].startswith("ValueError: game name '[/]' is not a word a person can type")
