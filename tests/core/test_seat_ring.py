import pytest

from tabletop.core.seat_ring import SeatRing


def test_left_is_clockwise_and_right_counter_clockwise():
    ring = SeatRing(4)
    assert ring.left(0) == 1
    assert ring.right(0) == 3
    assert ring.left(3, 2) == 1
    assert ring.right(1, 2) == 3


def test_two_seats_two_to_the_right_is_yourself():
    ring = SeatRing(2)
    assert ring.right(0, 2) == 0
    assert ring.left(1, 2) == 1
    assert ring.right(0, 1) == ring.left(0, 1) == 1


def test_distances_skip_seats_no_longer_in_play():
    ring = SeatRing(5).without(1, 2)
    assert ring.in_play == (0, 3, 4)
    assert ring.left(0) == 3
    assert ring.right(3) == 0
    assert ring.left(4, 2) == 3
    assert 1 not in ring and len(ring) == 3


def test_within_counts_each_seat_once_whichever_way_it_is_reached():
    assert SeatRing(8).within(0, 3, include_self=False) == [1, 2, 3, 5, 6, 7]
    assert SeatRing(3).within(0, 3, include_self=False) == [1, 2]
    assert SeatRing(2).within(0, 3, include_self=True) == [0, 1]
    assert SeatRing(2).within(0, 3, include_self=False) == [1]


def test_clockwise_from_starts_at_the_seat():
    assert SeatRing(4).without(2).clockwise_from(3) == [3, 0, 1]


def test_a_seat_out_of_play_has_no_neighbours():
    with pytest.raises(ValueError, match="not in play"):
        SeatRing(3).without(1).left(1)


def test_without_leaves_the_original_table_alone():
    ring = SeatRing(3)
    ring.without(0)
    assert ring.in_play == (0, 1, 2)


def test_the_turn_passes_on_from_a_seat_just_eliminated():
    ring = SeatRing(5).without(2, 3)
    assert ring.next_after(2) == 4
    assert ring.next_after(3) == 4
    assert ring.next_after(4) == 0
    assert ring.next_after(2, clockwise=False) == 1
    assert SeatRing(3).without(1).next_after(1) == 2
