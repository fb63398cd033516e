"""Each bundled game gives the lab its own figures, and a broken statistics hook never costs a game."""

import pytest

from tabletop.core import hookimpl
from tabletop.core.stats import Stat
from tabletop.engine.simulate import play_one


def _play(registry, game, bots, seed=3):
    found = registry.game(game)
    return play_one(found, [registry.bot(game, b) for b in bots], found.resolve_options({}), seed, registry.pm)


def _by(result, name):
    return {s.seat: s.value for s in result.stats if s.name == name}


def test_windupwar_units_in_order_charges_and_forfeits(registry):
    r = _play(registry, "windupwar", ["tactician", "random", "random"])
    assert set(_by(r, "first unit")) == {0, 1, 2}
    for seat in range(3):
        units = [_by(r, f"{o} unit")[seat] for o in ("first", "second", "third")]
        assert len(set(units)) == 3  # three different units, in the order they were picked
    charges = _by(r, "Charges scored")
    assert r.scores is not None and [charges[s] for s in range(3)] == [int(x) for x in r.scores]
    assert all(isinstance(v, bool) for v in _by(r, "forfeited").values())
    assert set(_by(r, "round-1 slot 1")) == {0, 1, 2}


def test_castlewars_towers_orders_and_clashes(registry):
    r = _play(registry, "castlewars", ["captain", "random", "random"])
    for seat in range(3):
        assert _by(r, "attacks")[seat] + _by(r, "defends")[seat] >= 1
    clashes = sum(_by(r, "clashes won").values()) + sum(_by(r, "clashes lost").values())
    assert clashes >= 1  # every clash is won or lost by each of its two seats
    assert _by(r, "rounds")[None] >= 1


def test_wms_commander_style_and_fights(registry):
    r = _play(registry, "wms", ["veteran", "random"])
    assert set(_by(r, "commander")) == {0, 1}
    won = _by(r, "fights won")
    assert won[r.winners[0]] >= 1 and sum(won.values()) <= _by(r, "fights")[None]


def test_windup_machines_points_by_source_add_up_to_the_score(registry):
    r = _play(registry, "windup_machines", ["engineer", "random"])
    sources = ("gears", "sets", "decorations", "prisms", "prism bonus", "gold")
    for seat in range(2):
        total = sum(_by(r, f"points from {k}")[seat] for k in sources)
        assert total == r.scores[seat]
    assert all(v >= 0 for v in _by(r, "workers hired").values())


def test_a_raising_statistics_hook_costs_its_figures_not_the_game(registry):
    class Broken:
        @hookimpl
        def tabletop_collect_stats(self, game, seats, events, outcome, final_view):
            raise RuntimeError("oops")

    registry.pm.register(Broken())
    r = _play(registry, "goofspiel", ["random", "random"])
    assert r.error is None and r.length > 0
    assert r.stats == () and "RuntimeError: oops" in r.stats_error


def test_any_plugin_can_add_statistics(registry):
    class Mine:
        @hookimpl
        def tabletop_collect_stats(self, game, seats, events, outcome, final_view):
            return [Stat("events", len(events))] + [Stat("won", s in outcome.winners, seat=s) for s in range(seats)]

    registry.pm.register(Mine())
    r = _play(registry, "goofspiel", ["random", "random"])
    assert _by(r, "events")[None] > 0
    assert [s for s, won in _by(r, "won").items() if won] == list(r.winners)


@pytest.mark.parametrize("game", ["windupwar", "castlewars", "wms", "windup_machines"])
def test_a_game_s_statistics_answer_only_for_that_game(registry, game):
    plugin = registry.pm.get_plugin(game)
    found = registry.game("goofspiel")
    if hasattr(plugin, "tabletop_collect_stats"):
        assert plugin.tabletop_collect_stats(game=found, seats=2, events=[], outcome=None, final_view={}) is None
        return
    # Its figures are the game's statistics facet, which the engine asks of that game alone:
    # no bundled game's figures reach another game's run.
    from tabletop.core.game import Game

    assert type(registry.game(game)).statistics is not Game.statistics
    assert registry.pm.hook.tabletop_collect_stats(game=found, seats=2, events=[], outcome=None, final_view={}) == []


def test_wms_top_keyword_is_the_same_in_every_process():
    """Keywords are sets, whose order changes with the process's hash seed; a tie must not."""
    import os
    import subprocess
    import sys

    script = (
        "from tabletop.engine.registry import build_registry\n"
        "from tabletop.engine.simulate import play_one\n"
        "r = build_registry(); g = r.game('wms')\n"
        "for seed in (1, 2, 3):\n"
        "    res = play_one(g, [r.bot('wms', 'veteran'), r.bot('wms', 'random')], g.resolve_options({}), seed, r.pm)\n"
        "    print(sorted((s.seat, s.value) for s in res.stats if s.name == 'top keyword in winning plays'))\n"
    )
    outputs = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": str(hash_seed)}).stdout
        for hash_seed in (0, 1, 2, 3)
    }
    assert len(outputs) == 1
