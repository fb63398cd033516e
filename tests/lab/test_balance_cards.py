"""Tunable card values: declarations checked against the data, variant files checked against
the declarations, and "this game with that card data" played by simulate and sweep."""

from pathlib import Path

import pytest

from tabletop.core.carddata import load_toml
from tabletop.core.errors import CardDataError
from tabletop.core.tunables import declared, read_variant, tunables_of, variant_game, variant_text
from tabletop.lab.db import ResultsDB

DATA = {
    "rules": {"bonus": 2},
    "unit": [{"id": "tank", "hearts": 4, "ribbons": ["pink"]}, {"id": "scout", "hearts": 2, "ribbons": ["blue"]}],
}


def test_declarations_expand_patterns_and_compute_the_allowed_values():
    tunables = declared({**DATA, "tunable": [
        {"at": "unit.*.hearts", "delta": 1, "range": [1, 4]},
        {"at": "rules.bonus", "range": [0, 3]},
        {"at": "unit.tank.ribbons", "choices": [["pink"], ["blue"]]},
    ]}, file=Path("cards.toml"))
    allowed = {t.address: t.values for t in tunables.items}
    assert allowed == {"unit.scout.hearts": (1, 2, 3), "unit.tank.hearts": (3, 4), "rules.bonus": (0, 1, 2, 3),
                       "unit.tank.ribbons": (["pink"], ["blue"])}
    changed = tunables.check({"unit.tank.hearts": 3, "rules.bonus": 2}, source="v.toml")
    assert changed == {"unit.tank.hearts": 3}  # the printed bonus is no change
    applied = tunables.apply(DATA, changed)
    assert applied["unit"][0]["hearts"] == 3 and DATA["unit"][0]["hearts"] == 4


def test_every_bad_declaration_is_refused_with_one_sentence_each():
    bad = [
        {"at": "unit.tank.hearts"},                                  # no allowed values
        {"at": "unit.ghost.hearts", "range": [1, 5]},                # no such record
        {"at": "unit.tank.speed", "range": [1, 5]},                  # no such field
        {"at": "unit.scout.hearts", "range": [3, 5]},                # printed value outside
        {"at": "unit.tank.ribbons", "range": [1, 2]},                # not a number
        {"at": "rules.bonus", "range": [5, 1]},                      # range the wrong way round
        {"at": "rules.bonus", "range": [0, 3], "colour": "red"},     # unknown field
        {"at": "unit.tank.hearts", "choices": [4, 5], "range": [1, 5]},
    ]
    with pytest.raises(CardDataError) as caught:
        declared({**DATA, "tunable": bad}, file=Path("cards.toml"))
    lines = str(caught.value).splitlines()
    assert len(lines) == len(bad)
    assert all(line.startswith("cards.toml: ") and line.endswith(".") for line in lines)
    assert "says no allowed values" in lines[0] and "no [[unit]] record has id 'ghost'" in lines[1]
    assert "has no field 'speed'" in lines[2] and "printed value 2 is outside its range 3..5" in lines[3]
    assert "not a whole number" in lines[4] and "lowest first" in lines[5]
    assert "unknown field 'colour'" in lines[6] and "both 'choices' and a range" in lines[7]


def test_bundled_games_declare_only_reconstructed_or_invented_values(registry):
    war = tunables_of(registry.game("windupwar"))
    addresses = {t.address for t in war.items}
    assert len(addresses) == 10 and not any("helicopter" in a for a in addresses)  # printed: fixed
    data = registry.game("windupwar").data
    for unit in data.units:
        for field in unit.reconstructed:
            assert field == "name" or f"unit.{unit.id}.{field}" in addresses
    machines = tunables_of(registry.game("windup_machines"))
    assert all(t.address.startswith("part.") for t in machines.items)
    parts = load_toml(machines.file, variant=False)["part"]
    assert sum(t.address.endswith(".cost") for t in machines.items) == len(parts)  # every part's cost


def test_out_of_range_and_undeclared_values_are_refused(registry, tmp_path):
    game = registry.game("windupwar")
    path = tmp_path / "v.toml"
    path.write_text('game = "windupwar"\n[values]\n"unit.tank.hearts" = 9\n"unit.helicopter.hearts" = 2\n'
                    '"unit.mech.ribbons" = ["black"]\n')
    with pytest.raises(CardDataError) as caught:
        read_variant(path, game)
    lines = str(caught.value).splitlines()
    assert lines == [
        "v.toml: 'unit.tank.hearts' = 9 is not allowed (allowed: 1..5).",
        "v.toml: 'unit.helicopter.hearts' is not tunable in cards.toml; declare it in a [[tunable]] entry there,"
        " or leave it out.",
        lines[2],
    ] and lines[2].startswith("v.toml: 'unit.mech.ribbons' = [\"black\"] is not allowed")
    path.write_text('game = "castlewars"\n[values]\n')
    with pytest.raises(CardDataError, match="for 'castlewars', not 'windupwar'"):
        read_variant(path, game)


