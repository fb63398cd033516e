"""The card data: decks follow the deckbuilding rules, every keyword is used, errors name the card."""

from collections import Counter

import pytest

from tabletop.core.errors import CardDataError
from tabletop_games.wms.cards import CARDS_FILE, KEYWORDS, load_cards
from tabletop_games.wms.game import Wms

RULES = load_cards()
UNIVERSAL = ("aa", "blast", "change", "commander", "common", "disrupt", "enfeeble", "fear", "fearless", "fly",
             "fury", "guard", "monster", "psych", "repair", "sniper", "squad", "stealth", "swarm", "unique",
             "character", "demon", "heavy", "light", "vehicle", "reserves")


def _deck_cards(deck):
    return [RULES.cards[c] for c in deck.cards]


@pytest.mark.parametrize("deck_id", ["marines", "evil-marines"])
def test_each_deck_follows_the_deckbuilding_rules(deck_id):
    deck = RULES.decks[deck_id]
    assert sum(deck.cards.values()) == 60
    for card_id, count in deck.cards.items():
        card = RULES.cards[card_id]
        assert card.type != "token"
        if "unique" in card.keywords or card.type in ("power", "command"):
            assert count == 1, card_id
        elif "common" not in card.keywords:
            assert count <= 2, card_id
    assert any("commander" in c.keywords for c in _deck_cards(deck))


def test_the_cards_of_the_example_of_a_fight_are_in_the_decks():
    marines, evil = RULES.decks["marines"].cards, RULES.decks["evil-marines"].cards
    assert {"captain", "stern-veteran", "razortank", "technomarine"} <= set(marines)
    assert {"chosen-marine", "evil-marine", "power-axe", "hellish-brute", "lord-of-terror"} <= set(evil)
    c = RULES.cards
    assert (c["chosen-marine"].cc, c["stern-veteran"].rc, c["hellish-brute"].rc, c["evil-marine"].rc) == (4, 5, 7, 4)
    assert c["razortank"].rc + c["technomarine"].rc == 11
    assert c["evil-marine"].cc + c["power-axe"].cc == 7 and c["power-axe"].type == "equipment"
    assert "tide" in c["stern-veteran"].keywords and c["lord-of-terror"].type == "command"


def test_every_universal_keyword_and_card_kind_is_in_the_shipped_decks():
    used = Counter()
    kinds = set()
    for deck in RULES.decks.values():
        for card in _deck_cards(deck):
            used.update(card.keywords)
            kinds.add(card.type if card.type != "command" else f"command {card.timing}")
            if card.only:
                kinds.add("restricted")
        kinds.update("token" for _ in deck.tokens)
    assert set(UNIVERSAL) <= set(used)
    assert {"unit", "equipment", "power", "command immediate", "command lingering", "token",
            "restricted"} <= kinds
    assert set(KEYWORDS) <= set(used)


def test_every_card_says_where_its_values_come_from():
    for card in RULES.cards.values():
        assert card.provenance.startswith(("rulebook:", "designed:")), card.id
    assert "rulebook" in RULES.cards["stern-veteran"].provenance
    assert RULES.cards["marine"].provenance == "designed: all values"


def _broken(tmp_path, old, new):
    text = CARDS_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "message"), [
    ('id = "captain"\nname = "Captain"\ntype = "unit"\ncc = 6', 'id = "captain"\nname = "Captain"\ntype = "unit"\ncc = "six"',
     "card 'captain' field 'cc': expected a whole number"),
    ('keywords = ["light", "stealth", "sniper"]', 'keywords = ["light", "stealthy"]',
     "card 'scout' field 'keywords'"),
    ('squad = "1C"', 'squad = "1X"', "card 'razortank' field 'squad'"),
    ("marine = 15,", "marine = 14,", "deck 'marines' field 'cards': a deck has 60 cards"),
    ("sergeant = 2,", "sergeant = 3,", "deck 'marines' field 'cards' card 'sergeant'"),
    ("smite = 1,", "smite = 2,", "unique, power and command cards are included once"),
    ('effects = [{ kind = "draw", amount = 2 }]\ntext = "Draw 2 cards."\nprovenance = "designed: all values"\n\n[[card]]\nid = "apothecary"',
     'effects = [{ kind = "bonus", amount = 2 }]\ntext = "Draw 2 cards."\nprovenance = "designed: all values"\n\n[[card]]\nid = "apothecary"',
     "card 'reinforcements' field 'effects': effect #1 field 'kind'"),
])
def test_broken_data_names_file_card_and_field(tmp_path, old, new, message):
    with pytest.raises(CardDataError, match="cards.toml") as error:
        load_cards(_broken(tmp_path, old, new))
    assert message in str(error.value)


def test_a_designer_can_add_a_card_with_existing_effect_kinds(tmp_path):
    extra = '''
[[card]]
id = "iron-will"
name = "Iron Will"
type = "command"
timing = "lingering"
effects = [{ kind = "bonus", side = "own", style = "both", amount = 1 }, { kind = "grant", keyword = "fearless" }]
text = "Your units get +1 CC and +1 RC and are Fearless."
provenance = "designed: test card"
'''
    text = CARDS_FILE.read_text(encoding="utf-8").replace("apothecary = 1 }", "iron-will = 1 }")
    path = tmp_path / "cards.toml"
    path.write_text(text + extra, encoding="utf-8")
    rules = load_cards(path)
    assert "iron-will" in rules.decks["marines"].cards and "apothecary" not in rules.decks["marines"].cards
    game = Wms(rules)
    state = game.new_state(2, seed=0)
    for seat, action in ((0, "commander captain"), (0, "done"), (1, "commander dark-apostle"), (1, "done")):
        game.apply(state, seat, action)
    state.deck[0].remove("iron-will")
    state.hand[0].append("iron-will")
    state.deck[0].remove("marine")
    state.hand[0].append("marine")
    game.apply(state, 0, "command iron-will")
    game.apply(state, 0, "play marine")
    assert game.values.compare(state, 0, state.pending, "rc")[0] == 3 + 1
    assert game.values.compare(state, 0, state.pending, "cc")[0] == 3 + 1
