import sys
import textwrap

from tabletop.engine.registry import build_registry
from tests.goofspiel import plugin as goofspiel_plugin


def test_builtin_games_register_through_the_entry_point_group():
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group="tabletop")}
    assert {"windupwar", "castlewars", "windup_machines", "wms"} <= names


def test_the_test_game_registers_like_any_plugin():
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin])
    assert list(registry.games) == ["goofspiel"]
    assert registry.bot_names("goofspiel") == ["ismcts", "random"]


def test_each_build_is_a_fresh_manager():
    first = build_registry(load_entry_points=False, extra=[goofspiel_plugin])
    second = build_registry(load_entry_points=False)
    assert "goofspiel" in first.games and "goofspiel" not in second.games


def write_plugin(tmp_path, name, body):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return str(path)


def test_a_plugin_that_fails_to_import_is_reported_and_others_work(tmp_path):
    broken = write_plugin(tmp_path, "broken_import", "import no_such_module_anywhere\n")
    registry = build_registry(load_entry_points=False, extra=[broken, goofspiel_plugin])
    assert "goofspiel" in registry.games
    assert [f.plugin for f in registry.failures] == [broken]
    assert "No module named 'no_such_module_anywhere'" in registry.failures[0].reason


def test_a_plugin_with_bad_card_data_is_reported_by_name(tmp_path):
    bad = write_plugin(tmp_path, "bad_cards", """
        from tabletop.core import hookimpl
        from tabletop.core.errors import CardDataError

        @hookimpl
        def tabletop_register_games():
            raise CardDataError("cards.toml: unit 'tank' field 'hearts': expected a whole number, got 'x'.")
    """)
    registry = build_registry(load_entry_points=False, extra=[bad, goofspiel_plugin])
    assert "goofspiel" in registry.games
    assert registry.failures[0].plugin == bad
    assert "unit 'tank' field 'hearts'" in registry.failures[0].reason


def test_a_plugin_with_a_misspelt_hook_is_refused(tmp_path):
    typo = write_plugin(tmp_path, "typo_hook", """
        from tabletop.core import hookimpl

        @hookimpl
        def tabletop_register_gmaes():
            return []
    """)
    registry = build_registry(load_entry_points=False, extra=[typo])
    assert "tabletop_register_gmaes" in registry.failures[0].reason
    assert not registry.pm.is_registered(sys.modules.get("tabletop_local_typo_hook"))


def test_observers_see_events_and_game_ends(goofspiel, registry):
    import random

    from tabletop.core import hookimpl
    from tabletop.core.random_agent import RandomAgent
    from tabletop.engine.match import run_match

    seen = {"events": 0, "ends": []}

    class Counter:
        @hookimpl
        def tabletop_observe_event(self, game, seat_names, event):
            seen["events"] += 1

        @hookimpl
        def tabletop_observe_game_end(self, game, record):
            seen["ends"].append(record.outcome)

    registry.pm.register(Counter())
    result = run_match(goofspiel, [RandomAgent(random.Random(s)) for s in range(2)], seed=1, pm=registry.pm)
    assert seen["events"] == 13
    assert seen["ends"] == [result.record.outcome]


def test_a_plugin_named_twice_loads_once():
    registry = build_registry(load_entry_points=False, extra=[goofspiel_plugin, "tests.goofspiel.plugin"])
    assert list(registry.games) == ["goofspiel"] and registry.failures == []


def test_simulations_are_observed_too(goofspiel, registry):
    from tabletop.core import hookimpl
    from tabletop.core.random_agent import RANDOM
    from tabletop.engine.simulate import run_games

    ends = []

    class Tally:
        @hookimpl
        def tabletop_observe_game_end(self, game, record):
            ends.append(record.seats[0]["agent"])

    registry.pm.register(Tally())
    run_games(goofspiel, [RANDOM, RANDOM], games=5, seed=1, pm=registry.pm)
    assert ends == ["random"] * 5
