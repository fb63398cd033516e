"""Hands and deck order are secret: views show counts, determinize resamples consistently."""

import json
import random

from tests.wms.helpers import EVIL, GAME, MARINES, fight, play


def _view(state, seat):
    return json.dumps(GAME.view(state, seat), sort_keys=True)


def _midgame(seed=5):
    state = fight(["sergeant", "marine", "power-sword", "smite", "auspex"],
                  ["renegade", "evil-marine", "power-axe", "raptor", "frenzy"], seed=seed)
    play(state, MARINES, "play sergeant", "style cc")
    play(state, EVIL, "play evil-marine")                    # composing, in the open
    return state


def test_views_show_only_counts_of_the_other_hand_and_the_decks():
    state = _midgame()
    view = GAME.view(state, MARINES)
    assert sorted(view["hand"]) == sorted(state.hand[MARINES])
    other = view["players"][EVIL]
    assert other["hand"] == len(state.hand[EVIL]) and other["deck_count"] == len(state.deck[EVIL])
    text = json.dumps(view)
    assert '"raptor"' not in text and '"frenzy"' not in text  # only in the Evil Marines' hand
    assert "hand" not in GAME.view(state, None)


def test_views_ignore_the_other_hand_and_the_deck_order():
    state = _midgame()
    other = GAME.copy(state)
    pool = other.hand[EVIL] + other.deck[EVIL]
    pool.reverse()
    other.hand[EVIL], other.deck[EVIL] = pool[:len(state.hand[EVIL])], pool[len(state.hand[EVIL]):]
    other.deck[MARINES].reverse()
    assert _view(other, MARINES) == _view(state, MARINES)
    assert _view(other, None) == _view(state, None)
    assert _view(other, EVIL) != _view(state, EVIL)


def test_determinize_keeps_each_seat_view_and_resamples_the_rest():
    state = _midgame()
    rng = random.Random(1)
    for seat in (MARINES, EVIL):
        changed = False
        for _ in range(20):
            sample = GAME.determinize(state, seat, rng)
            assert _view(sample, seat) == _view(state, seat)
            assert GAME.legal_actions(sample, seat) == GAME.legal_actions(state, seat)
            assert GAME.census(sample) == GAME.census(state)
            other = 1 - seat
            assert sorted(sample.hand[seat]) == sorted(state.hand[seat])
            assert len(sample.hand[other]) == len(state.hand[other])
            assert sorted(sample.hand[other] + sample.deck[other]) == sorted(state.hand[other] + state.deck[other])
            if sample.hand[other] != state.hand[other] or sample.deck[seat] != state.deck[seat]:
                changed = True
        assert changed


def test_determinize_before_the_shuffle_changes_the_future_shuffle():
    state = GAME.new_state(2, seed=9)
    sample = GAME.determinize(state, 0, random.Random(3))
    for s in (state, sample):
        play(s, 0, "commander captain", "done")
        play(s, 1, "commander chaos-lord", "done")
    assert state.phase == sample.phase == "fight"
    assert sample.deck[1] != state.deck[1]                   # the seed alone does not give the order away


def test_drawn_cards_are_told_only_to_their_player():
    state = fight(["marine", "marine"], ["renegade"])
    events = GAME.apply(state, MARINES, "play marine") + GAME.apply(state, MARINES, "style rc")
    drawn = [e for e in events if e.kind == "drawn"]
    assert drawn and all(e.visible_to == frozenset({MARINES}) for e in drawn)
    public = [e for e in events if e.visible_to is None]
    assert any(e.kind == "draw" and e.data["count"] == 4 for e in public)
    names = {GAME.cards[c].name for e in drawn for c in e.data["cards"]}
    assert not any(name in e.text for e in public if e.kind == "draw" for name in names)


def test_the_cards_of_a_draw_are_told_in_card_list_order_not_the_order_they_lay_in():
    state = fight(["marine"], ["renegade"])
    deck = state.deck[MARINES]
    top = [c for c in dict.fromkeys(deck) if c != "marine"][:3]
    for card in sorted(top):                             # the greatest id on top: drawn first
        deck.remove(card)
        deck.append(card)
    events = play(state, MARINES, "play marine", "style rc")
    drawn = next(e for e in events if e.kind == "drawn")
    assert drawn.data["cards"] == sorted(drawn.data["cards"]) and set(top) <= set(drawn.data["cards"])
    assert state.hand[MARINES][:3] == sorted(top, reverse=True)   # the hand keeps the order drawn


def test_the_battlefield_is_a_public_zone_holding_every_card_in_play():
    state = fight(["sergeant", "power-sword"], ["renegade"])
    play(state, MARINES, "play sergeant", "equip power-sword")
    assert state.field[MARINES] == ["sergeant", "power-sword"]
    census = GAME.census(state)
    play(state, MARINES, "cancel")
    assert state.field[MARINES] == [] and GAME.census(state) == census


def test_a_recycled_vehicle_stays_in_its_hand_when_the_opponent_resamples():
    from tabletop_games.wms.ending import end_fight
    from tabletop_games.wms.state import Play

    state = fight(["marine"], ["renegade"])
    for card, seat in (("technomarine", MARINES), ("razortank", MARINES), ("renegade", EVIL)):
        state.deck[seat].remove(card)
    state.battle = [[Play("technomarine", "hand"), Play("razortank", "hand")], [Play("renegade", "hand")]]
    state.field = [["technomarine", "razortank"], ["renegade"]]
    state.style = "rc"
    end_fight(GAME, state, MARINES, [])
    play(state, MARINES, "recycle razortank")            # face up from the battlefield into the hand
    assert state.knows(EVIL, "razortank")
    for n in range(10):
        sample = GAME.determinize(state, EVIL, random.Random(n))
        assert "razortank" in sample.hand[MARINES]
    if GAME.to_act(state) == [EVIL]:
        play(state, EVIL, "retreat")
    play(state, MARINES, "play razortank")               # once it may have left, nobody knows where copies are
    assert not state.knows(EVIL, "razortank")
