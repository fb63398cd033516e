"""The card data file: what it holds and how it reports a designer's mistakes."""

import pytest

from tabletop.core.errors import CardDataError
from tabletop_games.windupwar.cards import CARDS_FILE, RIBBON_COLOURS, load_cards


def test_deck_is_the_22_cards_of_the_2016_colour_lists():
    data = load_cards()
    counts = {}
    for card in data.actions:
        counts[card.code] = counts.get(card.code, []) + [card.colour]
    assert len(data.actions) == 22
    assert counts == {
        "A1L": ["green", "pink", "black"], "A1R": ["green", "blue"], "A2L": ["green"], "A2R": ["green"],
        "DAR": ["pink"], "FL": ["orange"], "FR": ["orange"], "AS": ["orange"], "A1RL": ["pink"],
        "RL": ["black"], "BL": ["black", "purple", "green"], "RT": ["purple"], "BR": ["orange"],
        "SB": ["blue"], "DB": ["blue"], "CH": ["purple", "black"],
    }


def test_units_six_types_helicopter_printed_others_reconstructed():
    data = load_cards()
    assert len(data.units) == 6 and len(data.factions) == 6
    heli = data.unit_by_id["helicopter"]
    assert (heli.hearts, set(heli.ribbons), heli.reconstructed) == (3, {"pink", "green"}, ())
    for unit in data.units:
        assert 1 <= len(unit.ribbons) <= 2
        if unit.id != "helicopter":
            assert "hearts" in unit.reconstructed and "ribbons" in unit.reconstructed
    reachable = {colour for unit in data.units for colour in unit.ribbons}
    assert reachable == set(RIBBON_COLOURS)


def _write(tmp_path, text):
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bad_value_is_reported_with_file_card_and_field(tmp_path):
    text = CARDS_FILE.read_text(encoding="utf-8").replace('hearts = 3\nribbons = ["pink", "green"]',
                                                          'hearts = "three"\nribbons = ["pink", "green"]')
    with pytest.raises(CardDataError, match=r"cards.toml: unit 'helicopter' field 'hearts'"):
        load_cards(_write(tmp_path, text))


def test_three_ribbons_are_rejected(tmp_path):
    text = CARDS_FILE.read_text(encoding="utf-8").replace('ribbons = ["pink", "green"]',
                                                          'ribbons = ["pink", "green", "blue"]')
    with pytest.raises(CardDataError, match="at most 2"):
        load_cards(_write(tmp_path, text))


def test_an_unknown_colour_is_rejected(tmp_path):
    text = CARDS_FILE.read_text(encoding="utf-8").replace('colour = "pink"', 'colour = "teal"', 1)
    with pytest.raises(CardDataError, match="'teal' is not one of"):
        load_cards(_write(tmp_path, text))


def test_a_designer_can_change_a_value_without_code(tmp_path):
    text = CARDS_FILE.read_text(encoding="utf-8").replace('id = "mech"\nname = "Mech"\nhearts = 5',
                                                          'id = "mech"\nname = "Mech"\nhearts = 1')
    from tabletop_games.windupwar.game import WindupWar

    game = WindupWar(load_cards(_write(tmp_path, text)))
    assert game.data.unit_by_id["mech"].hearts == 1
    assert "1 hearts" in game.describe_action(game.new_state(2, seed=0), 0, "unit mech")
