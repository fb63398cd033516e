"""Card data, the renderer and the engineer bot."""

import random
from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console

from tabletop.core.decision import Decision
from tabletop.core.errors import CardDataError
from tabletop.core.random_agent import RandomAgent
from tabletop.engine.match import run_match
from tabletop_games.windup_machines.bots import ENGINEER
from tabletop_games.windup_machines.cards import CARDS_FILE, load_cards
from tabletop_games.windup_machines.winding import begin_winding
from tests.windup_machines.helpers import CARDS, GAME, started


def test_component_counts_match_the_rulebook():
    kinds = {}
    for pid, part in CARDS.parts.items():
        kinds[part.kind] = kinds.get(part.kind, 0) + CARDS.part_copies[pid]
    assert kinds == {"generator": 12, "smelter": 12, "processor": 9, "crafter": 9, "decoration": 9}
    assert sum(CARDS.gear_copies.values()) == 24
    assert all(1 <= len(s) <= 2 and all(3 <= x <= 8 for x in s) for s in CARDS.gears.values())
    assert CARDS.rules["restart_cards"] == 4


def test_seven_winders_and_seventeen_workers():
    assert len(CARDS.winders) == 7
    assert sum(CARDS.worker_copies.values()) == 17
    costs = [CARDS.workers[w].cost for w in CARDS.winders]
    assert costs == sorted(costs) and CARDS.workers[CARDS.winders[0]].winds == 1
    abilities = {}
    for wid, n in CARDS.worker_copies.items():
        ability = CARDS.workers[wid].ability
        abilities[ability] = abilities.get(ability, 0) + n
    assert abilities == {"saboteur": 2, "tuner": 2, "thief": 2, "exchange": 6, "energy": 2,
                         "jammer_redraw": 1, "jammer_stop": 1, "vandal": 1}


def _worth(part, side):
    """What a side gives, as numbers that must not fall: energy or points, or for a producer
    (resources per energy, maximum per turn)."""
    values = part.sides[side]
    if part.kind in ("generator", "decoration"):
        return (values,)
    cost, made, most = values
    return (Fraction(made, cost), most)


