"""The words the prompt and the full screen show next to a decision: the hint and the card texts."""

from tabletop_games.castlewars.board import CastleWarsBoard
from tests.castlewars.helpers import GAME, drafting

BOARD = CastleWarsBoard(GAME)


def _hint(state, seat):
    return BOARD.hint(GAME.view(state, seat), GAME.legal_actions(state, seat))


def test_a_full_hand_is_told_it_may_only_exchange_or_pass():
    state = drafting([["K", "K", "A", "M", "T"], []], ["K", "A", "M"])
    assert GAME.legal_actions(state, 0)[-1] == "pass"
    hint = _hint(state, 0)
    assert hint.startswith("Your hand is full")
    assert "'pass'" in hint and "Take a face-up card" not in hint


def test_the_exchange_hint_names_only_units_kept_from_an_earlier_round():
    state = drafting([["K"], [], []], ["M", "K", "A", "M"])
    assert "swap K M" in GAME.legal_actions(state, 0)
    assert "kept from an earlier round" in _hint(state, 0)


def test_with_nothing_to_exchange_the_hint_only_offers_taking():
    state = drafting([[], [], []], ["M", "K", "A", "M"])
    assert not any(a.startswith("swap") for a in GAME.legal_actions(state, 0))
    assert _hint(state, 0) == "Take a face-up card ('take K')."


def test_each_unit_card_names_what_it_discards_and_its_weakness():
    # "The Knight card possesses 3 Attack Power and the Mage card is its weakness." (and so on)
    texts = BOARD.cards()
    assert texts["knight"].startswith("Knight (K): attack power 3;")
    assert "discards the Archers it meets, is discarded by a Mage (its weakness)" in texts["knight"]
    assert "discards the Mages it meets, is discarded by a Knight (its weakness)" in texts["archer"]
    assert "discards the Knights it meets, is discarded by an Archer (its weakness)" in texts["mage"]
    assert "two Mages discard each other" in texts["mage"]


def test_the_tower_card_says_it_falls_only_to_four_attack_power():
    text = BOARD.cards()["tower"]
    assert "stops 4 attack power" in text and "then is discarded; against less it stays" in text


def test_a_castle_with_one_tower_is_said_to_have_1_tower():
    from tabletop_games.castlewars.narration import towers

    assert [towers(n) for n in (0, 1, 2)] == ["0 Towers", "1 Tower", "2 Towers"]


def test_the_hint_never_offers_a_pass_the_rules_refuse_and_placed_units_leave_the_hand():
    import random

    for seed in range(6):
        rng, state = random.Random(seed), GAME.new_state(3, seed=seed)
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            assert ("'pass'" in BOARD.hint(view, legal)) <= ("pass" in legal), BOARD.hint(view, legal)
            if view["phase"] == "orders" and view.get("placed"):
                listed = sorted(c.label[0] for c in BOARD.hand(view, legal))
                left = list(view["hand"])
                for letter in view["placed"]:
                    left.remove(letter)
                assert listed == sorted(left)
            GAME.apply(state, seat, rng.choice(legal))
