import pytest

from tabletop.core.cards import Pile, census


def test_moves_conserve_cards():
    hand, discard = Pile("hand", ["a", "b", "b"]), Pile("discard pile")
    before = census(hand, discard)
    hand.move_to(discard, "b")
    discard.move_all_to(hand)
    hand.draw_to(discard, 2)
    assert census(hand, discard) == before
    assert discard == ["b", "b"] and hand == ["a"]


def test_moving_a_card_the_pile_lacks_changes_nothing():
    hand, discard = Pile("hand", ["a"]), Pile("discard pile")
    with pytest.raises(ValueError, match="z is not in the hand"):
        hand.move_to(discard, "z")
    assert hand == ["a"] and discard == []


def test_drawing_from_a_short_pile_takes_what_is_there():
    deck, hand = Pile("deck", ["x"]), Pile("hand")
    assert deck.draw_to(hand, 3) == ["x"]
    assert deck == [] and hand == ["x"]


def test_copy_is_independent_and_keeps_the_name():
    deck = Pile("deck", ["x", "y"])
    other = deck.copy()
    other.pop()
    assert deck == ["x", "y"] and other.name == "deck"
