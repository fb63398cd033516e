"""Keywords a unit gains count for every later restriction: "The unit card is considered to have
all keywords on the equipment card" and "If a unit card does not meet these restrictions, it
cannot be played together with that equipment card" (RULES.md, "Gained keywords").

No shipped card gives a trait (Light, Vehicle ...), so these tests load the shipped card data
plus a few designed test cards that do, and seat 1 brings them in a deck file
(``-o deck1=FILE``): equipment giving Light or Vehicle, a Light-only power card, and a command
card giving its side's units Light.
"""

from __future__ import annotations

import pytest

from tabletop.core.errors import IllegalAction
from tabletop_games.wms.cards import CARDS_FILE, load_cards
from tabletop_games.wms.ending import end_fight
from tabletop_games.wms.game import Wms
from tests.wms.helpers import give

TEST_CARDS = '''
[[card]]
id = "light-frame"
name = "Light Frame"
type = "equipment"
keywords = ["light"]
text = "The unit is Light."
provenance = "designed for tests: equipment that gives a trait"

[[card]]
id = "salvage-plate"
name = "Salvage Plate"
type = "equipment"
keywords = ["vehicle"]
text = "The unit is a Vehicle."
provenance = "designed for tests: equipment that gives a trait"

[[card]]
id = "swift-step"
name = "Swift Step"
type = "power"
cc = 1
only = ["light"]
text = "Light only."
provenance = "designed for tests: a power card with a restriction"

[[card]]
id = "drop-pod-assault"
name = "Drop Pod Assault"
type = "command"
timing = "lingering"
effects = [{ kind = "grant", side = "own", keyword = "light" }]
text = "Lingering: your units are Light."
provenance = "designed for tests: a command card that gives a trait"
'''
#: The Marines' deck with six Marines swapped for the test cards.
DECK = {"light-frame": 2, "salvage-plate": 2, "swift-step": 1, "drop-pod-assault": 1}


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gained")
    cards_file = folder / "cards.toml"
    cards_file.write_text(CARDS_FILE.read_text(encoding="utf-8") + TEST_CARDS, encoding="utf-8")
    return Wms(load_cards(cards_file))


@pytest.fixture(scope="module")
def deck_file(game, tmp_path_factory):
    counts = {**game.decks["marines"].cards, **DECK}
    counts["marine"] -= sum(DECK.values())
    path = tmp_path_factory.mktemp("deck") / "granting.toml"
    path.write_text("[cards]\n" + "".join(f"{c} = {n}\n" for c, n in counts.items()), encoding="utf-8")
    return str(path)


def _fight(game, deck_file, hand0, hand1=("renegade",) * 5):
    """Fight 1, seat 1 (the deck file, Captain) active, with these exact hands."""
    state = game.new_state(2, options={"deck1": deck_file}, seed=0)
    for seat, commander in ((0, "captain"), (1, "dark-apostle")):
        game.apply(state, seat, f"commander {commander}")
        game.apply(state, seat, "done")
    give(state, 0, hand0)
    give(state, 1, hand1)
    return state


def _play(game, state, seat, *actions):
    for action in actions:
        game.apply(state, seat, action)


def _light_frame_lets(game, deck_file, unit, action, refusal):
    """``unit`` played: ``action`` is refused (saying ``refusal``) until a Light Frame makes the
    unit Light, then it is legal and taken; the play is finished in CC."""
    state = _fight(game, deck_file, [unit, "light-frame", action.split()[1]])
    _play(game, state, 0, f"play {unit}")
    assert action not in game.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match=refusal):
        game.apply(state, 0, action)
    _play(game, state, 0, "equip light-frame")
    assert "light" in game.view(state, 1)["pending"]["keywords"]
    assert action in game.legal_actions(state, 0)
    _play(game, state, 0, action, "style cc")
    return state.battle[0][-1]


def test_the_unit_card_is_considered_to_have_all_keywords_on_the_equipment_card(game, deck_file):
    """Equipment restriction: a Dreadnought (Heavy Monster, 2 equipment) with a Light Frame may
    take the Light-only Jump Pack; without it, the Jump Pack is refused."""
    played = _light_frame_lets(game, deck_file, "dreadnought", "equip jump-pack",
                               "Jump Pack is Light only; Dreadnought is not")
    assert played.gear == [["light-frame", "jump-pack"]]


def test_a_power_card_restriction_counts_the_keywords_a_psych_unit_gained(game, deck_file):
    """Power card restriction: a Librarian (Character, Psych 2) may use the Light-only Swift
    Step once its Light Frame makes it Light."""
    played = _light_frame_lets(game, deck_file, "librarian", "power swift-step", "not met by a Psych unit")
    assert played.powers == ["swift-step"]


def test_a_squad_slot_counts_a_keyword_a_command_card_gives(game, deck_file):
    """Squad slots: the Devastator's Squad(2L) takes a Dreadnought only while the top command
    card makes the side's units Light."""
    hand = ["devastator", "dreadnought", "drop-pod-assault"]
    plain = _fight(game, deck_file, hand)
    _play(game, plain, 0, "play devastator")
    assert "squad dreadnought" not in game.legal_actions(plain, 0)
    with pytest.raises(IllegalAction, match="cannot join this squad"):
        game.apply(plain, 0, "squad dreadnought")
    granted = _fight(game, deck_file, hand)
    _play(game, granted, 0, "command drop-pod-assault", "play devastator")
    assert "squad dreadnought" in game.legal_actions(granted, 0)
    _play(game, granted, 0, "squad dreadnought", "style rc")
    assert granted.battle[0][-1].units == ["devastator", "dreadnought"]


@pytest.mark.parametrize("plate", [True, False], ids=["with-plate", "without"])
def test_repair_recycles_a_unit_that_gained_the_vehicle_keyword(game, deck_file, plate):
    """Repair*: "you may recycle 1 unit card with the Vehicle keyword": a Marine made a
    Vehicle by its Salvage Plate may be recycled; a plain Marine may not."""
    state = _fight(game, deck_file, ["technomarine", "marine", "salvage-plate"])
    _play(game, state, 0, "play technomarine", "style rc")            # 3 RC
    _play(game, state, 1, "play renegade", "done")                     # 3 RC
    _play(game, state, 0, "play marine", *(["equip salvage-plate"] if plate else []), "done")
    end_fight(game, state, 1, [])                                      # Technomarine is in the support zone
    if plate:
        assert game.legal_actions(state, 0) == ["recycle marine", "done"]
        _play(game, state, 0, "recycle marine")
        assert state.graveyard[0] == ["technomarine", "salvage-plate"]
    else:
        assert state.phase == "fight" and state.graveyard[0] == ["technomarine", "marine"]
