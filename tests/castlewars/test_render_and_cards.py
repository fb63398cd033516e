"""The CLI rendering of a view, and the card data loader's checks."""

import pytest
from rich.console import Console

from tabletop.core import CardDataError
from tabletop_games.castlewars.cards import CARDS_FILE, load_cards
from tests.castlewars.helpers import GAME, drafting, play, staged

NAMES = ["Ann", "Ben", "Cy"]


def _text(view):
    console = Console(record=True, width=120, color_system=None)
    console.print(GAME.render(view, names=NAMES))
    return console.export_text()


def test_render_shows_row_seats_own_hand_and_the_last_battle_as_clashes():
    state = staged([["M", "M", "A", "K", "T"], ["K", "K", "K", "K", "M"], ["K", "A", "M", "T", "T"]])
    play(state, 0, "attack 2", "place M", "place M", "place A")
    play(state, 1, "defend", "place K", "place K", "place K", "place K")
    play(state, 2, "attack 1", "place K", "place A")
    text = _text(GAME.view(state, 0))
    assert "Face up:" in text
    for card in state.row:
        assert GAME.cards.names[card] in text
    assert "Your hand (left fights first): Mage Archer Knight" in text
    assert "Ann attacks Ben." in text and "Ben defends." in text
    assert " 1. Ann's Mage meets Ben's Knight: Ben's discarded" in text
    assert " 5. Ann's Mage meets Ben's Mage: both discarded" in text
    assert "9 hit points left" in text
    # Another seat's view shows sizes, not Ann's hand order.
    other = _text(GAME.view(state, 1))
    assert "Your hand (left fights first): none" in other


def test_render_spectator_and_final_views():
    state = staged([["K", "K"], ["A"]], hp=[15, 6])
    text = _text(GAME.view(state, None))
    assert "Game over: Ann (last castle standing)." in text
    assert "Your hand" not in text


def test_card_data_loads_the_rulebook_numbers():
    cards = load_cards()
    assert cards.unit_count == {"K": 15, "A": 15, "M": 15}
    assert cards.power == {"K": 3, "A": 2, "M": 1, "T": 0}
    assert cards.beats == {"M": "K", "K": "A", "A": "M"}
    assert (cards.tower_count, cards.absorbs) == (6, 4)
    assert cards.towers_in_deck == {2: 1, 3: 3, 4: 6}


@pytest.mark.parametrize("old, new, message", [
    ('power = 3', 'power = "three"', "unit 'K' field 'power': expected a whole number"),
    ('weakness = "M"', 'weakness = "X"', "unit 'K' field 'weakness'"),
    ('towers_in_deck = 6', 'towers_in_deck = 9', "more than the 6 Towers"),
    ('[rules]', '[rulez]', "no [rules] table"),
])
def test_broken_card_data_is_reported_by_file_card_and_field(tmp_path, old, new, message):
    text = CARDS_FILE.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "cards.toml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError, match="cards.toml") as error:
        load_cards(broken)
    assert message in str(error.value)


def test_render_tells_a_seat_which_units_it_may_still_exchange():
    state = drafting([["K", "A"], [], []], ["M", "K", "A", "M"], kept=[["A"], [], []])
    assert "Kept from the last round, may be exchanged: 1 Archer" in _text(GAME.view(state, 0))
    assert "Kept from the last round" not in _text(GAME.view(state, 1))