def _at_least(a, b):
    return all(x >= y for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("kind", ["generator", "smelter", "processor", "crafter", "decoration"])
def test_the_gear_size_of_the_part_larger_equals_better_on_every_side(kind):
    """"the gear size of the part (larger=better)": every side of a larger part of a kind is at
    least as good as the same side of every smaller one, and the part is better on some side."""
    parts = [p for p in CARDS.parts.values() if p.kind == kind]
    assert len({p.size for p in parts}) >= 5
    for small in parts:
        for large in parts:
            if large.size <= small.size:
                continue
            worse = [side for side in range(3) if not _at_least(_worth(large, side), _worth(small, side))]
            assert not worse, f"size-{large.size} {large.id} is worse than size-{small.size} {small.id} on side {worse}"
            assert any(_worth(large, side) != _worth(small, side) for side in range(3)), (small.id, large.id)


def test_green_top_side_producing_the_most_yellow_slightly_worse_orange_even_less_red_nothing():
    for part in CARDS.parts.values():
        green, yellow, orange = (_worth(part, side) for side in range(3))
        assert _at_least(green, yellow) and green != yellow, part.id
        assert _at_least(yellow, orange) and yellow != orange, part.id
        assert part.sides[3] in (0, (0, 0, 0)), part.id


def _most_energy():
    """The most energy a machine can have in one turn: its two best generators green side up
    (a machine holds at most two), one more from an overwind, and every Power Salesman's
    exchange used as often as it may be."""
    greens = sorted((p.sides[0] for p in CARDS.parts.values() if p.kind == "generator"), reverse=True)
    bought = sum(w.get_energy * max(w.uses, 1) * CARDS.worker_copies.get(w.id, 0)
                 for w in CARDS.workers.values() if w.ability == "energy")
    return greens[0] + greens[1] + 1 + bought


def _amount(part, side, energy):
    """What the part makes on ``side`` with ``energy`` for it alone: energy, points, or the
    resources of as many activations as the energy pays for, up to the maximum."""
    values = part.sides[side]
    if part.kind in ("generator", "decoration"):
        return values
    if side == 3:
        return 0
    cost, made, most = values
    return min(most, (energy // cost) * made)


def test_green_top_side_producing_the_most_at_every_energy_a_machine_can_have():
    """"the green top side producing the most, the yellow left side producing at a slightly
    worse rate, the orange bottom side even less": in amounts, at every energy from 0 to the
    most a machine can have, not only per energy."""
    inverted = [(part.id, energy, better, worse)
                for part in CARDS.parts.values() for energy in range(_most_energy() + 1)
                for better, worse in ((0, 1), (1, 2), (2, 3))
                if _amount(part, better, energy) < _amount(part, worse, energy)]
    assert _most_energy() >= 20
    assert not inverted, f"(part, energy, side, a worse side that makes more): {inverted}"


@pytest.mark.parametrize("kind", ["generator", "smelter", "processor", "crafter", "decoration"])
def test_the_gear_size_of_the_part_larger_equals_better_at_every_energy(kind):
    """"the gear size of the part (larger=better)": on every side and at every energy a machine
    can have, a larger part of a kind makes at least as much as every smaller one."""
    parts = [p for p in CARDS.parts.values() if p.kind == kind]
    smaller_makes_more = [(small.id, large.id, side, energy)
                          for small in parts for large in parts if large.size > small.size
                          for side in range(4) for energy in range(_most_energy() + 1)
                          if _amount(large, side, energy) < _amount(small, side, energy)]
    assert not smaller_makes_more, f"(smaller, larger, side, energy): {smaller_makes_more}"


def test_bad_card_data_names_the_file_the_card_and_the_field(tmp_path: Path):
    text = CARDS_FILE.read_text().replace('id = "smelter-5"\nkind = "smelter"\nsize = 5',
                                          'id = "smelter-5"\nkind = "smelter"\nsize = "five"', 1)
    bad = tmp_path / "cards.toml"
    bad.write_text(text)
    with pytest.raises(CardDataError, match=r"cards.toml: part 'smelter-5' field 'size'"):
        load_cards(bad)
    bad.write_text(CARDS_FILE.read_text().replace("green = [2, 1, 2]", "green = [2, 1]", 1))
    with pytest.raises(CardDataError, match=r"field 'green'"):
        load_cards(bad)


def test_larger_equals_better_and_green_producing_the_most_are_checked_at_load(tmp_path):
    """"the gear size of the part (larger=better)" and "the green top side producing the most, the
    yellow left side producing at a slightly worse rate, the orange bottom side even less", for
    the parts whose sides are one number: card data that breaks them (a balancing candidate, say)
    is refused by the loader, not only by the tests of the printed data."""
    bad = tmp_path / "cards.toml"
    text = CARDS_FILE.read_text()
    bad.write_text(text.replace("green = [9]\nyellow = [7]\norange = [4]", "green = [9]\nyellow = [7]\norange = [2]", 1))
    with pytest.raises(CardDataError, match=r"part 'gen-8' field 'orange': 2 is less than the smaller 'gen-6'"):
        load_cards(bad)
    bad.write_text(text.replace("green = [3]\nyellow = [2]\norange = [1]", "green = [2]\nyellow = [2]\norange = [1]", 1))
    with pytest.raises(CardDataError, match=r"part 'decoration-3': green \(2\) must beat yellow \(2\)"):
        load_cards(bad)


def test_card_data_with_fewer_workers_than_players_is_refused_at_load(tmp_path):
    """Each player starts with a worker: data with fewer than four worker cards crashed setup
    ("pop from empty list"), found by the card-data attack; it is now one sentence at load."""
    text = CARDS_FILE.read_text()
    head, _, rest = text.partition("[[worker]]")
    first, _, _ = rest.partition("\n[[")
    bad = tmp_path / "cards.toml"
    bad.write_text(head + "[[worker]]" + first.replace("count = 1", "count = 3", 1))
    with pytest.raises(CardDataError, match=r"only 3 worker card\(s\).*each of up to 4 players starts with one"):
        load_cards(bad)


def test_render_shows_grids_sides_resources_and_score():
    state = started(3, workers={})
    console = Console(record=True, width=140)
    console.print(GAME.render(GAME.view(state, 0), names=["Ann", "Bo", "Cy"]))
    text = console.export_text()
    for word in ("GEN 3", "IRON 3", "green", "iron 2", "gold 3", "Score now", "Market", "gear cards left 22"):
        assert word in text
    console.print(GAME.render(GAME.view(state, None), names=["Ann", "Bo", "Cy"]))


def test_engineer_is_registered_for_windup_machines():
    from tabletop_games.windup_machines import plugin

    assert plugin.tabletop_register_bots() == [ENGINEER]
    assert ENGINEER.game == "windup_machines"
    assert [g.name for g in plugin.tabletop_register_games()] == ["windup_machines"]


def test_the_plugin_registers_only_the_game_and_its_bots_and_the_engine_answers_its_facets():
    from tabletop.engine.registry import build_registry
    from tabletop_games.windup_machines import plugin
    from tabletop_games.windup_machines.board import WindupMachinesBoard

    hooks = sorted(name for name in vars(plugin) if name.startswith("tabletop_"))
    assert hooks == ["tabletop_register_bots", "tabletop_register_games"]
    registry = build_registry()
    game = registry.game("windup_machines")
    assert isinstance(registry.pm.hook.tabletop_make_board(game=game), WindupMachinesBoard)
    assert registry.pm.hook.tabletop_make_evaluation(game=game) is game.search.evaluation
    assert registry.pm.hook.tabletop_make_rollout_policy(game=game) is game.search.rollout
    assert game.search.guide is not None and game.search.iterations == 300


def _match(seed, seats, seat):
    agents = [RandomAgent(random.Random(seed * 10 + i)) for i in range(seats)]
    agents[seat] = ENGINEER.factory(GAME, seat, random.Random(seed))
    return run_match(GAME, agents, seed=seed)


def test_engineer_beats_random_seats():
    games = 30
    wins = sum(_match(seed, 2 + seed % 2, seed % 2).outcome.share(seed % 2) for seed in range(games))
    assert wins / games >= 0.7


def test_engineers_against_each_other_finish_reproducibly():
    for seats in (2, 3, 4):
        agents = [ENGINEER.factory(GAME, s, random.Random(s)) for s in range(seats)]
        first = run_match(GAME, agents, seed=seats)
        agents = [ENGINEER.factory(GAME, s, random.Random(s)) for s in range(seats)]
        assert run_match(GAME, agents, seed=seats).record.to_json() == first.record.to_json()


def test_engineer_winds_its_generator_first():
    state = started(2, workers={0: ["winder-1"]}, gears=("8", "7"))
    state.sides[0][4] = 1
    state.sides[0][5] = 1
    begin_winding(GAME, state)
    bot = ENGINEER.factory(GAME, 0, random.Random(0))
    assert bot.choose(Decision(GAME, state, 0, GAME.legal_actions(state, 0))) == "wind r2c2"