def test_a_variant_game_reads_its_values_through_its_own_loader(registry, tmp_path):
    game = registry.game("windupwar")
    path = tmp_path / "v.toml"
    path.write_text(variant_text("windupwar", {"unit.tank.hearts": 2, "unit.mech.ribbons": ["blue", "orange"]}))
    values = read_variant(path, game)
    varied = variant_game(game, values)
    assert varied is not game and varied.data.unit_by_id["tank"].hearts == 2
    assert varied.data.unit_by_id["mech"].ribbons == ("blue", "orange")
    assert game.data.unit_by_id["tank"].hearts == 4  # the printed game is untouched
    assert registry.game("windupwar").data.unit_by_id["tank"].hearts == 4
    with pytest.raises(CardDataError, match="declares no tunable card values"):
        tunables_of(registry.game("goofspiel"))


def test_simulate_with_cards_stores_the_datas_hash_and_plays_other_games(cli, lab_db, tmp_path):
    path = tmp_path / "weak-tank.toml"
    path.write_text(variant_text("windupwar", {"unit.infantry.hearts": 1, "unit.tank.hearts": 1}))
    same = tmp_path / "printed.toml"
    same.write_text(variant_text("windupwar", {"unit.infantry.hearts": 4}))
    args = ("simulate", "windupwar", "-n", "12", "--seats", "tactician,tactician,tactician", "--seed", "3")
    for extra in ((), ("--cards", str(path)), ("--cards", str(same))):
        assert cli(*args, *extra).exit_code == 0
    with ResultsDB(lab_db) as db:
        printed, weak, again = db.runs()
        lengths = [[g.length for g in db.games(r.id)] for r in (printed, weak, again)]
    assert weak.card_hash != printed.card_hash == again.card_hash  # printed values change nothing
    assert weak.variant == "cards=weak-tank.toml"
    assert lengths[0] == lengths[2] != lengths[1]


def test_a_sweep_over_card_files_compares_them_with_the_printed_cards(cli, lab_db, tmp_path):
    path = tmp_path / "tough.toml"
    path.write_text(variant_text("windupwar", {"unit.infantry.hearts": 5, "unit.tank.hearts": 5}))
    result = cli("sweep", "windupwar", "--cards", str(path), "-n", "10", "--seats", "tactician,tactician",
                 "--seed", "1")
    assert result.exit_code == 0, result.err
    with ResultsDB(lab_db) as db:
        one, two = db.runs()
    assert (one.variant, two.variant) == ("printed cards", "cards=tough.toml") and one.sweep == two.sweep
    bad = tmp_path / "bad.toml"
    bad.write_text(variant_text("windupwar", {"unit.tank.hearts": 0}))
    result = cli("simulate", "windupwar", "-n", "2", "--cards", str(bad))
    assert result.exit_code != 0 and "'unit.tank.hearts' = 0 is not allowed" in result.err
    assert "Traceback" not in result.err


def test_a_worker_that_rebuilds_the_job_by_name_plays_the_same_variant(registry):
    import dataclasses

    from tabletop.lab.backends import make_job, resolve

    game = registry.game("windupwar")
    job = make_job(registry, game, [registry.bot("windupwar", "tactician")] * 2, options=game.resolve_options({}), seed=0,
                   games=1, cards={"unit.tank.hearts": 1})
    rebuilt, _, _ = resolve(dataclasses.replace(job, resolved=None))  # as a Ray worker does
    assert rebuilt.data.unit_by_id["tank"].hearts == 1 == resolve(job)[0].data.unit_by_id["tank"].hearts


def test_compare_names_a_run_whose_cards_differ_by_its_card_hash():
    from tabletop.lab.compare import variant_label

    base = {"id": 1, "variant": None, "options": {"edition": "2017"}, "card_hash": "1111222233334444"}
    same = dict(base, id=2)
    other = dict(base, id=3, card_hash="abcdef0123456789")
    assert variant_label(same, base) == "run 2"
    assert variant_label(other, base) == "cards abcdef01"
    assert variant_label(dict(other, options={"edition": "2016"}), base) == "edition=2016, cards abcdef01"
