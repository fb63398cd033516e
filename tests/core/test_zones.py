"""Zones, knowledge of single cards, secrets, and the methods derived from them."""

import random
from collections import Counter

import pytest

from tabletop.core import derive
from tabletop.core.zones import EVERYONE, NOBODY, OWNER, CardState, Secret, zone


class Table3(CardState):
    ZONES = {
        "deck": zone(NOBODY),
        "hands": zone(OWNER),
        "row": zone(EVERYONE),
        "tokens": zone(NOBODY, pool="tokens"),
    }
    PUBLIC = ("orders", "log")
    PRIVATE = ("plans",)
    __slots__ = (*ZONES, *PUBLIC, *PRIVATE)

    def __init__(self):
        super().__init__(3, salt="s")
        self.deck = [f"d{i}" for i in range(8)]
        self.hands = [["a1", "a2"], ["b1", "b2"], ["c1"]]
        self.row = ["r1"]
        self.tokens = ["t1", "t2"]
        self.orders = Secret(3)
        self.log = [["x"]]
        self.plans = ["p0", "p1", "p2"]


def test_each_seat_sees_its_hand_the_row_and_its_own_private_value():
    state = Table3()
    view = derive.view(state, 1)
    assert view["hands"] == [[None, None], ["b1", "b2"], [None]]
    assert view["deck"] == [None] * 8 and view["row"] == ["r1"] and view["plans"] == "p1"
    spectator = derive.view(state, None)
    assert "plans" not in spectator and spectator["hands"][1] == [None, None]


def test_knowledge_follows_a_card_until_it_is_shuffled_away():
    state = Table3()
    state.hands[0].remove("a1")
    state.hands[2].append("a1")
    state.peek(0, "a1")  # passed face down: the giver knows it
    assert derive.view(state, 0)["hands"][2] == [None, "a1"]
    assert derive.view(state, 1)["hands"][2] == [None, None]
    state.row.remove("r1")
    state.hands[1].append("r1")
    state.reveal("r1")  # a public card back into a hand
    assert derive.view(state, None)["hands"][1] == [None, None, "r1"]
    state.hands[2].remove("a1")
    state.deck.append("a1")
    state.shuffle(state.deck)
    assert "a1" not in derive.view(state, 0)["deck"]


def test_resampling_keeps_counts_known_cards_and_pools_and_reseeds():
    state = Table3()
    state.peek(0, "c1")
    counts = Counter(state.deck + state.hands[1] + state.hands[2])
    seen = set()
    for seed in range(30):
        new = derive.determinize(state, 0, random.Random(seed))
        assert new.hands[0] == ["a1", "a2"] and new.hands[2] == ["c1"] and new.row == ["r1"]
        assert Counter(new.deck + new.hands[1] + new.hands[2]) == counts
        assert sorted(new.tokens) == ["t1", "t2"]  # its own pool
        assert new.randomness != state.randomness
        seen.add(tuple(new.hands[1]))
    assert len(seen) > 5


def test_resampling_depends_only_on_what_the_seat_knows():
    state, other = Table3(), Table3()
    other.hands[1], other.deck[:2] = other.deck[:2], other.hands[1]  # a different truth
    a = derive.determinize(state, 0, random.Random(4))
    b = derive.determinize(other, 0, random.Random(4))
    assert (a.hands, a.deck) == (b.hands, b.deck)


def test_a_secret_is_seen_by_its_owner_until_revealed_and_redrawn_from_its_options():
    state = Table3()
    state.orders.choose(1, "attack 2", options=["defend", "attack 0", "attack 2"])
    assert state.orders.shown(1) == [None, "attack 2", None]
    assert state.orders.shown(0) == [None, True, None]
    drawn = {derive.determinize(state, 0, random.Random(s)).orders.values[1] for s in range(30)}
    assert drawn == {"defend", "attack 0", "attack 2"}
    state.orders.reveal()
    assert state.orders.shown(0)[1] == "attack 2"


def test_a_copy_is_independent_and_the_census_counts_every_zone():
    state = Table3()
    new = state._copy()
    new.hands[0].pop()
    new.log[0].append("y")
    new.orders.choose(0, "x", options=["x"])
    assert state.hands[0] == ["a1", "a2"] and state.log == [["x"]] and not state.orders.chosen(0)
    assert sum(derive.census(state).values()) == 8 + 5 + 1 + 2


def test_a_declared_part_missing_from_the_slots_is_refused():
    with pytest.raises(TypeError, match="list hands in __slots__"):
        class Broken(CardState):
            ZONES = {"hands": zone(OWNER)}
            __slots__ = ()
    with pytest.raises(ValueError, match="visibility must be"):
        zone("sometimes")


def test_the_state_s_randomness_is_reproducible_and_counted():
    a, b = Table3(), Table3()
    assert a.random().random() == b.random().random()
    assert a.randomness == ("s", 1)


class SecretAside(Table3):
    """Keeps a secret in a slot copies share: resampling would never redraw it."""

    __slots__ = ("aside",)

    def __init__(self):
        super().__init__()
        self.aside = Secret(3)


class Loose(Table3):  # no __slots__: what it sets is declared nowhere
    def __init__(self):
        super().__init__()
        self.answers = [None, None, None]


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        (SecretAside, r"SecretAside\.aside holds a Secret but is a slot copies share: .* declare it in PUBLIC"),
        (Loose, r"Loose\.answers is neither a zone nor a PUBLIC or PRIVATE value nor a slot"),
    ],
    ids=["secret-in-a-shared-slot", "attribute-outside-the-slots"],
)
def test_setup_refuses_what_the_engine_cannot_check_naming_the_attribute(kind, message):
    from tabletop.core.game import Game
    from tabletop.core.zones import UndeclaredState

    class Game3(Game):
        def setup(self, seats, options, seed):
            return kind()

    assert SecretAside.SHARED == ("aside",) and Table3.SHARED == ()
    with pytest.raises(UndeclaredState, match=message):
        Game3().setup(3, {}, 0)
    Table3().check_declared()  # the declared parts, and nothing else, pass
